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
});
