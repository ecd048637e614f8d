// Issue 26: nesting, row-size and field-size limits on the readers. A hostile value is a bad line
// (counted, with its reason), never a stack overflow or an out-of-memory abort of the whole run.
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { formatByName } from './formats.js';
import type { IngestItem } from './types.js';

async function readAll(format: string, text: string): Promise<IngestItem[]> {
  const items: IngestItem[] = [];
  for await (const item of formatByName(format)!.read(Readable.from([Buffer.from(text)]), { display: 'limits', maxLineBytes: 1 << 26 })) items.push(item);
  return items;
}

/** An OTLP attribute value nested n deep, built as text (JSON.stringify itself overflows on it). */
function deepAnyValue(n: number, kind: 'array' | 'kvlist'): string {
  const open = kind === 'array' ? '{"arrayValue":{"values":[' : '{"kvlistValue":{"values":[{"key":"k","value":';
  const close = kind === 'array' ? ']}}' : '}]}}';
  return `${open.repeat(n)}{"stringValue":"bottom"}${close.repeat(n)}`;
}

const HI = JSON.stringify('[{"role":"user","parts":[{"type":"text","content":"hi"}]}]');

function otlpLine(session: string, extra: string, messages = HI): string {
  const attrs = [
    '{"key":"gen_ai.operation.name","value":{"stringValue":"chat"}}',
    `{"key":"gen_ai.conversation.id","value":{"stringValue":"${session}"}}`,
    '{"key":"gen_ai.request.model","value":{"stringValue":"gpt-4o"}}',
    `{"key":"gen_ai.input.messages","value":{"stringValue":${messages}}}`,
    ...(extra ? [`{"key":"deep","value":${extra}}`] : []),
  ].join(',');
  const span = `{"traceId":"${session.padEnd(32, '0')}","spanId":"${session.padEnd(16, '0')}","name":"chat gpt-4o","kind":3,"startTimeUnixNano":"1772445000000000000","endTimeUnixNano":"1772445002000000000","attributes":[${attrs}]}`;
  return `{"resourceSpans":[{"resource":{"attributes":[]},"scopeSpans":[{"scope":{"name":"s"},"spans":[${span}]}]}]}`;
}

describe('OTLP: a value nested past 256 levels is a bad line, never a stack overflow', () => {
  for (const kind of ['array', 'kvlist'] as const) {
    for (const layout of ['lines', 'document'] as const) {
      it(`${kind} values 6,000 deep (${layout === 'lines' ? 'JSON Lines' : 'one pretty-printed document'}); the other span is read`, async () => {
        const bad = otlpLine('aaaa', deepAnyValue(6000, kind));
        const good = otlpLine('bbbb', '');
        const text = layout === 'lines' ? `${good}\n${bad}\n` : `${JSON.stringify(JSON.parse(good), null, 1)}\n${bad}\n`;
        const items = await readAll('otlp-genai', text);
        const bads = items.filter((i) => i.type === 'bad');
        expect(bads.length, JSON.stringify(bads.map((b) => b.type === 'bad' && b.reason))).toBeGreaterThanOrEqual(1);
        expect(bads.map((b) => (b.type === 'bad' ? b.reason : ''))).toEqual([expect.stringMatching(/nested deeper than 256/)]);
        expect(items.some((i) => i.type === 'event' && i.event.session === 'bbbb')).toBe(true);
      });
    }
  }

  it('JSON text nested 6,000 deep inside a string attribute (gen_ai.input.messages) is a bad line', async () => {
    const deepText = JSON.stringify(`[${'{"role":"user","parts":['.repeat(6000)}${']}'.repeat(6000)}]`);
    const line = otlpLine('aaaa', '', deepText);
    const items = await readAll('otlp-genai', `${line}\n${otlpLine('bbbb', '')}\n`);
    expect(items.filter((i) => i.type === 'bad').map((b) => (b.type === 'bad' ? b.reason : ''))).toEqual([expect.stringMatching(/nested deeper than 256/)]);
    expect(items.some((i) => i.type === 'event' && i.event.session === 'bbbb')).toBe(true);
  });
});
