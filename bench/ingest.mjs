// npm run bench [-- --mb 1000] [-- --analyze]
// Generates synthetic logs (cached in bench/out/), then measures in separate processes:
// the parse floor, `amnesia ingest` into a fresh store, and (when analyzers exist) `amnesia analyze`.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generate } from './generate.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const argv = process.argv.slice(2);
const mbArg = argv.indexOf('--mb');
const mb = mbArg >= 0 ? Number(argv[mbArg + 1]) : 200;
const out = path.join(here, 'out');
fs.mkdirSync(out, { recursive: true });
const log = path.join(out, `synthetic-${mb}mb.jsonl`);
if (!fs.existsSync(log)) {
  process.stderr.write(`generating ${mb} MB of synthetic logs in ${log} ...\n`);
  generate(log, mb);
}
const size = fs.statSync(log).size;
const lines = Number(spawnSync('wc', ['-l', log], { encoding: 'utf8' }).stdout.trim().split(/\s+/)[0]);

function measure(args) {
  const r = spawnSync(process.execPath, [path.join(here, 'measure.mjs'), ...args], { encoding: 'utf8', maxBuffer: 64 << 20 });
  const last = r.stderr.trim().split('\n').pop();
  try {
    return JSON.parse(last);
  } catch {
    throw new Error(`measurement failed: ${r.stderr.slice(-2000)}`);
  }
}

const floor = measure(['floor', log]);
const db = path.join(out, `bench-${mb}mb.db`);
for (const suffix of ['', '-wal', '-shm']) fs.rmSync(db + suffix, { force: true });
const ing = measure(['cli', 'ingest', log, '--db', db, '--no-progress']);
if (ing.code !== 0) throw new Error(`ingest exited ${ing.code}`);
const storeBytes = ['', '-wal'].reduce((n, s) => n + (fs.existsSync(db + s) ? fs.statSync(db + s).size : 0), 0);

const MB = 1e6;
const row = (name, m) => ({
  step: name,
  seconds: +m.seconds.toFixed(2),
  'MB/s': +(size / MB / m.seconds).toFixed(1),
  'events/s': Math.round(lines / m.seconds),
  'peak RSS MB': Math.round(m.maxRssMB),
});
const rows = [row('parse floor (readline + JSON.parse)', floor), row('amnesia ingest', ing)];
let analyze = null;
if (fs.existsSync(path.join(here, '..', 'dist', 'cli', 'commands', 'analyze.js'))) {
  analyze = measure(['cli', 'analyze', '--db', db, '--format', 'json']);
  rows.push({ ...row('amnesia analyze', analyze), 'MB/s': '-', 'events/s': Math.round(lines / analyze.seconds) });
}
console.log(`input: ${(size / MB).toFixed(1)} MB, ${lines.toLocaleString('en-US')} events (${path.relative(process.cwd(), log)})`);
console.table(rows);
console.log(`store: ${(storeBytes / MB).toFixed(1)} MB = ${((storeBytes / size) * 100).toFixed(0)}% of the input`);
console.log(`ingest throughput = ${((floor.seconds / ing.seconds) * 100).toFixed(0)}% of the parse floor (target >= 50%)`);
if (analyze) console.log(`analyze time = ${((analyze.seconds / ing.seconds) * 100).toFixed(0)}% of ingest time (target <= 50%)`);
