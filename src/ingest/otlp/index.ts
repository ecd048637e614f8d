import type { Readable } from 'node:stream';
import type { IngestItem, InputFormat, ReadOptions } from '../types.js';
import { convertGenAiSpan, SESSION_LOOKED_AT } from './genai.js';
import { readOtlp } from './read.js';

/** Does this head look like OTLP/JSON traces? (the key that every OTLP trace export starts with) */
export function isOtlpHead(head: string): boolean {
  return /"(resourceSpans|resource_spans|resourceLogs|resource_logs)"\s*:/.test(head);
}

/**
 * OTLP/JSON traces with the OpenTelemetry GenAI semantic conventions (conventions.ts has the
 * attribute names, one table per convention version; genai.ts the mapping).
 * Detected from `resourceSpans` (or `resourceLogs`) plus a `gen_ai.` or `amnesia.` attribute (or
 * Langfuse's `langfuse.observation.type`, OpenLLMetry's `traceloop.span.kind`); a file
 * whose spans carry `openinference.span.kind` is left to the `openinference` reader, unless they are
 * Vercel AI SDK spans (`ai.operationId`).
 */
export const otlpGenAiFormat: InputFormat = {
  name: 'otlp-genai',
  description: 'OpenTelemetry OTLP/JSON traces with the GenAI semantic conventions (collector file exporter, one document per line or per file)',
  detect(head) {
    if (!isOtlpHead(head)) return 0;
    // Vercel AI SDK spans are read from their own ai.* attributes (vercel.ts), also when
    // @arizeai/openinference-vercel has added OpenInference attributes on top of them
    if (/"ai\.operationId"/.test(head)) return 14;
    if (/"openinference\.span\.kind"/.test(head)) return 0;
    // spans of a convention or SDK this reader knows; an OTLP file of HTTP and database spans only is not GenAI
    return /"(gen_ai|amnesia)\.[a-z_.]+"|"langfuse\.observation\.type"|"traceloop\.span\.kind"/.test(head) ? 12 : 0;
  },
  joinsLogRecords: true,
  read(content: Readable, opts: ReadOptions): AsyncIterable<IngestItem> {
    return readOtlp(content, opts, convertGenAiSpan, SESSION_LOOKED_AT);
  },
};
