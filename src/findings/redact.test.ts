import { describe, expect, it } from 'vitest';
import { maskSecrets, redactFinding, redactText } from './redact.js';
import type { Finding } from './types.js';

describe('secrets are masked even without --redact', () => {
  it.each([
    ['mail me at jane.doe+agent@example.co.uk please', 'email'],
    ['key sk-proj-AbCdEf0123456789xyzXYZ0123 here', 'api-key'],
    ['anthropic sk-ant-api03-abcdefghijklmnop1234', 'api-key'],
    ['aws AKIAIOSFODNN7EXAMPLE creds', 'api-key'],
    ['gh ghp_0123456789abcdefghijABCDEFGHIJklmnop', 'api-key'],
    ['Authorization: Bearer abc.def-ghi_jkl~mno123', 'token'],
    ['jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U', 'jwt'],
    ['call +1 415 555 0199 now', 'phone'],
    ['call (415) 555-0199 now', 'phone'],
    ['手机 13812345678 联系', 'phone'],
  ])('%s', (text, kind) => {
    const out = maskSecrets(text);
    expect(out).toMatch(new RegExp(`\\[${kind} #[0-9a-f]{8}\\]`));
    expect(out).not.toBe(text);
  });
  it('leaves timestamps, scores, ids and versions alone', () => {
    const text = 'ts 2026-03-02T10:00:00Z score 0.74 rank 3 m77 v12 write w-1 1733011200000 task_a_done';
    expect(maskSecrets(text)).toBe(text);
  });
  it('the same secret gives the same mask', () => {
    expect(maskSecrets('a@b.io')).toBe(maskSecrets('a@b.io'));
    expect(maskSecrets('a@b.io')).not.toBe(maskSecrets('c@b.io'));
  });
});

describe('--redact', () => {
  const f: Finding = {
    id: 'f_1', analyzer: 'window-overflow', severity: 'error', session: 's1', turn: 31, ts: '2026-03-02T10:00:00.000Z',
    title: 'Constraint "never use XML" (turn 1) dropped at turn 31: 95,470 / 128,000 tokens (75%)', cause: 'constraint_evicted',
    evidence: [{ step: 1, role: 'user_input', turn: 1, ts: '2026-03-02T09:00:00.000Z', event: 'e1', source: 'logs/a.jsonl:14', text: 'Never use XML in your answers', detail: { query: 'what format does the user want', score: 0.74, id: 'm77' } }],
    fix: 'Pin constraints.', detail: { constraint: '永远不要使用XML格式', fill: 0.75 },
  };
  it("keeps ids, numbers, sources and structure, and none of the user's words", () => {
    const r = redactFinding(f);
    const json = JSON.stringify(r);
    for (const word of ['XML', 'Never', 'format', '永远']) expect(json).not.toContain(word);
    expect(r.title).toMatch(/^Constraint "‹#[0-9a-f]{8} 13 chars en›" \(turn 1\) dropped at turn 31: 95,470 \/ 128,000 tokens \(75%\)$/);
    expect(r.evidence[0]).toMatchObject({ source: 'logs/a.jsonl:14', turn: 1, detail: { score: 0.74, id: 'm77' } });
    expect(r.detail).toMatchObject({ fill: 0.75 });
    expect(redactText('永远不要使用XML格式')).toMatch(/^‹#[0-9a-f]{8} 11 chars zh›$/);
  });
});
