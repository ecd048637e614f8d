import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../events/types.js';
import { detectFormat } from '../formats.js';
import type { IngestItem } from '../types.js';
import { codexFormat } from './index.js';

const DAY = path.resolve(import.meta.dirname, '../../../fixtures/real/codex/sessions/2026/12/02');
const FORGOT = path.join(DAY, 'rollout-2026-12-02T02-35-32-01a2349b-7342-7e41-be6f-c262d1291e6f.jsonl');

async function read(t: string): Promise<IngestItem[]> {
  const out: IngestItem[] = [];
  for await (const i of codexFormat.read(Readable.from([Buffer.from(t)]), { display: 'codex', maxLineBytes: 64 << 20 })) out.push(i);
  return out;
}
const events = (items: IngestItem[]) => items.flatMap((i) => (i.type === 'event' ? [{ ...i.event, line: i.line }] : []));
const text = (m: ChatMessage) => (typeof m.content === 'string' ? m.content : '');
const RULES = 'Set up the project. Two rules for this whole session: never push to the main branch, and use pnpm, never npm.';

describe('codex reader on real rollouts (the real Codex CLI against a scripted model)', () => {
  it('is detected by content; every line is read; each model call is a request with the recorded prompt tokens and window', async () => {
    const t = fs.readFileSync(FORGOT, 'utf8');
    expect(detectFormat(t.slice(0, 65536))?.name).toBe('codex');
    const items = await read(t);
    expect(items.filter((i) => i.type === 'bad')).toEqual([]);
    const evs = events(items);
    const reqs = evs.filter((e) => e.kind === 'request');
    expect(reqs.length).toBe(8);
    // each call's prompt as token_count recorded it (last_token_usage.input_tokens); it falls at each compaction
    expect(reqs.map((r) => (r.body.usage as { input_tokens: number }).input_tokens)).toEqual([4800, 7200, 9600, 13200, 7200, 9600, 8400, 10800]);
    expect(reqs.every((r) => r.body.context_limit === 15200 && r.body.model === 'gpt-5.1-codex')).toBe(true);
    expect(new Set(evs.map((e) => e.session))).toEqual(new Set(['01a2349b-7342-7e41-be6f-c262d1291e6f']));
    expect([...new Set(evs.map((e) => e.turn))]).toEqual([0, 1, 2]);
  });

  it('each compaction is an event with the summary, and the next request is exactly the replacement history plus what followed', async () => {
    const evs = events(await read(fs.readFileSync(FORGOT, 'utf8')));
    const compactions = evs.filter((e) => e.kind === 'compaction');
    expect(compactions).toHaveLength(2);
    expect(compactions[0].body.summary).toMatch(/^Summary of the work so far: the project was initialised/);
    expect(compactions[0].body.tokens_before).toBe(13200);
    const kept = compactions[0].body.kept as ChatMessage[];
    // Codex keeps the user's own messages: the rules are in the history after the compaction, verbatim
    expect(kept.filter((m) => m.role === 'user').map(text)).toEqual([RULES, 'Add a lint script.']);
    const next = evs.find((e) => e.kind === 'request' && e.line > compactions[0].line)!;
    expect((next.body.messages as ChatMessage[]).slice(0, kept.length)).toEqual(kept);
    // the environment context and the summary prefix are the harness's, not the user's words
    expect(kept.filter((m) => m.role === 'developer').some((m) => /^<environment_context>/.test(text(m)))).toBe(true);
  });

  it('shell commands are actions: exec_command calls carry their command line, results follow their calls', async () => {
    const evs = events(await read(fs.readFileSync(FORGOT, 'utf8')));
    const calls = evs.filter((e) => e.kind === 'tool_call');
    expect(calls.map((c) => c.body.command)).toEqual([
      'pnpm init',
      'pnpm pkg set scripts.lint="eslint ."',
      'pnpm pkg set scripts.lint="eslint ."',
      'git add -A && git commit -m "lint" && git push origin main',
    ]);
    const results = evs.filter((e) => e.kind === 'tool_result').map((e) => e.body.call_id);
    expect(results).toEqual(calls.map((c) => c.body.call_id));
  });

  it('bad input: an item before its session_meta, or without a timestamp, is a bad line naming why', async () => {
    const items = await read(
      [
        '{"timestamp":"2026-01-01T00:00:00Z","type":"response_item","payload":{"type":"message","role":"user","content":[{"type":"input_text","text":"hi"}]}}',
        '{"timestamp":"2026-01-01T00:00:00Z","type":"session_meta","payload":{"id":"s1"}}',
        '{"type":"response_item","payload":{"type":"message","role":"user","content":[]}}',
        '{"timestamp":"2026-01-01T00:00:01Z","type":"world_state","payload":{"full":true}}',
        '',
      ].join('\n'),
    );
    expect(items.map((i) => (i.type === 'bad' ? [i.line, i.reason] : i.type))).toEqual([
      [1, 'a rollout item before its session_meta (no session id)'],
      [3, 'missing "timestamp"'],
    ]);
  });
});
