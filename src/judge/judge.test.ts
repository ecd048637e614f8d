import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Db } from '../store/connection.js';
import type { Finding } from '../findings/types.js';
import { judgeFindings, verdictKey, withVerdicts } from './index.js';
import { RELEVANCE, relevanceInputs } from './relevance.js';
import { mockJudge, type MockJudge } from './__tests__/mock.js';
import type { JudgeEndpoint } from './client.js';

/** A recall-mismatch finding; `reason` is detail.not_retrieved.reason. */
const finding = (id: string, cause: string, reason: string | null, memory = 'Priya is training for the Berlin marathon in September.'): Finding => ({
  id,
  analyzer: 'recall-mismatch',
  severity: 'warning',
  session: 's1',
  turn: 1,
  ts: '2026-05-02T10:01:00.000Z',
  title: 't',
  cause,
  evidence: [
    { step: 1, role: 'write', turn: null, ts: '2026-04-01T09:02:00.000Z', event: 'e1', source: 'a.jsonl:3', text: memory, detail: {} },
    {
      step: 2,
      role: 'retrieval',
      turn: 1,
      ts: '2026-05-02T10:01:00.000Z',
      event: 'e2',
      source: 'b.jsonl:1',
      text: 'When is Priya running the Berlin marathon?',
      detail: {},
    },
  ],
  fix: 'f',
  confidence: reason === 'unknown' ? 'possible' : 'likely',
  layer: 'retrieval',
  detail: { query: 'When is Priya running the Berlin marathon?', ...(reason ? { not_retrieved: { reason } } : {}) },
});

const OPEN = finding('f_open', 'not_retrieved', 'unknown');
const OPEN2 = finding('f_open2', 'not_retrieved', 'unknown', 'Priya ran the Berlin marathon last year.');
// settled by the rules: the log states the mechanism
const RANKED_BELOW = finding('f_below', 'not_retrieved', 'ranked_below');
const RANK = finding('f_rank', 'rank_beyond_top_k', null);
const OTHER: Finding = { ...OPEN, id: 'f_other', analyzer: 'window-overflow' };

let dir: string;
let db: Db;
let mock: MockJudge | undefined;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'amnesia-judge-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
afterEach(async () => {
  await mock?.close();
  mock = undefined;
  db?.close();
});

const endpoint = (url: string, over: Partial<JudgeEndpoint> = {}): JudgeEndpoint => ({
  url,
  model: 'tiny',
  timeoutMs: 2000,
  retries: 0,
  maxRequests: 10,
  backoffMs: 1,
  ...over,
});
const fresh = (name: string) => openStore(path.join(dir, `${name}.db`));

describe('the judge is asked only where the rules cannot tell', () => {
  it('a not_retrieved finding of reason unknown is open; ranked_below, a cut candidate and other analyzers are settled', () => {
    expect(relevanceInputs(OPEN)).toEqual({
      query: 'When is Priya running the Berlin marathon?',
      memory: 'Priya is training for the Berlin marathon in September.',
    });
    expect(relevanceInputs(RANKED_BELOW)).toBeNull();
    expect(relevanceInputs(RANK)).toBeNull();
    expect(relevanceInputs(OTHER)).toBeNull();
  });

  it('asks once per open question, sends only the query and the memory, and caches the verdict in the store', async () => {
    db = fresh('ask');
    mock = await mockJudge([{ verdict: 'relevant', reason: 'It says when she runs it.' }]);
    const lines: string[] = [];
    const s = await judgeFindings(db, endpoint(mock.url), [RANK, OPEN, RANKED_BELOW, OPEN, OTHER], (l) => lines.push(l));
    expect(s).toMatchObject({ questions: 1, answered: 1, cached: 0, unanswered: 0, requests: 1 });
    expect(mock.received).toHaveLength(1);
    const sent = JSON.stringify(mock.received[0].body.messages);
    expect(JSON.parse(mock.received[0].body.messages[1].content)).toEqual(relevanceInputs(OPEN));
    // nothing of the finding but its two texts: no session, no source, no title
    expect(sent).not.toMatch(/a\.jsonl|b\.jsonl|s1|f_open/);
    expect(lines).toEqual(["judge: 1 open question(s): 0 from the store's cache, 1 answered by tiny in 1 request(s)"]);

    // a second run makes no request
    const again = await judgeFindings(db, endpoint(mock.url), [OPEN], () => {});
    expect(again).toMatchObject({ questions: 1, cached: 1, answered: 0, requests: 0 });
    expect(mock.received).toHaveLength(1);
    const row = db.prepare('SELECT question, prompt, model, verdict, reason FROM judge_verdicts').all();
    expect(row).toEqual([{ question: 'memory-relevance', prompt: '1', model: 'tiny', verdict: 'relevant', reason: 'It says when she runs it.' }]);
  });

  it('another model, prompt version or input is another question', () => {
    const i = relevanceInputs(OPEN)!;
    const k = verdictKey(RELEVANCE.id, RELEVANCE.version, 'tiny', i);
    expect(verdictKey(RELEVANCE.id, RELEVANCE.version, 'other', i)).not.toBe(k);
    expect(verdictKey(RELEVANCE.id, '2', 'tiny', i)).not.toBe(k);
    expect(verdictKey(RELEVANCE.id, RELEVANCE.version, 'tiny', { ...i, memory: `${i.memory} ` })).not.toBe(k);
    expect(k).toMatch(/^[0-9a-f]{64}$/);
  });

  it('the chain shows the verdict; relevant makes a possible finding likely, not relevant leaves it possible', async () => {
    db = fresh('show');
    mock = await mockJudge([
      { verdict: 'relevant', reason: 'It says when she runs it.' },
      { verdict: 'not_relevant', reason: 'A past race, not the next one.' },
    ]);
    await judgeFindings(db, endpoint(mock.url), [OPEN, OPEN2]);
    const judged = withVerdicts(db, 'tiny');
    const a = judged(OPEN);
    expect(a.confidence).toBe('likely');
    expect(a.evidence[1].judgement).toMatchObject({
      by: 'tiny',
      question: 'memory-relevance',
      prompt_version: '1',
      verdict: 'relevant',
      reason: 'It says when she runs it.',
    });
    expect(a.evidence[0].judgement).toBeUndefined();
    const b = judged(OPEN2);
    expect(b.confidence).toBe('possible');
    expect(b.evidence[1].judgement?.verdict).toBe('not_relevant');
    // settled findings, and verdicts of another model, are not touched
    expect(judged(RANKED_BELOW)).toBe(RANKED_BELOW);
    expect(withVerdicts(db, 'other')(OPEN)).toBe(OPEN);
  });

  it('a timeout or a malformed answer leaves the step not checkable, caches nothing and is asked again next run', async () => {
    db = fresh('fail');
    mock = await mockJudge([{ hang: true }]);
    const lines: string[] = [];
    const s = await judgeFindings(db, endpoint(mock.url, { timeoutMs: 100 }), [OPEN], (l) => lines.push(l));
    expect(s).toMatchObject({ questions: 1, unanswered: 1, answered: 0 });
    expect(lines[0]).toContain('1 left not checkable (no answer within 100 ms)');
    expect(withVerdicts(db, 'tiny')(OPEN)).toBe(OPEN);
    mock.script([{ content: 'Sure! The memory is relevant.' }]);
    const m = await judgeFindings(db, endpoint(mock.url), [OPEN], () => {});
    expect(m).toMatchObject({ unanswered: 1, firstWhy: expect.stringMatching(/malformed/) });
    expect(withVerdicts(db, 'tiny')(OPEN)).toBe(OPEN);
    mock.script([{ verdict: 'relevant', reason: 'ok' }]);
    expect(await judgeFindings(db, endpoint(mock.url), [OPEN])).toMatchObject({ answered: 1 });
    expect(mock.received).toHaveLength(3);
  });

  it('stops asking an endpoint that did not answer two questions in a row (each would cost its timeout and retries)', async () => {
    db = fresh('down');
    mock = await mockJudge([{ hang: true }]);
    const third = finding('f_open3', 'not_retrieved', 'unknown', 'Priya signed up for the Berlin marathon.');
    const s = await judgeFindings(db, endpoint(mock.url, { timeoutMs: 100, retries: 1 }), [OPEN, OPEN2, third]);
    expect(s).toMatchObject({ questions: 3, unanswered: 3, answered: 0, requests: 4, firstWhy: 'no answer within 100 ms' });
    expect(mock.received).toHaveLength(4);
    // a malformed answer is an answer: the endpoint is there, and the next question is asked
    mock.script([{ content: 'nope' }]);
    const m = await judgeFindings(db, endpoint(mock.url), [OPEN, OPEN2, third]);
    expect(m).toMatchObject({ unanswered: 3, requests: 3 });
  });

  it('keeps to the run budget: questions past it stay not checkable', async () => {
    db = fresh('budget');
    mock = await mockJudge([{ verdict: 'relevant', reason: 'ok' }]);
    const s = await judgeFindings(db, endpoint(mock.url, { maxRequests: 1 }), [OPEN, OPEN2]);
    expect(s).toMatchObject({ questions: 2, answered: 1, unanswered: 1, firstWhy: 'request budget spent (1)', requests: 1 });
    expect(mock.received).toHaveLength(1);
  });
});
