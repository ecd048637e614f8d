import { useState } from 'react';
import type { Actions } from '../actions.js';

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
      setFlash(`copied ${text} (OSC 52)`);
    },
    clear: () => setFlash(null),
  };
}
