// Issue 26: a bad line's reason that shows a value from the log shows it so that --redact can hide
// it by structure: the value is quoted as a JSON string (its own quotes escaped), and redactQuoted
// reads JSON string quoting, so quotes inside the value cannot end the quote early.
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { redactQuoted } from '../findings/redact.js';
import { formatByName } from './formats.js';

async function reasons(format: string, text: string): Promise<string[]> {
  const out: string[] = [];
  for await (const item of formatByName(format)!.read(Readable.from([Buffer.from(text)]), { display: 'r', maxLineBytes: 1 << 20 }))
    if (item.type === 'bad') out.push(item.reason);
  return out;
}

const HOSTILE = 'x" card PIN 4921 "y';
const HOSTILE2 = 'a\\" PIN 4921 \\"b';

describe('reasons quoting log values survive --redact whatever quotes the value holds', () => {
  it('native: a ts, a write phase and a state op with quotes in them', async () => {
    const lines = [
      { kind: 'response', ts: HOSTILE, session: 's', content: 'x' },
      { kind: 'response', ts: HOSTILE2, session: 's', content: 'x' },
      { kind: 'memory_write', ts: '2026-03-02T10:00:00Z', session: 's', write_id: 'w', phase: HOSTILE },
      { kind: 'state', ts: '2026-03-02T10:00:00Z', session: 's', actor: 'a', key: 'k', op: HOSTILE, value: 1 },
    ];
    const rs = await reasons('native', lines.map((l) => JSON.stringify(l)).join('\n') + '\n');
    expect(rs).toHaveLength(4);
    for (const r of rs) {
      expect(r).toMatch(/PIN 4921/); // the reason shows the value without --redact
      expect(redactQuoted(r)).not.toMatch(/PIN|4921|card/);
    }
  });

  it('csv: a number and a boolean cell with quotes in them', async () => {
    const header = 'retrieval_id,session,ts,query,top_k,threshold,rank,candidate_id,score,text';
    const cell = `"${HOSTILE.replace(/"/g, '""')}"`;
    const rs = await reasons('csv', `${header}\nr1,s1,2026-03-02T10:00:00Z,q,${cell},0.5,1,m1,0.9,t\n`);
    expect(rs.length).toBeGreaterThan(0);
    for (const r of rs) expect(redactQuoted(r)).not.toMatch(/PIN|4921|card/);
  });

  it('redactQuoted: an escaped quote does not end a value, and a quote never closed hides the rest', () => {
    expect(redactQuoted('ts: "a\\" PIN 4921 \\"b" is not a date')).toMatch(/^ts: "‹#[0-9a-f]+ [^"]*›" is not a date$/);
    expect(redactQuoted('op: "never closed PIN 4921')).not.toMatch(/PIN|4921/);
    expect(redactQuoted('no quotes here')).toBe('no quotes here');
    expect(redactQuoted('“PIN 4921” and 「4921」')).not.toMatch(/PIN|4921/);
  });
});
