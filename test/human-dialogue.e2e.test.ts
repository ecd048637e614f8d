// Real conversations between people (fixtures/human-dialogue, see its SOURCES.md): no assistant
// instructions, no tools, no memory system. Every analyzer must stay quiet on them.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES, cli, json, tmpdir } from './helpers.js';

describe('real human dialogue', () => {
  it('gives no finding from any analyzer', () => {
    const file = path.join(FIXTURES, 'human-dialogue', 'taskmaster-en.jsonl');
    const r = cli(['triage', file, '--format', 'json', '--no-progress'], { cwd: tmpdir() });
    expect(r.code).toBe(0);
    const out = json(r);
    expect(out.summary.sessions).toBe(3); // the corpus was read
    expect(out.summary.events).toBe(28);
    expect(out.findings).toEqual([]);
  });

  // Topical-Chat: the 12 conversations with findings before issue 24 (a 512-token window trims them);
  // oasst2: people asking and people answering as the assistant, in six languages
  it.each([
    ['topical-chat-en.jsonl', 12, 256],
    ['oasst2-multi.jsonl', 14, 52],
  ])('%s: no finding from any analyzer', (name, sessions, events) => {
    const file = path.join(FIXTURES, 'human-dialogue', name);
    const r = cli(['triage', file, '--format', 'json', '--no-progress'], { cwd: tmpdir() });
    expect(r.code).toBe(0);
    const out = json(r);
    expect(out.summary.sessions).toBe(sessions);
    expect(out.summary.events).toBe(events);
    expect(out.findings).toEqual([]);
  });
});
