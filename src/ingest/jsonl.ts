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

/**
 * The lines a reader passed over (bookkeeping of a type it has no use for), held while no line of
 * the file looked like the format's: a file with none (another tool's log forced with
 * `--input-format`) gives them back at its end as bad lines, counted, not dropped unseen. Once one
 * line looks like the format, the held lines are let go and none is held again. A file of the
 * format's lines of which none gave an event says so in one note, with the types it saw.
 */
export class PassedOver {
  private held: { no: number; text: string; bytes?: number }[] = [];
  private heldChars = 0;
  private known = false;
  private used = false;
  private lines = 0;
  private readonly types = new Map<string, number>();
  constructor(
    /** "a Codex rollout item": what the lines were not */
    private readonly what: string,
    private readonly looksLike: (line: string) => boolean,
    private readonly maxChars = 16 * 1024 * 1024,
  ) {}

  /** A parsed line, whether the reader made anything of it, and its type as the line names it. */
  line(no: number, text: string, used: boolean, type: unknown): void {
    this.lines++;
    if (used) this.used = true;
    else if (typeof type === 'string' && (this.types.has(type) || this.types.size < 8)) this.types.set(type, (this.types.get(type) ?? 0) + 1);
    if (this.known) return;
    if (used || this.looksLike(text)) {
      this.known = true;
      this.held = [];
      return;
    }
    // past the cap the line is still counted (its text is not kept)
    const keep = this.heldChars < this.maxChars;
    this.heldChars += text.length;
    this.held.push(keep ? { no, text } : { no, text: '', bytes: Buffer.byteLength(text) });
  }

  /** At the end of the file: the held lines as bad lines when no line was the format's; a note when none gave an event. */
  *end(note?: (line: string) => void): Generator<IngestItem> {
    if (this.known) {
      if (!this.used && this.lines) {
        const types = [...this.types].map(([t, n]) => `${t} (${n})`).join(', ');
        note?.(`${this.lines} line${this.lines === 1 ? '' : 's'}, none a model call or a message${types ? `: ${types}` : ''}`);
      }
      return;
    }
    for (const h of this.held) {
      const reason = `not ${this.what} (no line of this file is one)`;
      yield { type: 'bad', line: h.no, reason, raw: Buffer.from(h.text), ...(h.bytes !== undefined ? { rawBytes: h.bytes } : {}) };
    }
    this.held = [];
  }
}
