import { createRequire } from 'node:module';
import type { Tiktoken } from 'tiktoken';
import type { EncodingName } from './models.js';
import { asciiPieceEnd } from './ascii-split.js';
import { pretokenizer } from './pretokenize.js';
import { bytePairCount, RankTable } from './ranks.js';
import type { ChatMessage } from '../events/types.js';
import { contentText } from '../events/validate.js';

const encoders = new Map<EncodingName, Tiktoken>();

/** tiktoken itself, loaded only when no rank table was built (running from the TypeScript sources). */
function encoder(name: EncodingName): Tiktoken {
  let e = encoders.get(name);
  if (!e) {
    const { get_encoding } = createRequire(import.meta.url)('tiktoken') as typeof import('tiktoken');
    e = get_encoding(name);
    encoders.set(name, e);
  }
  return e;
}

/** A piece longer than this many characters is counted in slices, so memory stays bounded (tokens are 4 bytes each). */
export const CHUNK_CHARS = 256 * 1024;

/** Pieces at most this long are remembered; longer ones (rare: a run of letters or symbols) are counted each time. */
const MEMO_CHARS = 64;
/** Pieces remembered per encoding before the older half is dropped (two generations: frequent pieces stay). */
const MEMO_SIZE = 100_000;

interface Counter {
  /** the pre-tokenizer, made when a piece first needs it (ASCII text never does: building its classes costs ~25 ms) */
  split: RegExp | null;
  /** the build's rank table for this encoding; null: count with tiktoken */
  table: RankTable | null;
  recent: Map<string, number>;
  older: Map<string, number>;
  ascii: AsciiMemo;
}
const counters = new Map<EncodingName, Counter>();

function counter(name: EncodingName): Counter {
  let c = counters.get(name);
  if (!c) counters.set(name, (c = { split: null, table: RankTable.load(name), recent: new Map(), older: new Map(), ascii: new AsciiMemo() }));
  return c;
}

/** The ASCII memo's entries at most (its slots are twice as many, so probes stay short); then it starts again. */
const ASCII_ENTRIES = 1 << 17;
/** Entries it starts with: it doubles when half full (a thread that counts a few memories stays small). */
const ASCII_FIRST_ENTRIES = 1 << 12;

/**
 * Counts of ASCII pieces (at most MEMO_CHARS long) found by their characters in the text itself:
 * no substring is made and nothing allocated for a piece seen before, where a Map needs a new
 * string and its hash per piece (most of the cost of counting before). The piece's bytes are kept
 * in one pool, which is also what the byte-pair merge reads on a miss. When full it starts again.
 */
class AsciiMemo {
  private slots = new Int32Array(2 * ASCII_FIRST_ENTRIES); // entry + 1; 0 empty
  private hashes = new Int32Array(ASCII_FIRST_ENTRIES);
  private starts = new Int32Array(ASCII_FIRST_ENTRIES);
  private lengths = new Uint8Array(ASCII_FIRST_ENTRIES);
  private counts = new Int32Array(ASCII_FIRST_ENTRIES);
  private pool = new Uint8Array(8 * ASCII_FIRST_ENTRIES);
  private used = 0;
  private entries = 0;

  count(c: Counter, text: string, start: number, end: number, encoding: EncodingName): number {
    const len = end - start;
    let h = 0x811c9dc5;
    for (let i = start; i < end; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
    const slot = this.find(h, text, start, len);
    if (slot < 0) return this.counts[-slot - 1];
    const n = c.table ? bytePairCount(c.table, this.keep(text, start, len)) : encoder(encoding).encode_ordinary(text.slice(start, end)).length;
    this.add(slot, h, len, n);
    return n;
  }

  /** -(entry + 1) when the piece is there, else the empty slot where it goes. */
  private find(h: number, text: string, start: number, len: number): number {
    const mask = this.slots.length - 1;
    let slot = h & mask;
    for (let e = this.slots[slot]; e !== 0; e = this.slots[slot]) {
      const k = e - 1;
      if (this.hashes[k] === h && this.lengths[k] === len && this.same(k, text, start, len)) return -e;
      slot = (slot + 1) & mask;
    }
    return slot;
  }

  /** The piece's bytes, copied to the end of the pool (entered by add()). */
  private keep(text: string, start: number, len: number): Uint8Array {
    if (this.used + len > this.pool.length) {
      const bigger = new Uint8Array(this.pool.length * 2);
      bigger.set(this.pool.subarray(0, this.used));
      this.pool = bigger;
    }
    for (let i = 0; i < len; i++) this.pool[this.used + i] = text.charCodeAt(start + i);
    return this.pool.subarray(this.used, this.used + len);
  }

  private add(slot: number, h: number, len: number, n: number): void {
    const at = this.used;
    this.used += len;
    if (this.entries === this.hashes.length) {
      if (this.entries >= ASCII_ENTRIES) {
        // full: start again with this piece (its bytes moved to the front of the pool)
        this.pool.copyWithin(0, at, at + len);
        this.used = len;
        this.entries = 0;
        this.slots.fill(0);
        this.put(h & (this.slots.length - 1), h, 0, len, n);
        return;
      }
      this.grow();
      slot = this.emptySlot(h);
    }
    this.put(slot, h, at, len, n);
  }

  private put(slot: number, h: number, at: number, len: number, n: number): void {
    const k = this.entries++;
    this.hashes[k] = h;
    this.starts[k] = at;
    this.lengths[k] = len;
    this.counts[k] = n;
    this.slots[slot] = k + 1;
  }

  private emptySlot(h: number): number {
    const mask = this.slots.length - 1;
    let slot = h & mask;
    while (this.slots[slot] !== 0) slot = (slot + 1) & mask;
    return slot;
  }

  /** Twice the entries and slots, the entries placed again. */
  private grow(): void {
    const size = this.hashes.length * 2;
    const widen = <T extends Int32Array | Uint8Array>(a: T, make: (n: number) => T): T => {
      const b = make(size);
      b.set(a);
      return b;
    };
    this.hashes = widen(this.hashes, (n) => new Int32Array(n));
    this.starts = widen(this.starts, (n) => new Int32Array(n));
    this.lengths = widen(this.lengths, (n) => new Uint8Array(n));
    this.counts = widen(this.counts, (n) => new Int32Array(n));
    this.slots = new Int32Array(2 * size);
    for (let k = 0; k < this.entries; k++) this.slots[this.emptySlot(this.hashes[k])] = k + 1;
  }

  private same(k: number, text: string, start: number, len: number): boolean {
    const at = this.starts[k];
    for (let i = 0; i < len; i++) if (this.pool[at + i] !== text.charCodeAt(start + i)) return false;
    return true;
  }
}

/** A piece's count, not remembered: by the rank table (n log n for a long piece), else tiktoken. */
function pieceTokens(c: Counter, piece: string, encoding: EncodingName): number {
  return c.table ? bytePairCount(c.table, Buffer.from(piece, 'utf8')) : encoder(encoding).encode_ordinary(piece).length;
}

function countPiece(c: Counter, piece: string, encoding: EncodingName): number {
  if (piece.length > MEMO_CHARS) {
    if (piece.length <= CHUNK_CHARS) return pieceTokens(c, piece, encoding);
    // a piece this long has no word boundary inside (the pre-tokenizer would have cut there): slices
    // are counted apart, which may add a token per slice
    let n = 0;
    for (let i = 0; i < piece.length; i += CHUNK_CHARS) n += pieceTokens(c, piece.slice(i, i + CHUNK_CHARS), encoding);
    return n;
  }
  let n = c.recent.get(piece);
  if (n !== undefined) return n;
  n = c.older.get(piece);
  if (n === undefined) n = pieceTokens(c, piece, encoding);
  c.recent.set(piece, n);
  if (c.recent.size >= MEMO_SIZE) {
    c.older = c.recent;
    c.recent = new Map();
  }
  return n;
}

/**
 * Tokens in a string; special-token text such as "<|endoftext|>" counts as ordinary text. The
 * text is split with the encoding's own pre-tokenizer (./pretokenize.ts; ASCII pieces by hand,
 * ./ascii-split.ts) and each piece counted once, then remembered: by tiktoken's merge rule over the
 * build's rank table (./ranks.ts), or by tiktoken itself when there is no table. The sum is
 * tiktoken's count of the whole text, at a fraction of the cost, and a huge text costs memory for
 * one piece at a time.
 */
export function countTokens(text: string, encoding: EncodingName): number {
  if (text.length === 0) return 0;
  const c = counter(encoding);
  let n = 0;
  for (let pos = 0; pos < text.length; ) {
    // ASCII pieces (most of most logs) are found by hand (./ascii-split.ts), the rest by the regex
    const end = asciiPieceEnd(text, pos, encoding);
    if (end > 0 && end - pos <= MEMO_CHARS) {
      n += c.ascii.count(c, text, pos, end, encoding);
      pos = end;
      continue;
    }
    const re = c.split ?? (c.split = pretokenizer(encoding));
    re.lastIndex = pos;
    const m = re.exec(text)!; // every position starts a piece
    n += countPiece(c, m[0], encoding);
    pos += m[0].length;
  }
  return n;
}

/**
 * Per-message framing of the chat format (OpenAI's published counting recipe):
 * 3 tokens per message, 1 more when it has a name, and 3 to prime the reply per request.
 */
export const TOKENS_PER_MESSAGE = 3;
export const TOKENS_PER_NAME = 1;
export const TOKENS_PER_REQUEST = 3;

/** The tokens one message adds to a prompt, framing included. */
export function countMessageTokens(m: ChatMessage, encoding: EncodingName): number {
  let n = TOKENS_PER_MESSAGE + countTokens(contentText(m.content), encoding);
  if (typeof m.name === 'string') n += TOKENS_PER_NAME + countTokens(m.name, encoding);
  if (Array.isArray(m.tool_calls) && m.tool_calls.length > 0) {
    n += countTokens(JSON.stringify(m.tool_calls), encoding);
  }
  return n;
}
