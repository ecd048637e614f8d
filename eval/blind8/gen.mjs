#!/usr/bin/env node
// Generates blind set 8 (eval/blind8/cases/ and labels.json), deterministically: the same bytes on every run.
//   node eval/blind8/gen.mjs
// Written by helper h24b8 for issues 24 and 31 from the READMEs and docs/spec/ only (see README.md).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { ignoredInContext, toolDrift, windowOverflow } from './shapes-chat.mjs';
import { concurrentOverwrite, lostWrite, recallMismatch } from './shapes-mem.mjs';
import { destructiveUpdate, neverExtracted, scopeLeak, staleMemory } from './shapes-new.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const LANGS = ['en', 'zh-Hans', 'zh-Hant', 'es', 'de', 'fr', 'ja', 'pt', 'ko', 'ru'];
const lang = {};
for (const code of LANGS) lang[code] = (await import(`./lang/${code}.mjs`)).default;

const CORE = [
  {
    analyzer: 'window-overflow',
    p: 'wo',
    fn: windowOverflow,
    gz: true,
    faults: ['headings', 'length'],
    looks: ['pinned', 'talk'],
    desc: {
      headings: 'a "no markdown headings" rule trimmed out of a gpt-4 prompt (8,192) by pasted scale exports; the overview answer has headings',
      length: "a word or character limit trimmed out under the application's own 6,000-token budget (gpt-4o, usage reported); the overview answer runs long",
      pinned: 'the "no headings" rule trimmed out of the history but pinned as a system message from the next turn on; prose answers',
      talk: 'small talk ("I\'ll never forget…", "keep it up") and a one-off table request trimmed out; no rule',
    },
  },
  {
    analyzer: 'recall-mismatch',
    p: 'rm',
    fn: recallMismatch,
    faults: ['threshold', 'flagged-out'],
    looks: ['one-word', 'deleted'],
    desc: {
      threshold: "the customer's lens/frame memory (earlier session) 2nd within top_k 3 but 0.61 < threshold 0.65",
      'flagged-out': 'the memory ranked 1st, `injected: false` flag while the others are flagged in',
      'one-word': 'a memory sharing one word with the query, cut by rank, 0.22 under the cut',
      deleted: "the memory that fits the question was deleted (committed delete) at the customer's request before",
    },
  },
  {
    analyzer: 'lost-write',
    p: 'lw',
    fn: lostWrite,
    faults: ['snapshot', 'lost'],
    looks: ['file', 'late'],
    desc: {
      snapshot: 'requested, committed, acknowledged + promise, a later snapshot without it',
      'no-write': 'a promise with no write at all; the session searches memory',
      failed: 'requested, enqueued, acknowledged + promise, then failed, no retry',
      file: '"I\'ve saved the invoice as …pdf in your documents folder": a file, not a memory',
      late: 'acknowledged + promise, committed 45 s later, snapshot holds it (a `fact`, not critical)',
    },
  },
  {
    analyzer: 'concurrent-overwrite',
    p: 'co',
    fn: concurrentOverwrite,
    faults: ['owner', 'same-base'],
    looks: ['fields', 'refused'],
    desc: {
      owner: 'the coordinator writes `location:day3`, owned by the location scout',
      'same-base': "both read v7, both write the whole call sheet (odd languages: both report v8), the scout's wins",
      fields: 'disjoint `fields` lists from v3, the next read holds both',
      refused: "the second write from v5 refused with the store's word for conflict, re-read, rewritten from v6",
    },
  },
  {
    analyzer: 'tool-drift',
    p: 'td',
    fn: toolDrift,
    faults: ['emoji', 'language'],
    looks: ['emoji-kept', 'original'],
    desc: {
      emoji: '"no emoji", a plain data result, then an emoji campsite page and an emoji answer',
      language: '"always answer in <language>", an English (en: German) page, an answer in that language',
      'emoji-kept': '"no emoji", the emoji page, a plain answer',
      original: '"always answer in <language>", the user asks for the house rules in their original language, quoted',
    },
  },
  {
    analyzer: 'ignored-in-context',
    p: 'ic',
    fn: ignoredInContext,
    faults: ['lists', 'memory-emoji'],
    looks: ['once', 'withdrawn'],
    desc: {
      lists: '"no bullet lists from now on" stated at turn 2, kept, broken at turn 4 (odd languages: 5), pasted offer in between',
      'memory-emoji': 'a "no emoji" constraint memory of an earlier session, injected by every search, broken at turn 2 (odd: 3)',
      once: '"no bullet lists", then "just this once" a bullet list for printing',
      withdrawn: 'the remembered "no emoji" rule withdrawn, the memory deleted and no longer injected, then emoji',
    },
  },
];

const NEW = [
  { analyzer: 'stale-memory', p: 'sm', fn: staleMemory },
  { analyzer: 'scope-leak', p: 'sl', fn: scopeLeak },
  { analyzer: 'destructive-update', p: 'du', fn: destructiveUpdate },
  { analyzer: 'never-extracted', p: 'ne', fn: neverExtracted },
];
const NEW_DESC = {
  cached: 'the old lesson slot in a cached profile block (system message) after its replacement (`supersedes`, same slot) committed',
  deleted: "a memory deleted at the parent's request (committed delete), then injected by a search",
  'below-cut': 'the superseded slot a candidate below the cut, its replacement injected',
  past: 'a search asking which day it was before the change injects the superseded slot',
  'cached-other': "family A's memory in family B's cached profile block, no search",
  'wrong-filter': "family B's search filtered to family A injects A's memory",
  'tenant-wide': "an agency-wide memory (tenant, no user) injected into family B's search",
  'other-agent': "B's memory written by the booking agent, read by B's billing agent, no agent filter",
  facts: 'update drops the day, time and length of the lessons',
  negation: 'update drops "must not use a calculator" (the negation)',
  changed: "update changes the day and time at the parent's request",
  kept: 'update drops the slot that another current memory of the family keeps',
  pref: '"from now on, no emoji in your answers" and later writes about other things',
  remember: '"remember that my son is dyslexic" and later writes about other things',
  'pref-written': 'the same preference, written in its turn',
  passing: 'a fact said in passing (handball on Wednesdays), later writes about other things',
};

rmSync(join(here, 'cases'), { recursive: true, force: true });
const labels = {};
const n2 = (n) => String(n).padStart(2, '0');
function save(analyzer, id, c, gz) {
  const dir = join(here, 'cases', analyzer);
  mkdirSync(dir, { recursive: true });
  const file = `cases/${analyzer}/${id}.jsonl${gz ? '.gz' : ''}`;
  const text = c.jsonl();
  writeFileSync(join(here, file), gz ? gzipSync(Buffer.from(text), { level: 9, mtime: 0 }) : text);
  return file;
}

for (const A of CORE) {
  LANGS.forEach((code, li) => {
    const L = lang[code];
    let n = 0;
    for (const [kind, list] of [
      ['fault', A.faults],
      ['look-alike', A.looks],
    ]) {
      for (const v of list) {
        n += 1;
        const id = `${A.p}-${kind === 'fault' ? 'f' : 'l'}-${code}-${n2(n)}`;
        const out = A.fn(id, L, li, v);
        const variant = out.variant ?? v;
        const file = save(A.analyzer, id, out.c, A.gz);
        labels[id] = {
          file,
          group: 'core',
          expected: kind === 'fault' ? A.analyzer : null,
          analyzer: A.analyzer,
          language: code,
          kind,
          variant,
          description: A.desc[variant],
          ...(out.detail ? { detail: out.detail } : {}),
        };
      }
    }
  });
}
for (const A of NEW) {
  LANGS.forEach((code, li) => {
    const L = lang[code];
    let n = 0;
    for (const kind of ['fault', 'look-alike']) {
      n += 1;
      const id = `${A.p}-${kind === 'fault' ? 'f' : 'l'}-${code}-${n2(n)}`;
      const out = A.fn(id, L, li, kind);
      const file = save(A.analyzer, id, out.c, false);
      labels[id] = {
        file,
        group: 'new',
        expected: kind === 'fault' ? A.analyzer : null,
        analyzer: A.analyzer,
        language: code,
        kind,
        variant: out.shape,
        description: NEW_DESC[out.shape],
      };
    }
  });
}
writeFileSync(join(here, 'labels.json'), `${JSON.stringify(labels, null, 1)}\n`);
const count = (f) => Object.values(labels).filter(f).length;
process.stdout.write(
  `blind8: ${Object.keys(labels).length} cases (core ${count((l) => l.group === 'core')}, new ${count((l) => l.group === 'new')}; faults ${count((l) => l.expected)}, look-alikes ${count((l) => !l.expected)})\n`,
);
