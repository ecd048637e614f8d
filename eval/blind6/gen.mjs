#!/usr/bin/env node
// Generates blind6's cases and labels (deterministic): node eval/blind6/gen.mjs [--fills]
// Written for issues 24 and 31 by a helper who read the READMEs and the spec, never the analyzers' code.
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { CO_SPECS, coCase } from './shapes-co.mjs';
import { IIC_SPECS, iicCase } from './shapes-iic.mjs';
import { LW_SPECS, lwCase } from './shapes-lw.mjs';
import { RM_SPECS, rmCase } from './shapes-rm.mjs';
import { TD_SPECS, tdCase } from './shapes-td.mjs';
import { WO_SPECS, woCase } from './shapes-wo.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const CORE = ['en', 'zh-Hans', 'zh-Hant', 'es', 'de', 'fr', 'ja', 'pt', 'ko', 'ru'];
const langs = CORE.filter((l) => existsSync(join(here, 'lang', `${l}.mjs`)));
const only = process.argv.includes('--lang') ? process.argv[process.argv.indexOf('--lang') + 1].split(',') : null;

// [analyzer, id prefix, specs, writer, gzip]
const ANALYZERS = [
  ['window-overflow', 'wo', WO_SPECS, woCase, true],
  ['recall-mismatch', 'rm', RM_SPECS, rmCase, false],
  ['lost-write', 'lw', LW_SPECS, lwCase, false],
  ['concurrent-overwrite', 'co', CO_SPECS, coCase, false],
  ['tool-drift', 'td', TD_SPECS, tdCase, false],
  ['ignored-in-context', 'ic', IIC_SPECS, iicCase, 'window'],
];

if (!only) for (const [a] of ANALYZERS) rmSync(join(here, 'cases', a), { recursive: true, force: true });
const labels = {};
const fills = [];
for (const lang of langs) {
  if (only && !only.includes(lang)) continue;
  const L = (await import(`./lang/${lang}.mjs`)).default;
  for (const [analyzer, short, specs, make, gzMode] of ANALYZERS) {
    mkdirSync(join(here, 'cases', analyzer), { recursive: true });
    const n = { fault: 0, 'look-alike': 0 };
    for (const spec of specs) {
      n[spec.kind] += 1;
      const id = `${short}-${spec.kind === 'fault' ? 'f' : 'l'}-${lang}-${String(n[spec.kind]).padStart(2, '0')}`;
      const out = make(L, spec, id);
      const gz = gzMode === true || (gzMode === 'window' && spec.pin);
      const file = `cases/${analyzer}/${id}.jsonl${gz ? '.gz' : ''}`;
      writeFileSync(join(here, file), gz ? gzipSync(out.jsonl, { level: 9 }) : out.jsonl);
      if (out.fill !== undefined) fills.push(`${id} ${out.fill.toFixed(2)} turns=${out.turns}`);
      labels[id] = {
        file,
        expected: spec.kind === 'fault' ? analyzer : null,
        language: lang,
        kind: spec.kind,
        variant: spec.variant,
        description: spec.description,
      };
    }
  }
}
if (!only) {
  const sorted = Object.fromEntries(
    Object.keys(labels)
      .sort()
      .map((k) => [k, labels[k]]),
  );
  writeFileSync(join(here, 'labels.json'), `${JSON.stringify(sorted, null, 1)}\n`);
}
process.stderr.write(`${Object.keys(labels).length} cases in ${langs.length} languages\n`);
if (process.argv.includes('--fills')) process.stderr.write(`${fills.join('\n')}\n`);
