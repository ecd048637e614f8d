import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { ChatMessage, ParsedEvent } from '../../events/types.js';
import { detectFormat } from '../formats.js';
import type { IngestItem } from '../types.js';
import { copilotFormat } from './index.js';

const REAL = path.resolve(import.meta.dirname, '../../../fixtures/real/copilot-cli');
const FORGOT = path.join(REAL, 'forgot/session-state/5f96d41a-b3ee-4433-8cc4-809db47a8613/events.jsonl');

async function read(t: string): Promise<IngestItem[]> {
  const out: IngestItem[] = [];
  for await (const i of copilotFormat.read(Readable.from([Buffer.from(t)]), { display: 'copilot', maxLineBytes: 64 << 20 })) out.push(i);
  return out;
}
type Ev = ParsedEvent & { line: number };
const events = (items: IngestItem[]): Ev[] => items.flatMap((i) => (i.type === 'event' ? [{ ...i.event, line: i.line }] : []));
const text = (m: ChatMessage) => (typeof m.content === 'string' ? m.content : '');

describe('copilot-cli reader on real sessions (the real Copilot CLI, BYOK, against a scripted model)', () => {
  it('is detected by content; each assistant message is a model call with the tokens of its usage record; shell commands are actions', async () => {
    const t = fs.readFileSync(FORGOT, 'utf8');
    expect(detectFormat(t.slice(0, 65536))?.name).toBe('copilot-cli');
    const items = await read(t);
    expect(items.filter((i) => i.type === 'bad')).toEqual([]);
    const evs = events(items);
    const reqs = evs.filter((e) => e.kind === 'request');
    expect(reqs.map((r) => (r.body.usage as { input_tokens: number }).input_tokens)).toEqual([12435, 12519, 18315, 12630, 12731]);
    expect(evs.filter((e) => e.kind === 'tool_call').map((c) => c.body.command)).toEqual([
      'pnpm init',
      'seq 1 4000',
      'pnpm pkg set scripts.lint="eslint ."',
      'git push origin main',
    ]);
    expect((reqs[0].body.messages as ChatMessage[]).map((m) => m.role)).toEqual(['system', 'user']);
    expect(new Set(evs.map((e) => e.session))).toEqual(new Set(['5f96d41a-b3ee-4433-8cc4-809db47a8613']));
  });

  it('a compaction replaces what the history held when it started by its summary, and keeps what came during it', async () => {
    const evs = events(await read(fs.readFileSync(FORGOT, 'utf8')));
    const [c] = evs.filter((e) => e.kind === 'compaction');
    expect(c.body).toMatchObject({
      trigger: 'threshold',
      strategy: 'summary',
      tokens_before: 21950,
      tokens_after: 10919,
      context_limit: 24000,
      removed_count: 5,
    });
    const next = evs.find((e) => e.kind === 'request' && e.line > c.line)!.body.messages as ChatMessage[];
    // what the real CLI sent after it (the scripted model's log): system, the summary, the call made during it, its result
    expect(next.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'tool']);
    expect(text(next[1])).toMatch(/^Summary: the user is setting up the project; the main branch/);
    expect(next.some((m) => /never push to main/.test(text(m)))).toBe(false);
  });

  it('a truncation drops the oldest messages after the system prompt, by Copilot’s own count (hand-written, in the shapes of the SDK’s session-events schema)', async () => {
    const l = (type: string, data: object, n: number) => JSON.stringify({ type, data, id: `e${n}`, timestamp: `2026-12-02T10:00:0${n}Z`, parentId: null });
    const t = [
      l('session.start', { sessionId: 's1', copilotVersion: '1.0.102', producer: 'copilot-agent' }, 1),
      l('system.message', { role: 'system', content: 'You are Copilot.' }, 2),
      l('user.message', { content: 'Use pnpm, never npm.' }, 3),
      l('assistant.message', { messageId: 'm1', content: 'OK.', toolRequests: [] }, 4),
      l('user.message', { content: 'Install.' }, 5),
      l(
        'session.truncation',
        {
          tokenLimit: 1000,
          preTruncationTokensInMessages: 1200,
          postTruncationTokensInMessages: 600,
          messagesRemovedDuringTruncation: 2,
          performedBy: 'BasicTruncator',
        },
        6,
      ),
      l('assistant.message', { messageId: 'm2', content: '', toolRequests: [{ toolCallId: 'c1', name: 'bash', arguments: { command: 'npm install' } }] }, 7),
    ].join('\n');
    const evs = events(await read(t));
    expect(evs.find((e) => e.kind === 'compaction')?.body).toMatchObject({
      strategy: 'truncation',
      removed_count: 2,
      tokens_before: 1200,
      tokens_after: 600,
      context_limit: 1000,
    });
    const last = evs.filter((e) => e.kind === 'request').at(-1)!.body.messages as ChatMessage[];
    expect(last.map(text)).toEqual(['You are Copilot.', 'Install.']);
    expect(evs.find((e) => e.kind === 'tool_call')?.body.command).toBe('npm install');
  });

  it('look-alikes: Codex rollouts and native events are not Copilot sessions', () => {
    expect(copilotFormat.detect('{"timestamp":"t","type":"session_meta","payload":{"id":"x"}}\n')).toBe(0);
    expect(copilotFormat.detect('{"kind":"request","ts":"t","session":"s","messages":[]}\n')).toBe(0);
  });
});
