import { Text } from 'ink';
import { severityTone, useTheme } from '../theme.js';
import { fit, pad, padMiddle } from '../charts/common.js';
import type { FindingFilter, FindingRow, FindingSort, SessionFilter, SessionRow, SessionSort } from '../store.js';

const SEV_LABEL: Record<string, string> = { error: 'ERROR', warning: 'WARN', info: 'INFO' };

/** Which column a sort order is by, and whether it runs high to low (▼) before `S` reverses it. */
export const FINDING_SORT_COLUMN: Record<FindingSort, [column: string, desc: boolean]> = {
  severity: ['sev', true],
  time: ['time', true],
  session: ['session', false],
  analyzer: ['analyzer', false],
};
export const SESSION_SORT_COLUMN: Record<SessionSort, [column: string, desc: boolean]> = {
  worst: ['error', true],
  recent: ['last event', true],
  session: ['session', false],
  events: ['events', true],
};

/** The arrow a sorted column's header carries: ▼ high to low (newest, worst first), ▲ low to high. */
export function sortArrow(desc: boolean, reverse: boolean | undefined): string {
  return desc !== !!reverse ? '▼' : '▲';
}

/** A column's label, with the sort's arrow when the list is sorted by it. */
function label(name: string, sorted: [string, boolean], reverse: boolean | undefined): string {
  return sorted[0] === name ? `${name}${sortArrow(sorted[1], reverse)}` : name;
}

/** A time as a list shows it in `cells`: "2026-03-02 10:15:42" (19), "2026-03-02 10:15" (16), "2026-03-02" (10). */
export function listTime(iso: string | null | undefined, cells: number): string {
  if (!iso) return '–';
  const t = String(iso).slice(0, 19).replace('T', ' ');
  return cells >= 19 ? t : cells >= 16 ? t.slice(0, 16) : t.slice(0, 10);
}

/**
 * Column widths of the findings list for a width. The time column shows when the list is sorted
 * by time (the title gives way; below 78 cells the turn goes, analyzer and session shrink), and
 * from 140 cells always.
 */
export function findingColumns(width: number, sort?: FindingSort) {
  const time = width >= 140 ? 19 : sort === 'time' ? 16 : 0;
  const narrow = time > 0 && width < 78;
  const sev = 6;
  const analyzer = width >= 100 ? 21 : narrow ? 11 : 16;
  const session = width >= 100 ? 20 : narrow ? 11 : 14;
  const turn = narrow ? 0 : 5;
  const cols = [sev, analyzer, session, turn, time].filter((c) => c > 0);
  const title = Math.max(10, width - cols.reduce((a, b) => a + b, 0) - cols.length);
  return { sev, analyzer, session, turn, time, title };
}

export function findingHeader(width: number, filter: FindingFilter = { sort: 'severity' }): string {
  const c = findingColumns(width, filter.sort);
  const sorted = FINDING_SORT_COLUMN[filter.sort];
  const l = (name: string) => label(name, sorted, filter.reverse);
  return [
    pad(l('sev'), c.sev),
    pad(l('analyzer'), c.analyzer),
    pad(l('session'), c.session),
    ...(c.turn ? [pad('turn', c.turn)] : []),
    ...(c.time ? [pad(l('time'), c.time)] : []),
    'title',
  ].join(' ');
}

export function FindingRowText({ row, width, selected, sort }: { row: FindingRow; width: number; selected: boolean; sort?: FindingSort }) {
  const theme = useTheme();
  const c = findingColumns(width, sort);
  const rest = [
    pad(row.analyzer, c.analyzer),
    padMiddle(row.session, c.session),
    ...(c.turn ? [pad(row.turn === null ? '–' : String(row.turn), c.turn)] : []),
    ...(c.time ? [pad(listTime(row.ts, c.time), c.time)] : []),
    fit(row.title, c.title),
  ].join(' ');
  return (
    <Text>
      <Text {...(selected ? {} : theme.tone(severityTone(row.severity)))}>{pad(SEV_LABEL[row.severity] ?? row.severity, c.sev)}</Text> {rest}
    </Text>
  );
}

/** Column widths of the sessions list: the last event shows from 100 cells, and always when sorted by it (below 78 cells its date only). */
export function sessionColumns(width: number, sort?: SessionSort) {
  const last = width >= 100 ? 19 : sort === 'recent' ? (width >= 78 ? 16 : 10) : 0;
  const session = last && width < 78 ? 10 : Math.min(28, Math.max(12, Math.floor(width * 0.25)));
  // "events▼" fits
  const num = 7;
  const analyzers = Math.max(last && width < 100 ? 4 : 8, width - session - num * 4 - (last ? last + 1 : 0) - 6);
  return { session, num, last, analyzers };
}

export function sessionHeader(width: number, filter: SessionFilter = { sort: 'worst' }): string {
  const c = sessionColumns(width, filter.sort);
  const sorted = SESSION_SORT_COLUMN[filter.sort];
  const l = (name: string) => label(name, sorted, filter.reverse);
  return `${pad(l('session'), c.session)} ${pad(l('events'), c.num, true)} ${pad(l('error'), c.num, true)} ${pad('warn', c.num, true)} ${pad('info', c.num, true)} ${c.last ? pad(l('last event'), c.last) + ' ' : ''}analyzers`;
}

export function SessionRowText({ row, width, selected, sort }: { row: SessionRow; width: number; selected: boolean; sort?: SessionSort }) {
  const theme = useTheme();
  const c = sessionColumns(width, sort);
  const n = (v: number, tone: 'error' | 'warning' | 'info') => (
    <Text {...(v > 0 && !selected ? theme.tone(tone) : {})}>{pad(v ? String(v) : '·', c.num, true)}</Text>
  );
  return (
    <Text>
      {padMiddle(row.session, c.session)} {pad(String(row.events), c.num, true)} {n(row.errors, 'error')} {n(row.warnings, 'warning')} {n(row.infos, 'info')}{' '}
      {c.last ? pad(listTime(row.last_ts, c.last), c.last) + ' ' : ''}
      {fit(row.analyzers.join(', ') || '–', c.analyzers)}
    </Text>
  );
}
