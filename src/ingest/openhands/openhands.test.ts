import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import type { ChatMessage, ParsedEvent } from '../../events/types.js';
import { agentsNamed, discoverTranscripts } from '../discover.js';
import { detectFormat } from '../formats.js';
import { resolveInputs } from '../inputs.js';
import type { IngestItem } from '../types.js';
import { openHandsFormat } from './index.js';

const FIXTURES = path.resolve(import.meta.dirname, '../../../fixtures');
const REAL = path.join(FIXTURES, 'real/openhands');

async function read(t: string | Buffer, file?: string): Promise<IngestItem[]> {
  const out: IngestItem[] = [];
  const opts = { display: file ?? 'trajectory.json', maxLineBytes: 64 << 20, ...(file ? { path: file } : {}) };
  for await (const i of openHandsFormat.read(Readable.from([Buffer.from(t)]), opts)) out.push(i);
  return out;
}
type Ev = ParsedEvent & { line: number };
const events = (items: IngestItem[]): Ev[] => items.flatMap((i) => (i.type === 'event' ? [{ ...i.event, line: i.line }] : []));
const text = (m: ChatMessage) => (typeof m.content === 'string' ? m.content : '');

describe('openhands reader on real trajectories (OpenHands’ own tests/runtime/trajs)', () => {
  it('each is detected by content and read without a bad line; one request per model response, with its prompt tokens', async () => {
    for (const f of fs.readdirSync(REAL).filter((n) => n.endsWith('.json'))) {
      const t = fs.readFileSync(path.join(REAL, f));
      expect(detectFormat(t.toString('utf8', 0, 65536))?.name, f).toBe('openhands');
      expect(
        (await read(t, path.join(REAL, f))).filter((i) => i.type === 'bad'),
        f,
      ).toEqual([]);
    }
    const evs = events(await read(fs.readFileSync(path.join(REAL, 'basic_gui_mode.json')), path.join(REAL, 'basic_gui_mode.json')));
    const reqs = evs.filter((e) => e.kind === 'request');
    // the last is the agent's closing message, a model call whose event records no response metadata
    expect(reqs.map((r) => (r.body.usage as { input_tokens: number } | undefined)?.input_tokens)).toEqual([3439, 3601, 4769, 5488, undefined]);
    expect(new Set(evs.map((e) => e.session))).toEqual(new Set(['basic_gui_mode']));
    // the request is the history so far: the user's task, then each call and its observation
    expect((reqs[1].body.messages as ChatMessage[]).map((m) => m.role)).toEqual(['user', 'assistant', 'tool']);
  });

  it('commands are actions, edits name their file, observations are the calls’ results', async () => {
    const evs = events(await read(fs.readFileSync(path.join(REAL, 'basic_gui_mode.json'))));
    const calls = evs.filter((e) => e.kind === 'tool_call');
    expect(calls.filter((c) => c.body.command).length).toBe(2);
    expect(calls.find((c) => c.body.name === 'str_replace_editor')?.body.files).toEqual(['/workspace/todo-app/index.html']);
    const results = evs.filter((e) => e.kind === 'tool_result');
    expect(results.map((r) => r.body.call_id)).toEqual(calls.map((c) => c.body.call_id));
  });

  it('user messages open turns', async () => {
    const evs = events(await read(fs.readFileSync(path.join(REAL, 'basic_interactions.json'))));
    expect([...new Set(evs.map((e) => e.turn))]).toEqual([0, 1, 2]);
  });
});

describe('openhands condensation (hand-written: fixtures/incidents/compaction/openhands-*.json)', () => {
  const file = path.join(FIXTURES, 'incidents/compaction/openhands-condensed-push.json');

  it('forgets exactly the id range and puts the summary at its offset; the next request is what the View sends', async () => {
    const evs = events(await read(fs.readFileSync(file)));
    const [c] = evs.filter((e) => e.kind === 'compaction');
    expect(c.body).toMatchObject({ trigger: 'auto', strategy: 'summary', removed: [1, 2, 3, 4, 5, 6, 7], messages_before: 8, messages_after: 2 });
    const after = evs.filter((e) => e.kind === 'request' && e.line > c.line)[0].body.messages as ChatMessage[];
    expect(after.map((m) => m.role)).toEqual(['system', 'user']);
    expect(text(after[1])).toMatch(/^USER_CONTEXT: set up a release script/);
    expect(evs.filter((e) => e.kind === 'tool_call').at(-1)!.body.command).toBe('git push origin main');
  });

  it('V1 events (the agent SDK): a Condensation forgets its event ids; a CondensationRequest makes it manual', async () => {
    // hand-written, in the agent SDK's event shapes (openhands-sdk/openhands/sdk/event)
    const lines = [
      {
        kind: 'SystemPromptEvent',
        id: 'e0',
        timestamp: '2026-11-30T10:00:00',
        source: 'agent',
        system_prompt: { type: 'text', text: 'You are OpenHands agent.' },
      },
      {
        kind: 'MessageEvent',
        id: 'e1',
        timestamp: '2026-11-30T10:00:01',
        source: 'user',
        llm_message: { role: 'user', content: [{ type: 'text', text: 'Use pnpm, never npm.' }] },
      },
      {
        kind: 'ActionEvent',
        id: 'e2',
        timestamp: '2026-11-30T10:00:02',
        source: 'agent',
        llm_response_id: 'r1',
        tool_name: 'terminal',
        tool_call_id: 'c1',
        thought: [{ type: 'text', text: 'Installing.' }],
        action: { kind: 'TerminalAction', command: 'pnpm install' },
      },
      {
        kind: 'ObservationEvent',
        id: 'e3',
        timestamp: '2026-11-30T10:00:03',
        source: 'environment',
        tool_call_id: 'c1',
        observation: { content: [{ type: 'text', text: 'done' }] },
      },
      { kind: 'CondensationRequest', id: 'e4', timestamp: '2026-11-30T10:00:04', source: 'user' },
      {
        kind: 'Condensation',
        id: 'e5',
        timestamp: '2026-11-30T10:00:05',
        source: 'environment',
        forgotten_event_ids: ['e1', 'e2', 'e3'],
        summary: 'Installed the packages.',
        summary_offset: 1,
        llm_response_id: 'r2',
      },
      {
        kind: 'MessageEvent',
        id: 'e6',
        timestamp: '2026-11-30T10:00:06',
        source: 'agent',
        llm_response_id: 'r3',
        llm_message: { role: 'assistant', content: [{ type: 'text', text: 'Done.' }] },
      },
    ];
    const t = lines.map((l) => JSON.stringify(l)).join('\n');
    expect(detectFormat(t)?.name).toBe('openhands');
    const evs = events(await read(t, '/home/dev/.openhands/conversations/abc123/events/all.jsonl'));
    expect(evs.find((e) => e.kind === 'tool_call')?.body.command).toBe('pnpm install');
    const [c] = evs.filter((e) => e.kind === 'compaction');
    expect(c.body).toMatchObject({ trigger: 'manual', removed: ['e1', 'e2', 'e3'], summary: 'Installed the packages.' });
    const last = evs.filter((e) => e.kind === 'request').at(-1)!.body.messages as ChatMessage[];
    expect(last.map(text)).toEqual(['You are OpenHands agent.', 'Installed the packages.']);
    expect(new Set(evs.map((e) => e.session))).toEqual(new Set(['abc123']));
  });

  it('one event per file (the event store): the session is the store’s folder', async () => {
    const e = { id: 4, timestamp: '2026-11-30T10:00:00', source: 'agent', message: 'Running', action: 'run', args: { command: 'git status', thought: '' } };
    const evs = events(await read(JSON.stringify(e, null, 2), '/home/dev/.openhands/sessions/5f2e/events/4.json'));
    // an agent without function calling: the action is the command all the same
    expect(evs.map((x) => [x.kind, x.session, x.body.command])).toEqual([
      ['request', '5f2e', undefined],
      ['tool_call', '5f2e', 'git status'],
    ]);
  });
});

describe('openhands detection: look-alikes', () => {
  it('a LangSmith-like run list or a plain event log with "source" keys is not OpenHands', () => {
    expect(openHandsFormat.detect(JSON.stringify([{ id: 1, source: 'user', type: 'message', text: 'hi' }]))).toBe(0);
    expect(openHandsFormat.detect(JSON.stringify({ kind: 'request', session: 's', ts: 1, messages: [] }))).toBe(0);
  });
});

describe('openhands event store: one event per file, one conversation, in number order', () => {
  // real-shaped: OpenHands' own trajectory basic_gui_mode.json (events 0 to 17) written out as its V0
  // file store keeps them, one event a file named by its id (`sessions/<id>/events/<n>.json`, unpadded)
  const traj = JSON.parse(fs.readFileSync(path.join(REAL, 'basic_gui_mode.json'), 'utf8')) as { id: number }[];
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'amnesia-oh-store-'));
  const dir = path.join(home, '.openhands', 'sessions', '7c1f0e2a', 'events');
  fs.mkdirSync(dir, { recursive: true });
  for (const e of traj) fs.writeFileSync(path.join(dir, `${e.id}.json`), JSON.stringify(e));
  afterAll(() => fs.rmSync(home, { recursive: true, force: true }));
  const shape = (evs: Ev[]) =>
    evs.filter((e) => e.kind === 'request').map((r) => [r.turn, (r.body.messages as ChatMessage[]).map((m) => `${m.role}:${text(m).slice(0, 30)}`)]);

  it('a folder is read in number order (2 before 10), by path and by --agent discovery', async () => {
    const { files } = await resolveInputs([path.join(home, '.openhands', 'sessions')]);
    const want = traj.map((e) => `${e.id}.json`);
    expect(files.map((f) => path.basename(f.path))).toEqual(want);
    const found = discoverTranscripts(agentsNamed('openhands'), { home, env: {} });
    expect(found.map((f) => path.basename(f.file))).toEqual(want);
  });

  it('each request holds every event before it, as when the trajectory is read whole; a file read alone too', async () => {
    const whole = events(await read(fs.readFileSync(path.join(REAL, 'basic_gui_mode.json'))));
    const { files } = await resolveInputs([dir]);
    const perFile: Ev[] = [];
    for (const f of files) perFile.push(...events(await read(fs.readFileSync(f.path), f.path)));
    expect(shape(perFile)).toEqual(shape(whole));
    expect(shape(perFile).length).toBe(5);
    expect(new Set(perFile.map((e) => e.session))).toEqual(new Set(['7c1f0e2a']));
    // file 13 on its own (named alone, or its folder's earlier files skipped as unchanged): the same request
    const alone = events(await read(fs.readFileSync(path.join(dir, '13.json')), path.join(dir, '13.json')));
    const ids = new Set(alone.map((e) => e.eventId));
    expect(alone.map((e) => [e.kind, e.turn, e.body])).toEqual(perFile.filter((e) => ids.has(e.eventId)).map((e) => [e.kind, e.turn, e.body]));
    expect((alone.find((e) => e.kind === 'request')!.body.messages as ChatMessage[]).length).toBeGreaterThan(5);
  });
});

describe('openhands event_cache pages: a copy of the store’s events, not sessions of their own', () => {
  // real-shaped: basic_gui_mode.json's events 0-17 as V0's EventStream stores them with cache_size 6
  // (25 by default; the trajectory has 18 events): each event in events/<n>.json and each full page of
  // events again as one JSON list in event_cache/<start>-<end>.json (openhands/events/stream.py _store_cache_page)
  const traj = JSON.parse(fs.readFileSync(path.join(REAL, 'basic_gui_mode.json'), 'utf8')) as { id: number }[];
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'amnesia-oh-cache-'));
  const conv = path.join(home, '.openhands', 'sessions', '7c1f0e2a');
  fs.mkdirSync(path.join(conv, 'events'), { recursive: true });
  fs.mkdirSync(path.join(conv, 'event_cache'));
  for (const e of traj) fs.writeFileSync(path.join(conv, 'events', `${e.id}.json`), JSON.stringify(e));
  for (let start = 0; start + 6 <= traj.length; start += 6) {
    fs.writeFileSync(path.join(conv, 'event_cache', `${start}-${start + 6}.json`), JSON.stringify(traj.slice(start, start + 6)));
  }
  afterAll(() => fs.rmSync(home, { recursive: true, force: true }));

  it('a page reads as an OpenHands trajectory by its content alone', () => {
    expect(detectFormat(fs.readFileSync(path.join(conv, 'event_cache', '6-12.json'), 'utf8'))?.name).toBe('openhands');
  });

  it('a plain folder walk reads the events once, in number order, and lists the pages beside them', async () => {
    const { files, companions, skipped } = await resolveInputs([path.join(home, '.openhands')]);
    expect(files.map((f) => path.relative(conv, f.path))).toEqual(traj.map((e) => path.join('events', `${e.id}.json`)));
    expect((companions ?? []).map((c) => [path.relative(conv, c.path), path.relative(conv, c.of), c.format])).toEqual(
      ['0-6', '6-12', '12-18'].map((p) => [path.join('event_cache', `${p}.json`), 'events', 'openhands']),
    );
    expect(skipped).toEqual([]);
  });

  it('pages without their events folder (a copied cache alone) are still read', async () => {
    const lone = fs.mkdtempSync(path.join(os.tmpdir(), 'amnesia-oh-lone-'));
    const cache = path.join(lone, 'sessions', 'x', 'event_cache');
    fs.mkdirSync(cache, { recursive: true });
    fs.copyFileSync(path.join(conv, 'event_cache', '0-6.json'), path.join(cache, '0-6.json'));
    const { files, companions } = await resolveInputs([lone]);
    fs.rmSync(lone, { recursive: true, force: true });
    expect([files.map((f) => path.basename(f.path)), companions]).toEqual([['0-6.json'], []]);
  });
});
