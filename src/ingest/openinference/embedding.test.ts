import { describe, expect, it } from 'vitest';
import type { IngestItem } from '../types.js';
import { otlpDoc, rawSpan, readAll } from '../otlp/__tests__/helpers.js';
import { openInferenceFormat } from './index.js';

// EMBEDDING spans as @arizeai/openinference-instrumentation-openai 4.2.7 writes them
// (fixtures/real/generated-frameworks/samples/openinference-rag.jsonl is the whole run)
type Ev = Extract<IngestItem, { type: 'event' }>;
const evs = (items: IngestItem[]) =>
  items
    .filter((i): i is Ev => i.type === 'event')
    .map((i): Record<string, any> => ({ kind: i.event.kind, session: i.event.session, ...(i.event.body as Record<string, any>) }));
const read = (...docs: Record<string, unknown>[][]) => readAll(openInferenceFormat, docs.map((d) => JSON.stringify(otlpDoc(d))).join('\n'));

const embedding = (spanId: string, parent: string | undefined, texts: string[]) =>
  rawSpan({
    spanId,
    parentSpanId: parent,
    name: 'OpenAI Embeddings',
    attrs: {
      'session.id': 's1',
      'openinference.span.kind': 'EMBEDDING',
      'embedding.model_name': 'text-embedding-3-small',
      ...Object.fromEntries(
        texts.flatMap((t, i) => [
          [`embedding.embeddings.${i}.embedding.text`, t],
          [`embedding.embeddings.${i}.embedding.vector`, [0.5, 0.5, 0.1]],
        ]),
      ),
      'llm.token_count.prompt': 12,
      'llm.token_count.total': 12,
    },
  });
const retriever = (spanId: string) =>
  rawSpan({
    spanId,
    name: 'guide-search',
    attrs: {
      'session.id': 's1',
      'openinference.span.kind': 'RETRIEVER',
      'input.value': 'a museum in Rome?',
      'retrieval.documents.0.document.id': 'doc-vatican',
      'retrieval.documents.0.document.score': 0.714,
    },
  });

describe('OpenInference EMBEDDING spans', () => {
  it('inside a retriever: part of that retrieval (its embedding model), in either order of the export, no event of its own', async () => {
    for (const docs of [
      [[embedding('e1', 'r1', ['a museum in Rome?']), retriever('r1')]],
      [[embedding('e1', 'r1', ['a museum in Rome?'])], [retriever('r1')]],
    ]) {
      const out = evs(await read(...docs));
      expect(out.map((e) => e.kind)).toEqual(['retrieval']);
      expect(out[0]).toMatchObject({
        embedding_model: 'text-embedding-3-small',
        query_embedding_dimensions: 3,
        candidates: [{ id: 'doc-vatican', score: 0.714 }],
      });
    }
  });

  it('anywhere else (documents embedded to be indexed): one event with the model, the texts and their count, no vectors', async () => {
    const out = evs(await read([embedding('e2', undefined, ['Borghese.', 'Vatican.'])]));
    expect(out).toHaveLength(1);
    expect(out[0]).toMatchObject({
      kind: 'openinference.embedding',
      model: 'text-embedding-3-small',
      texts: ['Borghese.', 'Vatican.'],
      count: 2,
      dimensions: 3,
    });
    expect(out[0].usage).toEqual({ input_tokens: 12, total_tokens: 12 });
    expect(JSON.stringify(out[0])).not.toContain('0.5');
  });

  it('look-alike: an embedding under a span that is not a retriever stays an event of its own', async () => {
    const chain = rawSpan({ spanId: 'c1', name: 'turn', attrs: { 'session.id': 's1', 'openinference.span.kind': 'CHAIN' } });
    const out = evs(await read([embedding('e3', 'c1', ['x']), chain]));
    expect(out.map((e) => e.kind).sort()).toEqual(['openinference.chain', 'openinference.embedding']);
  });
});
