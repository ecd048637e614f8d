import { Text } from 'ink';
import { severityTone, useTheme } from '../theme.js';
import { fit, pad, padMiddle } from '../charts/common.js';
import type { FindingRow, SessionRow } from '../store.js';

const SEV_LABEL: Record<string, string> = { error: 'ERROR', warning: 'WARN', info: 'INFO' };

/** Column widths of the findings list for a width. */
export function findingColumns(width: number) {
  const sev = 6;
  const analyzer = width >= 100 ? 21 : 16;
  const session = width >= 100 ? 20 : 14;
  const turn = 5;
  const title = Math.max(10, width - sev - analyzer - session - turn - 4);
  return { sev, analyzer, session, turn, title };
}

export function findingHeader(width: number): string {
  const c = findingColumns(width);
  return `${pad('sev', c.sev)} ${pad('analyzer', c.analyzer)} ${pad('session', c.session)} ${pad('turn', c.turn)} title`;
}

export function FindingRowText({ row, width, selected }: { row: FindingRow; width: number; selected: boolean }) {
  const theme = useTheme();
  const c = findingColumns(width);
  return (
    <Text>
      <Text {...(selected ? {} : theme.tone(severityTone(row.severity)))}>{pad(SEV_LABEL[row.severity] ?? row.severity, c.sev)}</Text>{' '}
      {pad(row.analyzer, c.analyzer)} {padMiddle(row.session, c.session)} {pad(row.turn === null ? '–' : String(row.turn), c.turn)} {fit(row.title, c.title)}
    </Text>
  );
}

export function sessionColumns(width: number) {
  const session = Math.min(28, Math.max(12, Math.floor(width * 0.25)));
  const num = 6;
  const last = width >= 100 ? 20 : 0;
  const analyzers = Math.max(8, width - session - num * 4 - last - 6);
  return { session, num, last, analyzers };
}

export function sessionHeader(width: number): string {
  const c = sessionColumns(width);
  return `${pad('session', c.session)} ${pad('events', c.num, true)} ${pad('error', c.num, true)} ${pad('warn', c.num, true)} ${pad('info', c.num, true)} ${c.last ? pad('last event', c.last) + ' ' : ''}analyzers`;
}

export function SessionRowText({ row, width, selected }: { row: SessionRow; width: number; selected: boolean }) {
  const theme = useTheme();
  const c = sessionColumns(width);
  const n = (v: number, tone: 'error' | 'warning' | 'info') => (
    <Text {...(v > 0 && !selected ? theme.tone(tone) : {})}>{pad(v ? String(v) : '·', c.num, true)}</Text>
  );
  return (
    <Text>
      {padMiddle(row.session, c.session)} {pad(String(row.events), c.num, true)} {n(row.errors, 'error')} {n(row.warnings, 'warning')} {n(row.infos, 'info')}{' '}
      {c.last ? pad(row.last_ts ? row.last_ts.slice(0, 19).replace('T', ' ') : '–', c.last) + ' ' : ''}
      {fit(row.analyzers.join(', ') || '–', c.analyzers)}
    </Text>
  );
}
