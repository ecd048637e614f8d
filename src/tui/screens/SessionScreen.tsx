import { Box, Text } from 'ink';
import { Frame } from '../components/Frame.js';
import { Tabs } from '../components/Tabs.js';
import { Chart } from '../components/Chart.js';
import { useSession } from '../hooks/data.js';
import { useCopy } from '../hooks/useCopy.js';
import { useCommands } from '../keys/useCommands.js';
import { KEYMAP, hint, keysOf } from '../keys/keymap.js';
import { routes } from '../nav.js';
import { availableKinds, drawPicture, focusOf, itemCount, pictureFor, pictureTitle, type PictureKind } from '../charts/index.js';
import { fit } from '../charts/common.js';
import { severityTone, useTheme } from '../theme.js';
import { severityRank } from '../../findings/types.js';
import { COMMON_HINTS, type ScreenProps } from './types.js';

/** How far PgDn / PgUp move through a picture's items (requests, retrievals, writes...). */
const PAGE_ITEMS = 10;

/**
 * A session's timeline pictures, one per failure mode it has data for (Tab cycles them,
 * ←→ steps through requests / retrievals / writes / keys / responses), and its findings.
 */
export function SessionScreen({ store, route, nav, active, width, height, crumbs, actions }: ScreenProps<'session'>) {
  const theme = useTheme();
  const view = useSession(store, route.session)!;
  const p = view.pictures;
  const kinds = availableKinds(p);
  const worst = [...view.findings].sort((a, b) => severityRank(b.severity) - severityRank(a.severity))[0];
  const preferred = worst ? pictureFor(worst.analyzer) : undefined;
  const kind: PictureKind | null =
    route.kind && kinds.includes(route.kind) ? route.kind : preferred && kinds.includes(preferred) ? preferred : (kinds[0] ?? null);
  const count = kind ? itemCount(p, kind) : 0;
  const item = kind ? Math.min(Math.max(0, count - 1), route.item ?? focusOf(p, kind, route.findingId ?? undefined)) : 0;
  const body = height - 2;
  const findingsH = Math.min(view.findings.length, Math.max(0, Math.min(4, body - 16)));
  const chartH = Math.max(3, body - 3 - (findingsH ? findingsH + 1 : 0));
  const setKind = (d: number) => {
    if (!kind || kinds.length === 0) return;
    const next = kinds[(kinds.indexOf(kind) + d + kinds.length) % kinds.length];
    nav.update<'session'>({ kind: next, item: null });
  };
  /** `d` items on (back when negative) from the item shown, within the picture */
  const step = (d: number) =>
    nav.update<'session'>((r) => ({ kind, item: Math.min(Math.max(0, count - 1), Math.max(0, (r.kind === kind && r.item !== null ? r.item : item) + d)) }));
  const { flash, copy } = useCopy(actions);
  useCommands(
    {
      // the session as shown (its hash under --redact)
      'row.copy': () => copy(route.session),
      'pane.next': () => setKind(1),
      'pane.prev': () => setKind(-1),
      'item.prev': () => step(-1),
      'item.next': () => step(1),
      'list.pageUp': () => step(-PAGE_ITEMS),
      'list.pageDown': () => step(PAGE_ITEMS),
      'list.top': () => nav.update<'session'>({ kind, item: 0 }),
      'list.bottom': () => nav.update<'session'>({ kind, item: Math.max(0, count - 1) }),
      'list.open': () => nav.push(routes.findings({ session: route.session })),
    },
    { isActive: active },
  );
  const d = view.data.events;
  const requests = d.filter((e) => e.kind === 'request').length;
  const by = { error: 0, warning: 0, info: 0 } as Record<string, number>;
  for (const f of view.findings) by[f.severity] = (by[f.severity] ?? 0) + 1;
  const head = `${d.length} events · ${requests} requests · ${view.findings.length} finding${view.findings.length === 1 ? '' : 's'}${
    view.findings.length
      ? ` (${['error', 'warning', 'info']
          .filter((s) => by[s])
          .map((s) => `${by[s]} ${s}`)
          .join(', ')})`
      : ''
  }`;
  const marked = new Set(view.findings.map((f) => pictureFor(f.analyzer)));
  const hints = [
    ...(flash ? [flash] : []),
    hint('pane.next', 'picture'),
    `${keysOf('item.prev', 1)}${keysOf('item.next', 1)} item`,
    `${KEYMAP['list.top'].keys[1]}${KEYMAP['list.bottom'].keys[1]} first/last`,
    hint('list.open', 'findings of this session'),
    ...COMMON_HINTS,
  ];
  return (
    <Frame width={width} height={height} crumbs={crumbs} hints={hints} right={kind ? `${pictureTitle(kind)} ${item + 1}/${count}` : undefined}>
      <Text wrap="truncate">
        <Text {...theme.tone('title')}>{fit(`Session ${route.session}`, Math.floor(width / 2))}</Text>
        <Text>{fit(` · ${head}`, width)}</Text>
      </Text>
      {kind ? (
        <>
          <Tabs labels={kinds.map((k) => `${pictureTitle(k)}${marked.has(k) ? ' !' : ''}`)} active={kinds.indexOf(kind)} />
          <Box flexDirection="column" height={chartH} overflow="hidden">
            <Chart lines={drawPicture(p, kind, item, width - 1, chartH)} height={chartH} />
          </Box>
        </>
      ) : (
        <Text {...theme.tone('dim')}>{'  no pictures: the session has no requests, retrievals, writes, state or responses'}</Text>
      )}
      {findingsH > 0 ? (
        <Box flexDirection="column">
          <Text {...theme.tone('axis')}>{`  findings (${keysOf('list.open', 1)} lists them)`}</Text>
          {view.findings.slice(0, findingsH).map((f) => (
            <Text key={f.id} wrap="truncate">
              <Text {...theme.tone(severityTone(f.severity))}>{`  ${f.severity.toUpperCase().padEnd(8)}`}</Text>
              {fit(`${f.analyzer}: ${f.title}`, width - 11)}
            </Text>
          ))}
        </Box>
      ) : null}
    </Frame>
  );
}
