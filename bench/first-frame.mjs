// node bench/first-frame.mjs [runs=5] [--db file]   (after `npm run build`; needs tmux)
// The TUI's first frame as a user sees it (issue 35 asks for under 0.5 s): `amnesia tui` started in
// a real terminal (tmux, a private server), timed from the start to the screen showing the
// overview, polled every 5 ms; each run a fresh process. Next to it the CPU time the process had used
// by then (user + system, from /proc: what the machine's load does not inflate), and the module
// loading alone: the time to import dist/tui/run.js (Ink, React, the screens) in a fresh Node. A
// benchmark, not a test.
// Without --db it triages fixtures/incidents into a temporary store first.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.join(here, '..');
const bin = path.join(root, 'bin', 'amnesia.js');
const argv = process.argv.slice(2);
const runs = Number(argv.find((a) => /^\d+$/.test(a))) || 5;
const dbArg = argv.indexOf('--db');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'amnesia-first-frame-'));
let db = dbArg >= 0 ? argv[dbArg + 1] : path.join(dir, 'x.db');
if (dbArg < 0) execFileSync(process.execPath, [bin, 'triage', path.join(root, 'fixtures', 'incidents'), '--db', db], { stdio: 'ignore' });
db = path.resolve(db);

const socket = `amnesia-first-frame-${process.pid}`;
const tmux = (...a) => spawnSync('tmux', ['-L', socket, ...a], { encoding: 'utf8' }).stdout;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const stats = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return `median ${s[Math.floor(s.length / 2)].toFixed(0)} ms, min ${s[0].toFixed(0)} ms, max ${s[s.length - 1].toFixed(0)} ms (${s.length} runs)`;
};

// a session that keeps the server up between runs (a server whose last session ends exits, racing the next run)
tmux('new-session', '-d', '-s', 'keep', 'sleep 600');
const frames = [];
const cpus = [];
/** The CPU time (ms) the TUI's process has used: the pane's shell's child (Linux /proc, clock ticks of 10 ms). */
const cpuOf = (name) => {
  try {
    const shell = tmux('display', '-p', '-t', name, '#{pane_pid}').trim();
    const child = fs.readFileSync(`/proc/${shell}/task/${shell}/children`, 'utf8').trim().split(' ')[0];
    const stat = fs.readFileSync(`/proc/${child}/stat`, 'utf8');
    const [utime, stime] = stat
      .slice(stat.lastIndexOf(')') + 2)
      .split(' ')
      .slice(11, 13)
      .map(Number);
    return (utime + stime) * 10;
  } catch {
    return Number.NaN;
  }
};
for (let i = 0; i < runs; i++) {
  const name = `r${i}`;
  const t0 = performance.now();
  tmux('new-session', '-d', '-x', '100', '-y', '30', '-s', name, `${process.execPath} ${bin} tui --db ${db}; sleep 5`);
  for (;;) {
    if (tmux('capture-pane', '-p', '-t', name).includes('worst sessions first')) {
      cpus.push(cpuOf(name));
      break;
    }
    if (performance.now() - t0 > 30_000) throw new Error(`no first frame in 30 s:\n${tmux('capture-pane', '-p', '-t', name)}`);
    await sleep(5);
  }
  frames.push(performance.now() - t0);
  tmux('kill-session', '-t', name);
}
tmux('kill-server');

const loads = [];
for (let i = 0; i < runs; i++) {
  const r = spawnSync(
    process.execPath,
    [
      '-e',
      `const t=performance.now();process.env.NODE_ENV='production';import(${JSON.stringify(path.join(root, 'dist', 'tui', 'run.js'))}).then(()=>console.log(performance.now()-t))`,
    ],
    { encoding: 'utf8' },
  );
  loads.push(Number(r.stdout.trim()));
}
fs.rmSync(dir, { recursive: true, force: true });
console.log(
  `load average ${os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')}, ${os.availableParallelism()} cores`,
);
console.log(`first frame (process start to the overview on screen): ${stats(frames)}`);
if (cpus.every(Number.isFinite)) console.log(`CPU time of the process by then (user + system):     ${stats(cpus)}`);
console.log(`import dist/tui/run.js alone:                         ${stats(loads)}`);
console.log('target: first frame under 500 ms');
