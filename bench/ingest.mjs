// npm run bench [-- --mb 1000]
// Generates synthetic logs (cached in bench/out/), then measures in separate processes:
// the parse floor, `amnesia ingest` into a fresh store, `amnesia analyze` on it, and `amnesia triage`
// (both in one process, its own temporary store). Ratios are to the parse floor, measured before and after each step.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cachedLog, numArg } from './generate.mjs';
import { measure } from './steps.mjs';

const mb = numArg('--mb', 200);
const log = cachedLog(mb);
const out = path.dirname(log);
const size = fs.statSync(log).size;
const lines = Number(spawnSync('wc', ['-l', log], { encoding: 'utf8' }).stdout.trim().split(/\s+/)[0]);

// The floor is measured before and after every step, and each step's ratio is to the mean of the
// two around it: on a shared machine the same work moves by 20-30% from one minute to the next.
const floors = [measure(['floor', log])];
const nextFloor = () => floors.push(measure(['floor', log]));
const around = (i) => (floors[i].seconds + floors[i + 1].seconds) / 2;
const db = path.join(out, `bench-${mb}mb.db`);
for (const suffix of ['', '-wal', '-shm']) fs.rmSync(db + suffix, { force: true });
const ing = measure(['cli', 'ingest', log, '--db', db, '--no-progress']);
if (ing.code !== 0) throw new Error(`ingest exited ${ing.code}`);
nextFloor();
const storeBytes = ['', '-wal'].reduce((n, s) => n + (fs.existsSync(db + s) ? fs.statSync(db + s).size : 0), 0);

const MB = 1e6;
const row = (name, m) => ({
  step: name,
  seconds: +m.seconds.toFixed(2),
  'CPU s': +m.cpuSeconds.toFixed(2),
  'MB/s': +(size / MB / m.seconds).toFixed(1),
  'events/s': Math.round(lines / m.seconds),
  'peak RSS MB': Math.round(m.maxRssMB),
});
const ratio = (m, i) => `${(m.seconds / around(i)).toFixed(2)}x`;
const analyze = measure(['cli', 'analyze', '--db', db, '--format', 'json']);
if (analyze.code > 1) throw new Error(`analyze exited ${analyze.code}`);
nextFloor();
// triage: ingest + analyze in one process, into its own temporary store, as a user runs it
const triage = measure(['cli', 'triage', log, '--format', 'json', '--no-progress']);
if (triage.code > 1) throw new Error(`triage exited ${triage.code}`);
nextFloor();
const floorMean = floors.reduce((n, f) => n + f.seconds, 0) / floors.length;
const rows = [
  {
    ...row('parse floor (readline + JSON.parse + hash each message)', floors[0]),
    seconds: `${floors.map((f) => f.seconds.toFixed(2)).join(' / ')}`,
    'x floor': '1.00x',
  },
  { ...row('amnesia ingest', ing), 'x floor': ratio(ing, 0) },
  { ...row('amnesia analyze', analyze), 'MB/s': '-', 'x floor': ratio(analyze, 1) },
  { ...row('amnesia triage', triage), 'x floor': ratio(triage, 2) },
];
rows[0]['MB/s'] = +(size / MB / floorMean).toFixed(1);
console.log(
  `load average: ${os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')} on ${os.availableParallelism()} cores (wall times move with it; CPU seconds, all threads, less)`,
);
console.log(`input: ${(size / MB).toFixed(1)} MB, ${lines.toLocaleString('en-US')} events (${path.relative(process.cwd(), log)})`);
console.table(rows);
console.log(`store: ${(storeBytes / MB).toFixed(1)} MB = ${(storeBytes / size).toFixed(2)}x the input`);
console.log(
  `triage = ${ratio(triage, 2)} the parse floor measured around it (target <= 2.0x, goal 1.5x); peak RSS ${Math.round(Math.max(ing.maxRssMB, analyze.maxRssMB, triage.maxRssMB))} MB (target < 300)`,
);
