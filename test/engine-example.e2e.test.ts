// The engine's example agent (examples/engine-agent) from the built package, as an agent developer
// runs it: two processes on one store remember across sessions, de-identify, and erase.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, tmpdir } from './helpers.js';

describe('examples/engine-agent', () => {
  it('runs without network: the second session answers from the store, the phone is masked, the user is erased', () => {
    const db = path.join(tmpdir(), 'memory.db');
    const run = spawnSync(process.execPath, [path.join(ROOT, 'examples', 'engine-agent', 'agent.mjs'), db], { encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    const second = run.stdout.slice(run.stdout.indexOf('-- session 2'));
    expect(second).toContain('< You asked for TypeScript examples, so here is one in TypeScript.');
    expect(second).toContain('< Here is the config as JSON (you asked me never to use XML).');
    expect(second).toMatch(/"My phone is \[phone #[0-9a-f]{8}\], call me if the build breaks\."/);
    expect(run.stdout).toMatch(/-- erased: 3 memory rows, \d+ raw entries; left: 0 memories/);
    const bytes = fs
      .readdirSync(path.dirname(db))
      .map((f) => fs.readFileSync(path.join(path.dirname(db), f)).toString('latin1'))
      .join('');
    expect(bytes).not.toContain('1234 5678');
    expect(bytes).not.toContain('TypeScript');
  });
});
