/**
 * The default embedding: deterministic, local, no model download. Hashed character n-grams
 * (word-boundary trigrams for Latin script, bigrams for Han) folded into 256 dimensions and
 * L2-normalised. It catches spelling variants and partial words that exact terms miss; a user
 * passes a real embedding function (`embed` option) for semantic recall.
 */
import type { Embedder } from './types.js';

export const HASH_DIMENSIONS = 256;

function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

const TOKEN_RE = /\p{Script=Han}+|[\p{L}\p{N}]+/gu;
const HAN_RE = /^\p{Script=Han}/u;

export const hashEmbedder: Embedder = (text: string) => {
  const v = new Float32Array(HASH_DIMENSIONS);
  for (const m of text.toLowerCase().matchAll(TOKEN_RE)) {
    const tok = m[0];
    const grams: string[] = [];
    if (HAN_RE.test(tok)) {
      const chars = [...tok];
      if (chars.length === 1) grams.push(chars[0]);
      for (let i = 0; i + 1 < chars.length; i++) grams.push(chars[i] + chars[i + 1]);
    } else {
      const w = `^${tok}$`;
      if (tok.length <= 2) grams.push(w);
      for (let i = 0; i + 3 <= w.length; i++) grams.push(w.slice(i, i + 3));
    }
    for (const g of grams) {
      const h = fnv1a(g);
      v[h % HASH_DIMENSIONS] += h & 0x80000000 ? -1 : 1;
    }
  }
  let norm = 0;
  for (const x of v) norm += x * x;
  norm = Math.sqrt(norm);
  if (norm > 0) for (let i = 0; i < v.length; i++) v[i] /= norm;
  return v;
};

export function cosine(a: ArrayLike<number>, b: ArrayLike<number>): number {
  const n = Math.min(a.length, b.length);
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < n; i++) {
    dot += a[i] * b[i];
    na += a[i] * a[i];
    nb += b[i] * b[i];
  }
  return na > 0 && nb > 0 ? dot / Math.sqrt(na * nb) : 0;
}

export function toBlob(v: Float32Array | number[]): Buffer {
  const f = v instanceof Float32Array ? v : Float32Array.from(v);
  return Buffer.from(f.buffer, f.byteOffset, f.byteLength);
}

export function fromBlob(b: Buffer | null): Float32Array | null {
  if (!b || b.length === 0) return null;
  const copy = Buffer.from(b);
  return new Float32Array(copy.buffer, copy.byteOffset, copy.byteLength / 4);
}
