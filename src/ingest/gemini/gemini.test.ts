import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { ChatMessage, ParsedEvent } from '../../events/types.js';
import { detectFormat } from '../formats.js';
import type { IngestItem } from '../types.js';
import { geminiFormat } from './index.js';

const REAL = path.resolve(import.meta.dirname, '../../../fixtures/real/gemini-cli');
const FORGOT = path.join(REAL, 'forgot/tmp/proj/chats/session-2026-12-02T07-30-c3c109dd.jsonl');

async function read(t: string): Promise<IngestItem[]> {
  const out: IngestItem[] = [];
  for await (const i of geminiFormat.read(Readable.from([Buffer.from(t)]), { display: 'gemini', maxLineBytes: 64 << 20 })) out.push(i);
  return out;
}
type Ev = ParsedEvent & { line: number };
const events = (items: IngestItem[]): Ev[] => items.flatMap((i) => (i.type === 'event' ? [{ ...i.event, line: i.line }] : []));
const text = (m: ChatMessage) => (typeof m.content === 'string' ? m.content : '');

describe('gemini-cli reader on real chats (the real Gemini CLI against a scripted model)', () => {
  it('is detected by content; a model call written twice (before and after its tool calls) is one request, with its prompt tokens', async () => {
    const t = fs.readFileSync(FORGOT, 'utf8');
    expect(detectFormat(t.slice(0, 65536))?.name).toBe('gemini-cli');
    const items = await read(t);
    expect(items.filter((i) => i.type === 'bad')).toEqual([]);
    const evs = events(items);
    const reqs = evs.filter((e) => e.kind === 'request');
    expect(reqs.map((r) => (r.body.usage as { input_tokens: number }).input_tokens)).toEqual([5200, 5600, 6400, 6900, 160000, 12000, 12600]);
    expect(new Set(evs.map((e) => e.session))).toEqual(new Set(['c3c109dd-fe3f-40fa-9d94-af55ddb04729']));
    expect([...new Set(evs.map((e) => e.turn))]).toEqual([0, 1, 2]);
    expect(evs.filter((e) => e.kind === 'tool_call').map((c) => c.body.command)).toEqual([
      'pnpm init',
      'pnpm pkg set scripts.lint="eslint ."',
      'git status',
      'git push origin main',
    ]);
    // the session context Gemini sends first is the harness's, not the user's words
    const first = reqs[0].body.messages as ChatMessage[];
    expect(first.map((m) => m.role)).toEqual(['developer', 'user']);
  });

  it('the compressed history ($set messages) is a compaction with its summary; the next request is exactly that history', async () => {
    const evs = events(await read(fs.readFileSync(FORGOT, 'utf8')));
    const [c] = evs.filter((e) => e.kind === 'compaction');
    expect(c.body).toMatchObject({ trigger: 'auto', strategy: 'summary', messages_before: 14, messages_after: 5 });
    expect(c.body.summary).toMatch(/^<state_snapshot>\n<overall_goal>Set up the project/);
    const next = evs.find((e) => e.kind === 'request' && e.line > c.line)!.body.messages as ChatMessage[];
    expect(next.some((m) => /never push to main/.test(text(m)))).toBe(false);
    expect(text(next[1])).toMatch(/^<state_snapshot>/);
    expect(next[1].role).toBe('developer');
    const before = evs.filter((e) => e.kind === 'request' && e.line < c.line).at(-1)!.body.messages as ChatMessage[];
    expect(before.some((m) => m.role === 'user' && /never push to main/.test(text(m)))).toBe(true);
  });

  it('a resume restates the history ($set): no compaction, and the messages already sent stay the same messages', async () => {
    const evs = events(await read(fs.readFileSync(FORGOT, 'utf8')));
    expect(evs.filter((e) => e.kind === 'compaction')).toHaveLength(1);
    const reqs = evs.filter((e) => e.kind === 'request');
    const rule = (reqs[1].body.messages as ChatMessage[]).find((m) => /never push to main/.test(text(m)));
    expect((reqs[2].body.messages as ChatMessage[]).includes(rule!)).toBe(true);
  });

  it('an older single-document chat (session-*.json) is read too', async () => {
    const doc = {
      sessionId: 'legacy-1',
      projectHash: 'ab',
      startTime: '2025-09-01T10:00:00Z',
      lastUpdated: '2025-09-01T10:01:00Z',
      messages: [
        { id: 'u1', timestamp: '2025-09-01T10:00:00Z', type: 'user', content: 'Use pnpm, never npm.' },
        {
          id: 'g1',
          timestamp: '2025-09-01T10:00:05Z',
          type: 'gemini',
          content: '',
          model: 'gemini-2.5-pro',
          tokens: { input: 900, output: 10, cached: 0, total: 910 },
          toolCalls: [{ id: 't1', name: 'run_shell_command', args: { command: 'npm install' }, status: 'success', timestamp: '2025-09-01T10:00:06Z' }],
        },
        { id: 'i1', timestamp: '2025-09-01T10:00:30Z', type: 'info', content: 'Chat history compressed from 180000 to 21000 tokens.' },
      ],
    };
    const t = JSON.stringify(doc, null, 2);
    expect(detectFormat(t)?.name).toBe('gemini-cli');
    const evs = events(await read(t));
    expect(evs.find((e) => e.kind === 'tool_call')?.body.command).toBe('npm install');
    expect(evs.find((e) => e.kind === 'compaction')?.body).toMatchObject({ tokens_before: 180000, tokens_after: 21000 });
  });

  it('look-alikes: a Cline session file and a Claude Code entry are not Gemini chats', () => {
    expect(geminiFormat.detect(JSON.stringify({ sessionId: 's', agent: 'lead', messages: [{ role: 'user', content: 'x' }] }))).toBe(0);
    expect(geminiFormat.detect(JSON.stringify({ type: 'user', sessionId: 's', uuid: 'u', message: { role: 'user', content: 'x' } }))).toBe(0);
  });
});

describe('gemini-cli: a file with nothing new in it says so', () => {
  const RESUME = path.join(REAL, 'forgot/tmp/proj/chats/session-2026-12-02T07-32-c3c109dd.jsonl');
  async function readNoting(t: string): Promise<{ items: IngestItem[]; notes: string[] }> {
    const items: IngestItem[] = [];
    const notes: string[] = [];
    const opts = { display: 'gemini', maxLineBytes: 64 << 20, note: (n: string) => notes.push(n) };
    for await (const i of geminiFormat.read(Readable.from([Buffer.from(t)]), opts)) items.push(i);
    return { items, notes };
  }

  it('a resume file restating the history with no model call gives no event and one note naming the session and the history', async () => {
    const { items, notes } = await readNoting(fs.readFileSync(RESUME, 'utf8'));
    expect(items).toEqual([]);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatch(
      /^session c3c109dd-fe3f-40fa-9d94-af55ddb04729: a resume restating the history \(\d+ message\(s\)\), with no model call after it$/,
    );
  });

  it('a chat with model calls, or a file with a bad line, says nothing of the kind', async () => {
    expect((await readNoting(fs.readFileSync(FORGOT, 'utf8'))).notes).toEqual([]);
    const broken = '{"sessionId":"s","projectHash":"h","startTime":"2026-01-01T00:00:00Z","kind":"main"}\n{"type":\n';
    const r = await readNoting(broken);
    expect(r.items.map((i) => i.type)).toEqual(['bad']);
    expect(r.notes).toEqual([]);
  });
});
