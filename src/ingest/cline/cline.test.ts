import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { ChatMessage, ParsedEvent } from '../../events/types.js';
import { detectFormat } from '../formats.js';
import type { IngestItem } from '../types.js';
import { clineFormat } from './index.js';

const FIXTURES = path.resolve(import.meta.dirname, '../../../fixtures');
const SDK = path.join(FIXTURES, 'real/cline/sdk');
const TASKS = path.join(FIXTURES, 'incidents/compaction/cline-tasks');

async function read(file: string): Promise<IngestItem[]> {
  const out: IngestItem[] = [];
  const opts = { display: file, maxLineBytes: 64 << 20, path: file };
  for await (const i of clineFormat.read(Readable.from([fs.readFileSync(file)]), opts)) out.push(i);
  return out;
}
type Ev = ParsedEvent & { line: number };
const events = (items: IngestItem[]): Ev[] => items.flatMap((i) => (i.type === 'event' ? [{ ...i.event, line: i.line }] : []));
const text = (m: ChatMessage) => (typeof m.content === 'string' ? m.content : (m.content ?? []).map((p) => p.text ?? '').join('\n'));
const head = (f: string) => fs.readFileSync(f, 'utf8').slice(0, 65536);

describe('cline reader: the SDK / CLI session file (real files from Cline’s own fixtures)', () => {
  const file = path.join(SDK, 'session.messages.json');
  const doc = JSON.parse(fs.readFileSync(file, 'utf8')) as { messages: { role: string; metrics?: { inputTokens: number } }[] };

  it('is detected by content; every message is read; one request per model call, with the tokens Cline recorded', async () => {
    expect(detectFormat(head(file))?.name).toBe('cline');
    const items = await read(file);
    expect(items.filter((i) => i.type === 'bad')).toEqual([]);
    const reqs = events(items).filter((e) => e.kind === 'request');
    const answers = doc.messages.filter((m) => m.role === 'assistant');
    expect(reqs.length).toBe(answers.length);
    expect(reqs.map((r) => (r.body.usage as { input_tokens: number }).input_tokens)).toEqual(answers.map((a) => a.metrics!.inputTokens));
    expect(reqs[0].body.model).toBe('anthropic/claude-opus-4.8-fast');
    // the request is the history as it stood: the system prompt and every earlier message
    const second = reqs[1].body.messages as ChatMessage[];
    expect(second[0].role).toBe('system');
    expect(second.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'tool']);
    expect(text(second[1])).toMatch(/^can you update @apps/);
    expect(text(second[1])).toContain('<file path="/Users/example/dev/cline/apps/examples/desktop-app/webview/components/agent-sidebar.tsx">');
  });

  it('user turns are the user’s messages (tool results are not); commands and edits are actions', async () => {
    const evs = events(await read(file));
    expect([...new Set(evs.map((e) => e.turn))]).toEqual([0, 1, 2, 3, 4]);
    const calls = evs.filter((e) => e.kind === 'tool_call');
    expect(calls.find((c) => c.body.name === 'run_commands')?.body.command).toMatch(/^grep -rn "sidebarItem/);
    expect(calls.find((c) => c.body.name === 'editor')?.body.files).toEqual([
      '/Users/example/dev/cline/apps/examples/desktop-app/webview/components/agent-sidebar.tsx',
    ]);
    expect(calls.find((c) => c.body.name === 'read_files')?.body.files).toBeUndefined();
    const results = evs.filter((e) => e.kind === 'tool_result');
    expect(results.length).toBe(calls.length);
  });

  it('a manual compaction: its own event with Cline’s count, and the answers kept from before are not new model calls', async () => {
    const evs = events(await read(path.join(SDK, 'basic.compaction.json')));
    const [c] = evs.filter((e) => e.kind === 'compaction');
    expect(c.body).toMatchObject({ trigger: 'manual', strategy: 'summary', removed_count: 22 });
    expect(c.body.summary).toMatch(/^<SYSTEM_NOTICE>\nEarlier context was compacted/);
    expect(evs.filter((e) => e.kind === 'request')).toEqual([]);
    expect(evs.filter((e) => e.kind === 'response')).toHaveLength(5);
  });

  it('a summary compaction: the summary is the harness’s, not a user turn, and the next request starts with it', async () => {
    const evs = events(await read(path.join(SDK, 'agentic.compaction.json')));
    const [c] = evs.filter((e) => e.kind === 'compaction');
    expect(c.body.summary).toMatch(/^## Goal\nAlign spacing/);
    const [req] = evs.filter((e) => e.kind === 'request');
    expect(req.turn).toBe(0);
    const msgs = req.body.messages as ChatMessage[];
    expect(msgs.map((m) => m.role)).toEqual(['system', 'developer', 'user']);
    expect(text(msgs[1])).toMatch(/^Context summary:/);
  });
});

describe('cline reader: a classic task folder (hand-written, fixtures/incidents/compaction/cline-tasks)', () => {
  const file = path.join(TASKS, '1764662400000', 'api_conversation_history.json');

  it('a deleted range is a cut in the middle: the first pair kept, [2, 5] left out of every later request', async () => {
    expect(detectFormat(head(file))?.name).toBe('cline');
    const items = await read(file);
    expect(items.filter((i) => i.type === 'bad')).toEqual([]);
    const evs = events(items);
    expect(new Set(evs.map((e) => e.session))).toEqual(new Set(['1764662400000']));
    const [cut] = evs.filter((e) => e.kind === 'compaction');
    expect(cut.body).toMatchObject({ strategy: 'truncation', removed: [2, 3, 4, 5], messages_before: 9, messages_after: 5 });
    const reqs = evs.filter((e) => e.kind === 'request');
    const after = reqs[4].body.messages as ChatMessage[];
    expect(text(after[0])).toMatch(/^<task>\nSet up a release script/);
    expect(after.some((m) => text(m).includes('Never push to main'))).toBe(false);
    expect(text(after[2])).toMatch(/^\[write_to_file for 'scripts\/release.sh'\] Result:/);
    const before = reqs[3].body.messages as ChatMessage[];
    expect(before.some((m) => m.role === 'user' && text(m).includes('Never push to main'))).toBe(true);
    expect(reqs.map((r) => (r.body.usage as { input_tokens: number }).input_tokens)).toEqual([9800, 12100, 96000, 151000, 64000, 65200]);
  });

  it('the XML tool calls in Cline’s answers are actions; the user’s answer to a question is a user turn', async () => {
    const evs = events(await read(file));
    expect(evs.filter((e) => e.kind === 'tool_call' && e.body.command).map((e) => e.body.command)).toEqual([
      'pnpm install',
      'pnpm test',
      'git push origin main',
    ]);
    expect(evs.find((e) => e.kind === 'tool_call' && e.body.name === 'write_to_file')?.body.files).toEqual(['scripts/release.sh']);
    expect([...new Set(evs.map((e) => e.turn))]).toEqual([0, 1]);
  });

  it('without its folder’s ui_messages.json the history is read whole, with no cut assumed', async () => {
    const items: IngestItem[] = [];
    for await (const i of clineFormat.read(Readable.from([fs.readFileSync(file)]), { display: 'stdin', maxLineBytes: 1 << 20 })) items.push(i);
    const evs = events(items);
    expect(evs.filter((e) => e.kind === 'compaction')).toEqual([]);
    expect((evs.filter((e) => e.kind === 'request').at(-1)!.body.messages as ChatMessage[]).length).toBe(11);
  });
});

describe('cline reader: a crafted field is a bad line, never a crash (issue 26, found by npm run fuzz)', () => {
  it('a content block whose type is {"toString": 1}: that message is a bad line, the others are read', async () => {
    const doc = JSON.parse(fs.readFileSync(path.join(SDK, 'success.messages.json'), 'utf8')) as { messages: { content: unknown }[] };
    doc.messages[0].content = [{ type: { toString: 1 }, text: 'x' }];
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'amnesia-cline-')), 'crafted.messages.json');
    fs.writeFileSync(file, JSON.stringify(doc));
    const items = await read(file);
    expect(items.filter((i) => i.type === 'bad').length).toBeGreaterThan(0);
    expect(
      items.filter((i) => i.type === 'bad').every((i) => /content\[\]\.type: expected a string, got an object/.test((i as { reason: string }).reason)),
    ).toBe(true);
    expect(events(items).length).toBeGreaterThan(0);
  });
});

describe('cline detection: look-alikes stay with their own formats', () => {
  it('a Gemini CLI session, a plain list of chat messages and Cline’s ui_messages.json are not Cline transcripts', () => {
    const gemini = JSON.stringify({ sessionId: 's', projectHash: 'h', startTime: 't', lastUpdated: 't', messages: [{ id: 'a', type: 'user', content: 'hi' }] });
    expect(clineFormat.detect(gemini)).toBe(0);
    expect(
      clineFormat.detect(
        JSON.stringify([
          { role: 'user', content: 'hello' },
          { role: 'assistant', content: 'hi' },
        ]),
      ),
    ).toBe(0);
    expect(clineFormat.detect(fs.readFileSync(path.join(TASKS, '1764662400000', 'ui_messages.json'), 'utf8'))).toBe(0);
    expect(clineFormat.detect(fs.readFileSync(path.join(SDK, 'session.json'), 'utf8'))).toBe(0);
  });
});

describe('cline companion files: read beside their transcript, never alone', () => {
  it('ui_messages.json and task_metadata.json belong to the task’s api_conversation_history.json; an SDK manifest to its <id>.messages.json', () => {
    const task = path.join(TASKS, '1764662400000');
    expect(clineFormat.companionOf?.(path.join(task, 'ui_messages.json'))).toBe(path.join(task, 'api_conversation_history.json'));
    expect(clineFormat.companionOf?.(path.join(task, 'task_metadata.json'))).toBe(path.join(task, 'api_conversation_history.json'));
    expect(clineFormat.companionOf?.(path.join(SDK, 'session.json'))).toBe(path.join(SDK, 'session.messages.json'));
  });

  it('without the transcript beside it, or for any other name, a file is nobody’s companion', () => {
    expect(clineFormat.companionOf?.(path.join(SDK, 'ui_messages.json'))).toBeUndefined();
    expect(clineFormat.companionOf?.(path.join(SDK, 'success.messages.json'))).toBeUndefined();
    expect(clineFormat.companionOf?.(path.join(SDK, 'other.json'))).toBeUndefined();
    expect(clineFormat.companionOf?.(path.join(TASKS, '1764662400000', 'notes.json'))).toBeUndefined();
  });
});
