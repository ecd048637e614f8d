// node bench/transcripts.mjs [--mb 50]   (npm run build first; the lead runs --mb 1000)
// The bar of issue 28: "a 1 GB folder of transcripts triages within twice the parse floor".
// Builds (once, cached in bench/out/transcripts-<mb>mb/) a folder of coding agents' transcripts
// from the real samples in fixtures/real/<agent>/ (Claude Code, Codex, Copilot CLI, Gemini CLI,
// Cline, OpenHands), copied again and again with fresh ids until it holds <mb> MB, then measures
// in separate processes the parse floor of the folder (every file read, JSON.parse'd, each
// record's message hashed) and `amnesia triage <folder>`, the floor measured before and after.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { numArg } from './generate.mjs';
import { measure } from './steps.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const real = path.join(here, '..', 'fixtures', 'real');
const AGENTS = ['claude-code', 'codex', 'copilot-cli', 'gemini-cli', 'cline', 'openhands'];
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const HAS_UUID = new RegExp(UUID.source, 'i');

/** The transcripts of the real samples (not their SOURCES.md or generator scripts), decompressed. */
function samples() {
  const out = [];
  for (const agent of AGENTS) {
    const dir = path.join(real, agent);
    for (const rel of fs.readdirSync(dir, { recursive: true }).sort()) {
      const file = path.join(dir, rel);
      if (!fs.statSync(file).isFile() || !/\.(jsonl?|jsonl?\.gz)$/.test(rel) || rel.split(path.sep)[0] === 'gen') continue;
      const bytes = fs.readFileSync(file);
      out.push({ rel: path.join(agent, rel.replace(/\.gz$/, '')), text: (rel.endsWith('.gz') ? zlib.gunzipSync(bytes) : bytes).toString('utf8') });
    }
  }
  return out;
}

/** Copy k of a sample: every UUID replaced by one of its own (the sessions, entries and files are new), a name without one suffixed. */
function copyOf(s, k) {
  const fresh = (u) => {
    const h = crypto.createHash('sha1').update(`${u.toLowerCase()}:${k}`).digest('hex');
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
  };
  let rel = s.rel.replace(UUID, fresh);
  // a session named after its file (OpenHands' trajectories, Cline's SDK sessions): a new name per copy
  if (!HAS_UUID.test(s.rel)) rel = path.join(path.dirname(rel), path.basename(rel).replace(/^([^.]+)/, `$1-c${k}`));
  return { rel: path.join(`copy-${String(k).padStart(5, '0')}`, rel), text: s.text.replace(UUID, fresh) };
}

/** The folder of `mb` MB of transcripts in bench/out/ (built once, then reused). */
export function cachedTranscripts(mb) {
  const dir = path.join(here, 'out', `transcripts-${mb}mb`);
  if (fs.existsSync(path.join(dir, '.done'))) return dir;
  fs.rmSync(dir, { recursive: true, force: true });
  process.stderr.write(`building ${mb} MB of coding-agent transcripts in ${dir} ...\n`);
  const base = samples();
  let bytes = 0;
  for (let k = 0; bytes < mb * 1e6; k++) {
    for (const s of base) {
      const c = copyOf(s, k);
      fs.mkdirSync(path.join(dir, path.dirname(c.rel)), { recursive: true });
      fs.writeFileSync(path.join(dir, c.rel), c.text);
      bytes += Buffer.byteLength(c.text);
    }
  }
  fs.writeFileSync(path.join(dir, '.done'), '');
  return dir;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const mb = numArg('--mb', 50);
  const dir = cachedTranscripts(mb);
  const files = fs.readdirSync(dir, { recursive: true }).filter((f) => fs.statSync(path.join(dir, f)).isFile() && f !== '.done');
  const size = files.reduce((n, f) => n + fs.statSync(path.join(dir, f)).size, 0);
  const before = measure(['floor', dir]);
  const triage = measure(['cli', 'triage', dir, '--format', 'json', '--no-progress']);
  if (triage.code > 1) throw new Error(`triage exited ${triage.code}`);
  const after = measure(['floor', dir]);
  const floor = (before.seconds + after.seconds) / 2;
  const floorCpu = (before.cpuSeconds + after.cpuSeconds) / 2;
  const MB = 1e6;
  console.log(
    `load average: ${os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')} on ${os.availableParallelism()} cores (wall times move with it; CPU seconds, all threads, less)`,
  );
  console.log(`input: ${(size / MB).toFixed(1)} MB, ${files.length.toLocaleString('en-US')} files (${path.relative(process.cwd(), dir)})`);
  console.table([
    {
      step: 'parse floor (read + JSON.parse + hash each message)',
      seconds: `${before.seconds.toFixed(2)} / ${after.seconds.toFixed(2)}`,
      'CPU s': +((before.cpuSeconds + after.cpuSeconds) / 2).toFixed(2),
      'MB/s': +(size / MB / floor).toFixed(1),
      'peak RSS MB': Math.round(Math.max(before.maxRssMB, after.maxRssMB)),
      'x floor': '1.00x',
    },
    {
      step: 'amnesia triage <folder>',
      seconds: +triage.seconds.toFixed(2),
      'CPU s': +triage.cpuSeconds.toFixed(2),
      'MB/s': +(size / MB / triage.seconds).toFixed(1),
      'peak RSS MB': Math.round(triage.maxRssMB),
      'x floor': `${(triage.seconds / floor).toFixed(2)}x`,
    },
  ]);
  console.log(
    `triage = ${(triage.seconds / floor).toFixed(2)}x the parse floor measured around it (target <= 2.0x); in CPU seconds ${(triage.cpuSeconds / floorCpu).toFixed(2)}x (every thread: triage analyses on 2)`,
  );
}
