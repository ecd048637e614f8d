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

  /** The table the build wrote for an encoding; null when there is none (running from the TypeScript sources). */
  static load(encoding: EncodingName): RankTable | null {
    const file = new URL(`./${encoding}.ranks`, import.meta.url);
    return fs.existsSync(file) ? RankTable.fromFile(file) : null;
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
      const m = klen < len ? klen : len;
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

/**
 * How many tokens byte-pair encoding makes of one pre-tokenized piece: tiktoken's
 * `_byte_pair_merge`, step for step (merge the adjacent pair of lowest rank, the leftmost on a tie,
 * until no pair is a token), counting instead of collecting. Quadratic in the piece's length, as
 * tiktoken's is: long pieces go to tiktoken (see count.ts).
 */
export function bytePairCount(table: RankTable, piece: Uint8Array): number {
  const n = piece.length;
  if (n <= 1) return n;
  if (table.rank(piece, 0, n) >= 0) return 1;
  // parts[i] = start of a part; rank[i] = rank of parts i and i + 1 merged (NONE if no token)
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
