import { useState } from 'react';
import type { Actions } from '../actions.js';
import { fitMiddle } from '../charts/common.js';

/**
 * `y`: put a row's id or text on the clipboard (OSC 52) and say so in the status line until the
 * next copy or `clear()`; nothing to copy, nothing said.
 */
export function useCopy(actions: Actions): { flash: string | null; copy: (text: string | null | undefined) => void; clear: () => void } {
  const [flash, setFlash] = useState<string | null>(null);
  return {
    flash,
    copy: (text) => {
      if (!text) return;
      actions.copy(text);
      // a long text (an absolute file:line) is cut in the middle: the message must fit beside the status line's keys
      setFlash(`copied ${fitMiddle(text, 40)} (OSC 52)`);
    },
    clear: () => setFlash(null),
  };
}
