import type { ChalkInstance } from 'chalk';
import type { IngestSummary } from '../ingest/pipeline.js';
import { fmtInt, table } from './table.js';
import { inert, inertJson } from '../util/sanitize.js';

export const INGEST_SCHEMA = 'amnesia.ingest/v1';

export function ingestJson(s: IngestSummary): string {
  return inertJson(JSON.stringify({ schema: INGEST_SCHEMA, ...s }, null, 2)) + '\n';
}

/** The ingest summary for people: files, events by kind, sessions, bad lines with their first reasons. */
export function ingestText(s: IngestSummary, c: ChalkInstance): string {
  const out: string[] = [];
  const rows = s.files.map((f) => [inert(f.path), f.format, f.status, fmtInt(f.events), fmtInt(f.duplicates), fmtInt(f.bad_lines)]);
  out.push(table(['file', 'format', 'status', 'events', 'duplicates', 'bad lines'], rows, new Set([3, 4, 5])));
  const kinds = Object.entries(s.by_kind).sort((a, b) => b[1] - a[1]);
  out.push(
    `${c.bold(fmtInt(s.events))} new events in ${fmtInt(s.files.length)} file(s), ${fmtInt(s.sessions)} session(s)` +
      (s.duplicates ? `, ${fmtInt(s.duplicates)} already in the store` : '') +
      '\n',
  );
  if (kinds.length) out.push(`by kind: ${kinds.map(([k, n]) => `${inert(k)} ${fmtInt(n)}`).join(', ')}\n`);
  for (const u of s.unknown_kinds) {
    out.push(c.yellow(`unknown kind "${inert(u.kind)}": ${fmtInt(u.count)} event(s) kept as raw, first at ${inert(u.first)}\n`));
  }
  if (s.companions.length) {
    const shown = s.companions.slice(0, 3).map((x) => inert(x.path));
    out.push(
      c.dim(`read with their transcripts, not alone: ${shown.join(', ')}${s.companions.length > 3 ? `, ... ${fmtInt(s.companions.length - 3)} more` : ''}\n`),
    );
  }
  for (const sk of s.skipped) out.push(c.yellow(`skipped ${inert(sk.path)}: ${inert(sk.reason)}\n`));
  if (s.bad_lines > 0) {
    out.push(c.yellow(`${fmtInt(s.bad_lines)} bad line(s), kept in the store (amnesia bad-lines lists them):\n`));
    for (const b of s.bad_samples) out.push(`  ${inert(b.source)}: ${inert(b.reason)}\n`);
    if (s.bad_lines > s.bad_samples.length) out.push(`  ... and ${fmtInt(s.bad_lines - s.bad_samples.length)} more\n`);
  } else out.push('no bad lines\n');
  if (s.interrupted) out.push(c.yellow('interrupted: run the same command again to finish (nothing is duplicated)\n'));
  return out.join('');
}
