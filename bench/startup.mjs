// Start-up time, hyperfine-style: each command run N times in a fresh process (after one warm-up),
// reporting mean, min and max wall time. Usage: node bench/startup.mjs [runs=15]
// Commands: `amnesia --help`, and a triage of a 3-event log into a temporary store.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const bin = path.join(here, '..', 'bin', 'amnesia.js');
const runs = Number(process.argv[2]) || 15;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'amnesia-startup-'));
const tiny = path.join(dir, 'tiny.jsonl');
const ev = (kind, extra) => JSON.stringify({ kind, ts: '2026-01-01T00:00:00Z', session: 's1', ...extra });
fs.writeFileSync(
  tiny,
  [
    ev('request', { model: 'gpt-4o', messages: [{ role: 'user', content: 'Please answer without emoji from now on.' }] }),
    ev('response', { content: 'Sure, no emoji.' }),
    ev('memory_write', { write_id: 'w1', phase: 'committed', memory_id: 'm1', memory_type: 'fact', text: 'likes tea' }),
  ].join('\n') + '\n',
);

const cases = [
  ['amnesia --help', ['--help']],
  ['amnesia triage <3-event log>', ['triage', tiny, '--no-progress']],
];
const rows = [];
for (const [name, args] of cases) {
  const times = [];
  for (let i = 0; i <= runs; i++) {
    const t0 = process.hrtime.bigint();
    const r = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8' });
    const s = Number(process.hrtime.bigint() - t0) / 1e9;
    if (r.status !== 0 && r.status !== 1) throw new Error(`${name} exited ${r.status}: ${r.stderr}`);
    if (i > 0) times.push(s); // the first run warms the file cache
  }
  const mean = times.reduce((a, b) => a + b, 0) / times.length;
  rows.push({ command: name, runs, 'mean s': +mean.toFixed(3), 'min s': +Math.min(...times).toFixed(3), 'max s': +Math.max(...times).toFixed(3) });
}
fs.rmSync(dir, { recursive: true, force: true });
console.log(
  `load average: ${os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}`,
);
console.table(rows);
