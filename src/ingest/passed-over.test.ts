import { describe, expect, it } from 'vitest';
import { PassedOver } from './jsonl.js';
import type { IngestItem } from './types.js';

const looksLike = (line: string) => /"type"\s*:\s*"(user|assistant)"/.test(line);

function run(lines: { text: string; used?: boolean }[], maxChars?: number) {
  const p = new PassedOver('a test entry', looksLike, maxChars);
  lines.forEach((l, i) => p.line(i + 1, l.text, !!l.used, (JSON.parse(l.text) as { type?: unknown }).type));
  const notes: string[] = [];
  const bad = [...p.end((n) => notes.push(n))] as Extract<IngestItem, { type: 'bad' }>[];
  return { bad, notes };
}

describe('PassedOver: lines a reader passed over are bad lines only when no line of the file was its format', () => {
  it('no line looks like the format: every passed line is a bad line, in order, naming what it is not', () => {
    const { bad, notes } = run([{ text: '{"type":"session_meta"}' }, { text: '{"resourceSpans":[]}' }]);
    expect(bad.map((b) => [b.line, b.reason, b.raw.toString()])).toEqual([
      [1, 'not a test entry (no line of this file is one)', '{"type":"session_meta"}'],
      [2, 'not a test entry (no line of this file is one)', '{"resourceSpans":[]}'],
    ]);
    expect(notes).toEqual([]);
  });

  it('look-alike: bookkeeping before the first entry of the format is let go, with or without an event from it', () => {
    expect(run([{ text: '{"type":"summary"}' }, { text: '{"type":"user"}' }]).bad).toEqual([]);
    expect(run([{ text: '{"type":"summary"}' }, { text: '{"kind":"x"}', used: true }]).bad).toEqual([]);
  });

  it("the format's lines, none giving an event: one note with the count and the types seen", () => {
    const { bad, notes } = run([{ text: '{"type":"user"}' }, { text: '{"type":"summary"}' }, { text: '{"type":"summary"}' }]);
    expect(bad).toEqual([]);
    expect(notes).toEqual(['3 lines, none a model call or a message: user (1), summary (2)']);
  });

  it('look-alike: a line that gave an event means no note', () => {
    expect(run([{ text: '{"type":"summary"}' }, { text: '{"type":"user"}', used: true }]).notes).toEqual([]);
  });

  it('past the cap on held text a line is still a bad line, with its length instead of its text', () => {
    const { bad } = run([{ text: '{"type":"a"}' }, { text: '{"type":"bb"}' }], 5);
    expect(bad.map((b) => [b.raw.toString(), b.rawBytes])).toEqual([
      ['{"type":"a"}', undefined],
      ['', 13],
    ]);
  });
});
