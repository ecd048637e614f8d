import type { Readable } from 'node:stream';
import type { IngestItem, InputFormat, ReadOptions } from '../types.js';
import { isOtlpHead } from '../otlp/index.js';
import { readOtlp } from '../otlp/read.js';
import { convertOpenInferenceSpan, SESSION_LOOKED_AT } from './convert.js';

/**
 * OpenInference spans (Arize Phoenix, the OpenInference instrumentations) in the OTLP/JSON container
 * the `otlp-genai` reader also reads (src/ingest/otlp/container.ts). Detected from `resourceSpans`
 * plus the `openinference.span.kind` attribute, which the spec requires on every span.
 */
export const openInferenceFormat: InputFormat = {
  name: 'openinference',
  description: 'OpenInference spans (Arize Phoenix) in OTLP/JSON: openinference.span.kind, llm.*, retrieval.documents, session.id',
  detect(head) {
    return isOtlpHead(head) && /"openinference\.span\.kind"/.test(head) ? 13 : 0;
  },
  joinsLogRecords: true,
  read(content: Readable, opts: ReadOptions): AsyncIterable<IngestItem> {
    return readOtlp(content, opts, convertOpenInferenceSpan, SESSION_LOOKED_AT);
  },
};
