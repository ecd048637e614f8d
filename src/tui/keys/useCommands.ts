import { useRef } from 'react';
import { commandFor, type Command, type KeyInfo } from './keymap.js';
import { useKeypress } from './keypress.js';

export { splitKeys } from './keypress.js';
export type Handlers = Partial<Record<Command, () => void>>;

/**
 * Named commands instead of keys: the first command of `handlers` bound to the key runs.
 * Only an active pane listens (`isActive`), so two panes never answer the same key.
 */
export function useCommands(handlers: Handlers, opts: { isActive: boolean }): void {
  const ref = useRef(handlers);
  ref.current = handlers;
  useKeypress((input: string, key: KeyInfo) => {
    const h = ref.current;
    const c = commandFor(input, key, Object.keys(h) as Command[]);
    if (!c || !h[c]) return false;
    h[c]!();
    return true;
  }, opts);
}
