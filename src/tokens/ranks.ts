import fs from 'node:fs';
import type { EncodingName } from './models.js';

const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/**
 * An encoding's byte-pair ranks as the build wrote them (scripts/token-ranks.mjs, from tiktoken's
 * own data): token byte strings sorted bytewise, looked up by binary search in one buffer. Loading
 * it is a file read (3 MB for o200k_base), where building tiktoken's encoder takes 0.4 s and 75 MB
 * in every thread that counts.
 */
export class RankTable {
  private readonly ranks: Uint32Array;
  private readonly offsets: Uint32Array;
  private readonly keys: Uint8Array;
  private readonly n: number;

  private constructor(buf: Buffer) {
    if (buf.toString('latin1', 0, 4) !== 'AMRK' || buf.readUInt32LE(4) !== 1) throw new Error('not a rank table');
    this.n = buf.readUInt32LE(8);
    const keyBytes = buf.readUInt32LE(12);
    // copied into aligned arrays (the file's buffer may start at any byte of a pooled allocation)
    const u32 = (at: number, count: number) => {
      if (!LITTLE_ENDIAN) {
        const a = new Uint32Array(count);
        for (let i = 0; i < count; i++) a[i] = buf.readUInt32LE(at + 4 * i);
        return a;
      }
      return new Uint32Array(buf.buffer.slice(buf.byteOffset + at, buf.byteOffset + at + 4 * count));
    };
    this.ranks = u32(16, this.n);
    this.offsets = u32(16 + 4 * this.n, this.n + 1);
    const at = 16 + 8 * this.n + 4;
    this.keys = new Uint8Array(buf.buffer, buf.byteOffset + at, keyBytes);
  }

  /**
   * The table the build wrote for an encoding, beside this module (dist/tokens/). Run from the TypeScript
   * sources (src/tokens/, as the tests run), the one the build wrote to dist/tokens/ (tsconfig.build.json:
   * src/ -> dist/), so code under test counts as the binary does and not with tiktoken's encoder, five times
   * slower on the incidents. null when there is none (no build yet).
   */
  static load(encoding: EncodingName): RankTable | null {
    for (const rel of [`./${encoding}.ranks`, `../../dist/tokens/${encoding}.ranks`]) {
      const file = new URL(rel, import.meta.url);
      if (fs.existsSync(file)) return RankTable.fromFile(file);
    }
    return null;
  }

  static fromFile(file: string | URL): RankTable {
    return new RankTable(fs.readFileSync(file));
  }

  /** The rank of bytes[start, end), or -1 when it is no token. */
  rank(bytes: Uint8Array, start: number, end: number): number {
    const len = end - start;
    let lo = 0;
    let hi = this.n - 1;
    const { keys, offsets } = this;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const k0 = offsets[mid];
      const klen = offsets[mid + 1] - k0;
      let c = 0;
      const m = Math.min(klen, len);
      for (let i = 0; i < m; i++) {
        c = keys[k0 + i] - bytes[start + i];
        if (c !== 0) break;
      }
      if (c === 0) c = klen - len;
      if (c === 0) return this.ranks[mid];
      if (c < 0) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }
}

const NONE = 0xffffffff;

/** Above this many bytes a piece is merged with a heap (n log n) instead of tiktoken's rescans (n squared). */
const LONG_PIECE = 128;

/**
 * How many tokens byte-pair encoding makes of one pre-tokenized piece: tiktoken's
 * `_byte_pair_merge` (merge the adjacent pair of lowest rank, the leftmost on a tie, until no pair
 * is a token), counting instead of collecting. tiktoken rescans the piece after every merge, which
 * is quadratic: a 50,000-emoji run took it 68 s. A long piece is merged here in the same order with a
 * heap (`longPairCount`), so any piece costs n log n.
 */
export function bytePairCount(table: RankTable, piece: Uint8Array): number {
  const n = piece.length;
  if (n <= 1) return n;
  if (table.rank(piece, 0, n) >= 0) return 1;
  return n > LONG_PIECE ? longPairCount(table, piece) : shortPairCount(table, piece);
}

/** tiktoken's loop, step for step: parts and the rank of each part merged with the next. */
function shortPairCount(table: RankTable, piece: Uint8Array): number {
  const n = piece.length;
  const starts: number[] = [];
  const ranks: number[] = [];
  for (let i = 0; i < n - 1; i++) {
    const r = table.rank(piece, i, i + 2);
    starts.push(i);
    ranks.push(r < 0 ? NONE : r);
  }
  starts.push(n - 1, n);
  ranks.push(NONE, NONE);
  const rankAt = (i: number): number => {
    if (i + 3 >= starts.length) return NONE;
    const r = table.rank(piece, starts[i], starts[i + 3]);
    return r < 0 ? NONE : r;
  };
  for (;;) {
    let min = NONE;
    let at = -1;
    for (let i = 0; i < ranks.length - 1; i++) {
      if (ranks[i] < min) {
        min = ranks[i];
        at = i;
      }
    }
    if (at < 0) break;
    if (at > 0) ranks[at - 1] = rankAt(at - 1);
    ranks[at] = rankAt(at);
    starts.splice(at + 1, 1);
    ranks.splice(at + 1, 1);
  }
  return starts.length - 1;
}

/**
 * The same merges in the same order, for a long piece: parts in a linked list (by start byte), and
 * a min-heap of (rank, start) for every adjacent pair that is a token. The smallest rank at the
 * smallest start is tiktoken's "lowest rank, leftmost"; an entry whose pair has changed since it
 * was pushed is skipped when it comes up.
 */
export function longPairCount(table: RankTable, piece: Uint8Array): number {
  const n = piece.length;
  // part starting at byte i: next part's start (n at the end), previous part's start, alive
  const next = new Int32Array(n);
  const prev = new Int32Array(n);
  const alive = new Uint8Array(n).fill(1);
  for (let i = 0; i < n; i++) {
    next[i] = i + 1;
    prev[i] = i - 1;
  }
  const heap = new PairHeap();
  const end = (i: number): number => (next[i] < n ? next[next[i]] : n);
  const push = (i: number) => {
    if (next[i] >= n) return;
    const r = table.rank(piece, i, end(i));
    if (r >= 0) heap.push(r, i, end(i));
  };
  for (let i = 0; i < n - 1; i++) push(i);
  let parts = n;
  for (;;) {
    const top = heap.pop();
    if (!top) break;
    const [, i, pairEnd] = top;
    // stale: the part is gone, or its pair is no longer the one ranked
    if (!alive[i] || next[i] >= n || end(i) !== pairEnd) continue;
    const j = next[i];
    alive[j] = 0;
    next[i] = next[j];
    if (next[j] < n) prev[next[j]] = i;
    parts--;
    if (prev[i] >= 0) push(prev[i]);
    push(i);
  }
  return parts;
}

/** A binary min-heap of (rank, start, end), ordered by rank then start. */
class PairHeap {
  private readonly rank: number[] = [];
  private readonly start: number[] = [];
  private readonly end: number[] = [];

  private less(a: number, b: number): boolean {
    return this.rank[a] < this.rank[b] || (this.rank[a] === this.rank[b] && this.start[a] < this.start[b]);
  }

  private swap(a: number, b: number): void {
    for (const arr of [this.rank, this.start, this.end]) [arr[a], arr[b]] = [arr[b], arr[a]];
  }

  push(rank: number, start: number, end: number): void {
    this.rank.push(rank);
    this.start.push(start);
    this.end.push(end);
    let i = this.rank.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!this.less(i, p)) break;
      this.swap(i, p);
      i = p;
    }
  }

  pop(): [number, number, number] | null {
    const size = this.rank.length;
    if (size === 0) return null;
    const top: [number, number, number] = [this.rank[0], this.start[0], this.end[0]];
    const last = size - 1;
    this.swap(0, last);
    this.rank.pop();
    this.start.pop();
    this.end.pop();
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < last && this.less(l, m)) m = l;
      if (r < last && this.less(r, m)) m = r;
      if (m === i) break;
      this.swap(i, m);
      i = m;
    }
    return top;
  }
}
