import { useRef } from 'react';
import { commandFor, type Command, type KeyInfo } from './keymap.js';
import { useKeypress } from './keypress.js';
import type { ListMove } from '../list.js';

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

/** The six list moves (up, down, a page up or down, top, bottom), each bound to `go`. */
export function listMoves(go: (m: ListMove) => void): Handlers {
  return {
    'list.up': () => go('up'),
    'list.down': () => go('down'),
    'list.pageUp': () => go('pageUp'),
    'list.pageDown': () => go('pageDown'),
    'list.top': () => go('top'),
    'list.bottom': () => go('bottom'),
  };
}

/** A scrolling text pane's keys: the list moves scroll `by` a line, a page or past either end; the search keys find in it. */
export function scrollPane(by: (d: number) => void, page: number, length: number, search: { open: () => void; next: () => void; prev: () => void }): Handlers {
  return {
    'list.up': () => by(-1),
    'list.down': () => by(1),
    'list.pageUp': () => by(-page),
    'list.pageDown': () => by(page),
    'list.top': () => by(-length),
    'list.bottom': () => by(length),
    'search.open': search.open,
    'search.next': search.next,
    'search.prev': search.prev,
  };
}
