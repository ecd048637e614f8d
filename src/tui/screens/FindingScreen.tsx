import { useRef, useState } from 'react';
import { SearchBar } from '../components/SearchBar.js';
import { usePaneSearch } from '../hooks/usePaneSearch.js';
import { splitSource } from '../actions.js';
import { Box, Text } from 'ink';
import { Frame } from '../components/Frame.js';
import { Tabs } from '../components/Tabs.js';
import { Timeline } from '../components/Timeline.js';
import { Chart } from '../components/Chart.js';
import { wrapLines } from '../components/RawEventView.js';
import { useFinding, useReplay, useSession } from '../hooks/data.js';
import { replayPaneText } from './replay.js';
import { useClock } from '../hooks/useClock.js';
import { listMoves, scrollPane, useCommands } from '../keys/useCommands.js';
import { hint, keysOf } from '../keys/keymap.js';
import { clampList, moveList, type ListMove } from '../list.js';
import { routes } from '../nav.js';
import { drawPicture, focusOf, itemCount, pictureFor, pictureTitle, type PictureKind } from '../charts/index.js';
import { isLayer, type Finding } from '../../findings/types.js';
import { fit, plural, wrapWords } from '../charts/common.js';
import { severityTone, useTheme } from '../theme.js';
import { COMMON_HINTS, type ScreenProps } from './types.js';
import { confidenceWords } from '../../report/judged.js';

export const FINDING_PANES = ['Evidence', 'Picture', 'Fix & detail', 'Replay'] as const;

export { replayLines } from './replay.js';

/**
 * One finding: the evidence chain as a timeline (Enter on a step opens the raw event), the
 * picture of its failure mode, and the fix with the analyzer's figures.
 */
export function FindingScreen({ store, route, nav, active, width, height, crumbs, setTyping, actions }: ScreenProps<'finding'>) {
  const theme = useTheme();
  const f = useFinding(store, route.id);
  const kind = f ? (pictureFor(f.analyzer) ?? null) : null;
  // the session is read when the picture is first shown, then kept
  const pictureShown = useRef(false);
  if (route.pane === 1) pictureShown.current = true;
  const view = useSession(store, f && kind && pictureShown.current ? f.session : null);
  const steps = f && Array.isArray(f.evidence) ? f.evidence : [];
  const body = height - 2;
  const titleLines = f ? wrapWords(f.title, width - 1, 2) : [];
  const paneH = Math.max(2, body - 2 - titleLines.length);
  const list = clampList(route.list, steps.length, Math.max(1, Math.floor(paneH / 2)));
  const count = view && kind ? itemCount(view.pictures, kind) : 0;
  const item = view && kind ? Math.min(Math.max(0, count - 1), route.item ?? focusOf(view.pictures, kind, f!.id)) : 0;
  // the replay is computed when its pane is first shown, then kept
  const replayShown = useRef(false);
  if (route.pane === 3) replayShown.current = true;
  const replay = useReplay(store, f && replayShown.current ? f.session : null);
  const now = useClock(replay.status === 'running' && route.pane === 3);
  const detail = !f
    ? []
    : route.pane === 3
      ? wrapLines(replayPaneText(replay, f, now), width - 1)
      : wrapLines(
          [
            `fix: ${f.fix ?? ''}`,
            '',
            `cause: ${f.cause}`,
            ...(isLayer(f.layer) ? [`layer that failed: ${f.layer}`] : []),
            `id: ${f.id}`,
            '',
            'detail:',
            JSON.stringify(f.detail ?? {}, null, 2),
          ].join('\n'),
          width - 1,
        );
  const maxScroll = Math.max(0, detail.length - paneH);
  const scroll = Math.min(route.scroll, maxScroll);

  const find = usePaneSearch(detail, scroll, (line) => nav.update<'finding'>({ scroll: Math.max(0, Math.min(maxScroll, line - 1)) }), setTyping);
  const [flash, setFlash] = useState<string | null>(null);
  const stepsH = Math.max(1, Math.floor(paneH / 2));
  const go = (m: ListMove) => nav.update<'finding'>((r) => ({ list: moveList(clampList(r.list, steps.length, stepsH), m, steps.length, stepsH) }));
  const scrollBy = (d: number) => nav.update<'finding'>((r) => ({ scroll: Math.max(0, Math.min(maxScroll, Math.min(r.scroll, maxScroll) + d)) }));
  useCommands(
    {
      'pane.next': () => nav.update<'finding'>({ pane: (route.pane + 1) % FINDING_PANES.length }),
      'pane.prev': () => nav.update<'finding'>({ pane: (route.pane + FINDING_PANES.length - 1) % FINDING_PANES.length }),
      'session.open': () => f && nav.push(routes.session(f.session, { kind, findingId: f.id })),
      'row.copy': () => {
        if (!f) return;
        actions.copy(f.id);
        setFlash(`copied ${f.id} (OSC 52)`);
      },
      'source.edit': () => {
        const src = steps[route.pane === 0 ? list.cursor : 0]?.source;
        if (!src) return setFlash('this step has no source file:line');
        const { file, line } = splitSource(String(src));
        setFlash(actions.edit(file, line) ?? `opened ${src}`);
      },
    },
    { isActive: active && !!f && !find.searching },
  );
  useCommands(
    {
      ...listMoves(go),
      'list.open': () => {
        const s = steps[list.cursor];
        if (s && f) nav.push(routes.raw(String(s.event ?? s.source), f.session, s.source ?? null, typeof s.text === 'string' ? s.text : null));
      },
    },
    { isActive: active && !!f && route.pane === 0 },
  );
  useCommands(
    {
      'item.prev': () => nav.update<'finding'>((r) => ({ item: Math.max(0, (r.item ?? item) - 1) })),
      'item.next': () => nav.update<'finding'>((r) => ({ item: Math.min(Math.max(0, count - 1), (r.item ?? item) + 1) })),
      'list.open': () => f && nav.push(routes.session(f.session, { kind, findingId: f.id, item })),
    },
    { isActive: active && !!f && route.pane === 1 },
  );
  useCommands(scrollPane(scrollBy, paneH, detail.length, find), { isActive: active && !!f && route.pane >= 2 && !find.searching });

  if (!f) {
    return (
      <Frame width={width} height={height} crumbs={crumbs} hints={COMMON_HINTS}>
        <Text {...theme.tone('dim')}>{`  no finding ${route.id} in the store (the analysis may have changed)`}</Text>
      </Frame>
    );
  }
  const paneHints = [
    [`${keysOf('list.up', 1)}${keysOf('list.down', 1)} step`, hint('list.open', 'raw event')],
    [`${keysOf('item.prev', 1)}${keysOf('item.next', 1)} item`, hint('list.open', 'session timeline')],
    [`${keysOf('list.up', 1)}${keysOf('list.down', 1)} scroll`, hint('search.open', 'search'), `${keysOf('search.next', 1)}/${keysOf('search.prev', 1)} next`],
    [`${keysOf('list.up', 1)}${keysOf('list.down', 1)} scroll`, hint('search.open', 'search'), `${keysOf('search.next', 1)}/${keysOf('search.prev', 1)} next`],
  ][route.pane];
  const hints = find.searching
    ? ['type to search this pane']
    : [
        ...(flash ? [flash] : []),
        ...(find.status && route.pane >= 2 ? [find.status] : []),
        ...paneHints,
        hint('pane.next', 'pane'),
        hint('session.open', 'session'),
        hint('source.edit', 'edit'),
        hint('row.copy', 'copy id'),
        ...COMMON_HINTS,
      ];
  const meta = `${f.severity.toUpperCase()} · ${f.analyzer} · ${f.cause}${f.confidence_judged ? ` · ${confidenceWords(f)}` : ''} · session ${f.session} · turn ${f.turn ?? '–'} · ${String(f.ts).slice(0, 19).replace('T', ' ')}`;
  let pane;
  if (route.pane === 0) {
    pane = <Timeline steps={steps} cursor={list.cursor} width={width} height={paneH} />;
  } else if (route.pane === 1) {
    pane = <PicturePane finding={f} kind={kind} view={view} count={count} item={item} width={width} height={paneH} />;
  } else {
    pane = <TextPane lines={detail} scroll={scroll} height={paneH} find={find} active={active} />;
  }
  return (
    <Frame width={width} height={height} crumbs={crumbs} hints={hints} right={plural(steps.length, 'evidence step')}>
      <Text wrap="truncate" {...theme.tone(severityTone(f.severity))}>
        {fit(meta, width)}
      </Text>
      {titleLines.map((l, i) => (
        <Text key={i} wrap="truncate" {...theme.tone('title')}>
          {l}
        </Text>
      ))}
      <Tabs labels={[...FINDING_PANES]} active={route.pane} />
      <Box flexDirection="column" height={paneH} overflow="hidden">
        {pane}
      </Box>
    </Frame>
  );
}

/** The Picture pane: the failure mode's picture of the session, or the finding's figures when there is none. */
function PicturePane({
  finding: f,
  kind,
  view,
  count,
  item,
  width,
  height,
}: {
  finding: Finding;
  kind: PictureKind | null;
  view: ReturnType<typeof useSession>;
  count: number;
  item: number;
  width: number;
  height: number;
}) {
  const theme = useTheme();
  if (!kind || !view || count === 0) {
    return (
      <Box flexDirection="column">
        <Text {...theme.tone('dim')}>{`  no picture for ${f.analyzer} in this session; its figures:`}</Text>
        {wrapLines(JSON.stringify(f.detail ?? {}, null, 2), width - 2)
          .slice(0, height - 1)
          .map((l, i) => (
            <Text key={i} wrap="truncate">{`  ${l}`}</Text>
          ))}
      </Box>
    );
  }
  const lines = drawPicture(view.pictures, kind, item, width - 1, height - 1);
  return (
    <Box flexDirection="column">
      <Text wrap="truncate" {...theme.tone('dim')}>
        {fit(`${pictureTitle(kind)} of session ${f.session} · item ${item + 1}/${count} (${keysOf('item.prev', 1)}${keysOf('item.next', 1)})`, width)}
      </Text>
      <Chart lines={lines} height={height - 1} />
    </Box>
  );
}

/** The Fix & detail and Replay panes: wrapped text, scrolled, its search matches marked. */
function TextPane({
  lines,
  scroll,
  height,
  find,
  active,
}: {
  lines: string[];
  scroll: number;
  height: number;
  find: ReturnType<typeof usePaneSearch>;
  active: boolean;
}) {
  const theme = useTheme();
  return (
    <Box flexDirection="column">
      {lines.slice(scroll, scroll + height - (find.searching ? 1 : 0)).map((l, i) => {
        const at = scroll + i;
        const mk = at === find.current ? 'selected' : find.matches.includes(at) ? 'accent' : null;
        return (
          <Text key={at} wrap="truncate" {...(mk ? theme.tone(mk) : {})}>
            {l || ' '}
          </Text>
        );
      })}
      {find.searching ? <SearchBar {...find.bar} active={active} placeholder="text in this pane" /> : null}
    </Box>
  );
}
