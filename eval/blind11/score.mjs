#!/usr/bin/env node
// Scores the analyzers on the blind11 cases, as a black box through the built binary (eval/lib/blind-score.mjs):
//   node eval/blind11/score.mjs --bin bin/amnesia.js [--group core|new] [--out results.json] [--only id,id] [--jobs 2]
// Two groups, scored apart (as blind7 to blind10):
//   core (default): the six older analyzers, on the cases labelled for them;
//   new: stale-memory, scope-leak, destructive-update, never-extracted, and issue 31's memory-conflict and
//        expired-state, on their own cases only; a finding of a core analyzer on these cases is not counted (no
//        column), a finding of a new analyzer on a look-alike is.
// An analyzer id the binary does not have (or that finds nothing on any case) keeps its column: its faults count
// as misses (recall 0), never as skipped. After the shared report, a table per analyzer and variant: how many
// faults of the variant were found, how many look-alikes of it drew a finding of the analyzer they were written
// against (or of any analyzer of the group).
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { scoreBlind } from '../lib/blind-score.mjs';

const GROUPS = {
  core: ['window-overflow', 'recall-mismatch', 'lost-write', 'concurrent-overwrite', 'tool-drift', 'ignored-in-context'],
  new: ['stale-memory', 'scope-leak', 'destructive-update', 'never-extracted', 'memory-conflict', 'expired-state'],
};
const args = process.argv;
const i = args.indexOf('--group');
const group = i >= 0 ? args[i + 1] : 'core';
if (!GROUPS[group]) {
  process.stderr.write(`unknown --group ${group} (core or new)\n`);
  process.exit(2);
}
// the per-variant table is read from the shared runner's report: give it a file when the caller did not
let tmp = null;
if (!args.includes('--out') && args.includes('--bin')) {
  tmp = join(tmpdir(), `blind11-${process.pid}.json`);
  args.push('--out', tmp);
}
const here = dirname(fileURLToPath(import.meta.url));
await scoreBlind(here, `blind11 (${group})`, {
  analyzers: GROUPS[group],
  select: (label) => label.group === group,
});

const out = args[args.indexOf('--out') + 1];
const report = JSON.parse(readFileSync(out, 'utf8'));
if (tmp) rmSync(tmp, { force: true });
const labels = JSON.parse(readFileSync(join(here, 'labels.json'), 'utf8'));
const cols = new Set(GROUPS[group]);
const silent = GROUPS[group].filter((a) => !report.cases_detail.some((r) => r.found.includes(a)));
const lines = [''];
if (silent.length) lines.push(`no finding at all on any case (scored, recall 0 on their faults): ${silent.join(', ')}`, '');
lines.push('per variant (faults: found / cases; look-alikes: with a finding of their analyzer / of any analyzer of the group, / cases)');
const per = {};
for (const r of report.cases_detail) {
  const lab = labels[r.id];
  const k = `${lab.analyzer}\u0000${lab.kind}\u0000${lab.variant}`;
  per[k] ??= { analyzer: lab.analyzer, kind: lab.kind, variant: lab.variant, n: 0, hit: 0, any: 0, langs: [] };
  const t = per[k];
  t.n += 1;
  const own = r.found.includes(lab.analyzer);
  if (own) t.hit += 1;
  if (r.found.some((a) => cols.has(a))) t.any += 1;
  if (lab.kind === 'fault' ? !own : own) t.langs.push(lab.language);
}
for (const a of GROUPS[group]) {
  for (const t of Object.values(per).filter((x) => x.analyzer === a)) {
    const figure = t.kind === 'fault' ? `${t.hit}/${t.n}` : `${t.hit}/${t.any}/${t.n}`;
    const which = t.langs.length ? (t.kind === 'fault' ? `  missed: ${t.langs.join(' ')}` : `  flagged: ${t.langs.join(' ')}`) : '';
    lines.push(`${a.padEnd(22)} ${t.kind.padEnd(10)} ${t.variant.padEnd(20)} ${figure.padStart(9)}${which}`);
  }
}
process.stdout.write(`${lines.join('\n')}\n`);
