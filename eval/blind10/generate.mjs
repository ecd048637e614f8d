#!/usr/bin/env node
// Writes blind10's cases and labels from the language packs (lang/*.mjs) and the shapes (shapes-*.mjs):
//   node eval/blind10/generate.mjs            (deterministic: the same files every run; seeded per case id)
// Cases: cases/<analyzer>/<id>.jsonl (gzipped when over 200 kB), native amnesia.events/v1 (docs/spec/EVENTS.md).
// Labels: labels.json, per case { file, analyzer, group, expected (the analyzer, or null for a look-alike),
// kind, variant, language }.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { freeEncoder, Log, rng, seedOf } from './kit.mjs';
import { ignoredInContext, toolDrift, windowOverflow } from './shapes-chat.mjs';
import { concurrentOverwrite, lostWrite, neverExtracted, recallMismatch } from './shapes-mem.mjs';
import { destructiveUpdate, expiredState, memoryConflict, scopeLeak, staleMemory } from './shapes-new.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const ALL = ['en', 'es', 'fr', 'de', 'pt', 'ru', 'ja', 'ko', 'zh-Hans', 'zh-Hant'];
// --langs en,fr: a part of the set, while a language pack is being written (the committed set is all ten)
const li = process.argv.indexOf('--langs');
const LANGS = li >= 0 ? process.argv[li + 1].split(',') : ALL;

// analyzer -> [abbreviation, group, shape, fault variants, look-alike variants]
const PLAN = {
  'window-overflow': ['wo', 'core', windowOverflow, ['evicted', 'compacted'], ['pinned', 'withdrawn']],
  'ignored-in-context': ['ic', 'core', ignoredInContext, ['buried', 'top', 'restated'], ['complied', 'oneoff']],
  'tool-drift': ['td', 'core', toolDrift, ['emoji', 'length'], ['calm', 'lifted']],
  'recall-mismatch': ['rm', 'core', recallMismatch, ['rank', 'threshold'], ['injected', 'unrelated']],
  'lost-write': ['lw', 'core', lostWrite, ['restart', 'promised'], ['committed', 'offer']],
  'concurrent-overwrite': ['co', 'core', concurrentOverwrite, ['versioned', 'unversioned'], ['refused', 'sequential']],
  'never-extracted': ['ne', 'new', neverExtracted, ['preference', 'remember', 'lasting'], ['extracted', 'lastturn']],
  'stale-memory': ['sm', 'new', staleMemory, ['indexed', 'cached'], ['past', 'below']],
  'scope-leak': ['sl', 'new', scopeLeak, ['unscoped', 'cached'], ['own', 'below']],
  'destructive-update': ['du', 'new', destructiveUpdate, ['fact', 'negation'], ['changed', 'kept']],
  'expired-state': ['es', 'new', expiredState, ['ttl', 'date'], ['live', 'aside']],
  'memory-conflict': ['mc', 'new', memoryConflict, ['value', 'negation', 'preference'], ['compatible', 'ruled']],
};

const packs = {};
for (const lang of LANGS) packs[lang] = (await import(`./lang/${lang}.mjs`)).default;

rmSync(join(here, 'cases'), { recursive: true, force: true });
const labels = {};
for (const [analyzer, [abbr, group, shape, faults, looks]] of Object.entries(PLAN)) {
  mkdirSync(join(here, 'cases', analyzer), { recursive: true });
  for (const lang of LANGS) {
    const L = packs[lang];
    for (const [kind, variants] of [
      ['fault', faults],
      ['look-alike', looks],
    ]) {
      for (const variant of variants) {
        const id = `${abbr}-${kind === 'fault' ? 'f' : 'l'}-${lang}-${variant}`;
        const r = rng(seedOf(id));
        const log = new Log(id, '2026-05-01T08:00:00Z', r);
        shape(L, variant, log);
        const text = log.text();
        const big = text.length > 200_000;
        const file = join('cases', analyzer, `${id}.jsonl${big ? '.gz' : ''}`);
        writeFileSync(join(here, file), big ? gzipSync(text, { level: 9 }) : text);
        labels[id] = { file, analyzer, group, expected: kind === 'fault' ? analyzer : null, kind, variant, language: lang };
      }
    }
  }
}
freeEncoder();
writeFileSync(join(here, 'labels.json'), `${JSON.stringify(labels, null, 1)}\n`);
const n = Object.keys(labels).length;
const f = Object.values(labels).filter((l) => l.expected).length;
process.stdout.write(`blind10: ${n} cases (${f} faults, ${n - f} look-alikes) in ${LANGS.length} languages\n`);
