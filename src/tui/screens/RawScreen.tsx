import { useEffect, useMemo, useRef } from 'react';
import { useCopy } from '../hooks/useCopy.js';
import { Frame } from '../components/Frame.js';
import { RawEventView, wrapLines } from '../components/RawEventView.js';
import { SearchBar } from '../components/SearchBar.js';
import { useRawEvent } from '../hooks/data.js';
import { findExcerpt, usePaneSearch } from '../hooks/usePaneSearch.js';
import { scrollPane, useCommands } from '../keys/useCommands.js';
import { hint, keysOf } from '../keys/keymap.js';
import { COMMON_HINTS, type ScreenProps } from './types.js';

/**
 * An evidence step's event, as it was logged, pretty-printed and scrollable; opened on the
 * step's own message (a long request jumps to it, highlighted); `/`, `n`, `N` search in it.
 */
export function RawScreen({ store, route, nav, active, width, height, crumbs, setTyping, actions }: ScreenProps<'raw'>) {
  const raw = useRawEvent(store, route.ref, route.session, route.source);
  const lines = useMemo(() => (raw ? wrapLines(raw.json, width) : []), [raw, width]);
  const excerpt = useMemo(() => findExcerpt(lines, route.find), [lines, route.find]);
  const body = Math.max(1, height - 4 - 1);
  const max = Math.max(0, lines.length - body);
  const scroll = Math.min(route.scroll, max);
  const to = (line: number) => nav.update<'raw'>({ scroll: Math.max(0, Math.min(max, line - 2)) });
  const search = usePaneSearch(lines, scroll, to, setTyping, excerpt);
  // opened from an evidence step: jump to its message once
  const jumped = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: jumps once, when the excerpt arrives
  useEffect(() => {
    if (jumped.current || !excerpt) return;
    jumped.current = true;
    if (route.scroll === 0) to(excerpt.line);
  }, [excerpt]);
  const by = (d: number) => nav.update<'raw'>((r) => ({ scroll: Math.max(0, Math.min(max, Math.min(r.scroll, max) + d)) }));
  const { flash, copy } = useCopy(actions);
  // y: the event's source file:line (the line to open in the log)
  useCommands({ ...scrollPane(by, body, lines.length, search), 'row.copy': () => copy(raw?.source) }, { isActive: active && !search.searching });
  const current = search.current;
  const matches = new Set(search.matches);
  const mark = (i: number) => (i === current ? 'current' : matches.has(i) ? 'match' : null);
  const hints = search.searching
    ? ['type to search this event']
    : [
        ...(flash ? [flash] : []),
        `${keysOf('list.up', 1)}${keysOf('list.down', 1)} ${keysOf('list.pageDown', 1)} scroll`,
        hint('search.open', 'search'),
        `${keysOf('search.next', 1)}/${keysOf('search.prev', 1)} next/prev`,
        ...COMMON_HINTS,
      ];
  return (
    <Frame width={width} height={height} crumbs={crumbs} hints={hints} right={route.source ?? route.ref}>
      <RawEventView raw={raw} lines={lines} scroll={scroll} width={width} height={height - 3} mark={mark} status={search.status} />
      {search.searching ? <SearchBar {...search.bar} active={active} placeholder="text in this event" /> : null}
    </Frame>
  );
}
