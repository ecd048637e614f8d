import { useState } from 'react';

/**
 * `/` with `n` / `N` inside a scrolled text (a raw event, the Fix or Replay pane), as in less,
 * lnav or k9s: the search jumps to the first match at or after the top, n and N go on, every
 * matching line is marked and the current one highlighted. Case-insensitive.
 */
export function usePaneSearch(
  lines: string[],
  scroll: number,
  setScroll: (line: number) => void,
  setTyping: (t: boolean) => void,
  initial?: { text: string; line: number } | null,
) {
  const [searching, setSearching] = useState(false);
  const [query, setQuery] = useState(initial?.text ?? '');
  const [current, setCurrent] = useState<number | null>(initial?.line ?? null);
  const q = query.toLowerCase();
  const matches: number[] = [];
  if (q) lines.forEach((l, i) => l.toLowerCase().includes(q) && matches.push(i));
  const go = (from: number, dir: 1 | -1) => {
    if (!matches.length) return;
    const next = dir > 0 ? (matches.find((m) => m >= from) ?? matches[0]) : ([...matches].reverse().find((m) => m <= from) ?? matches[matches.length - 1]);
    setCurrent(next);
    setScroll(next);
  };
  const close = () => {
    setSearching(false);
    setTyping(false);
  };
  const cur = current !== null && matches.includes(current) ? current : null;
  return {
    searching,
    query,
    matches,
    current: cur,
    open: () => {
      setSearching(true);
      setTyping(true);
    },
    next: () => go((cur ?? scroll - 1) + 1, 1),
    prev: () => go((cur ?? scroll + 1) - 1, -1),
    bar: {
      initial: '',
      onSubmit: (text: string) => {
        close();
        setQuery(text);
        const t = text.toLowerCase();
        const first = lines.findIndex((l, i) => i >= scroll && l.toLowerCase().includes(t));
        const any = first >= 0 ? first : lines.findIndex((l) => l.toLowerCase().includes(t));
        if (t && any >= 0) {
          setCurrent(any);
          setScroll(any);
        }
      },
      onCancel: close,
    },
    /** "match 2/5 of "zh"" for the status line */
    status: q ? (matches.length ? `match ${cur !== null ? matches.indexOf(cur) + 1 : '–'}/${matches.length} of "${query}"` : `no match of "${query}"`) : '',
  };
}

/** The first wrapped line showing `needle` (an evidence excerpt) in a raw event's lines: where to jump. */
export function findExcerpt(lines: string[], excerpt: string | null | undefined): { line: number; text: string } | null {
  if (!excerpt) return null;
  const words = excerpt.replace(/\s+/g, ' ').trim();
  // JSON escapes quotes and backslashes: search as the pretty-printed JSON shows the text
  for (const len of [40, 24, 12]) {
    const needle = JSON.stringify(words.slice(0, len))
      .slice(1, -1)
      .replace(/\\u[0-9a-f]{4}/gi, '')
      .trim();
    if (needle.length < 4) continue;
    const line = lines.findIndex((l) => l.includes(needle));
    if (line >= 0) return { line, text: needle };
  }
  return null;
}
