#!/usr/bin/env node
// Writes blind11's cases and labels from the plan below and the language packs in lang/ (deterministic):
//   node eval/blind11/gen.mjs
// Each case is one JSONL file of native events (docs/spec/EVENTS.md), cases/<analyzer>/<id>.jsonl; its label in
// labels.json (file, analyzer, group, expected, kind, variant, language), the format blind10's scorer reads.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as core from './shapes-core.mjs';
import * as fresh from './shapes-new.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const LANGS = ['en', 'zh-Hans', 'ja', 'ko', 'es', 'fr', 'de', 'pt', 'ru', 'hi'];

const F = 'fault';
const LA = 'look-alike';
// analyzer, its abbreviation, group, and its variants: [name, kind, shape]
const PLAN = [
  [
    'window-overflow',
    'wo',
    'core',
    [
      ['evicted', F, (id, L) => core.woTrim(id, L, 'evicted')],
      ['cutmiddle', F, (id, L) => core.woCut(id, L)],
      ['restated', LA, (id, L) => core.woTrim(id, L, 'restated')],
      ['summarized', LA, (id, L) => core.woTrim(id, L, 'summarized')],
    ],
  ],
  [
    'ignored-in-context',
    'ic',
    'core',
    [
      ['competing', F, core.iicCompeting],
      ['memory', F, core.iicMemory],
      ['leftout', LA, core.iicLeftout],
      ['sameturn', LA, core.iicSameTurn],
    ],
  ],
  [
    'tool-drift',
    'td',
    'core',
    [
      ['language', F, (id, L) => core.tdLanguage(id, L, 'language')],
      ['table', F, (id, L) => core.tdTable(id, L, 'table')],
      ['verbatim', LA, (id, L) => core.tdLanguage(id, L, 'verbatim')],
      ['kept', LA, (id, L) => core.tdTable(id, L, 'kept')],
    ],
  ],
  [
    'recall-mismatch',
    'rm',
    'core',
    [
      ['reranked', F, (id, L) => core.rmCase(id, L, 'reranked')],
      ['relative', F, (id, L) => core.rmCase(id, L, 'relative')],
      ['otheruser', LA, (id, L) => core.rmCase(id, L, 'otheruser')],
      ['superseded', LA, (id, L) => core.rmCase(id, L, 'superseded')],
    ],
  ],
  [
    'lost-write',
    'lw',
    'core',
    [
      ['failed', F, (id, L) => core.lwFailed(id, L, 'failed')],
      ['nowrite', F, (id, L) => core.lwPromise(id, L, 'nowrite')],
      ['retried', LA, (id, L) => core.lwFailed(id, L, 'retried')],
      ['filesave', LA, (id, L) => core.lwPromise(id, L, 'filesave')],
    ],
  ],
  [
    'concurrent-overwrite',
    'co',
    'core',
    [
      ['owner', F, core.coOwner],
      ['replicas', F, core.coReplicas],
      ['merge', LA, core.coMerge],
      ['retry412', LA, core.coRetry],
    ],
  ],
  [
    'never-extracted',
    'ne',
    'new',
    [
      ['remember', F, (id, L) => fresh.neCase(id, L, 'remember')],
      ['decision', F, (id, L) => fresh.neCase(id, L, 'decision')],
      ['passing', LA, (id, L) => fresh.neCase(id, L, 'passing')],
      ['reminisce', LA, (id, L) => fresh.neCase(id, L, 'reminisce')],
    ],
  ],
  [
    'stale-memory',
    'sm',
    'new',
    [
      ['notfiltered', F, (id, L) => fresh.smMove(id, L, 'notfiltered')],
      ['deleted', F, (id, L) => fresh.smDeleted(id, L, 'deleted')],
      ['pending', LA, (id, L) => fresh.smMove(id, L, 'pending')],
      ['history', LA, (id, L) => fresh.smDeleted(id, L, 'history')],
    ],
  ],
  [
    'scope-leak',
    'sl',
    'new',
    [
      ['wrongfilter', F, (id, L) => fresh.slCase(id, L, 'wrongfilter')],
      ['tenant', F, (id, L) => fresh.slCase(id, L, 'tenant')],
      ['tenantwide', LA, (id, L) => fresh.slCase(id, L, 'tenantwide')],
      ['agents', LA, (id, L) => fresh.slCase(id, L, 'agents')],
    ],
  ],
  [
    'destructive-update',
    'du',
    'new',
    [
      ['update', F, (id, L) => fresh.duCase(id, L, 'update')],
      ['supersede', F, (id, L) => fresh.duCase(id, L, 'supersede')],
      ['reversed', LA, (id, L) => fresh.duCase(id, L, 'reversed')],
      ['taskstate', LA, (id, L) => fresh.duCase(id, L, 'taskstate')],
    ],
  ],
  [
    'expired-state',
    'es',
    'new',
    [
      ['iso', F, (id, L) => fresh.esCase(id, L, 'iso')],
      ['block', F, (id, L) => fresh.esCase(id, L, 'block')],
      ['grace', LA, (id, L) => fresh.esCase(id, L, 'grace')],
      ['refreshed', LA, (id, L) => fresh.esCase(id, L, 'refreshed')],
    ],
  ],
  [
    'memory-conflict',
    'mc',
    'new',
    [
      ['workplace', F, (id, L) => fresh.mcWork(id, L, 'workplace')],
      ['date', F, (id, L) => fresh.mcDate(id, L, 'date')],
      ['newer', LA, (id, L) => fresh.mcWork(id, L, 'newer')],
      ['twopeople', LA, (id, L) => fresh.mcDate(id, L, 'twopeople')],
    ],
  ],
];

// The required fields of each kind (docs/spec/EVENTS.md): a case that lacks one would be a bad line, not a case.
const REQUIRED = {
  request: ['model', 'messages'],
  response: [],
  tool_call: ['call_id', 'name'],
  tool_result: ['call_id', 'content'],
  retrieval: ['query', 'candidates'],
  memory_write: ['write_id', 'phase'],
  state: ['key', 'op'],
  store_snapshot: ['store'],
};
function validate(id, text) {
  let last = 0;
  for (const [i, line] of text.trimEnd().split('\n').entries()) {
    const e = JSON.parse(line);
    const missing = ['kind', 'ts', 'session', ...(REQUIRED[e.kind] ?? ['?'])].filter((k) => e[k] === undefined);
    if (missing.length) throw new Error(`${id}:${i + 1}: ${e.kind} lacks ${missing.join(', ')}`);
    const t = Date.parse(e.ts);
    if (!(t >= last)) throw new Error(`${id}:${i + 1}: time goes back`);
    last = t;
  }
}

const only = process.argv.includes('--lang') ? process.argv[process.argv.indexOf('--lang') + 1].split(',') : LANGS;
rmSync(join(here, 'cases'), { recursive: true, force: true });
const labels = {};
const counts = {};
for (const code of only) {
  const L = (await import(`./lang/${code}.mjs`)).default;
  for (const [analyzer, abbr, group, variants] of PLAN) {
    mkdirSync(join(here, 'cases', analyzer), { recursive: true });
    for (const [variant, kind, shape] of variants) {
      const id = `${abbr}-${kind === F ? 'f' : 'l'}-${code}-${variant}`;
      const file = `cases/${analyzer}/${id}.jsonl`;
      const text = shape(id, L);
      validate(id, text);
      writeFileSync(join(here, file), text);
      labels[id] = { file, analyzer, group, expected: kind === F ? analyzer : null, kind, variant, language: code };
      const k = `${analyzer} ${kind}`;
      counts[k] = (counts[k] ?? 0) + 1;
    }
  }
}
writeFileSync(join(here, 'labels.json'), `${JSON.stringify(labels, null, 1)}\n`);
process.stdout.write(`${Object.keys(labels).length} cases in ${only.length} languages\n`);
for (const [k, n] of Object.entries(counts)) process.stdout.write(`  ${k}: ${n}\n`);
