import { parseJson } from '../json-parse.js';

/**
 * A streaming JSON scanner for files that are one big document (or several documents one after the
 * other) rather than JSON Lines. It walks the structure byte by byte, keeping only the path it is at,
 * and hands back the values the caller asks for (`capture`), each with the 1-based line where it
 * starts. Memory is bounded by the largest captured value (`maxValueBytes`; a larger one is reported
 * and skipped, not buffered), whatever the size of the document.
 *
 * Structural errors outside captured values (a missing comma, an unclosed bracket at the end of the
 * file) stop the scan with a fatal problem; captured values are checked by JSON.parse later.
 */

export type PathKey = string | number;
/** What to do with the value about to start at `path`: keep it whole, walk into it, or pass over it. */
export type Decision = 'capture' | 'descend' | 'skip';

export type ScanItem =
  | { type: 'value'; path: PathKey[]; line: number; text: string }
  /** a container the caller descended into has closed */
  | { type: 'end'; path: PathKey[]; line: number }
  | { type: 'problem'; line: number; reason: string; raw: Buffer; rawBytes?: number; fatal: boolean; path?: PathKey[] };

interface Frame {
  obj: boolean;
  path: PathKey[];
  /** descend: keys tracked and the caller asked; skip: only brackets counted */
  track: boolean;
  /** obj: 0 expect key or '}', 1 expect ':', 2 expect value, 3 expect ',' or '}'; arr: 2 expect value or ']', 3 expect ',' or ']' */
  state: number;
  key: string;
  index: number;
  /** this container was entered with `descend` (an 'end' item is due when it closes) */
  announce: boolean;
  startLine: number;
}

const WS = new Uint8Array(256);
for (const c of [0x20, 0x09, 0x0a, 0x0d]) WS[c] = 1;
const LITERAL = new Uint8Array(256);
for (const c of '0123456789+-.eEtruefalsn') LITERAL[c.charCodeAt(0)] = 1;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

function describe(path: PathKey[]): string {
  if (path.length === 0) return 'the top level';
  return path.map((k, i) => (typeof k === 'number' ? `[${k}]` : i === 0 ? k : `.${k}`)).join('');
}

export async function* scanJson(content: AsyncIterable<Buffer | string>, want: (path: PathKey[]) => Decision, maxValueBytes: number): AsyncGenerator<ScanItem> {
  const stack: Frame[] = [];
  // top level: any number of values separated by whitespace
  let topState = 2;
  let line = 1;
  let first = true;

  // string / literal scanning state (may span chunks)
  let inString = false;
  let escape = false;
  let stringIsKey = false;
  /** the string being read is a key (decoded only when stringIsKey) */
  let stringKey = false;
  let keyParts: Buffer[] = [];
  let keyLen = 0;
  let inLiteral = false;

  // capture state
  let capturing = false;
  let capDepth = 0; // stack length when the captured value started (its own frame, if any, is at capDepth)
  let capParts: Buffer[] = [];
  let capLen = 0;
  let capOverflow = 0;
  let capLine = 0;
  let capPath: PathKey[] = [];
  let capStart = -1; // offset in the current chunk where capture bytes start
  let capIsPrimitive = false;

  const out: ScanItem[] = [];
  const pushKey = (chunk: Buffer, from: number, to: number) => {
    if (keyLen >= 65536 || to <= from) return;
    keyParts.push(Buffer.from(chunk.subarray(from, to)));
    keyLen += to - from;
  };
  const fatal = (reason: string): ScanItem => ({ type: 'problem', line, reason, raw: Buffer.alloc(0), fatal: true });

  /** The path and decision for a value starting now in the current container. */
  const valueStarts = (): { path: PathKey[]; decision: Decision } => {
    const top = stack[stack.length - 1];
    if (!top) return { path: [], decision: capturing ? 'skip' : want([]) };
    if (!top.track || capturing) return { path: top.path, decision: 'skip' };
    const path = [...top.path, top.obj ? top.key : top.index];
    return { path, decision: want(path) };
  };

  const afterValue = () => {
    const top = stack[stack.length - 1];
    if (!top) topState = 2;
    else top.state = 3;
  };

  const finishCapture = (chunk: Buffer, endExclusive: number) => {
    if (capOverflow === 0) {
      const piece = chunk.subarray(capStart, endExclusive);
      if (capLen + piece.length > maxValueBytes) capOverflow = capLen + piece.length;
      else {
        capParts.push(piece);
        capLen += piece.length;
      }
    } else capOverflow += endExclusive - capStart;
    if (capOverflow > 0) {
      const head = Buffer.concat(capParts, capLen).subarray(0, 1 << 16);
      out.push({
        type: 'problem',
        line: capLine,
        reason: `${describe(capPath)} is ${capOverflow} bytes, over the ${maxValueBytes}-byte limit (--max-line-bytes)`,
        raw: Buffer.from(head),
        rawBytes: capOverflow,
        fatal: false,
        path: capPath,
      });
    } else {
      out.push({ type: 'value', path: capPath, line: capLine, text: Buffer.concat(capParts, capLen).toString('utf8') });
    }
    capturing = false;
    capParts = [];
    capLen = 0;
    capOverflow = 0;
    capStart = -1;
  };

  for await (const c of content) {
    let chunk = typeof c === 'string' ? Buffer.from(c) : c;
    if (first) {
      first = false;
      if (chunk.length >= 3 && chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf) chunk = chunk.subarray(3);
    }
    if (capturing) capStart = 0;
    const n = chunk.length;
    let i = 0;
    while (i < n) {
      const b = chunk[i];
      if (inString) {
        if (escape) {
          escape = false;
          if (stringIsKey) pushKey(chunk, i, i + 1);
          i++;
          continue;
        }
        if (b === BACKSLASH) {
          escape = true;
          if (stringIsKey) pushKey(chunk, i, i + 1);
          i++;
          continue;
        }
        if (b === QUOTE) {
          inString = false;
          i++;
          if (stringKey && !stringIsKey) {
            stringKey = false;
            stack[stack.length - 1].state = 1;
            continue;
          }
          if (stringIsKey) {
            const raw = Buffer.concat(keyParts, keyLen).toString('utf8');
            let key: string;
            try {
              key = JSON.parse(`"${raw}"`);
            } catch {
              key = raw;
            }
            const t = stack[stack.length - 1];
            t.key = key;
            t.state = 1;
            keyParts = [];
            keyLen = 0;
            stringIsKey = false;
            stringKey = false;
            continue;
          }
          if (capturing && capIsPrimitive && stack.length === capDepth) finishCapture(chunk, i);
          afterValue();
          continue;
        }
        // run to the next quote or backslash
        let j = i;
        while (j < n && chunk[j] !== QUOTE && chunk[j] !== BACKSLASH) {
          if (chunk[j] === 0x0a) line++;
          j++;
        }
        if (stringIsKey) pushKey(chunk, i, j);
        i = j;
        continue;
      }
      if (inLiteral) {
        if (LITERAL[b]) {
          i++;
          continue;
        }
        inLiteral = false;
        if (capturing && capIsPrimitive && stack.length === capDepth) finishCapture(chunk, i);
        afterValue();
        // fall through: b is handled as a structural byte below
      }
      if (WS[b]) {
        if (b === 0x0a) line++;
        i++;
        continue;
      }
      const top = stack[stack.length - 1];
      const state = top ? top.state : topState;
      if (top?.obj && state === 0) {
        if (b === QUOTE) {
          inString = true;
          stringKey = true;
          stringIsKey = top.track && !capturing;
          if (stringIsKey) keyParts = [];
          i++;
          continue;
        }
        if (b === 0x7d && top.index === 0) {
          // '}' of an empty object
        } else {
          yield* out.splice(0);
          yield fatal(`not valid JSON: expected a key in ${describe(top.path)}, got "${String.fromCharCode(b)}"`);
          return;
        }
      } else if (top?.obj && state === 1) {
        if (b !== 0x3a) {
          yield* out.splice(0);
          yield fatal(`not valid JSON: expected ":" after key "${top.key}" in ${describe(top.path)}`);
          return;
        }
        top.state = 2;
        i++;
        continue;
      }
      if (state === 3) {
        if (b === 0x2c) {
          if (top!.obj) {
            top!.state = 0;
            top!.index++;
          } else {
            top!.state = 2;
            top!.index++;
          }
          i++;
          continue;
        }
      }
      // closing brackets
      if (b === 0x7d || b === 0x5d) {
        const closingObj = b === 0x7d;
        if (!top || top.obj !== closingObj || (state === 2 && top.obj) || (state === 2 && !top.obj && top.index > 0)) {
          yield* out.splice(0);
          yield fatal(`not valid JSON: unexpected "${String.fromCharCode(b)}" in ${top ? describe(top.path) : 'the top level'}`);
          return;
        }
        stack.pop();
        i++;
        if (capturing && stack.length === capDepth) finishCapture(chunk, i);
        else if (top.announce && !capturing) out.push({ type: 'end', path: top.path, line });
        afterValue();
        if (out.length) yield* out.splice(0);
        continue;
      }
      if (state !== 2) {
        yield* out.splice(0);
        yield fatal(`not valid JSON: unexpected "${String.fromCharCode(b)}" after a value in ${top ? describe(top.path) : 'the top level'}`);
        return;
      }
      // a value starts
      const { path, decision } = valueStarts();
      const startCapture = decision === 'capture' && !capturing;
      if (startCapture) {
        capturing = true;
        capDepth = stack.length;
        capLine = line;
        capPath = path;
        capStart = i;
        capParts = [];
        capLen = 0;
        capOverflow = 0;
      }
      if (b === 0x7b || b === 0x5b) {
        const obj = b === 0x7b;
        if (startCapture) capIsPrimitive = false;
        stack.push({
          obj,
          path,
          track: decision === 'descend' && !capturing,
          state: obj ? 0 : 2,
          key: '',
          index: 0,
          announce: decision === 'descend' && !capturing,
          startLine: line,
        });
        i++;
        continue;
      }
      if (b === QUOTE) {
        if (startCapture) capIsPrimitive = true;
        inString = true;
        stringIsKey = false;
        stringKey = false;
        escape = false;
        i++;
        continue;
      }
      if (LITERAL[b]) {
        if (startCapture) capIsPrimitive = true;
        inLiteral = true;
        i++;
        continue;
      }
      yield* out.splice(0);
      yield fatal(`not valid JSON: unexpected "${String.fromCharCode(b)}" in ${top ? describe(top.path) : 'the top level'}`);
      return;
    }
    if (capturing && capStart >= 0) {
      const piece = chunk.subarray(capStart);
      if (capOverflow > 0 || capLen + piece.length > maxValueBytes) {
        if (capOverflow === 0) capOverflow = capLen;
        capOverflow += piece.length;
        if (capLen > 1 << 16) {
          capParts = [Buffer.concat(capParts, capLen).subarray(0, 1 << 16)];
          capLen = 1 << 16;
        }
      } else {
        capParts.push(Buffer.from(piece)); // copy: the chunk's buffer may be reused
        capLen += piece.length;
      }
      capStart = 0;
    }
    if (out.length) yield* out.splice(0);
  }
  if (inLiteral) {
    inLiteral = false;
    if (capturing && capIsPrimitive && stack.length === capDepth) finishCapture(Buffer.alloc(0), 0);
    afterValue();
  }
  if (out.length) yield* out.splice(0);
  if (inString || stack.length > 0) {
    const where = stack.length ? describe(stack[stack.length - 1].path) : 'a string';
    yield {
      type: 'problem',
      line: capturing ? capLine : line,
      reason: `truncated document: the file ends inside ${where}${stack.length ? ` (opened at line ${stack[stack.length - 1].startLine})` : ''}`,
      raw: capturing ? Buffer.concat(capParts, capLen).subarray(0, 1 << 16) : Buffer.alloc(0),
      fatal: true,
    };
  }
}

/** A scanned item with its value parsed; a problem or a value that is not JSON as a bad item, ready to yield. */
export type ParsedScanItem =
  | { type: 'value'; path: PathKey[]; line: number; text: string; value: unknown }
  | { type: 'end'; path: PathKey[]; line: number }
  | { type: 'bad'; line: number; reason: string; raw: Buffer; rawBytes?: number };

/** `scanJson` with each captured value parsed: the one place a streamed document's values become bad items. Stops after a fatal problem. */
export async function* scanValues(
  content: AsyncIterable<Buffer | string>,
  want: (path: PathKey[]) => Decision,
  maxValueBytes: number,
): AsyncGenerator<ParsedScanItem> {
  for await (const item of scanJson(content, want, maxValueBytes)) {
    if (item.type === 'problem') {
      yield { type: 'bad', line: item.line, reason: item.reason, raw: item.raw, ...(item.rawBytes ? { rawBytes: item.rawBytes } : {}) };
      if (item.fatal) return;
      continue;
    }
    if (item.type === 'end') {
      yield item;
      continue;
    }
    const parsed = parseJson(item.text);
    if (parsed.ok) yield { ...item, value: parsed.value };
    else {
      const reason = parsed.reason.startsWith('nested deeper') ? parsed.reason : `not valid JSON: ${parsed.reason}`;
      yield { type: 'bad', line: item.line, reason, raw: Buffer.from(item.text.slice(0, 1 << 16)) };
    }
  }
}
