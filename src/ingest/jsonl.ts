import { parseJson } from './json-parse.js';
import { decodeLine, firstInvalidUtf8, readLines } from './read.js';
import type { IngestItem, ReadOptions } from './types.js';

/** A JSON Lines value, or the reason its line is bad. */
export type JsonLine = { no: number; text: string; value: unknown } | IngestItem;

/** The reason a line is bad, never quoting it (parseJson): reports and --redact runs print reasons, the line itself stays in the store. */
function describeParseError(msg: string, unterminated: boolean): string {
  if (msg.startsWith('nested deeper')) return msg;
  if (unterminated) return `truncated last line (no newline, not valid JSON): ${msg}`;
  return `not valid JSON: ${msg}`;
}

/**
 * Read JSON Lines: every non-blank line is parsed; invalid UTF-8, invalid JSON, over-long and
 * truncated lines become bad items. Blank lines are skipped silently (they carry nothing).
 */
export async function* readJsonLines(content: AsyncIterable<Buffer | string>, opts: ReadOptions): AsyncGenerator<JsonLine> {
  for await (const line of readLines(content, opts.maxLineBytes)) {
    if (line.tooLong !== undefined) {
      yield {
        type: 'bad',
        line: line.no,
        reason: `line is ${line.tooLong} bytes, over the ${opts.maxLineBytes}-byte limit (--max-line-bytes)`,
        raw: line.bytes,
        rawBytes: line.tooLong,
      };
      continue;
    }
    const text = decodeLine(line.bytes);
    if (text === null) {
      yield { type: 'bad', line: line.no, reason: `invalid UTF-8 at byte ${firstInvalidUtf8(line.bytes)}`, raw: line.bytes };
      continue;
    }
    if (text.trim().length === 0) continue;
    const parsed = parseJson(text);
    if (!parsed.ok) {
      yield { type: 'bad', line: line.no, reason: describeParseError(parsed.reason, !!line.unterminated), raw: line.bytes };
      continue;
    }
    yield { no: line.no, text, value: parsed.value };
  }
}

export function isBad(x: JsonLine): x is IngestItem {
  return (x as IngestItem).type === 'bad';
}

/** How many of the first 20 lines of a file's head look like this format's records (format detection). */
export function linesLike(head: string, looksLike: (line: string) => boolean): number {
  let votes = 0;
  for (const line of head.split('\n', 20)) if (looksLike(line)) votes++; // the first 20, not every line of the head split first
  return votes;
}
