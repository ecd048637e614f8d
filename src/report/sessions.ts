import type { ChalkInstance } from 'chalk';
import type { SessionSummary } from '../store/queries.js';
import { fmtInt, table } from './table.js';
import { inert, inertJson } from '../util/sanitize.js';

export const SESSIONS_SCHEMA = 'amnesia.sessions/v1';

const KIND_ABBR: Record<string, string> = {
  request: 'req',
  response: 'resp',
  tool_call: 'call',
  tool_result: 'tool',
  retrieval: 'retr',
  memory_write: 'write',
  state: 'state',
  lifecycle: 'life',
  store_snapshot: 'snap',
  compaction: 'compact',
};

function fill(s: SessionSummary, c: ChalkInstance): string {
  if (s.peak_prompt_tokens === null) return '-';
  const t = `${fmtInt(s.peak_prompt_tokens)} / ${s.context_limit ? fmtInt(s.context_limit) : '?'}`;
  if (s.peak_fill === null) return t;
  const pct = `${Math.round(s.peak_fill * 100)}%`;
  const col = s.peak_fill >= 0.9 ? c.red : s.peak_fill >= 0.7 ? c.yellow : (x: string) => x;
  return `${t} ${col(pct)}`;
}

export function sessionsText(rows: SessionSummary[], c: ChalkInstance): string {
  if (rows.length === 0) return 'no sessions in the store\n';
  const body = rows.map((s) => [
    inert(s.session),
    fmtInt(s.turns),
    fmtInt(s.requests),
    fill(s, c),
    Object.entries(s.by_kind)
      .map(([k, n]) => `${KIND_ABBR[k] ?? inert(k)} ${n}`)
      .join(' '),
  ]);
  return table(['session', 'turns', 'requests', 'peak prompt / window', 'events'], body, new Set([1, 2, 3]));
}

/** `amnesia.sessions/v1`, a row at a time (memory stays flat however long the ids are). */
export function* sessionsJsonChunks(rows: Iterable<SessionSummary>): Generator<string> {
  yield `{\n  "schema": ${JSON.stringify(SESSIONS_SCHEMA)},\n  "sessions": [`;
  let first = true;
  for (const r of rows) {
    yield `${first ? '' : ','}\n    ${inertJson(JSON.stringify(r, null, 2)).replace(/\n/g, '\n    ')}`;
    first = false;
  }
  yield `${first ? '' : '\n  '}]\n}\n`;
}
