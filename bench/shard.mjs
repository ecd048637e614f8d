// node bench/shard.mjs [--mb 500] [--shards 8] [--jobs 2] [--only single|sharded]
// The sharded run of docs/scale.md against one triage, on the same machine one after the other:
// `amnesia triage` of the bench's synthetic logs (cached in bench/out/ by bench/ingest.mjs's generator),
// then `amnesia shard` into N, N `amnesia triage --shard K/N` processes JOBS at a time, `amnesia merge`.
// Prints wall and CPU seconds (user + system of every process and thread of the step, from the kernel's
// accounting of the reaped children, Linux's /proc/self/stat) of each step, and whether the merged
// document equals the single one, byte for byte. `--only single` or `--only sharded` runs one side and
// keeps its document in bench/out/shard-<side>.json, so an outside timer (`/usr/bin/time -v`) can take
// each side as one whole process.
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
const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : null;
if (only !== null && only !== 'single' && only !== 'sharded') throw new Error('--only single|sharded');
const log = cachedLog(mb);
const out = path.dirname(log);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'amnesia-bench-shard-'));
const env = { ...process.env, NO_COLOR: '1' };

/** CPU seconds (user + system) of this process's reaped children so far; null off Linux. */
function childCpu() {
  try {
    const stat = fs.readFileSync('/proc/self/stat', 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // fields 16 and 17 of proc(5) (cutime, cstime), counted from the state field (3)
    return (Number(f[13]) + Number(f[14])) / 100;
  } catch {
    return null;
  }
}

/** Runs `step`, returns { wall, cpu } seconds. */
async function measure(step) {
  const c0 = childCpu();
  const t0 = performance.now();
  await step();
  const c1 = childCpu();
  const r2 = (x) => Math.round(x * 100) / 100;
  return { wall: r2((performance.now() - t0) / 1000), cpu: c0 === null || c1 === null ? null : r2(c1 - c0) };
}

function amnesia(args, file) {
  const r = spawnSync(process.execPath, [bin, ...args], { cwd: out, env, encoding: 'utf8', maxBuffer: 1 << 30 });
  if (r.status !== 0) throw new Error(`amnesia ${args.join(' ')}: exit ${r.status}\n${r.stderr.slice(-2000)}`);
  if (file) fs.writeFileSync(file, r.stdout);
}

function runOne(k) {
  return new Promise((resolve, reject) => {
    const file = fs.openSync(path.join(work, `findings-${k}.json`), 'w');
    const p = spawn(
      process.execPath,
      [bin, 'triage', path.join(work, 'shards', `shard-${k}-of-${n}`), '--shard', `${k}/${n}`, '--format', 'json', '--no-progress'],
      { cwd: out, env, stdio: ['ignore', file, 'ignore'] },
    );
    p.on('exit', (code) => {
      fs.closeSync(file);
      code === 0 ? resolve() : reject(new Error(`shard ${k}: exit ${code}`));
    });
  });
}

async function pool() {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(jobs, n) }, async () => {
      while (next < n) await runOne(next++);
    }),
  );
}

const fmt = (m) => `${m.wall.toFixed(1)} s${m.cpu === null ? '' : ` (${m.cpu.toFixed(1)} CPU s)`}`;
const r2 = (x) => Math.round(x * 100) / 100;
const sum = (...ms) => ({
  wall: r2(ms.reduce((a, m) => a + m.wall, 0)),
  cpu: ms.some((m) => m.cpu === null) ? null : r2(ms.reduce((a, m) => a + m.cpu, 0)),
});

try {
  const singleDoc = path.join(work, 'single.json');
  const mergedDoc = path.join(work, 'merged.json');
  const single = only === 'sharded' ? null : await measure(() => amnesia(['triage', path.basename(log), '--format', 'json', '--no-progress'], singleDoc));
  let steps = null;
  if (only !== 'single') {
    const cut = await measure(() => amnesia(['shard', path.basename(log), '--out', path.join(work, 'shards'), '--shards', String(n), '--no-progress']));
    const shards = await measure(pool);
    const docs = Array.from({ length: n }, (_, k) => path.join(work, `findings-${k}.json`));
    const merge = await measure(() => amnesia(['merge', ...docs, '--manifest', path.join(work, 'shards', 'manifest.json')], mergedDoc));
    steps = { shard: cut, triage_shards: shards, merge, sharded_total: sum(cut, shards, merge) };
  }
  if (only) {
    fs.copyFileSync(only === 'single' ? singleDoc : mergedDoc, path.join(out, `shard-${only}.json`));
    console.log(JSON.stringify({ mb, shards: n, jobs, only, ...(single ? { single } : steps) }));
  } else {
    const same = fs.readFileSync(singleDoc).equals(fs.readFileSync(mergedDoc));
    const findings = JSON.parse(fs.readFileSync(mergedDoc, 'utf8')).findings.length;
    console.log(JSON.stringify({ mb, shards: n, jobs, cores: os.availableParallelism(), single, ...steps, findings, identical: same }));
    const total = steps.sharded_total;
    console.log(
      `${mb} MB, ${n} shards, ${jobs} at a time: one triage ${fmt(single)}; shard ${fmt(steps.shard)} + triage shards ${fmt(steps.triage_shards)} + merge ${fmt(steps.merge)} = ${fmt(total)} (${(total.wall / single.wall).toFixed(2)}x wall${total.cpu === null ? '' : `, ${(total.cpu / single.cpu).toFixed(2)}x CPU`}); ${findings} findings, merged ${same ? 'identical' : 'DIFFERENT'}`,
    );
    if (!same) process.exitCode = 1;
  }
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
