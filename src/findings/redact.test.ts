import { logWords, splitTitle } from './title.js';
import { describe, expect, it } from 'vitest';
import { clip, hideWords, maskSecrets, redactFinding, redactId, redactQuoted, redactText, redactTitle } from './redact.js';
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
    id: 'f_1',
    analyzer: 'window-overflow',
    severity: 'error',
    confidence: 'certain',
    session: 's1',
    turn: 31,
    ts: '2026-03-02T10:00:00.000Z',
    title: 'Constraint "never use XML" (turn 1) dropped at turn 31: 95,470 / 128,000 tokens (75%)',
    cause: 'constraint_evicted',
    evidence: [
      {
        step: 1,
        role: 'user_input',
        turn: 1,
        ts: '2026-03-02T09:00:00.000Z',
        event: 'e1',
        source: 'logs/a.jsonl:14',
        text: 'Never use XML in your answers',
        detail: { query: 'what format does the user want', score: 0.74, id: 'm77' },
      },
    ],
    fix: 'Pin constraints.',
    detail: { constraint: '永远不要使用XML格式', fill: 0.75 },
  };
  it("keeps numbers, sources and structure, hashes the ids a log chose, and none of the user's words", () => {
    const r = redactFinding(f);
    const json = JSON.stringify(r);
    for (const word of ['XML', 'Never', 'format', '永远']) expect(json).not.toContain(word);
    expect(r.title).toMatch(/^Constraint "‹#[0-9a-f]{8} 13 chars en›" \(turn 1\) dropped at turn 31: 95,470 \/ 128,000 tokens \(75%\)$/);
    expect(r.evidence[0]).toMatchObject({ source: 'logs/a.jsonl:14', event: 'e1', turn: 1, detail: { score: 0.74, id: redactId('m77') } });
    expect(r.detail).toMatchObject({ fill: 0.75 });
    expect(redactText('永远不要使用XML格式')).toMatch(/^‹#[0-9a-f]{8} 11 chars zh›$/);
  });
  it("a judge's reason (a document judged elsewhere, issue 33) is hashed; its verdict, model and question stay", () => {
    const judgement = {
      by: 'tiny',
      question: 'memory-relevance',
      prompt_version: '1',
      verdict: 'relevant',
      reason: 'It says never use XML.',
      at: '2026-12-03T08:00:00.000Z',
    };
    const r = redactFinding({ ...f, evidence: [{ ...f.evidence[0], judgement }] });
    expect(r.evidence[0].judgement).toEqual({ ...judgement, reason: redactText('It says never use XML.') });
    expect(JSON.stringify(r)).not.toContain('XML');
    expect(redactFinding(f).evidence[0]).not.toHaveProperty('judgement');
  });
});

describe('--redact hashes the ids and names a log chose (issue 26)', () => {
  const f: Finding = {
    id: 'f_2',
    analyzer: 'concurrent-overwrite',
    severity: 'error',
    confidence: 'certain',
    session: 's1',
    turn: 3,
    ts: '2026-03-02T10:00:00.000Z',
    title: 'x',
    cause: 'lost_update',
    evidence: [
      {
        step: 1,
        role: 'write',
        turn: 3,
        ts: '2026-03-02T10:00:00.000Z',
        event: 'e1',
        source: 'a.jsonl:1',
        text: '',
        detail: {
          key: 'user:alice:diet',
          actor: 'alice-bot',
          value: 4921,
          version: 4,
          scope: { user: 'alice', tenant: 'acme' },
          candidates: [{ id: 'm-alice', score: 0.5 }],
        },
      },
    ],
    fix: 'Compare and set.',
    detail: { key: 'user:alice:diet', writers: ['alice-bot', 'bob-bot'], lost_value: 'vegan', memory_ids: ['m-alice'] },
  };
  it('in details and evidence: ids, keys, actors, scopes as id hashes, state values (numbers too) as hash + shape; versions and scores stay', () => {
    const r = redactFinding(f);
    const json = JSON.stringify(r);
    for (const word of ['alice', 'bob', 'acme', 'vegan', '4921']) expect(json).not.toContain(word);
    expect(r.evidence[0].detail).toMatchObject({
      key: redactId('user:alice:diet'),
      actor: redactId('alice-bot'),
      version: 4,
      scope: { user: redactId('alice'), tenant: redactId('acme') },
      candidates: [{ id: redactId('m-alice'), score: 0.5 }],
    });
    expect(r.evidence[0].detail.value).toMatch(/^‹#[0-9a-f]{8} 4 chars digits digits›$/);
    expect(r.detail).toMatchObject({
      key: redactId('user:alice:diet'),
      writers: [redactId('alice-bot'), redactId('bob-bot')],
      memory_ids: [redactId('m-alice')],
    });
    // the same id, the same hash: a memory joins across its steps and its finding
    expect((r.detail!.memory_ids as string[])[0]).toBe((r.evidence[0].detail.candidates as { id: string }[])[0].id);
  });
  it("`key` is a state's key in concurrent-overwrite only: elsewhere it is a constraint's, amnesia's own words", () => {
    const drift = redactFinding({ ...f, analyzer: 'tool-drift', detail: { key: 'emoji:none' } });
    expect(drift.detail).toEqual({ key: 'emoji:none' });
  });
  it('hideWords replaces whole words only', () => {
    expect(hideWords('preference preferences w1 w12 (w1)', ['preference', 'w1'], (w) => `<${w.length}>`)).toBe('<10> preferences <2> w12 (<2>)');
  });
});

describe('keys are masked whole, before any cut (issue 15)', () => {
  const keys = [
    'sk-proj-' + 'Ab3dEf9hIjKlMn0pQrStUvWxYz_0123456789-abcdefABCDEF0123456789abcdefABCDEF0123456789T3BlbkFJ' + 'q'.repeat(40),
    'sk-ant-api03-' + 'Q'.repeat(40) + '_' + 'z9'.repeat(20) + '-' + 'AAAA',
    'sk_live_51HqLyjWDarjtT1zdp7dcXyz0123456789',
    'rk_live_51HqLyjWDarjtT1zdp7dcXyz0123456789',
    'sk-svcacct-' + 'Zz09'.repeat(12),
  ];
  it.each(keys)('%s leaves no visible tail', (k) => {
    const out = maskSecrets(`key ${k} end`);
    expect(out).toMatch(/^key \[api-key #[0-9a-f]{8}\] end$/);
  });
  it('a key straddling an excerpt cut is masked, never cut in half', () => {
    for (const k of [
      ...keys,
      'AKIAIOSFODNN7EXAMPLE',
      'ghp_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8',
      'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U',
    ]) {
      for (let pad = 380; pad < 400; pad += 3) {
        const out = clip('.'.repeat(pad) + ' ' + k + ' tail', 400);
        expect(out.length).toBeLessThanOrEqual(400);
        expect(out).not.toContain(k.slice(4, 14));
        expect(out).not.toMatch(/\[api-key #[0-9a-f]{0,7}…|\[jwt #[0-9a-f]{0,7}…/); // no half mask
      }
    }
  });
  it('ids and words that merely start like keys stay', () => {
    const text = 'task_live_counter risk-assessment sk-short pk_12';
    expect(maskSecrets(text)).toBe(text);
  });
  it('--redact hides the session id everywhere in a finding, the same way each time', () => {
    const f: Finding = {
      id: 'f_1',
      analyzer: 'lost-write',
      severity: 'error',
      confidence: 'certain',
      session: 'alice-42',
      turn: 1,
      ts: '2026-03-02T10:00:00.000Z',
      title: 'Write w1 of alice-42 lost',
      cause: 'never_committed',
      evidence: [{ step: 1, role: 'write', turn: 1, ts: '2026-03-02T10:00:00.000Z', event: 'alice-42:w1', source: 'a.jsonl:1', text: 'x', detail: {} }],
      fix: '',
    };
    const r = redactFinding(f);
    expect(JSON.stringify(r)).not.toContain('alice-42');
    expect(r.session).toBe(redactId('alice-42'));
    expect(r.session).not.toBe(redactId('alice-43'));
  });
  it('redactQuoted hides quoted values of a reason', () => {
    expect(redactQuoted('filters: "sk-secret-stuff" is not JSON')).not.toContain('secret');
  });
});

describe('redactTitle: the words a title quotes from the log are replaced whole', () => {
  it('quotes and brackets inside the words do not end them; the built text stays', () => {
    const { title, words } = splitTitle(`Response broke "${logWords('say "hi" [PIN 4921] always')}" (turn 0)`);
    expect(title).toBe('Response broke "say "hi" [PIN 4921] always" (turn 0)');
    const r = redactTitle(title, words);
    expect(r).toMatch(/^Response broke "‹#[0-9a-f]{8} 26 chars en digits›" \(turn 0\)$/);
  });

  it('a word no longer where it was built hides the whole title', () => {
    const { title, words } = splitTitle(`said "${logWords('hi there')}"`);
    const r = redactTitle(`x${title}`, words);
    expect(r).not.toContain('hi there');
    expect(r).toMatch(/^‹#[0-9a-f]{8} /);
  });

  it('a word that also occurs in the built text is replaced where it was built', () => {
    const { title, words } = splitTitle(`Turn 3: the assistant said "${logWords('the')}"`);
    expect(redactTitle(title, words)).toMatch(/^Turn 3: the assistant said "‹#[0-9a-f]{8} 3 chars en›"$/);
  });
});
