/**
 * The engine's hooks may be asynchronous (a hosted embedding model, an LLM extractor) while its
 * core stays synchronous (SQLite, one process, deterministic). The bridge: an async embedder's
 * vectors are fetched ahead by the engine's async methods (`userMessageAsync`, `searchAsync`,
 * `buildPromptAsync`) and kept in a bounded cache the synchronous core reads; a text the core meets
 * before its vector arrived is scored lexically, and its stored rows get their vector when it comes
 * (`settle()` waits for that). A synchronous embedder passes through untouched.
 */
import type { Extracted } from './extract.js';
import type { Embedder } from './types.js';

export type Vector = Float32Array | number[];
/** An embedder that answers later (a hosted or local embedding model). */
export type AsyncEmbedder = (text: string) => Promise<Vector>;
/** An extractor of the memories one user message calls for; the engine's own is `extractMemories`. */
export type Extractor = (text: string) => Extracted[] | Promise<Extracted[]>;

const CACHE_ENTRIES = 4096;

function isThenable<T>(x: unknown): x is PromiseLike<T> {
  return !!x && typeof (x as { then?: unknown }).then === 'function';
}

export class EmbedBridge {
  private readonly cache = new Map<string, Vector>();
  private readonly inflight = new Map<string, Promise<void>>();
  /** errors of the user's embedder, newest last (a failed vector leaves the text lexical) */
  readonly errors: string[] = [];
  /** called with each vector that arrived after the core had to go without it */
  onLate: ((text: string, v: Vector) => void) | null = null;

  constructor(private readonly user: Embedder | AsyncEmbedder) {}

  /** The synchronous embedder the core uses: the vector when known now, else null (lexical only). */
  readonly sync = (text: string): Vector | null => {
    const hit = this.cache.get(text);
    if (hit) return hit;
    if (this.inflight.has(text)) return null;
    const r = this.user(text) as Vector | Promise<Vector>;
    if (!isThenable<Vector>(r)) return r;
    this.track(text, r, true);
    return null;
  };

  /** Fetch the vectors of these texts (once each) before the core needs them. */
  async ready(texts: readonly string[]): Promise<void> {
    const waits: Promise<void>[] = [];
    for (const t of texts) {
      if (!t || this.cache.has(t)) continue;
      const known = this.inflight.get(t);
      if (known) {
        waits.push(known);
        continue;
      }
      const r = this.user(t) as Vector | Promise<Vector>;
      if (isThenable<Vector>(r)) waits.push(this.track(t, r, false));
      else this.remember(t, r);
    }
    await Promise.all(waits);
  }

  /** Wait until every vector asked for has arrived (or failed). */
  async settle(): Promise<void> {
    while (this.inflight.size) await Promise.all([...this.inflight.values()]);
  }

  private track(text: string, p: PromiseLike<Vector>, late: boolean): Promise<void> {
    const done = Promise.resolve(p).then(
      (v) => {
        this.remember(text, v);
        if (late) this.onLate?.(text, v);
      },
      (err: unknown) => {
        this.errors.push(`embedding failed for a ${text.length}-character text: ${err instanceof Error ? err.message : String(err)}`);
        if (this.errors.length > 100) this.errors.shift();
      },
    );
    const tracked = done.finally(() => this.inflight.delete(text));
    this.inflight.set(text, tracked);
    return tracked;
  }

  private remember(text: string, v: Vector): void {
    if (this.cache.size >= CACHE_ENTRIES) this.cache.delete(this.cache.keys().next().value as string);
    this.cache.set(text, v);
  }
}
