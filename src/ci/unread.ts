import { globToRegExp } from '../findings/present.js';
import { formatByName } from '../ingest/formats.js';
import type { IngestSummary } from '../ingest/pipeline.js';
import type { UnreadInput } from './gate.js';

/**
 * What ci was given and did not read, whole or in part: files of a format it cannot tell, files
 * that gave no event, databases with rows it could not read. Each fails the gate unless a path or
 * glob in --ignore-unread names it.
 */
export function unreadInputs(s: IngestSummary, ignore: readonly string[]): UnreadInput[] {
  const out: { path: string; reason: string }[] = [...s.skipped];
  for (const f of s.files) {
    if (f.status === 'unchanged') continue;
    // a file read whole with nothing in it to store counts as read when its reader said what it held (a Gemini
    // resume restating an earlier file's history); silence with no event is an input that gave nothing
    const saidWhy = f.bad_lines === 0 && (f.notes?.length ?? 0) > 0;
    if (f.events === 0 && f.duplicates === 0 && !saidWhy) out.push({ path: f.path, reason: `no event read (${f.format}: ${f.bad_lines} bad line(s))` });
    else if (formatByName(f.format)?.database && f.bad_lines > 0)
      out.push({ path: f.path, reason: `read in part (${f.format}: ${f.bad_lines} row(s) not read)` });
  }
  return withIgnored(out, ignore);
}

/** Each unread input with whether a path or glob of --ignore-unread names it. */
export function withIgnored(unread: readonly { path: string; reason: string }[], ignore: readonly string[]): UnreadInput[] {
  const ignored = (p: string) => ignore.some((g) => g === p || globToRegExp(g).test(p));
  return unread.map((u) => ({ path: u.path, reason: u.reason, ignored: ignored(u.path) }));
}
