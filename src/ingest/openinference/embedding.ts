import type { DraftEvent } from '../otlp/assemble.js';
import { int, listOf, str, type SpanInfo } from '../otlp/span.js';

/**
 * OpenInference EMBEDDING spans (`@arizeai/openinference-instrumentation-openai` per `embeddings.create`,
 * `traceEmbedding`): `embedding.model_name`, `embedding.embeddings.N.embedding.text` and `.vector`,
 * `llm.token_count.*`.
 *
 *   inside a RETRIEVER span (the question embedded to search with) -> part of that retrieval: the
 *     `retrieval` gets `embedding_model` (and `query_embedding_dimensions`), no event of its own;
 *   anywhere else (documents embedded to be indexed) -> `openinference.embedding`, read: `model`,
 *     `texts` (what was embedded), `count`, `dimensions`, `usage`, the span's ids; the vectors are
 *     not kept (thousands of numbers each, which no analyzer reads).
 */
export function embeddingEvent(s: SpanInfo): DraftEvent {
  const items = listOf(s.attrs, 'embedding.embeddings');
  const texts = items.map((e) => str(e['embedding.text'])).filter((t): t is string => t !== undefined);
  const vector = items.map((e) => e['embedding.vector']).find(Array.isArray) as unknown[] | undefined;
  const input = int(s.attrs['llm.token_count.prompt']);
  const total = int(s.attrs['llm.token_count.total']);
  return {
    kind: 'openinference.embedding',
    ts: s.start,
    id: `${s.spanId}:openinference.embedding`,
    fields: {
      name: s.name,
      trace_id: s.traceId,
      span_id: s.spanId,
      ...(s.parentSpanId ? { parent_span_id: s.parentSpanId } : {}),
      ...(s.end !== null ? { duration_ms: Math.round(s.end - s.start) } : {}),
      ...(s.error ? { error: s.statusMessage ?? 'error' } : {}),
      model: str(s.attrs['embedding.model_name']) ?? 'unknown',
      texts,
      count: items.length,
      ...(vector ? { dimensions: vector.length } : {}),
      ...(input !== undefined || total !== undefined
        ? { usage: { ...(input !== undefined ? { input_tokens: input } : {}), ...(total !== undefined ? { total_tokens: total } : {}) } }
        : {}),
    },
  };
}
