#!/usr/bin/env node
// Generates blind7's cases and labels (deterministic: same bytes every run): node eval/blind7/gen.mjs [--fills]
// Written for issues 24 and 31 by a helper who read the READMEs and the spec, never the analyzers' code.
// Two groups: `core` (the six analyzers that exist) and `new` (four analyzers being written: stale-memory,
// scope-leak, destructive-update, never-extracted; labelled from issue 31's definitions and EVENTS.md alone).
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { CO_SPECS, coCase } from './shapes-co.mjs';
import { IC_SPECS, icCase } from './shapes-ic.mjs';
import { LW_SPECS, lwCase } from './shapes-lw.mjs';
import { NEW_GROUP } from './shapes-new.mjs';
import { RM_SPECS, rmCase } from './shapes-rm.mjs';
import { TD_SPECS, tdCase } from './shapes-td.mjs';
import { WO_SPECS, woCase } from './shapes-wo.mjs';

const here = dirname(fileURLToPath(import.meta.url));
export const CORE = ['en', 'zh-Hans', 'zh-Hant', 'es', 'de', 'fr', 'ja', 'pt', 'ko', 'ru'];
const langs = CORE.filter((l) => existsSync(join(here, 'lang', `${l}.mjs`)));

// [group, analyzer, id prefix, specs, writer, gzip]
const ANALYZERS = [
  ['core', 'window-overflow', 'wo', WO_SPECS, woCase, true],
  ['core', 'recall-mismatch', 'rm', RM_SPECS, rmCase, false],
  ['core', 'lost-write', 'lw', LW_SPECS, lwCase, false],
  ['core', 'concurrent-overwrite', 'co', CO_SPECS, coCase, false],
  ['core', 'tool-drift', 'td', TD_SPECS, tdCase, false],
  ['core', 'ignored-in-context', 'ic', IC_SPECS, icCase, false],
  ...NEW_GROUP.map(([analyzer, short, specs, make]) => ['new', analyzer, short, specs, make, false]),
];

rmSync(join(here, 'cases'), { recursive: true, force: true });
const labels = {};
const fills = [];
for (const lang of langs) {
  const L = (await import(`./lang/${lang}.mjs`)).default;
  for (const [group, analyzer, short, specs, make, gz] of ANALYZERS) {
    if (group === 'new' && !L.box) continue;
    mkdirSync(join(here, 'cases', analyzer), { recursive: true });
    const n = { fault: 0, 'look-alike': 0 };
    for (const spec of specs) {
      n[spec.kind] += 1;
      const id = `${short}-${spec.kind === 'fault' ? 'f' : 'l'}-${lang}-${String(n[spec.kind]).padStart(2, '0')}`;
      const out = make(L, spec, id);
      const file = `cases/${analyzer}/${id}.jsonl${gz ? '.gz' : ''}`;
      writeFileSync(join(here, file), gz ? gzipSync(out.jsonl, { level: 9 }) : out.jsonl);
      if (out.fill !== undefined) fills.push(`${id} ${out.fill.toFixed(2)} turns=${out.turns}`);
      labels[id] = {
        file,
        group,
        expected: spec.kind === 'fault' ? analyzer : null,
        analyzer,
        language: lang,
        kind: spec.kind,
        variant: spec.variant,
        description: spec.description,
      };
    }
  }
}
const sorted = Object.fromEntries(
  Object.keys(labels)
    .sort()
    .map((k) => [k, labels[k]]),
);
writeFileSync(join(here, 'labels.json'), `${JSON.stringify(sorted, null, 1)}\n`);
process.stderr.write(`${Object.keys(labels).length} cases in ${langs.length} languages\n`);
if (process.argv.includes('--fills')) process.stderr.write(`${fills.join('\n')}\n`);
