/**
 * Okapi BM25 over token lists (from the text layer's tokenizer): how well a query fits each
 * document of a small collection, here the memories a retrieval could have seen.
 */

export interface Bm25Params {
  k1: number;
  b: number;
}

export const BM25_DEFAULTS: Bm25Params = { k1: 1.2, b: 0.75 };

export interface Bm25Match {
  score: number;
  /** query tokens the document holds, in query order, without repeats */
  shared: string[];
}

export class Bm25 {
  private readonly docs = new Map<string, { tf: Map<string, number>; len: number }>();
  private readonly df = new Map<string, number>();
  /** token -> ids of documents holding it */
  private readonly postings = new Map<string, Set<string>>();
  private totalLen = 0;

  constructor(private readonly p: Bm25Params = BM25_DEFAULTS) {}

  get size(): number {
    return this.docs.size;
  }

  /** Add (or replace) a document. */
  set(id: string, toks: readonly string[]): void {
    this.delete(id);
    const tf = new Map<string, number>();
    for (const t of toks) tf.set(t, (tf.get(t) ?? 0) + 1);
    for (const t of tf.keys()) {
      this.df.set(t, (this.df.get(t) ?? 0) + 1);
      let ids = this.postings.get(t);
      if (!ids) this.postings.set(t, (ids = new Set()));
      ids.add(id);
    }
    this.docs.set(id, { tf, len: toks.length });
    this.totalLen += toks.length;
  }

  delete(id: string): void {
    const d = this.docs.get(id);
    if (!d) return;
    for (const t of d.tf.keys()) {
      const n = (this.df.get(t) ?? 1) - 1;
      if (n <= 0) this.df.delete(t);
      else this.df.set(t, n);
      this.postings.get(t)?.delete(id);
    }
    this.totalLen -= d.len;
    this.docs.delete(id);
  }

  has(id: string): boolean {
    return this.docs.has(id);
  }

  /** Ids of documents holding at least one of the tokens. */
  candidates(query: readonly string[]): Set<string> {
    const out = new Set<string>();
    for (const t of new Set(query)) for (const id of this.postings.get(t) ?? []) out.add(id);
    return out;
  }

  /** How many documents hold the token. */
  docFreq(t: string): number {
    return this.df.get(t) ?? 0;
  }

  /** idf with the +1 inside the log (never negative, as in Lucene). */
  idf(t: string): number {
    const n = this.docs.size;
    const df = this.df.get(t) ?? 0;
    return Math.log(1 + (n - df + 0.5) / (df + 0.5));
  }

  score(query: readonly string[], id: string): Bm25Match {
    const d = this.docs.get(id);
    if (!d) return { score: 0, shared: [] };
    const avg = this.docs.size > 0 ? this.totalLen / this.docs.size : 1;
    const { k1, b } = this.p;
    let score = 0;
    const shared: string[] = [];
    for (const t of new Set(query)) {
      const f = d.tf.get(t);
      if (!f) continue;
      shared.push(t);
      score += (this.idf(t) * f * (k1 + 1)) / (f + k1 * (1 - b + (b * d.len) / (avg || 1)));
    }
    return { score, shared };
  }
}
