import { Box, Text } from 'ink';
import { useTheme } from '../theme.js';
import { fit, fmtInt, pad, padMiddle } from '../charts/common.js';
import type { Overview } from '../store.js';

export interface OverviewViewProps {
  overview: Overview;
  /** 0: the analyzer x severity table, 1: the worst sessions */
  pane: number;
  /** selected row per pane */
  cursors: [number, number];
  width: number;
  height: number;
}

/** Rows of the analyzer table: "all analyzers" first, then one per analyzer. */
export function overviewRows(o: Overview): (string | null)[] {
  return [null, ...o.analyzers];
}

/** What an empty findings list says: after an analysis there is nothing to run, only nothing found. */
export function emptyFindings(analyzedAt: string | null): string {
  return analyzedAt
    ? `no findings: the analysis of ${analyzedAt.slice(0, 19).replace('T', ' ')} found nothing wrong in the stored sessions`
    : 'no findings stored: run `amnesia analyze`';
}

/** Findings by analyzer and severity, store figures, and the worst sessions first. */
export function OverviewView({ overview: o, pane, cursors, width, height }: OverviewViewProps) {
  const theme = useTheme();
  const rows = overviewRows(o);
  const num = 8;
  const longest = Math.max(...rows.map((r) => (r ?? 'all analyzers').length), ...o.worst.map((w) => w.session.length), 'worst sessions first'.length);
  const nameW = Math.max(16, Math.min(longest + 1, 32, width - 4 * (num + 1) - 14));
  const line = (name: string, e: number, w: number, i: number, tot: number) =>
    `${pad(name, nameW)} ${pad(e ? fmtInt(e) : '·', num, true)} ${pad(w ? fmtInt(w) : '·', num, true)} ${pad(i ? fmtInt(i) : '·', num, true)} ${pad(fmtInt(tot), num, true)}`;
  const s = o.stats;
  const worstH = Math.max(1, height - rows.length - 7);
  const worst = o.worst.slice(0, worstH);
  const sel = (p: number, i: number) => pane === p && cursors[p] === i;
  return (
    <Box flexDirection="column" width={width}>
      <Text wrap="truncate">
        <Text {...theme.tone('title')}>Store </Text>
        {`${fmtInt(s.events)} events · ${fmtInt(s.sessions)} sessions · ${fmtInt(s.sources)} sources · ${fmtInt(s.bad_lines)} bad lines${s.bad_lines > 0 ? ' (b)' : ''}`}
        <Text {...theme.tone('dim')}>{o.analyzedAt ? ` · analyzed ${o.analyzedAt.slice(0, 19).replace('T', ' ')}` : ''}</Text>
      </Text>
      <Text wrap="truncate">
        <Text {...theme.tone('title')}>Findings </Text>
        {`${fmtInt(o.findings)} in ${fmtInt(o.sessionsAffected)} session${o.sessionsAffected === 1 ? '' : 's'} · `}
        <Text {...theme.tone('error')}>{`${fmtInt(o.bySeverity.error)} error`}</Text>
        {' · '}
        <Text {...theme.tone('warning')}>{`${fmtInt(o.bySeverity.warning)} warning`}</Text>
        {' · '}
        <Text {...theme.tone('info')}>{`${fmtInt(o.bySeverity.info)} info`}</Text>
      </Text>
      <Text> </Text>
      <Text wrap="truncate" {...theme.tone(pane === 0 ? 'title' : 'axis')}>
        {`  ${pad('by analyzer', nameW)} ${pad('error', num, true)} ${pad('warning', num, true)} ${pad('info', num, true)} ${pad('total', num, true)}`}
      </Text>
      {rows.map((a, i) => {
        const m = a === null ? o.bySeverity : o.matrix[a];
        const tot = m.error + m.warning + m.info;
        return (
          <Text key={a ?? '*'} wrap="truncate" {...(sel(0, i) ? theme.tone('selected') : tot === 0 ? theme.tone('dim') : {})}>
            {sel(0, i) ? '› ' : '  '}
            {line(a ?? 'all analyzers', m.error, m.warning, m.info, tot)}
          </Text>
        );
      })}
      <Text> </Text>
      <Text wrap="truncate" {...theme.tone(pane === 1 ? 'title' : 'axis')}>
        {`  ${pad('worst sessions first', nameW)} ${pad('error', num, true)} ${pad('warning', num, true)} ${pad('info', num, true)} ${pad('events', num, true)}  analyzers`}
      </Text>
      {worst.length === 0 ? (
        <Text {...theme.tone('dim')}>{`  ${emptyFindings(o.analyzedAt)}`}</Text>
      ) : (
        worst.map((w, i) => (
          <Text key={w.session} wrap="truncate" {...(sel(1, i) ? theme.tone('selected') : {})}>
            {sel(1, i) ? '› ' : '  '}
            {`${padMiddle(w.session, nameW)} ${pad(w.errors ? fmtInt(w.errors) : '·', num, true)} ${pad(w.warnings ? fmtInt(w.warnings) : '·', num, true)} ${pad(w.infos ? fmtInt(w.infos) : '·', num, true)} ${pad(fmtInt(w.events), num, true)}  `}
            {fit(w.analyzers.join(', '), Math.max(4, width - nameW - 4 * num - 10))}
          </Text>
        ))
      )}
    </Box>
  );
}

/** How many worst sessions the overview shows at this height (the cursor's range in pane 1). */
export function worstShown(o: Overview, height: number): number {
  return Math.min(o.worst.length, Math.max(1, height - overviewRows(o).length - 7));
}
