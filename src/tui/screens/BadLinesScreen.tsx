import { useMemo } from 'react';
import { Text } from 'ink';
import { Frame } from '../components/Frame.js';
import { ListView } from '../components/ListView.js';
import { useCopy } from '../hooks/useCopy.js';
import { listMoves, useCommands } from '../keys/useCommands.js';
import { hint, keysOf } from '../keys/keymap.js';
import { clampList, moveList, type ListMove } from '../list.js';
import { fit, fitMiddle, fmtInt, pad, wrapWords } from '../charts/common.js';
import type { BadLine, TuiStore } from '../store.js';
import { useTheme } from '../theme.js';
import { COMMON_HINTS, type ScreenProps } from './types.js';

/** Rows of the selected line's detail under the list: its reason, then its kept text. */
const DETAIL = 6;

/** Column widths of the bad lines list: file:line (cut in the middle), then the reason. */
export function badLineColumns(width: number): { source: number; reason: number } {
  const source = Math.min(48, Math.max(16, Math.floor(width * 0.4)));
  return { source, reason: Math.max(8, width - source - 1) };
}

/** One bad line as a row: "logs/app.jsonl:12   Unexpected end of JSON input". */
export function badLineRow(b: BadLine, width: number): string {
  const c = badLineColumns(width);
  return `${fitMiddle(b.source, c.source).padEnd(c.source)} ${fit(b.reason, c.reason)}`;
}

/** The selected bad line in full: its reason and the start of its kept text, wrapped, made safe (charts/common). */
export function badLineDetail(b: BadLine, width: number, rows: number): string[] {
  const reason = wrapWords(`error: ${b.reason}`, width, 2);
  const kept = wrapWords(`kept (${fmtInt(b.raw_bytes)} bytes): ${b.raw}`, width, Math.max(1, rows - reason.length));
  return [...reason, ...kept];
}

function usePage(store: TuiStore, top: number, rows: number): { lines: BadLine[]; kept: number; notKept: number } {
  const counts = useMemo(() => store.countBadLines(), [store]);
  const lines = useMemo(() => store.badLines(top, rows), [store, top, rows]);
  return { lines, ...counts };
}

/**
 * `b`: the lines ingest could not read, as `amnesia bad-lines` lists them (file:line, the error,
 * the text kept; under --redact its words hashed), a page at a time, the selected one in full below.
 */
export function BadLinesScreen({ store, route, nav, active, width, height, crumbs, actions }: ScreenProps<'bad'>) {
  const theme = useTheme();
  const detailH = height >= 20 ? DETAIL : 3;
  // frame (2), list header and footer (2), a blank and the detail
  const rowsH = Math.max(1, height - 4 - 1 - detailH);
  const { kept, notKept } = usePage(store, 0, 0);
  const list = clampList(route.list, kept, rowsH);
  const page = usePage(store, list.top, rowsH);
  const go = (m: ListMove) => nav.update<'bad'>((r) => ({ list: moveList(clampList(r.list, kept, rowsH), m, kept, rowsH) }));
  const { flash, copy } = useCopy(actions);
  const current = page.lines[list.cursor - list.top];
  useCommands({ ...listMoves(go), 'row.copy': () => copy(current?.source) }, { isActive: active });
  const hints = [
    ...(flash ? [flash] : []),
    `${keysOf('list.up', 1)}${keysOf('list.down', 1)} ${keysOf('list.pageDown', 1)} move`,
    hint('row.copy', 'copy file:line'),
    ...COMMON_HINTS,
  ];
  const more = notKept > 0 ? ` (+${fmtInt(notKept)} counted, not kept)` : '';
  const c = badLineColumns(width - 2);
  return (
    <Frame width={width} height={height} crumbs={crumbs} hints={hints} right={`${fmtInt(kept)} bad line${kept === 1 ? '' : 's'}${more}`}>
      <ListView
        rows={page.lines}
        total={kept}
        top={list.top}
        cursor={list.cursor}
        height={rowsH}
        width={width}
        header={`${pad('file:line', c.source)} error`}
        empty="no bad lines: ingest read every line of every source"
        renderRow={(b, _selected, w) => badLineRow(b, w)}
      />
      <Text> </Text>
      {current
        ? badLineDetail(current, width - 1, detailH).map((l, i) => (
            <Text key={i} wrap="truncate" {...(i === 0 ? theme.tone('warning') : theme.tone('dim'))}>
              {l}
            </Text>
          ))
        : null}
    </Frame>
  );
}
