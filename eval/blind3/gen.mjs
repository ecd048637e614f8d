#!/usr/bin/env node
// Writes the blind3 cases: one native amnesia.events/v1 JSONL file per case under cases/<analyzer>/
// (window-overflow cases gzipped: they repeat the history in every request) and labels.json.
// Deterministic: every case seeds its own RNG from its id, and times start from fixed dates.
//   node eval/blind3/gen.mjs [--out <dir>]
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { hashSeed, rng } from '../lib/blind-session.mjs';
import { windowOverflowCases } from './build/window-overflow.mjs';
import { recallCases } from './build/recall-mismatch.mjs';
import { lostWriteCases } from './build/lost-write.mjs';
import { concurrentCases } from './build/concurrent-overwrite.mjs';
import { toolDriftCases } from './build/tool-drift.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const outAt = args.indexOf('--out');
const out = outAt >= 0 ? args[outAt + 1] : here;

const ALL = ['en', 'zh-Hans', 'zh-Hant', 'es', 'de', 'fr', 'ja', 'pt', 'ko', 'ru', 'it', 'pl'];
const langAt = args.indexOf('--langs');
const LANGS = langAt >= 0 ? args[langAt + 1].split(',') : ALL;

const builders = [
  ['window-overflow', windowOverflowCases],
  ['recall-mismatch', recallCases],
  ['lost-write', lostWriteCases],
  ['concurrent-overwrite', concurrentCases],
  ['tool-drift', toolDriftCases],
];

const casesDir = join(out, 'cases');
rmSync(casesDir, { recursive: true, force: true });
const labels = {};
let day = 0;
for (const code of LANGS) {
  const L = (await import(`./lang/${code}.mjs`)).default;
  for (const [analyzer, build] of builders) {
    day += 1;
    const ctx = {
      L,
      start: (n) => new Date(Date.UTC(2026, 10, 1 + (day % 28), 8 + (n % 12), (n * 7) % 60, 0)).toISOString(),
      rngFor: (id) => rng(hashSeed(id)),
    };
    for (const c of build(ctx)) {
      if (labels[c.id]) throw new Error(`duplicate case id ${c.id}`);
      const gz = analyzer === 'window-overflow';
      const file = join(casesDir, analyzer, `${c.id}.jsonl${gz ? '.gz' : ''}`);
      mkdirSync(dirname(file), { recursive: true });
      const text = c.session.jsonl();
      writeFileSync(file, gz ? gzipSync(Buffer.from(text), { level: 9 }) : text);
      labels[c.id] = {
        file: `cases/${analyzer}/${c.id}.jsonl${gz ? '.gz' : ''}`,
        expected: c.fault ? analyzer : null,
        set: analyzer,
        language: code,
        kind: c.fault ? 'fault' : 'look-alike',
        variant: c.variant,
        description: c.description,
      };
    }
  }
}
writeFileSync(join(out, 'labels.json'), `${JSON.stringify(labels, null, 1)}\n`);
const n = Object.keys(labels).length;
process.stderr.write(`blind3: wrote ${n} cases to ${casesDir}\n`);
