import { afterEach, describe, expect, it } from 'vitest';
import { JudgeClient, MAX_ANSWER_BYTES, chatUrl, parseAnswer, type JudgeEndpoint } from './client.js';
import { mockJudge, type MockJudge } from './__tests__/mock.js';

const VERDICTS = ['relevant', 'not_relevant'] as const;
const ASK = [
  { role: 'system' as const, content: 'judge' },
  { role: 'user' as const, content: '{"query":"q","memory":"m"}' },
];

let mock: MockJudge | undefined;
afterEach(async () => {
  await mock?.close();
  mock = undefined;
});

const endpoint = (url: string, over: Partial<JudgeEndpoint> = {}): JudgeEndpoint => ({
  url,
  model: 'tiny-judge',
  timeoutMs: 2000,
  retries: 0,
  maxRequests: 10,
  backoffMs: 1,
  ...over,
});

describe('the judge client: OpenAI-compatible chat completions, never throwing', () => {
  it('asks POST {base}/chat/completions for a JSON object with the model, and reads {verdict, reason}', async () => {
    mock = await mockJudge([{ verdict: 'relevant', reason: 'It states the date.' }]);
    const c = new JudgeClient(endpoint(mock.url, { apiKey: 'sk-test' }));
    expect(await c.ask(ASK, VERDICTS)).toEqual({ ok: true, verdict: 'relevant', reason: 'It states the date.' });
    expect(mock.received).toHaveLength(1);
    const r = mock.received[0];
    expect(r.url).toBe('/v1/chat/completions');
    expect(r.headers.authorization).toBe('Bearer sk-test');
    expect(r.body).toMatchObject({ model: 'tiny-judge', messages: ASK, temperature: 0, response_format: { type: 'json_object' } });
  });

  it('sends no Authorization header without a key', async () => {
    mock = await mockJudge([{ verdict: 'not_relevant', reason: 'Another person.' }]);
    await new JudgeClient(endpoint(mock.url)).ask(ASK, VERDICTS);
    expect(mock.received[0].headers.authorization).toBeUndefined();
  });

  it('a malformed answer is unanswered, not thrown, and not retried', async () => {
    for (const content of ['not json', '{"verdict":"maybe","reason":"x"}', '{"verdict":"relevant"}', '{"verdict":"relevant","reason":"  "}', '[1]']) {
      mock = await mockJudge([{ content }]);
      const a = await new JudgeClient(endpoint(mock.url, { retries: 2 })).ask(ASK, VERDICTS);
      expect(a.ok, content).toBe(false);
      expect(a.ok ? '' : a.why).toMatch(/malformed/);
      expect(mock.received, content).toHaveLength(1);
      await mock.close();
      mock = undefined;
    }
  });

  it('a body that is not a chat completion is malformed too', async () => {
    mock = await mockJudge([{ status: 200, body: '{"error":"nope"}' }]);
    const a = await new JudgeClient(endpoint(mock.url)).ask(ASK, VERDICTS);
    expect(a).toMatchObject({ ok: false });
  });

  it('a timeout is unanswered after its retries, each counted', async () => {
    mock = await mockJudge([{ hang: true }]);
    const a = await new JudgeClient(endpoint(mock.url, { timeoutMs: 100, retries: 1 })).ask(ASK, VERDICTS);
    expect(a).toEqual({ ok: false, why: 'no answer within 100 ms', down: true });
    expect(mock.received).toHaveLength(2);
  });

  it('a 5xx or 429 is retried (then answered); a 4xx is not', async () => {
    mock = await mockJudge([{ status: 503 }, { status: 429 }, { verdict: 'relevant', reason: 'ok' }]);
    const c = new JudgeClient(endpoint(mock.url, { retries: 2 }));
    expect(await c.ask(ASK, VERDICTS)).toMatchObject({ ok: true, verdict: 'relevant' });
    expect(c.requests).toBe(3);
    await mock.close();
    mock = await mockJudge([{ status: 401 }, { verdict: 'relevant', reason: 'ok' }]);
    const d = new JudgeClient(endpoint(mock.url, { retries: 2 }));
    expect(await d.ask(ASK, VERDICTS)).toEqual({ ok: false, why: 'HTTP 401' });
    expect(mock.received).toHaveLength(1);
  });

  it('a refused connection is unanswered, not thrown', async () => {
    mock = await mockJudge([{ verdict: 'relevant', reason: 'ok' }]);
    const url = mock.url;
    await mock.close();
    mock = undefined;
    const a = await new JudgeClient(endpoint(url, { retries: 1 })).ask(ASK, VERDICTS);
    expect(a.ok).toBe(false);
    expect(a.ok ? '' : a.why).toMatch(/request failed/);
  });

  it('stops at the run budget: retries count, and a spent budget sends nothing more', async () => {
    mock = await mockJudge([{ status: 500 }]);
    const c = new JudgeClient(endpoint(mock.url, { retries: 5, maxRequests: 3 }));
    expect(await c.ask(ASK, VERDICTS)).toEqual({ ok: false, why: 'request budget spent (3)' });
    expect(await c.ask(ASK, VERDICTS)).toEqual({ ok: false, why: 'request budget spent (3)' });
    expect(mock.received).toHaveLength(3);
    expect(c.budgetLeft).toBe(0);
  });
});

describe('a hostile endpoint', () => {
  it('an answer over 1 MiB is not read past it, and not retried', async () => {
    mock = await mockJudge([{ status: 200, body: `{"choices":[{"message":{"content":"${'x'.repeat(MAX_ANSWER_BYTES + 10)}"}}]}` }]);
    const a = await new JudgeClient(endpoint(mock.url, { retries: 2 })).ask(ASK, VERDICTS);
    expect(a).toEqual({ ok: false, why: `answer over ${MAX_ANSWER_BYTES} bytes` });
    expect(mock.received).toHaveLength(1);
  });

  it('a redirect is not followed (the words would go where the endpoint points)', async () => {
    const target = await mockJudge([{ verdict: 'relevant', reason: 'ok' }]);
    mock = await mockJudge([{ status: 307, body: '' }]);
    mock.redirectTo = `${target.url}/chat/completions`;
    const a = await new JudgeClient(endpoint(mock.url)).ask(ASK, VERDICTS);
    expect(a.ok).toBe(false);
    expect(target.received).toHaveLength(0);
    await target.close();
  });
});

describe('reading an answer', () => {
  const body = (content: unknown) => ({ choices: [{ message: { content } }] });
  it('takes a fenced object, and makes the reason one inert line of at most 300 characters', () => {
    expect(parseAnswer(body('```json\n{"verdict":"relevant","reason":"a\\nb\\u001b[2J c"}\n```'), VERDICTS)).toEqual({
      verdict: 'relevant',
      reason: 'a b [2J c',
    });
    expect(parseAnswer(body(JSON.stringify({ verdict: 'relevant', reason: 'x'.repeat(1000) })), VERDICTS)!.reason).toHaveLength(300);
    expect(parseAnswer(body(42), VERDICTS)).toBeNull();
    expect(parseAnswer(null, VERDICTS)).toBeNull();
  });
  it('names the chat endpoint under a base URL', () => {
    expect(chatUrl('http://h:1/v1')).toBe('http://h:1/v1/chat/completions');
    expect(chatUrl('http://h:1/v1/')).toBe('http://h:1/v1/chat/completions');
    expect(chatUrl('http://h:1/v1/chat/completions')).toBe('http://h:1/v1/chat/completions');
  });
});
