import { createContext, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useInput } from 'ink';
import type { KeyInfo } from './keymap.js';

/** false: the key meant nothing here (the next key of a burst need not wait for a render) */
// biome-ignore lint/suspicious/noConfusingVoidType: a handler that returns nothing handled the key
export type KeyHandler = (input: string, key: KeyInfo) => boolean | void;

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
  // Esc then a key in one read ("\u001bj": Esc, quickly followed by j) is what a terminal also
  // sends for Alt+j. No command is bound to Alt, so it is read as the two keys the user pressed:
  // a lone Esc is a key of its own, whatever follows it and however soon.
  if (key.meta && !key.escape) {
    const rest: KeyInfo = { ...key, meta: false };
    return [['', { escape: true }], ...splitKeys(input, rest)];
  }
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

/** What Ink reports for the marks a terminal puts around a paste in bracketed paste mode (`Esc [200~` … `Esc [201~`). */
const PASTE_START = '[200~';
const PASTE_END = '[201~';
const plainKey = (key: KeyInfo) => !Object.values(key).some(Boolean);

/** A piece of a paste as text: line ends and tabs become spaces, escape sequences (arrows and the like) and other control characters are dropped. */
function pastedText(input: string, key: KeyInfo): string {
  if (key.return || key.tab) return ' ';
  if (key.ctrl || key.escape || key.meta || key.upArrow || key.downArrow || key.leftArrow || key.rightArrow) return '';
  if (key.pageUp || key.pageDown || key.home || key.end || key.backspace || key.delete) return '';
  return input.replace(/[\r\n\t]/g, ' ').replace(/[\u0000-\u001f\u007f]/g, '');
}

/**
 * Bracketed paste: the keys between the two marks are one text, delivered as one keypress marked
 * `paste` (a text line inserts it; no command answers it), so a newline in a paste does not submit
 * and an escape sequence in it is not a key. The terminal is asked for it when the TUI starts (run.tsx).
 */
export function pasteReader(deliver: (input: string, key: KeyInfo) => void) {
  let text: string | null = null;
  return (input: string, key: KeyInfo): void => {
    if (text === null && input === PASTE_START && plainKey(key)) {
      text = '';
      return;
    }
    if (text === null) {
      deliver(input, key);
      return;
    }
    if (input === PASTE_END && plainKey(key)) {
      const pasted = text;
      text = null;
      if (pasted) deliver(pasted, { paste: true });
      return;
    }
    text += pastedText(input, key);
  };
}

/** A mouse report as Ink hands it on (SGR encoding, its Esc taken off): button;column;row, then M (press) or m (release). */
const MOUSE = /^\[<(\d+);\d+;\d+[Mm]$/;

/**
 * A mouse report read as a key: the wheel scrolls as ↑ / ↓ do (lazygit's habit; mouse reports are on
 * while the TUI runs, run.tsx: Shift selects text as usual in most terminals); any other report (a
 * click, a release) is no key at all, never text for the search line. Undefined: not a mouse report.
 */
export function mouseKey(input: string, key: KeyInfo): [string, KeyInfo] | null | undefined {
  const m = key.paste ? null : MOUSE.exec(input);
  if (!m) return undefined;
  // 64 + 0 / 1: wheel up / down (Shift, Alt and Ctrl add 4, 8 and 16)
  const button = Number(m[1]);
  if (!input.endsWith('M') || (button & ~28) < 64 || (button & ~28) > 65) return null;
  return (button & ~28) === 64 ? ['', { upArrow: true }] : ['', { downArrow: true }];
}

const busy = new Set<() => boolean>();
/** Holds taken (holdKeys) and not yet released: no key is delivered meanwhile. */
let holds = 0;
/** Each provider's way to deliver what was queued once the last hold is released. */
const resumers = new Set<() => void>();

/**
 * Hold every key until the returned release is called: a screen whose module is still loading
 * (screens/lazy.tsx) holds them, so that the keys typed after the one that opened it reach it once
 * it is drawn, not the placeholder shown meanwhile. Keys are queued, never lost.
 */
export function holdKeys(): () => void {
  holds++;
  let done = false;
  return () => {
    if (done) return;
    done = true;
    holds--;
    if (holds === 0) for (const r of [...resumers]) r();
  };
}

/** No key is queued, held or waiting for its render in any provider (tests wait for this after typing). */
export function keysIdle(): boolean {
  if (holds > 0) return false;
  for (const b of busy) if (b()) return false;
  return true;
}

/** A safety net only: how long a handled key may wait for its render before the next key goes anyway. */
export const COMMIT_WAIT_MS = 1000;

/**
 * The one keypress provider: a single Ink input subscription for the whole app, made once, so
 * raw mode never flickers as panes come and go. Components subscribe with useKeypress; whether
 * they listen (`isActive`) is read at the moment of the keypress, from their last render.
 * Keys of a burst are delivered one at a time: after a key that something answered, the
 * provider bumps its own counter in the same update and delivers the next key only once that
 * render has been committed (its layout effect), so a key typed right after `/` reaches the
 * search line that `/` opened, and a key right after Esc the screen Esc went back to, however
 * React schedules and however long that render takes.
 */
export function KeypressProvider({ children, onError }: { children: ReactNode; onError?: (e: Error) => void }) {
  const subs = useRef(new Set<Subscriber>());
  const queue = useRef<[string, KeyInfo][]>([]);
  const waiting = useRef<NodeJS.Timeout | null>(null);
  const scheduled = useRef(false);
  const [answered, setAnswered] = useState(0);
  const errors = useRef(onError);
  errors.current = onError;
  const deliver = useCallback((input: string, key: KeyInfo): boolean => {
    let handled = false;
    try {
      for (const s of [...subs.current]) if (s.active.current && s.handler.current(input, key) !== false) handled = true;
    } catch (e) {
      // a key handler's error (a store that became unreadable) ends the app, never half a frame
      queue.current.length = 0;
      if (!errors.current) throw e;
      errors.current(e instanceof Error ? e : new Error(String(e)));
      return false;
    }
    return handled;
  }, []);
  const later = () => {
    if (queue.current.length && !scheduled.current && !waiting.current) {
      scheduled.current = true;
      setImmediate(() => pumpRef.current());
    }
  };
  const release = () => {
    if (waiting.current) clearTimeout(waiting.current);
    waiting.current = null;
    later();
  };
  const pump = () => {
    scheduled.current = false;
    if (waiting.current || holds > 0) return;
    const next = queue.current.shift();
    if (!next) return;
    if (deliver(next[0], next[1])) {
      waiting.current = setTimeout(release, COMMIT_WAIT_MS);
      setAnswered((n) => n + 1);
    } else later();
  };
  const pumpRef = useRef(pump);
  pumpRef.current = pump;
  const laterRef = useRef(later);
  laterRef.current = later;
  const releaseRef = useRef(release);
  releaseRef.current = release;
  // committed: the answer to the key (rendered in the same update as this counter) is on screen
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the answered counter moves; the release is read through its ref
  useLayoutEffect(() => {
    if (waiting.current) releaseRef.current();
  }, [answered]);
  const onInput = useMemo(
    () =>
      pasteReader((input: string, key: KeyInfo) => {
        const mouse = mouseKey(input, key);
        if (mouse === null) return;
        queue.current.push(...(mouse ? [mouse] : key.paste ? [[input, key] as [string, KeyInfo]] : splitKeys(input, key)));
        if (!waiting.current && !scheduled.current) pumpRef.current();
      }),
    [],
  );
  useInput(onInput);
  useEffect(() => {
    const pending = () => queue.current.length > 0 || waiting.current !== null || scheduled.current;
    busy.add(pending);
    const resume = () => laterRef.current();
    resumers.add(resume);
    return () => {
      busy.delete(pending);
      resumers.delete(resume);
      if (waiting.current) clearTimeout(waiting.current);
    };
  }, []);
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
