import { InvalidEvent } from '../../events/validate.js';
import type { IngestItem, ReadOptions } from '../types.js';
import { TraceAssembler, type Draft } from './assemble.js';
import { rawText, readOtlpContainer } from './container.js';
import { BadLines, bad, noSession, readyItems } from './emit.js';
import { spanInfo, type SpanInfo } from './span.js';

/** What a convention makes of one span: everything but where it was found. */
export type SpanDraft = Omit<Draft, 'traceId' | 'line' | 'label' | 'raw'>;
export type SpanConverter = (span: SpanInfo) => SpanDraft;

export function spanLabel(s: { name: string; spanId: string }): string {
  return `span "${s.name}" (${s.spanId})`;
}

/**
 * Read an OTLP/JSON file with a span converter: spans -> drafts -> placed in their session and turn ->
 * validated native events. A span the converter rejects is a bad item naming the span and the reason.
 */
export async function* readOtlp(
  content: AsyncIterable<Buffer | string>,
  opts: ReadOptions,
  convert: SpanConverter,
  sessionKeys: string,
): AsyncGenerator<IngestItem> {
  const assembler = new TraceAssembler();
  const lines = new BadLines();
  for await (const x of readOtlpContainer(content, opts)) {
    if (x.type === 'bad') {
      yield* lines.push(x);
      continue;
    }
    if (x.type !== 'span') continue;
    let info: SpanInfo;
    let draft: Draft;
    const v = x.value as { name?: unknown; spanId?: unknown };
    const label = spanLabel({ name: typeof v?.name === 'string' ? v.name : '?', spanId: typeof v?.spanId === 'string' ? v.spanId : '?' });
    try {
      info = spanInfo(x.value, x.resource, x.scope);
      draft = { ...convert(info), traceId: info.traceId, line: x.line, label, raw: x.raw, source: x.raw ? undefined : x.value };
    } catch (err) {
      if (!(err instanceof InvalidEvent)) throw err;
      yield* lines.push(bad(x.line, `${label}: ${err.message}`, rawText(x)));
      continue;
    }
    const { ready, evicted } = assembler.add(draft);
    for (const d of evicted) yield* lines.push(noSession(d, sessionKeys));
    for (const r of ready) for (const item of readyItems(r)) yield* lines.push(item);
  }
  yield* lines.flush();
  for (const d of assembler.finish()) yield* lines.push(noSession(d, sessionKeys));
  yield* lines.flush();
}
