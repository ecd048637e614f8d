#!/usr/bin/env node
// Writes blind set 9: cases/<analyzer>/<id>.jsonl(.gz) and labels.json, the same bytes on every run.
//   node eval/blind9/gen.mjs
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkDistinct, gz, hashSeed, render, rng } from './kit.mjs';
import { concurrentOverwrite, lostWrite, recallMismatch } from './shapes-mem.mjs';
import { ignoredInContext, toolDrift, windowOverflow } from './shapes-chat.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const ALL = ['en', 'zh-Hans', 'zh-Hant', 'es', 'de', 'fr', 'ja', 'pt', 'ko', 'ru'];
// BLIND9_LANGS=en,de narrows a draft run (the set is always written with all ten)
const LANGS = process.env.BLIND9_LANGS ? ALL.filter((l) => process.env.BLIND9_LANGS.split(',').includes(l)) : ALL;
const texts = {};
for (const l of LANGS) texts[l] = (await import(`./lang/${l}.mjs`)).default;
for (const l of LANGS) texts[l].nw = (await import(`./lang/${l}.new.mjs`)).default;
const newShapes = await import('./shapes-new.mjs');

// per analyzer: the shapes of the even-indexed languages (en, zh-Hant, de, ja, ko) and of the odd ones
// (zh-Hans, es, fr, pt, ru); [fault, fault] and [look-alike, look-alike]
const CORE = {
  'window-overflow': {
    ab: 'wo',
    date: '2026-09-07T06:40:00Z',
    even: [
      ['evicted', 'compacted'],
      ['restated', 'compacted-kept'],
    ],
    fn: windowOverflow,
  },
  'recall-mismatch': {
    ab: 'rm',
    date: '2026-08-17T08:05:00Z',
    even: [
      ['reranked', 'filter'],
      ['name-only', 'superseded'],
    ],
    odd: [
      ['relative', 'filter'],
      ['name-only', 'superseded'],
    ],
    fn: recallMismatch,
  },
  'lost-write': {
    ab: 'lw',
    date: '2026-10-05T16:20:00Z',
    even: [
      ['restart', 'dead-letter'],
      ['retried', 'restart-after'],
    ],
    odd: [
      ['restart', 'never'],
      ['retried', 'restart-after'],
    ],
    fn: lostWrite,
  },
  'concurrent-overwrite': {
    ab: 'co',
    date: '2026-09-21T21:10:00Z',
    even: [
      ['no-versions', 'replicas'],
      ['sequential', 'json-patch'],
    ],
    odd: [
      ['no-versions', 'replicas'],
      ['sequential', 'cas-412'],
    ],
    fn: concurrentOverwrite,
  },
  'tool-drift': {
    ab: 'td',
    date: '2026-10-19T09:30:00Z',
    even: [
      ['short', 'table'],
      ['short-held', 'table-verbatim'],
    ],
    odd: [
      ['short', 'loud'],
      ['short-held', 'loud-verbatim'],
    ],
    fn: toolDrift,
  },
  'ignored-in-context': {
    ab: 'ic',
    date: '2026-03-09T18:45:00Z',
    even: [
      ['competing', 'buried'],
      ['quoted-mail', 'permission'],
    ],
    odd: [
      ['competing', 'buried'],
      ['quoted-mail', 'competing-complied'],
    ],
    fn: ignoredInContext,
  },
};

// layouts EVENTS.md allows, by analyzer and language: epoch-ms timestamps, text-part contents, lines out of order
const LAYOUT = {
  epoch: new Set(['zh-Hant', 'fr', 'ko']),
  parts: new Set(['de', 'ja', 'ru']),
  shuffle: {
    'recall-mismatch': new Set(['es', 'pt']),
    'concurrent-overwrite': new Set(['ja', 'ru', 'zh-Hans']),
    'lost-write': new Set(['ko']),
    'stale-memory': new Set(['es']),
    'scope-leak': new Set(['ko', 'pt']),
    'memory-conflict': new Set(['fr', 'ru']),
  },
};

const labels = {};
rmSync(join(here, 'cases'), { recursive: true, force: true });

function emit(group, analyzer, spec, lang, li, kind, variant, n) {
  const id = `${spec.ab}-${kind === 'fault' ? 'f' : 'l'}-${lang}-${String(n).padStart(2, '0')}`;
  const seed = hashSeed(`blind9:${id}`);
  const r = rng(seed);
  const start = new Date(Date.parse(spec.date) + li * 3 * 86_400_000 + n * 5_400_000 + Math.floor(r() * 1_800_000)).toISOString();
  let k = 0;
  const ctx = {
    id,
    lang,
    odd: li % 2 === 1,
    r,
    start,
    num: (seed % 9000) + 1000,
    extraSessions: [],
    sid: () => `sess_${(hashSeed(`${id}#${k++}`) >>> 0).toString(16).padStart(8, '0')}${seed.toString(16).slice(0, 4)}`,
  };
  const out = spec.fn(texts[lang], ctx, variant);
  checkDistinct(out.sessions, id);
  const layout = {
    epoch: LAYOUT.epoch.has(lang) && analyzer !== 'window-overflow',
    parts: LAYOUT.parts.has(lang) && ['tool-drift', 'ignored-in-context', 'scope-leak', 'expired-state'].includes(analyzer),
    shuffle: LAYOUT.shuffle[analyzer]?.has(lang) ?? false,
  };
  const body = render(out.sessions, layout, seed);
  const big = analyzer === 'window-overflow';
  const file = `cases/${analyzer}/${id}.jsonl${big ? '.gz' : ''}`;
  mkdirSync(join(here, dirname(file)), { recursive: true });
  writeFileSync(join(here, file), big ? gz(body) : body);
  labels[id] = {
    file,
    group,
    expected: kind === 'fault' ? analyzer : null,
    analyzer,
    language: lang,
    kind,
    variant,
    sessions: out.sessions.length,
    ...(out.detail ? { detail: out.detail } : {}),
  };
}

function groupOf(group, table) {
  for (const [analyzer, spec] of Object.entries(table)) {
    for (const lang of LANGS) {
      const li2 = ALL.indexOf(lang);
      const [faults, looks] = li2 % 2 === 1 && spec.odd ? spec.odd : spec.even;
      let n = 1;
      for (const v of faults) emit(group, analyzer, spec, lang, li2, 'fault', v, n++);
      for (const v of looks) emit(group, analyzer, spec, lang, li2, 'look-alike', v, n++);
    }
  }
}

groupOf('core', CORE);
groupOf('new', newShapes.NEW);

const sorted = Object.fromEntries(
  Object.keys(labels)
    .sort()
    .map((k) => [k, labels[k]]),
);
writeFileSync(join(here, 'labels.json'), `${JSON.stringify(sorted, null, 1)}\n`);
const n = Object.values(labels);
process.stdout.write(
  `${n.length} cases: ${n.filter((l) => l.group === 'core').length} core, ${n.filter((l) => l.group === 'new').length} new; ${n.filter((l) => l.expected).length} faults\n`,
);
