import { createContext, useCallback, useContext, useLayoutEffect, useMemo, useRef, type ReactNode } from 'react';
import { useInput } from 'ink';
import type { KeyInfo } from './keymap.js';

export type KeyHandler = (input: string, key: KeyInfo) => void;

interface Subscriber {
  handler: { current: KeyHandler };
  active: { current: boolean };
}

interface Registry {
  add(s: Subscriber): () => void;
}

const KeypressContext = createContext<Registry | null>(null);

/**
 * Ink reports a burst of plain characters (keys typed faster than they are read, a paste) as one
 * input: split it back into keypresses, so "jj" moves twice and "j\r" moves, then opens.
 */
export function splitKeys(input: string, key: KeyInfo): [string, KeyInfo][] {
  const chars = [...input];
  const plain = !key.upArrow && !key.downArrow && !key.leftArrow && !key.rightArrow && !key.escape && !key.meta;
  if (chars.length <= 1 || !plain) return [[input, key]];
  return chars.map((c): [string, KeyInfo] => {
    const code = c.codePointAt(0)!;
    if (c === '\r' || c === '\n') return ['', { return: true }];
    if (c === '\t') return ['', { tab: true }];
    if (c === '\u007f') return ['', { delete: true }];
    if (c === '\b') return ['', { backspace: true }];
    if (code < 27) return [String.fromCharCode(code + 96), { ctrl: true }];
    return [c, {}];
  });
}

/**
 * The one keypress provider: a single Ink input subscription for the whole app, made once, so
 * raw mode never flickers as panes come and go. Components subscribe with useKeypress; whether
 * they listen (`isActive`) is read at the moment of the keypress, from their last render.
 * Keys of a burst are delivered one per tick, each after the screen has answered the one before.
 */
export function KeypressProvider({ children }: { children: ReactNode }) {
  const subs = useRef(new Set<Subscriber>());
  const queue = useRef<[string, KeyInfo][]>([]);
  const deliver = useCallback((input: string, key: KeyInfo) => {
    for (const s of [...subs.current]) if (s.active.current) s.handler.current(input, key);
  }, []);
  const drain = useCallback(() => {
    const next = queue.current.shift();
    if (!next) return;
    deliver(next[0], next[1]);
    if (queue.current.length) setTimeout(drain, 0);
  }, [deliver]);
  const onInput = useCallback(
    (input: string, key: KeyInfo) => {
      const keys = splitKeys(input, key);
      const busy = queue.current.length > 0;
      queue.current.push(...keys);
      if (!busy) {
        const first = queue.current.shift()!;
        deliver(first[0], first[1]);
        if (queue.current.length) setTimeout(drain, 0);
      }
    },
    [deliver, drain],
  );
  useInput(onInput);
  const registry = useMemo<Registry>(
    () => ({
      add: (s) => {
        subs.current.add(s);
        return () => {
          subs.current.delete(s);
        };
      },
    }),
    [],
  );
  return <KeypressContext.Provider value={registry}>{children}</KeypressContext.Provider>;
}

/**
 * Listen to keypresses while `isActive`. Inside a KeypressProvider the subscription is made
 * once (in the layout phase, so it is in place before the next key); alone (a component test)
 * it falls back to Ink's useInput.
 */
export function useKeypress(handler: KeyHandler, opts: { isActive: boolean }): void {
  const registry = useContext(KeypressContext);
  const h = useRef(handler);
  h.current = handler;
  const active = useRef(opts.isActive);
  active.current = opts.isActive;
  useLayoutEffect(() => (registry ? registry.add({ handler: h, active }) : undefined), [registry]);
  const direct = useCallback((input: string, key: KeyInfo) => {
    for (const [i, k] of splitKeys(input, key)) h.current(i, k);
  }, []);
  useInput(direct, { isActive: opts.isActive && !registry });
}
