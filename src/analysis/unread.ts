import type { Db } from '../store/connection.js';
import type { IngestSummary } from '../ingest/pipeline.js';
import { InputError } from '../errors.js';
import { hasEvents, sourcesWithoutEvents } from '../store/queries.js';
import { inert } from '../util/sanitize.js';

/**
 * What could not be read, said on stderr by triage, ci and analyze: files skipped (format unknown) and
 * files read without one event (every line bad). A store with no event at all is an InputError (exit 2):
 * "no memory failures found" about nothing would be a lie.
 */
export function unreadNotes(s: IngestSummary): string[] {
  const out: string[] = [];
  if (s.skipped.length) {
    const reasons = new Map<string, string[]>();
    for (const k of s.skipped) reasons.set(k.reason, [...(reasons.get(k.reason) ?? []), k.path]);
    for (const [reason, paths] of reasons) {
      const shown = paths.slice(0, 3).map(inert).join(', ');
      out.push(`skipped ${paths.length} file(s): ${reason}: ${shown}${paths.length > 3 ? `, ... ${paths.length - 3} more` : ''}`);
    }
  }
  for (const f of s.files) {
    if (f.status === 'unchanged' || f.events > 0 || f.duplicates > 0) continue;
    const first = s.bad_samples.find((b) => b.source.startsWith(`${f.path}:`));
    out.push(
      `read nothing from ${inert(f.path)} (${f.format}): ${f.bad_lines} bad line(s)${first ? `, first ${inert(first.source)}: ${inert(first.reason)}` : ''}`,
    );
  }
  return out;
}

/** Sources in the store that gave no event (for `analyze`, which reads a store it did not fill). */
export function storeUnreadNotes(db: Db): string[] {
  return sourcesWithoutEvents(db).map((r) => `read nothing from ${inert(r.path)} (${r.format}): ${r.bad_lines} bad line(s) (amnesia bad-lines lists them)`);
}

/** Exit 2 when nothing at all could be read. */
export function requireEvents(db: Db, notes: string[]): void {
  if (!hasEvents(db)) throw new InputError(`nothing could be read: the store has no events${notes.length ? ` (${notes.length} problem(s) above)` : ''}`);
}
