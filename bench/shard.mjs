// node bench/shard.mjs [--mb 500] [--shards 8] [--jobs 2]
// The sharded run of docs/scale.md against one triage, on the same machine one after the other:
// `amnesia triage` of the bench's synthetic logs (cached in bench/out/ by bench/ingest.mjs's generator),
// then `amnesia shard` into N, N `amnesia triage --shard K/N` processes JOBS at a time, `amnesia merge`.
// Prints wall seconds of each step and whether the merged document equals the single one, byte for byte.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cachedLog, numArg } from './generate.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const bin = path.join(here, '..', 'bin', 'amnesia.js');
const mb = numArg('--mb', 500);
const n = numArg('--shards', 8);
const jobs = numArg('--jobs', os.availableParallelism());
const log = cachedLog(mb);
const out = path.dirname(log);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'amnesia-bench-shard-'));
const env = { ...process.env, NO_COLOR: '1' };

function timed(args, file) {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, [bin, ...args], { cwd: out, env, encoding: 'utf8', maxBuffer: 1 << 30 });
  const s = (performance.now() - t0) / 1000;
  if (r.status !== 0) throw new Error(`amnesia ${args.join(' ')}: exit ${r.status}\n${r.stderr.slice(-2000)}`);
  if (file) fs.writeFileSync(file, r.stdout);
  return s;
}

function runOne(k) {
  return new Promise((resolve, reject) => {
    const file = fs.openSync(path.join(work, `findings-${k}.json`), 'w');
    const p = spawn(
      process.execPath,
      [bin, 'triage', path.join(work, 'shards', `shard-${k}-of-${n}`), '--shard', `${k}/${n}`, '--format', 'json', '--no-progress'],
      {
        cwd: out,
        env,
        stdio: ['ignore', file, 'ignore'],
      },
    );
    p.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`shard ${k}: exit ${code}`))));
  });
}

async function pool() {
  const t0 = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(jobs, n) }, async () => {
      while (next < n) await runOne(next++);
    }),
  );
  return (performance.now() - t0) / 1000;
}

try {
  const single = timed(['triage', path.basename(log), '--format', 'json', '--no-progress'], path.join(work, 'single.json'));
  const cut = timed(['shard', path.basename(log), '--out', path.join(work, 'shards'), '--shards', String(n), '--no-progress']);
  const shards = await pool();
  const docs = Array.from({ length: n }, (_, k) => path.join(work, `findings-${k}.json`));
  const merge = timed(['merge', ...docs, '--manifest', path.join(work, 'shards', 'manifest.json')], path.join(work, 'merged.json'));
  const same = fs.readFileSync(path.join(work, 'single.json')).equals(fs.readFileSync(path.join(work, 'merged.json')));
  const findings = JSON.parse(fs.readFileSync(path.join(work, 'merged.json'), 'utf8')).findings.length;
  const total = cut + shards + merge;
  console.log(
    JSON.stringify({
      mb,
      shards: n,
      jobs,
      cores: os.availableParallelism(),
      single,
      shard: cut,
      triage_shards: shards,
      merge,
      sharded_total: total,
      findings,
      identical: same,
    }),
  );
  console.log(
    `${mb} MB, ${n} shards, ${jobs} at a time: one triage ${single.toFixed(1)} s; shard ${cut.toFixed(1)} s + triage shards ${shards.toFixed(1)} s + merge ${merge.toFixed(1)} s = ${total.toFixed(1)} s (${(total / single).toFixed(2)}x); ${findings} findings, merged ${same ? 'identical' : 'DIFFERENT'}`,
  );
  if (!same) process.exitCode = 1;
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
