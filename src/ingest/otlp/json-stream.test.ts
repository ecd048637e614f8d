import { describe, expect, it } from 'vitest';
import { scanJson, type Decision, type PathKey, type ScanItem } from './json-stream.js';

async function scan(text: string, want: (p: PathKey[]) => Decision, max = 1 << 20, chunk = 0): Promise<ScanItem[]> {
  const buf = Buffer.from(text);
  const chunks: Buffer[] = [];
  if (chunk > 0) for (let i = 0; i < buf.length; i += chunk) chunks.push(buf.subarray(i, i + chunk));
  else chunks.push(buf);
  const out: ScanItem[] = [];
  async function* src() {
    yield* chunks;
  }
  for await (const x of scanJson(src(), want, max)) out.push(x);
  return out;
}

const spans = (p: PathKey[]): Decision =>
  p.length === 0 || (p.length === 1 && p[0] === 'spans') ? 'descend' : p.length === 2 && p[0] === 'spans' ? 'capture' : 'skip';

describe('scanJson', () => {
  const doc = '{\n  "meta": {"a": [1, 2, {"b": "}"}]},\n  "spans": [\n    {"id": 1, "t": "x\\"y"},\n    {\n      "id": 2\n    }\n  ]\n}\n';

  it('captures the values asked for, each with the line where it starts, and skips the rest', async () => {
    const values = (await scan(doc, spans)).filter((x) => x.type === 'value');
    expect(values.map((v) => v.type === 'value' && [v.path, v.line, JSON.parse(v.text)])).toEqual([
      [['spans', 0], 4, { id: 1, t: 'x"y' }],
      [['spans', 1], 5, { id: 2 }],
    ]);
  });

  it('gives the same result whatever the chunk boundaries (one byte at a time)', async () => {
    expect(await scan(doc, spans, 1 << 20, 1)).toEqual(await scan(doc, spans));
  });

  it('reports the end of descended containers', async () => {
    const ends = (await scan(doc, spans)).filter((x) => x.type === 'end').map((x) => x.type === 'end' && x.path);
    expect(ends).toEqual([['spans'], []]);
  });

  it('decodes escaped keys and captures primitives', async () => {
    const items = await scan('{"k\\u0065y": "v", "n": -1.5e3, "t": true}', (p) => (p.length === 0 ? 'descend' : 'capture'));
    expect(items.filter((x) => x.type === 'value').map((x) => x.type === 'value' && [x.path[0], JSON.parse(x.text)])).toEqual([
      ['key', 'v'],
      ['n', -1500],
      ['t', true],
    ]);
  });

  it('reads several documents one after the other', async () => {
    const items = await scan('{"spans":[{"id":1}]}\n{"spans":[{"id":2}]}\n', spans);
    expect(items.filter((x) => x.type === 'value').map((x) => x.type === 'value' && x.line)).toEqual([1, 2]);
  });

  it('reports a value over the limit without keeping it, and goes on', async () => {
    const big = `{"spans": [{"x": "${'a'.repeat(500)}"}, {"id": 2}]}`;
    const items = await scan(big, spans, 100, 7);
    expect(items[0]).toMatchObject({ type: 'problem', fatal: false, rawBytes: 509 });
    expect(items[0].type === 'problem' && items[0].raw.length).toBeLessThanOrEqual(100);
    expect(items[1]).toMatchObject({ type: 'value', text: '{"id": 2}' });
  });

  it('stops at a structural error with its line, and at a truncated document', async () => {
    const broken = await scan('{\n"spans": [\n{"id": 1}\n{"id": 2}]}', spans);
    expect(broken.at(-1)).toMatchObject({ type: 'problem', fatal: true, line: 4 });
    const cut = await scan('{\n"spans": [\n{"id": 1},\n{"id":', spans);
    expect(cut.filter((x) => x.type === 'value')).toHaveLength(1);
    expect(cut.at(-1)).toMatchObject({ type: 'problem', fatal: true, reason: expect.stringMatching(/^truncated document/) });
  });
});
