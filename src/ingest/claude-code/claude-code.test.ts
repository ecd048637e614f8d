import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../events/types.js';
import type { IngestItem } from '../types.js';
import { detectFormat } from '../formats.js';
import { claudeCodeFormat } from './index.js';

const REAL = path.resolve(import.meta.dirname, '../../../fixtures/real/claude-code/projects');
const SESSION = path.join(REAL, '-home-USER-projects-spotter-worktrees-spotter-dov', '4d5611e5-241a-462a-8d15-5122611a9569');

const text = (file: string) => zlib.gunzipSync(fs.readFileSync(file)).toString('utf8');

async function read(t: string): Promise<IngestItem[]> {
  const out: IngestItem[] = [];
  for await (const i of claudeCodeFormat.read(Readable.from([Buffer.from(t)]), { display: 'cc', maxLineBytes: 64 << 20 })) out.push(i);
  return out;
}
const events = (items: IngestItem[]) => items.flatMap((i) => (i.type === 'event' ? [{ ...i.event, line: i.line }] : []));
const msgText = (m: ChatMessage) => (typeof m.content === 'string' ? m.content : '');

describe('claude-code reader on a real session with an automatic compaction', () => {
  it('is detected by content, reads every line with no bad line, and records the compaction at its line', async () => {
    const t = text(`${SESSION}.jsonl.gz`);
    expect(detectFormat(t.slice(0, 65536))?.name).toBe('claude-code');
    const items = await read(t);
    expect(items.filter((i) => i.type === 'bad')).toEqual([]);
    const evs = events(items);
    const compactions = evs.filter((e) => e.kind === 'compaction');
    expect(compactions).toHaveLength(1);
    expect(compactions[0].line).toBe(754);
    expect(compactions[0].body).toMatchObject({ trigger: 'auto', strategy: 'summary', tokens_before: 170251 });
    expect(String(compactions[0].body.summary)).toMatch(/^This session is being continued from a previous conversation/);
    expect(compactions[0].body.messages_before).toBeGreaterThan(100);
  });

  it('rebuilds the requests across the compaction: the whole history before, the summary and what follows after', async () => {
    const evs = events(await read(text(`${SESSION}.jsonl.gz`)));
    const reqs = evs.filter((e) => e.kind === 'request');
    const before = reqs.filter((e) => e.line < 754);
    const after = reqs.filter((e) => e.line > 754);
    expect(before.length).toBeGreaterThan(10);
    expect(after.length).toBeGreaterThan(10);
    const last = before[before.length - 1].body.messages as ChatMessage[];
    // the user's first prompt is the first message the model saw, until the compaction
    expect(msgText(last[0])).toMatch(/^Work on bead spotter-dov/);
    expect(last[0].role).toBe('user');
    const first = after[0].body.messages as ChatMessage[];
    expect(first[0].role).toBe('developer'); // the summary: written by Claude Code, not the user's words
    expect(msgText(first[0])).toMatch(/^This session is being continued/);
    expect(first.some((m) => /^Work on bead spotter-dov/.test(msgText(m)))).toBe(false);
    // histories only grow between compactions, and each request repeats the one before
    for (let i = 1; i < before.length; i++) {
      const a = before[i - 1].body.messages as ChatMessage[];
      const b = before[i].body.messages as ChatMessage[];
      expect(b.length).toBeGreaterThanOrEqual(a.length);
      expect(b.slice(0, a.length)).toEqual(a);
    }
    // the prompt size as the API counted it (uncached + cache writes + cache reads)
    expect(reqs.every((r) => typeof (r.body.usage as { input_tokens?: number })?.input_tokens === 'number')).toBe(true);
  });

  it('turns are the user’s own prompts; tool calls carry the command or the files they touch; results follow their calls', async () => {
    const evs = events(await read(text(`${SESSION}.jsonl.gz`)));
    expect([...new Set(evs.filter((e) => e.actor === 'claude-code').map((e) => e.turn))]).toEqual([0, 1]);
    const calls = evs.filter((e) => e.kind === 'tool_call');
    const bash = calls.filter((c) => c.body.name === 'Bash');
    expect(bash.length).toBeGreaterThan(10);
    expect(bash.every((c) => typeof c.body.command === 'string' && c.body.command.length > 0)).toBe(true);
    expect(bash.some((c) => /^bd show spotter-dov/.test(String(c.body.command)))).toBe(true);
    const edits = calls.filter((c) => c.body.name === 'Edit' || c.body.name === 'Write');
    expect(edits.length).toBeGreaterThan(0);
    expect(edits.every((c) => Array.isArray(c.body.files) && String((c.body.files as string[])[0]).startsWith('/home/USER/'))).toBe(true);
    const results = new Set(evs.filter((e) => e.kind === 'tool_result').map((e) => e.body.call_id));
    expect(calls.filter((c) => !results.has(c.body.call_id)).length).toBeLessThan(3);
  });

  it('a sub-agent is a conversation of its own: its own session after the parent’s, its own actor', async () => {
    const evs = events(await read(text(path.join(SESSION, 'subagents', 'agent-a2898e3.jsonl.gz'))));
    expect(new Set(evs.map((e) => e.session))).toEqual(new Set(['4d5611e5-241a-462a-8d15-5122611a9569:agent-a2898e3']));
    expect(new Set(evs.map((e) => e.actor))).toEqual(new Set(['agent-a2898e3']));
    const compact = events(await read(text(path.join(SESSION, 'subagents', 'agent-acompact-e1f845.jsonl.gz'))));
    const req = compact.find((e) => e.kind === 'request')!;
    const msgs = req.body.messages as ChatMessage[];
    expect(msgText(msgs[msgs.length - 1])).toMatch(/^Your task is to create a detailed summary/);
    expect(msgs.slice(0, -1).every((m) => m.role === 'developer')).toBe(true); // hook reminders, not the user
  });

  it('bad input: a line without a session id or timestamp is a bad line naming why; bookkeeping lines are passed over', async () => {
    const lines = [
      '{"type":"file-history-snapshot","messageId":"m1","snapshot":{},"isSnapshotUpdate":false}',
      '{"type":"user","uuid":"u1","parentUuid":null,"message":{"role":"user","content":"hi"},"timestamp":"2026-01-01T00:00:00Z"}',
      '{"type":"user","uuid":"u2","parentUuid":"u1","sessionId":"s","message":{"role":"user","content":"hi"}}',
      '{"type":"progress","uuid":"p1","parentUuid":"u1","sessionId":"s","data":{}}',
      '{"type":"user","uuid":"u3","parentUuid":"u1","sessionId":"s","timestamp":"2026-01-01T00:00:01Z","message":{"role":"user","content":"Never push to main."}}',
      '{not json',
    ];
    const items = await read(`${lines.join('\n')}\n`);
    expect(items.filter((i) => i.type === 'bad').map((i) => [i.line, i.type === 'bad' && i.reason.slice(0, 22)])).toEqual([
      [2, 'missing "sessionId"'],
      [3, 'missing "timestamp"'],
      [6, 'not valid JSON: Expect'],
    ]);
    expect(events(items).map((e) => [e.kind, e.turn])).toEqual([]);
  });
});

describe('claude-code branches: a rewind or an edit leaves the abandoned branch out of later prompts', () => {
  // hand-written in Claude Code 2.1's entry shapes (fixtures/incidents/compaction/README.md): the user
  // edits their second message (line 3) after the agent answered; the new prompt (line 8) hangs from
  // the answer before it (line 2), so lines 3 to 7 are an abandoned branch
  const file = path.resolve(import.meta.dirname, '../../../fixtures/incidents/compaction/claude-code-edited-prompt.jsonl');

  it('the requests after the edit hold the live branch only; the cut is a rewind at the edit’s line', async () => {
    const items = await read(fs.readFileSync(file, 'utf8'));
    expect(items.filter((i) => i.type === 'bad')).toEqual([]);
    const evs = events(items);
    const reqs = evs.filter((e) => e.kind === 'request');
    expect(reqs.map((r) => r.line)).toEqual([2, 4, 6, 9, 11, 13]);
    const afterEdit = reqs[3].body.messages as ChatMessage[];
    expect(afterEdit.map((m) => [m.role, msgText(m).slice(0, 22)])).toEqual([
      ['user', 'Set up the release scr'],
      ['assistant', 'Sure. Which package ma'],
      ['user', 'It uses npm (there is '],
    ]);
    const last = reqs[5].body.messages as ChatMessage[];
    expect(last.some((m) => /pnpm/.test(msgText(m)))).toBe(false);
    expect(last).toHaveLength(7);
    const [rewind] = evs.filter((e) => e.kind === 'compaction');
    expect(rewind.line).toBe(8);
    expect(rewind.body).toMatchObject({ trigger: 'rewind', strategy: 'truncation', messages_before: 6, messages_after: 2, removed_count: 4 });
    // what the abandoned branch did still happened: its call and its tool run are events
    expect(evs.filter((e) => e.kind === 'tool_call').map((c) => c.body.command)).toEqual(['pnpm install', 'npm ci', 'git push origin main']);
    expect([...new Set(evs.map((e) => e.turn))]).toEqual([0, 1, 2]);
  });

  it('look-alikes: parallel tool results pointing at their own tool_use and progress side branches are no rewind (real session)', async () => {
    for (const f of [
      `${SESSION}.jsonl.gz`,
      path.join(REAL, 'spotter-fixtures', 'tool_heavy.jsonl.gz'),
      path.join(REAL, 'spotter-fixtures', 'subagent.jsonl.gz'),
    ]) {
      const evs = events(await read(text(f)));
      expect(
        evs.filter((e) => e.kind === 'compaction' && e.body.trigger === 'rewind'),
        f,
      ).toEqual([]);
    }
  });

  it('an edit of the very first prompt (it hangs from nothing) starts the history again', async () => {
    const lines = fs.readFileSync(file, 'utf8').trim().split('\n').slice(0, 6);
    const edit = JSON.parse(lines[0]);
    lines.push(
      JSON.stringify({ ...edit, uuid: 'edit-1', message: { role: 'user', content: 'Write the changelog instead.' }, timestamp: '2026-05-06T10:09:00.000Z' }),
    );
    lines.push(JSON.stringify({ ...JSON.parse(lines[1]), uuid: 'edit-2', parentUuid: 'edit-1', message: { ...JSON.parse(lines[1]).message, id: 'msg_new' } }));
    const evs = events(await read(`${lines.join('\n')}\n`));
    const msgs = evs.filter((e) => e.kind === 'request').at(-1)!.body.messages as ChatMessage[];
    expect(msgs.map(msgText)).toEqual(['Write the changelog instead.']);
  });
});
