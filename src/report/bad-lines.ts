import type { BadLine } from '../store/bad-lines.js';
import { inert, inertJson } from '../util/sanitize.js';
import { redactQuoted, redactText } from '../findings/redact.js';

export const BAD_LINES_SCHEMA = 'amnesia.bad-lines/v1';

/**
 * A bad line as every output shows it (`amnesia bad-lines`, the TUI's bad lines screen): under
 * --redact its text and the quoted values of its reason become hash + shape.
 */
export function presentBadLine(b: BadLine, redact: boolean): BadLine {
  return redact ? { ...b, reason: redactQuoted(b.reason), raw: redactText(b.raw) } : b;
}

/** Characters of a bad line's raw text shown in the text listing. */
const RAW_SHOWN = 120;

/** `amnesia bad-lines`: file:line and reason, then the start of the raw line; `more` counted past the cap. */
export function* badLinesText(rows: Iterable<BadLine>, more: () => number | null): Generator<string> {
  let n = 0;
  for (const b of rows) {
    n++;
    const raw = inert(b.raw.slice(0, RAW_SHOWN));
    const cut = b.raw_bytes > RAW_SHOWN ? ` … (${b.raw_bytes} bytes)` : '';
    yield `${inert(b.source)}: ${inert(b.reason)}\n    ${raw}${cut}\n`;
  }
  if (n === 0) yield 'no bad lines\n';
  const m = more();
  // past the per-source cap bad lines are counted, not stored (SECURITY.md)
  if (m) yield `... and ${m} more bad line(s), counted but not kept (over the per-source cap)\n`;
}

export function badLinesJson(rows: Iterable<BadLine>): string {
  return inertJson(JSON.stringify({ schema: BAD_LINES_SCHEMA, bad_lines: [...rows] }, null, 2)) + '\n';
}
