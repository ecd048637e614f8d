import { describe, expect, it } from 'vitest';
import { presentation, presentFinding, presentRow, presentSessionId } from './present.js';
import { redactId, scrub } from './redact.js';
import type { Finding } from './types.js';

const f: Finding = {
  id: 'f_1',
  analyzer: 'lost-write',
  severity: 'error',
  confidence: 'certain',
  session: 'alice-42',
  turn: 3,
  ts: '2026-03-02T10:00:00.000Z',
  title: 'Write "prefers dark theme" of alice-42 never committed',
  cause: 'never_committed',
  evidence: [
    {
      step: 1,
      role: 'write',
      turn: 3,
      ts: '2026-03-02T10:00:00.000Z',
      event: 'alice-42:w1',
      source: 'a.jsonl:1',
      text: 'User prefers dark theme',
      detail: { write_id: 'w1', note: 'the user said so twice' },
    },
  ],
  fix: 'Commit before acknowledging.',
};
const config = { analyzers: {}, ignore: [] };

describe('presentFinding: the one way a finding is shown', () => {
  it('applies the severity override of its analyzer', () => {
    expect(presentFinding(f, presentation({ analyzers: { 'lost-write': { severity: 'info' } }, ignore: [] }))!.severity).toBe('info');
    expect(presentFinding(f, presentation({ analyzers: { 'tool-drift': { severity: 'info' } }, ignore: [] }))!.severity).toBe('error');
  });
  it('leaves out what an ignore rule or a disabled analyzer leaves out, and nothing else', () => {
    expect(presentFinding(f, presentation({ analyzers: {}, ignore: [{ session: 'alice-*', reason: 'test user' }] }))).toBeNull();
    expect(presentFinding(f, presentation({ analyzers: {}, ignore: [{ session: 'bob-*', reason: 'test user' }] }))).not.toBeNull();
    expect(presentFinding(f, presentation({ analyzers: { 'lost-write': { enabled: false } }, ignore: [] }))).toBeNull();
  });
  it('under --redact (flag or config) hides the words, the session id and the ids a log chose everywhere; event ids and figures stay', () => {
    for (const p of [presentation(config, true), presentation({ ...config, redact: true })]) {
      const out = presentFinding(f, p)!;
      const text = JSON.stringify(out);
      for (const w of ['dark theme', 'alice-42', 'said so']) expect(text).not.toContain(w);
      expect(out.session).toBe(redactId('alice-42'));
      expect(out.evidence[0]).toMatchObject({ source: 'a.jsonl:1', event: `${redactId('alice-42')}:w1`, detail: { write_id: redactId('w1') } });
    }
    expect(presentFinding(f, presentation(config))).toEqual(f);
  });
  it('a row (a baseline entry) is shown as its finding is, and an already hashed row is not hashed twice', () => {
    const row = presentRow({ session: f.session, title: f.title, id: f.id }, true);
    expect(row).toEqual({
      session: presentFinding(f, presentation(config, true))!.session,
      title: presentFinding(f, presentation(config, true))!.title,
      id: 'f_1',
    });
    expect(presentRow(row, true)).toEqual(row);
    expect(presentSessionId('alice-42', false)).toBe('alice-42');
  });
});

describe('scrub: the one redaction walker', () => {
  const v = { session: 'alice-42', kind: 'request', text: 'short', query: 'where is alice-42 now', n: 3, list: [{ content: 'hi' }], id: 'alice-42-r1' };
  it('masks secrets without --redact and changes nothing else', () => {
    expect(scrub({ ...v, key: 'sk-proj-AbCdEf0123456789xyzXYZ0123' }, { redact: false, other: 'prose', words: new Set(['text']) })).toEqual({
      ...v,
      key: expect.stringMatching(/^\[api-key #[0-9a-f]{8}\]$/),
    });
  });
  it('under --redact: word keys whole, id keys hashed, kept keys kept, other strings by the rule, hidden ids inside strings', () => {
    const out = scrub(v, {
      redact: true,
      words: new Set(['text', 'content']),
      ids: new Set(['session']),
      keep: new Set(['kind']),
      other: 'prose',
      hide: ['alice-42'],
    }) as typeof v;
    expect(out.session).toBe(redactId('alice-42'));
    expect(out.kind).toBe('request');
    expect(out.text).toMatch(/^‹#[0-9a-f]{8} 5 chars en›$/);
    expect(out.list[0].content).toMatch(/^‹#/);
    expect(out.query).toMatch(/^‹#/);
    expect(out.id).toBe(`${redactId('alice-42')}-r1`);
    expect(out.n).toBe(3);
  });
});
