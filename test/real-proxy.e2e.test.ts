import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tmpdir } from './helpers.js';
import { ingestReal, REAL, sessionView, write } from './real-samples.js';

const DIR = path.join(REAL, 'litellm');
const payload = JSON.parse(fs.readFileSync(path.join(DIR, 'standard_logging_payload.json'), 'utf8'));

describe('real LiteLLM payloads (one pretty-printed object per file)', () => {
  const all = ingestReal([DIR]);

  it('both files are detected and read, none refused', () => {
    expect(all.r.code).toBe(0);
    expect(all.summary.files.map((f: any) => [path.basename(f.path), f.format, f.bad_lines])).toEqual([
      ['spend_logs_payload.json', 'openai', 0],
      ['standard_logging_payload.json', 'openai', 0],
    ]);
  });

  it('StandardLoggingPayload: the request, the answer, tokens; no session, trace or user, so the call is the session (said on stderr)', () => {
    expect(sessionView(all.events, 'chatcmpl-2299b6a2-82a3-465a-b47c-04e685a2227f')).toMatchObject({
      turns: [0],
      requests: 1,
      responses: 1,
      user: 'Hello, world!',
      input_tokens: 10,
    });
    const resp = all.events.find((e) => e.kind === 'response')!;
    expect([resp.content, resp.finish_reason, resp.ts]).toEqual(['hi', 'stop', '2025-01-24T09:20:46.851Z']);
    expect(all.r.stderr).toMatch(/standard_logging_payload\.json: session from the call id \(no session, trace or user\) \(1\)/);
    const req = all.events.find((e) => e.kind === 'request' && e.session.startsWith('chatcmpl-2299'))!;
    expect(Object.keys(req.params)).toEqual([]); // model_parameters {}, not the whole row
  });

  it('spend-log row: session_id, tokens from the row; messages "{}" (prompts not stored) is an empty prompt, not text', () => {
    const v = sessionView(all.events, '1234567890');
    expect(v).toMatchObject({ turns: [0], requests: 1, responses: 0, user: '', input_tokens: 10 });
    expect(all.events.find((e) => e.session === '1234567890')!.messages).toEqual([]);
  });

  it('session keys by precedence: trace_id, then end_user / metadata.user_api_key_end_user_id; turns by start time across files', () => {
    const dir = tmpdir();
    const at = (id: string, t: string, extra: Record<string, unknown>) => ({
      ...payload,
      id,
      startTime: t,
      endTime: t,
      response: { ...payload.response, id },
      ...extra,
    });
    // c2 is the user's next turn (a new user message after the answer), not the same call sent again
    const next = { messages: [...payload.messages, { role: 'assistant', content: 'Done.' }, { role: 'user', content: 'And tomorrow?' }] };
    const a = write(dir, 'a.json', JSON.stringify(at('c2', '2025-01-24 09:30:00.000000', { trace_id: 'tr-1', ...next }), null, 4));
    const b = write(
      dir,
      'b.json',
      JSON.stringify(
        [
          at('c1', '2025-01-24 09:20:00.000000', { trace_id: 'tr-1' }),
          at('c3', '2025-01-24 09:40:00.000000', { end_user: '', metadata: { ...payload.metadata, user_api_key_end_user_id: 'eu-7' } }),
        ],
        null,
        2,
      ),
    );
    const { r, events } = ingestReal([a, b]);
    expect(r.code).toBe(0);
    expect(events.filter((e) => e.kind === 'request').map((e) => [e.session, e.request_id, e.turn])).toEqual([
      ['eu-7', 'c3', 0],
      ['tr-1', 'c1', 0],
      ['tr-1', 'c2', 1],
    ]);
    expect(r.stderr).toMatch(/b\.json: session from trace_id \(1\), metadata\.user_api_key_end_user_id \(1\)/);
  });

  it('malformed: no messages at all is not taken for a proxy log; forced, it is refused naming messages', () => {
    const p = structuredClone(payload);
    delete p.messages;
    const f = write(tmpdir(), 'bad.json', JSON.stringify(p, null, 4));
    expect(ingestReal([f]).r.stderr).toMatch(/cannot detect the format/);
    const { summary } = ingestReal([f], ['--input-format', 'openai']);
    expect(summary.bad_samples[0].reason).toMatch(/no request body with "messages" \(looked at request, request_body, body, top level\)/);
  });

  const cases: [string, (p: any) => void, RegExp][] = [
    [
      'no time',
      (p) => {
        delete p.startTime;
        delete p.response.created;
      },
      /no timestamp \(looked at .*startTime/,
    ],
    ['an answer of unknown shape', (p) => (p.response = { weird: true }), /response: no answer \(looked at .*got keys weird\)/],
  ];
  for (const [name, edit, reason] of cases) {
    it(`malformed: ${name} is refused with the field`, () => {
      const p = structuredClone(payload);
      edit(p);
      const { summary } = ingestReal([write(tmpdir(), 'bad.json', JSON.stringify(p, null, 4))]);
      expect(summary.files[0].format).toBe('openai');
      expect([summary.events, summary.bad_lines]).toEqual([0, 1]);
      expect(summary.bad_samples[0].reason).toMatch(reason);
    });
  }
});

describe('Helicone exports (rows built from its documented columns)', () => {
  const row = (id: string, t: string, extra: Record<string, unknown> = {}) => ({
    request_id: id,
    request_created_at: t,
    response_created_at: t,
    request_user_id: 'u-1',
    model: 'claude-sonnet-4',
    prompt_tokens: 21,
    completion_tokens: 4,
    request_properties: { 'Helicone-Session-Id': 'hs-1' },
    request_body: JSON.stringify({ model: 'claude-sonnet-4', messages: [{ role: 'user', content: `question ${id}` }] }),
    response_body: JSON.stringify({
      role: 'assistant',
      content: [
        { type: 'text', text: `answer ${id}` },
        { type: 'tool_use', id: 'tu', name: 'lookup', input: { q: id } },
      ],
    }),
    ...extra,
  });

  it('JSON Lines: Helicone-Session-Id, request_created_at, Anthropic answers decoded, turns by time', () => {
    const f = write(tmpdir(), 'helicone.jsonl', [row('h2', '2026-03-02 10:05:00'), row('h1', '2026-03-02 10:00:00')].map((r) => JSON.stringify(r)).join('\n'));
    const { r, summary, events } = ingestReal([f]);
    expect(summary.files[0].format).toBe('openai');
    expect(r.stderr).toMatch(/session from request_properties\.Helicone-Session-Id \(2\)/);
    expect(sessionView(events, 'hs-1')).toMatchObject({ turns: [0, 1], requests: 2, responses: 2, user: 'question h1', calls: ['lookup'], input_tokens: 42 });
    expect(events.filter((e) => e.kind === 'response').map((e) => [e.turn, e.content])).toEqual([
      [0, 'answer h1'],
      [1, 'answer h2'],
    ]);
  });

  it('without the session property the user is the session; a row without request_body is refused', () => {
    const f = write(
      tmpdir(),
      'h.jsonl',
      [
        JSON.stringify(row('h3', '2026-03-02 10:00:00', { request_properties: {} })),
        JSON.stringify(row('h4', '2026-03-02 10:00:00', { request_body: undefined })),
      ].join('\n'),
    );
    const { summary, events } = ingestReal([f]);
    expect(events[0].session).toBe('u-1');
    expect(summary.bad_samples.map((b: any) => b.reason)).toEqual([expect.stringMatching(/no request body with "messages" \(looked at request, request_body/)]);
  });
});
