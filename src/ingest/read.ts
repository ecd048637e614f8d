import fs from 'node:fs';
import zlib from 'node:zlib';
import crypto from 'node:crypto';
import type { Readable } from 'node:stream';

/** Highest --max-line-bytes: a line is buffered up to the limit, past 1 GiB one line would exhaust memory. */
export const MAX_LINE_BYTES_LIMIT = 1024 * 1024 * 1024;

/** gzip's magic bytes; compressed input is recognised by content, not by file name. */
export function isGzip(head: Buffer): boolean {
  return head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b;
}

/**
 * The read size for a file: 1 MiB, or the file's size (and a byte, to see its end) when smaller. A
 * file stream allocates a buffer of this size for every read, its last empty one too, and the
 * buffers are V8's external memory until a full collection frees them: 1 MiB per read of a
 * 170 KB transcript allocated 1.1 GB to read 52 MB, and made two thirds of ingest's full
 * collections (under the CLI's 1.5x heap growth, external memory counts towards the next one).
 */
export function chunkSize(file: string): number {
  let size = 1 << 20;
  try {
    size = fs.statSync(file).size + 1;
  } catch {} // the stream reports it
  return Math.max(64, Math.min(1 << 20, size));
}

/** sha256 of a file's bytes, streamed (identifies a source: the same bytes are never ingested twice). */
export async function hashFile(file: string): Promise<string> {
  const h = crypto.createHash('sha256');
  for await (const chunk of fs.createReadStream(file, { highWaterMark: chunkSize(file) })) h.update(chunk as Buffer);
  return h.digest('hex');
}

/** a number standing alone in a name (`12.json`, `event-00012-…`), not digits inside a word or an id (`a9f3`, `T09`) */
const NUMBERED = /(?<![\p{L}\p{N}])(\d+)(?![\p{L}\p{N}])/u;

/**
 * Names in the order a store numbers them: a number standing alone compares as a number, so `2.json`
 * comes before `10.json` (OpenHands writes its events as `<id>.json`, unpadded); everything else,
 * digits inside ids and dates included, in code unit order as before. Equal numbers written
 * differently (`01`, `1`) fall back to code unit order.
 */
export function byNumberedName(a: string, b: string): number {
  const x = a.split(NUMBERED);
  const y = b.split(NUMBERED);
  for (let i = 0; i < x.length && i < y.length; i++) {
    if (x[i] === y[i]) continue;
    if (i % 2 === 0) break; // text before the numbers differs
    const nx = x[i].replace(/^0+(?=\d)/, '');
    const ny = y[i].replace(/^0+(?=\d)/, '');
    if (nx.length !== ny.length) return nx.length - ny.length;
    if (nx !== ny) return nx < ny ? -1 : 1;
  }
  return a < b ? -1 : a > b ? 1 : 0;
}

export function readHead(file: string, bytes = 65536): Buffer {
  const fd = fs.openSync(file, 'r');
  try {
    // no bigger than a regular file (a 64 KiB buffer per file was external memory, see chunkSize)
    const size = fs.fstatSync(fd).size;
    const want = size > 0 ? Math.min(bytes, size) : bytes;
    const buf = Buffer.alloc(want);
    const n = fs.readSync(fd, buf, 0, want, 0);
    return buf.subarray(0, n);
  } finally {
    fs.closeSync(fd);
  }
}

/** Decompressed head of a (possibly gzipped) file, for format detection. */
export async function readTextHead(file: string, bytes = 65536): Promise<string> {
  const raw = readHead(file, bytes);
  if (!isGzip(raw)) return raw.toString('utf8');
  const out: Buffer[] = [];
  let size = 0;
  const gunzip = fs.createReadStream(file).pipe(zlib.createGunzip());
  try {
    for await (const chunk of gunzip) {
      out.push(chunk as Buffer);
      size += (chunk as Buffer).length;
      if (size >= bytes) break;
    }
  } catch {
    // a corrupt gzip surfaces when the file is read for real; the head is what we have
  } finally {
    gunzip.destroy();
  }
  return Buffer.concat(out).subarray(0, bytes).toString('utf8');
}

/**
 * A readable of the file's content, gunzipped when it is gzip; `onBytes` sees how many bytes were
 * read from disk (compressed), for progress, and `onChunk` the bytes themselves (to hash them).
 */
export function openContent(file: string, onBytes?: (n: number) => void, onChunk?: (bytes: Buffer) => void): Readable {
  const stream = fs.createReadStream(file, { highWaterMark: chunkSize(file) });
  if (onBytes) stream.on('data', (c) => onBytes(c.length));
  if (onChunk) stream.on('data', (c) => onChunk(c as Buffer));
  if (!isGzip(readHead(file, 2))) return stream;
  const gunzip = stream.pipe(zlib.createGunzip({ chunkSize: 1 << 18 }));
  stream.on('error', (err) => gunzip.destroy(err));
  return gunzip;
}

export interface RawLine {
  /** 1-based line number */
  no: number;
  /** the line's bytes without the newline (and without a trailing CR); empty when `tooLong` */
  bytes: Buffer;
  /** set when the line was longer than the limit: its real length in bytes; `bytes` holds its start */
  tooLong?: number;
  /** true for a last line with no newline after it */
  unterminated?: boolean;
}

const NL = 0x0a;

/**
 * Split a byte stream into lines, without decoding: bytes are decoded per line so invalid
 * UTF-8 is found and reported for that line alone. Memory is bounded by `maxLineBytes`:
 * a longer line is not buffered, only its length and first `keepBytes` bytes are kept.
 */
export async function* readLines(stream: AsyncIterable<Buffer | string>, maxLineBytes: number, keepBytes = 1 << 20): AsyncGenerator<RawLine> {
  let no = 0;
  let parts: Buffer[] = [];
  let partLen = 0;
  let overflow = 0; // bytes of the current line dropped past the limit
  let first = true;
  for await (const c of stream) {
    let chunk = typeof c === 'string' ? Buffer.from(c) : c;
    if (first) {
      first = false;
      if (chunk.length >= 3 && chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf) chunk = chunk.subarray(3);
    }
    let start = 0;
    for (;;) {
      const nl = chunk.indexOf(NL, start);
      if (nl === -1) {
        const rest = chunk.subarray(start);
        if (overflow > 0 || partLen + rest.length > maxLineBytes) {
          if (overflow === 0) {
            const joined = Buffer.concat(parts, partLen);
            parts = [joined.subarray(0, Math.min(keepBytes, joined.length))];
            overflow = partLen - parts[0].length;
            partLen = parts[0].length;
          }
          overflow += rest.length;
        } else if (rest.length > 0) {
          parts.push(Buffer.from(rest)); // copy: the chunk's buffer may be reused
          partLen += rest.length;
        }
        break;
      }
      no++;
      let line: Buffer;
      const piece = chunk.subarray(start, nl);
      if (overflow > 0) {
        const total = partLen + overflow + piece.length;
        yield { no, bytes: Buffer.concat(parts, partLen), tooLong: total };
        parts = [];
        partLen = 0;
        overflow = 0;
      } else {
        if (partLen === 0) line = piece;
        else {
          parts.push(piece);
          line = Buffer.concat(parts, partLen + piece.length);
          parts = [];
          partLen = 0;
        }
        if (line.length > 0 && line[line.length - 1] === 0x0d) line = line.subarray(0, line.length - 1);
        if (line.length > maxLineBytes) yield { no, bytes: line.subarray(0, keepBytes), tooLong: line.length };
        else yield { no, bytes: line };
      }
      start = nl + 1;
    }
  }
  if (partLen > 0 || overflow > 0) {
    no++;
    if (overflow > 0) yield { no, bytes: Buffer.concat(parts, partLen), tooLong: partLen + overflow, unterminated: true };
    else {
      let line = Buffer.concat(parts, partLen);
      if (line[line.length - 1] === 0x0d) line = line.subarray(0, line.length - 1);
      yield { no, bytes: line, unterminated: true };
    }
  }
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** Decode a line; returns null when its bytes are not valid UTF-8. */
export function decodeLine(bytes: Buffer): string | null {
  const s = bytes.toString('utf8');
  // U+FFFD can be legitimate text: only then pay for a strict decode.
  if (s.indexOf('\ufffd') === -1) return s;
  try {
    return strictUtf8.decode(bytes);
  } catch {
    return null;
  }
}

/** Byte offset of the first invalid UTF-8 sequence, for the bad line's reason. */
export function firstInvalidUtf8(bytes: Buffer): number {
  for (let i = 0; i < bytes.length; ) {
    const b = bytes[i];
    const n = b < 0x80 ? 1 : b >> 5 === 6 ? 2 : b >> 4 === 14 ? 3 : b >> 3 === 30 ? 4 : 0;
    if (n === 0 || i + n > bytes.length) return i;
    try {
      strictUtf8.decode(bytes.subarray(i, i + n));
    } catch {
      return i;
    }
    i += n;
  }
  return -1;
}
