/**
 * The judge's three questions besides relevance (issue 33), on findings the analyzers make from
 * fixture logs, against a mock endpoint on 127.0.0.1: each is open only where its rule cannot tell
 * (a compaction summary that may keep an instruction in other words, a style read by heuristics, a
 * sentence read as a standing instruction from its cue words), sends only what it needs, and its
 * verdict moves the finding's confidence and says so.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { analyzeFiles } from './analyzer-tester.js';
import { analyzer as windowOverflow } from '../src/analyzers/window-overflow/index.js';
import { analyzer as toolDrift } from '../src/analyzers/tool-drift/index.js';
import { openStore, type Db } from '../src/store/connection.js';
import type { Finding } from '../src/findings/types.js';
import { judgeFindings, withVerdicts, type JudgeEndpoint } from '../src/judge/index.js';
import { STANDING } from '../src/judge/standing.js';
import { SURVIVAL } from '../src/judge/survival.js';
import { STYLE } from '../src/judge/style.js';
import { RELEVANCE } from '../src/judge/relevance.js';
import { mockJudge, type MockJudge } from '../src/judge/__tests__/mock.js';
import { ROOT } from './helpers.js';

const PUSH = path.join(ROOT, 'fixtures/incidents/compaction/claude-code-push-to-main.jsonl');
const TD = path.join(ROOT, 'src/analyzers/tool-drift/fixtures/invalid');
const WO = path.join(ROOT, 'src/analyzers/window-overflow/fixtures/invalid');

let compacted: Finding[];
let formal: Finding;
let emoji: Finding;
let evicted: Finding[];
let dir: string;
let db: Db | undefined;
let mock: MockJudge | undefined;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'amnesia-judge-q-'));
  compacted = (await analyzeFiles([windowOverflow], [PUSH])).filter((f) => f.cause === 'compacted_away');
  formal = (await analyzeFiles([toolDrift], [path.join(TD, 'formal-zh.jsonl')]))[0];
  emoji = (await analyzeFiles([toolDrift], [path.join(TD, 'emoji-ja.jsonl')]))[0];
  evicted = await analyzeFiles([windowOverflow], [path.join(WO, 'evicted-de.jsonl')]);
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
afterEach(async () => {
  await mock?.close();
  mock = undefined;
  db?.close();
  db = undefined;
});

const endpoint = (url: string, over: Partial<JudgeEndpoint> = {}): JudgeEndpoint => ({
  url,
  model: 'tiny',
  timeoutMs: 5000,
  retries: 0,
  maxRequests: 20,
  backoffMs: 1,
  ...over,
});
const fresh = (name: string) => openStore(path.join(dir, `${name}.db`));
const sent = (m: MockJudge) => m.received.map((r) => JSON.parse(r.body.messages[1].content));
const systemOf = (m: MockJudge, i: number) => m.received[i].body.messages[0].content;

describe('each question is open only where its rule cannot tell', () => {
  it('a compaction that recorded its summary: survival (instruction and summary) and, for an open-class instruction, standing', () => {
    expect(compacted).toHaveLength(2);
    const push = compacted.find((f) => f.detail?.constraint === 'directive:not push main')!;
    const summary = (push.detail!.compaction as { summary: string }).summary;
    expect(SURVIVAL.inputs(push)).toEqual({ instruction: push.evidence[0].text, summary });
    expect(push.evidence[0].role).toBe('user_input');
    expect(STANDING.inputs(push)).toEqual({ statement: push.evidence[0].text });
    // the verdicts' steps: the compaction record and the user's words
    expect(push.evidence.find((e) => e.step === SURVIVAL.step(push))?.detail.compaction).toBe(true);
    expect(STANDING.step(push)).toBe(push.evidence[0].step);
    expect(STYLE.inputs(push)).toBeNull();
    expect(RELEVANCE.inputs(push)).toBeNull();
  });

  it('a tone preference read by counting marks: style (instruction and answer); a checker-decided emoji breach is settled', () => {
    expect(formal.cause).toBe('style_drift_after_tool');
    const answer = formal.evidence.filter((e) => e.role === 'response').at(-1)!;
    expect(STYLE.inputs(formal)).toEqual({ instruction: formal.evidence[0].text, answer: answer.text });
    expect(STYLE.step(formal)).toBe(answer.step);
    expect(emoji.cause).toBe('emoji_after_tool');
    for (const q of [STYLE, STANDING, SURVIVAL, RELEVANCE]) expect(q.inputs(emoji)).toBeNull();
  });

  it('a constraint with a checker evicted by the window is settled: no question', () => {
    expect(evicted.length).toBeGreaterThan(0);
    for (const f of evicted) for (const q of [STYLE, STANDING, SURVIVAL, RELEVANCE]) expect(q.inputs(f)).toBeNull();
  });
});

describe('asked against the mock: what is sent, what the verdicts do, the cache', () => {
  it('one request per open question, only its inputs sent; verdicts shown on their steps and in the confidence; a second run asks nothing', async () => {
    db = fresh('ask');
    const push = compacted.find((f) => f.detail?.constraint === 'directive:not push main')!;
    mock = await mockJudge([{ content: '' }]);
    const answers: Record<string, { verdict: string; reason: string }> = {
      'standing-instruction': { verdict: 'standing', reason: 'It rules out pushing to main for the whole task.' },
      'instruction-survival': { verdict: 'kept', reason: 'The summary says to stay off main.' },
      'style-kept': { verdict: 'broke', reason: 'Exclamation marks and hype words, not a formal tone.' },
    };
    const all = [...compacted, formal, emoji, ...evicted];
    // asked in the findings' order, each finding's questions in QUESTIONS' order (a wrong guess gives a verdict the question does not allow)
    const order = all.flatMap((f) => [STANDING, SURVIVAL, STYLE].filter((q) => q.inputs(f)).map((q) => q.id));
    mock.script(order.map((id) => answers[id]));
    const lines: string[] = [];
    const s = await judgeFindings(db, endpoint(mock.url), all, (l) => lines.push(l));
    // 2 compactions x (standing + survival) + 1 style
    expect(s).toMatchObject({ questions: 5, answered: 5, requests: 5, unanswered: 0 });
    expect(mock.received).toHaveLength(5);
    // nothing but the inputs: no file, no session, no finding id, no title
    for (const r of mock.received) expect(JSON.stringify(r.body.messages)).not.toMatch(/jsonl|7b0c2d1e|td-i-|Response at|compacted_away/);
    expect(sent(mock)).toContainEqual(SURVIVAL.inputs(push));
    expect(sent(mock)).toContainEqual(STANDING.inputs(push));
    expect(sent(mock)).toContainEqual(STYLE.inputs(formal));
    expect(systemOf(mock, 0)).toMatch(/JSON object only/);

    const judged = withVerdicts(db, 'tiny');
    const p = judged(push);
    // kept in other words: the finding may be false, so possible, and never an error
    expect(push.confidence).not.toBe('possible');
    expect(push.severity).toBe('error');
    expect(p.confidence).toBe('possible');
    expect(p.severity).toBe('warning');
    expect(p.confidence_judged).toEqual({ by: 'tiny', rules: push.confidence });
    expect(p.evidence.find((e) => e.step === SURVIVAL.step(push))?.judgement).toMatchObject({
      by: 'tiny',
      question: 'instruction-survival',
      prompt_version: '1',
      verdict: 'kept',
      reason: 'The summary says to stay off main.',
    });
    expect(p.evidence[0].judgement).toMatchObject({ question: 'standing-instruction', verdict: 'standing' });
    const fj = judged(formal);
    expect(formal.confidence).toBe('possible');
    expect(fj.confidence).toBe('likely');
    expect(fj.confidence_judged).toEqual({ by: 'tiny', rules: 'possible' });
    expect(fj.evidence.find((e) => e.step === STYLE.step(formal))?.judgement?.verdict).toBe('broke');
    // settled findings are returned as they are
    expect(judged(emoji)).toBe(emoji);
    for (const f of evicted) expect(judged(f)).toBe(f);

    const again = await judgeFindings(db, endpoint(mock.url), all);
    expect(again).toMatchObject({ questions: 5, cached: 5, answered: 0, requests: 0 });
    expect(mock.received).toHaveLength(5);
  });

  it('not a standing instruction lowers the finding even when the summary is judged lost', async () => {
    db = fresh('standing');
    const push = compacted.find((f) => f.detail?.constraint === 'directive:not push main')!;
    mock = await mockJudge([{ content: '' }]);
    const order = [STANDING, SURVIVAL].filter((q) => q.inputs(push)).map((q) => q.id);
    mock.script(
      order.map((id) =>
        id === 'standing-instruction' ? { verdict: 'not_standing', reason: 'A one-off remark.' } : { verdict: 'lost', reason: 'The summary does not say it.' },
      ),
    );
    await judgeFindings(db, endpoint(mock.url), [push]);
    const p = withVerdicts(db, 'tiny')(push);
    expect(p.confidence).toBe('possible');
    expect(p.evidence[0].judgement?.verdict).toBe('not_standing');
    expect(p.evidence.find((e) => e.step === SURVIVAL.step(push))?.judgement?.verdict).toBe('lost');
  });
});

describe('failures leave each step not checkable and the run going', () => {
  it('a 500, a verdict outside the allowed values, malformed JSON, then a spent budget: nothing cached, the findings unchanged', async () => {
    db = fresh('fail');
    mock = await mockJudge([
      { status: 500, body: '{"error":"boom"}' },
      { verdict: 'maybe', reason: 'Hard to say.' },
      { content: '{"verdict": "kept", "reason": ' },
    ]);
    const lines: string[] = [];
    const all = [...compacted, formal];
    const s = await judgeFindings(db, endpoint(mock.url, { maxRequests: 3 }), all, (l) => lines.push(l));
    expect(s).toMatchObject({ questions: 5, answered: 0, unanswered: 5, requests: 3, firstWhy: 'HTTP 500' });
    expect(lines).toEqual(["judge: 5 open question(s): 0 from the store's cache, 0 answered by tiny in 3 request(s), 5 left not checkable (HTTP 500)"]);
    expect(db.prepare('SELECT count(*) AS n FROM judge_verdicts').get()).toEqual({ n: 0 });
    const judged = withVerdicts(db, 'tiny');
    for (const f of all) expect(judged(f)).toBe(f);
  });
});
