// The probe from the built package: the example agent's log triages cleanly, and a process killed right
// after a critical event leaves that event on disk.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cli, json, ROOT, tmpdir } from './helpers.js';

const PROBE = pathToFileURL(path.join(ROOT, 'dist', 'probe', 'index.js')).href;

describe('probe: the example agent', () => {
  it('runs without network and its log triages cleanly: no findings, no bad lines', () => {
    const dir = tmpdir();
    const log = path.join(dir, 'agent-log.jsonl');
    const run = spawnSync(process.execPath, [path.join(ROOT, 'examples', 'probe-agent', 'agent.mjs'), log], { encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    const r = cli(['triage', log, '--format', 'json']);
    expect(r.code).toBe(0);
    const doc = json(r);
    expect(doc.findings).toEqual([]);
    expect(doc.summary).toMatchObject({ sessions: 1, bad_lines: 0 });
    const kinds = new Set(
      fs
        .readFileSync(log, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).kind),
    );
    expect(kinds).toEqual(new Set(['lifecycle', 'request', 'response', 'retrieval', 'memory_write', 'state', 'tool_call', 'tool_result', 'store_snapshot']));
  });
});

describe('probe: durability', () => {
  it('a process killed (SIGKILL) right after an acknowledged write leaves the acknowledgement in the log', () => {
    const dir = tmpdir();
    const log = path.join(dir, 'crash.jsonl');
    const script = path.join(dir, 'crash.mjs');
    fs.writeFileSync(
      script,
      `import { createProbe } from ${JSON.stringify(PROBE)};
const probe = createProbe({ file: ${JSON.stringify(log)}, session: 'crash-demo', turn: 0 });
const w = probe.write({ memory_id: 'm1', memory_type: 'preference', text: 'lists' });
w.enqueued();
w.acknowledged();
process.kill(process.pid, 'SIGKILL');
`,
    );
    const run = spawnSync(process.execPath, [script], { encoding: 'utf8' });
    expect(run.signal).toBe('SIGKILL');
    const lines = fs
      .readFileSync(log, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.map((l) => l.phase)).toEqual(['requested', 'enqueued', 'acknowledged']);
    // and the log says what happened: acknowledged, never committed
    const doc = json(cli(['triage', log, '--format', 'json']));
    expect(doc.findings.map((f: { analyzer: string; cause: string }) => `${f.analyzer}:${f.cause}`)).toEqual(['lost-write:never_committed']);
  });
});
