import type { Draft } from './assemble.js';

/** A draft that is one embedding call (OpenInference's `openinference.embedding`, ../openinference/embedding.ts). */
const isEmbedding = (d: Draft): boolean => d.events.length === 1 && d.events[0].kind === 'openinference.embedding';

/**
 * Embedding drafts wait (bounded) for the span they were made in: a retrieval takes them in (its
 * `embedding_model`); any other parent, or none by the end of the file, and they go on as events.
 * Exporters write a child before its parent, so the embedding comes first.
 */
export class EmbeddingFold {
  private readonly held = new Map<string, Draft>();

  constructor(private readonly max = 10_000) {}

  /** The drafts to place now, in order. */
  apply(d: Draft): Draft[] {
    if (isEmbedding(d)) {
      const parent = d.events[0].fields.parent_span_id;
      if (typeof parent !== 'string') return [d];
      const out: Draft[] = [];
      const prev = this.held.get(parent);
      if (prev) out.push(prev);
      this.held.set(parent, d);
      while (this.held.size > this.max) {
        const [k, v] = this.held.entries().next().value as [string, Draft];
        this.held.delete(k);
        out.push(v);
      }
      return out;
    }
    const out: Draft[] = [];
    const events = d.events.map((e) => {
      const id = e.kind === 'retrieval' ? e.fields.retrieval_id : undefined;
      const emb = typeof id === 'string' ? this.held.get(id) : undefined;
      if (!emb || typeof id !== 'string') return e;
      this.held.delete(id);
      const f = emb.events[0].fields;
      return { ...e, fields: { ...e.fields, embedding_model: f.model, ...(f.dimensions !== undefined ? { query_embedding_dimensions: f.dimensions } : {}) } };
    });
    out.push({ ...d, events });
    return out;
  }

  /** Every embedding still waiting (the end of the file). */
  release(): Draft[] {
    const out = [...this.held.values()];
    this.held.clear();
    return out;
  }
}
