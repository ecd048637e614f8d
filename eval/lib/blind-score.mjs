// Scores the analyzers on a blind set's cases, as a black box through the built binary (each set's score.mjs
// calls it with its folder):
//   node eval/<set>/score.mjs --bin bin/amnesia.js [--out results.json] [--only id,id] [--jobs 2]
// Each case is triaged on its own (`amnesia triage <file> --format json`, a temporary store), so no case sees
// another's memories. A fault counts as found when its expected analyzer reports any finding on it. Any finding
// on a look-alike is a false positive of the analyzer that made it (counted once per session and analyzer);
// a finding of another analyzer on a fault session is a false positive of that other analyzer.
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

/** Score the set in folder `here` (its labels.json and cases), named `name` in the output. `opts.analyzers`: the
 * analyzers with columns (default: the first five; a set with ignored-in-context labels passes all six).
 * `opts.select`: which labelled cases to score (default: all; blind7 scores its groups apart). */
export async function scoreBlind(here, name, opts = {}) {
  const args = process.argv.slice(2);
  const opt = (name, dflt) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : dflt;
  };
  const bin = opt('--bin');
  if (!bin) {
    process.stderr.write('usage: score.mjs --bin <path to bin/amnesia.js> [--out results.json] [--only ids] [--jobs n]\n');
    process.exit(2);
  }
  const out = opt('--out');
  const jobs = Number(opt('--jobs', '2'));
  const only = opt('--only')?.split(',');
  const labels = JSON.parse(readFileSync(join(here, 'labels.json'), 'utf8'));
  const unknown = (only ?? []).filter((id) => !(id in labels));
  if (unknown.length) {
    // --only takes case ids (an analyzer id matched nothing and scored an empty set without a word)
    process.stderr.write(`score.mjs: --only: no case ${unknown.join(', ')} in labels.json (it takes case ids, e.g. ${Object.keys(labels)[0]})\n`);
    process.exit(2);
  }
  const ids = Object.keys(labels).filter((id) => (!only || only.includes(id)) && (!opts.select || opts.select(labels[id])));
  const ANALYZERS = opts.analyzers ?? ['window-overflow', 'recall-mismatch', 'lost-write', 'concurrent-overwrite', 'tool-drift'];
  // the ten languages issue 24 names; the others are extras, printed apart
  const CORE = ['en', 'zh-Hans', 'zh-Hant', 'es', 'de', 'fr', 'ja', 'pt', 'ko', 'ru'];

  function triage(id) {
    return new Promise((done) => {
      const file = join(here, labels[id].file);
      execFile(process.execPath, [resolve(bin), 'triage', file, '--format', 'json'], { maxBuffer: 256 << 20 }, (err, stdout, stderr) => {
        // exit 1 only means findings at or above --fail-on; anything else without a document is an error
        try {
          const doc = JSON.parse(stdout);
          done({ id, doc });
        } catch {
          done({ id, error: `${err?.code ?? ''} ${stderr.trim().split('\n')[0] ?? ''}` });
        }
      });
    });
  }

  const results = [];
  let next = 0;
  async function worker() {
    while (next < ids.length) {
      const id = ids[next++];
      results.push(await triage(id));
      if (results.length % 25 === 0) process.stderr.write(`${results.length}/${ids.length}\n`);
    }
  }
  await Promise.all(Array.from({ length: jobs }, worker));

  // tallies per analyzer and per (analyzer, language)
  const blank = () => ({ tp: 0, fn: 0, fp: 0, faults: 0 });
  const per = Object.fromEntries(ANALYZERS.map((a) => [a, blank()]));
  const perGroup = { core: Object.fromEntries(ANALYZERS.map((a) => [a, blank()])), extras: Object.fromEntries(ANALYZERS.map((a) => [a, blank()])) };
  const perLang = {};
  const rows = [];
  let bad = 0;
  const errors = [];
  for (const { id, doc, error } of results.sort((a, b) => a.id.localeCompare(b.id))) {
    const lab = labels[id];
    if (error) {
      errors.push({ id, error });
      continue;
    }
    bad += doc.summary?.bad_lines ?? 0;
    const by = new Set(doc.findings.map((f) => f.analyzer));
    const tally = (a) => {
      perLang[a] ??= {};
      perLang[a][lab.language] ??= blank();
      const group = CORE.includes(lab.language) ? 'core' : 'extras';
      return [per[a], perLang[a][lab.language], perGroup[group][a]];
    };
    if (lab.expected) {
      for (const t of tally(lab.expected)) {
        t.faults += 1;
        if (by.has(lab.expected)) t.tp += 1;
        else t.fn += 1;
      }
    }
    for (const a of by) {
      if (a === lab.expected) continue;
      if (!per[a]) continue;
      for (const t of tally(a)) t.fp += 1;
    }
    rows.push({
      id,
      expected: lab.expected,
      language: lab.language,
      variant: lab.variant,
      found: [...by].sort(),
      findings: doc.findings.map((f) => ({ analyzer: f.analyzer, cause: f.cause, severity: f.severity, confidence: f.confidence, title: f.title })),
    });
  }
  const pr = (t) => ({
    precision: t.tp + t.fp ? +(t.tp / (t.tp + t.fp)).toFixed(3) : null,
    recall: t.faults ? +(t.tp / t.faults).toFixed(3) : null,
    ...t,
  });
  const byAnalyzer = Object.fromEntries(ANALYZERS.map((a) => [a, pr(per[a])]));
  const byGroup = Object.fromEntries(Object.entries(perGroup).map(([g, ts]) => [g, Object.fromEntries(ANALYZERS.map((a) => [a, pr(ts[a])]))]));
  const byLanguage = Object.fromEntries(Object.entries(perLang).map(([a, ls]) => [a, Object.fromEntries(Object.entries(ls).map(([l, t]) => [l, pr(t)]))]));
  const all = Object.values(per).reduce((s, t) => ({ tp: s.tp + t.tp, fn: s.fn + t.fn, fp: s.fp + t.fp, faults: s.faults + t.faults }), blank());
  // look-alike sessions with any finding
  const lookalikes = rows.filter((r) => !r.expected);
  const noisy = lookalikes.filter((r) => r.found.length > 0).length;
  const report = {
    cases: rows.length,
    errors,
    bad_lines: bad,
    overall: pr(all),
    lookalike_sessions_with_findings: `${noisy}/${lookalikes.length}`,
    by_analyzer: byAnalyzer,
    core_ten_languages: byGroup.core,
    extra_languages: byGroup.extras,
    by_language: byLanguage,
    cases_detail: rows,
  };
  if (out) {
    if (out !== '/dev/null') mkdirSync(dirname(resolve(out)), { recursive: true });
    writeFileSync(out, `${JSON.stringify(report, null, 1)}\n`);
  }

  const f = (x) => (x === null ? '  -  ' : x.toFixed(2));
  const lines = [`${name}: ${rows.length} cases, ${errors.length} errors, ${bad} bad lines`, '', 'analyzer               precision  recall   tp  fn  fp'];
  for (const a of ANALYZERS) {
    const t = byAnalyzer[a];
    lines.push(
      `${a.padEnd(22)} ${f(t.precision).padStart(9)} ${f(t.recall).padStart(7)} ${String(t.tp).padStart(4)}${String(t.fn).padStart(4)}${String(t.fp).padStart(4)}`,
    );
  }
  const o = report.overall;
  lines.push(
    `${'overall'.padEnd(22)} ${f(o.precision).padStart(9)} ${f(o.recall).padStart(7)} ${String(o.tp).padStart(4)}${String(o.fn).padStart(4)}${String(o.fp).padStart(4)}`,
  );
  lines.push(`look-alike sessions with any finding: ${report.lookalike_sessions_with_findings}`);
  for (const [g, title] of [
    ['core', `the ten-language core (${CORE.join(', ')}): issue 24's bar`],
    ['extras', 'the extra languages'],
  ]) {
    lines.push('', title, 'analyzer               precision  recall   tp  fn  fp');
    const sum = blank();
    for (const a of ANALYZERS) {
      const t = byGroup[g][a];
      for (const k of ['tp', 'fn', 'fp', 'faults']) sum[k] += t[k];
      lines.push(
        `${a.padEnd(22)} ${f(t.precision).padStart(9)} ${f(t.recall).padStart(7)} ${String(t.tp).padStart(4)}${String(t.fn).padStart(4)}${String(t.fp).padStart(4)}`,
      );
    }
    const s = pr(sum);
    lines.push(
      `${'overall'.padEnd(22)} ${f(s.precision).padStart(9)} ${f(s.recall).padStart(7)} ${String(s.tp).padStart(4)}${String(s.fn).padStart(4)}${String(s.fp).padStart(4)}`,
    );
  }
  lines.push('', 'per language (precision / recall):');
  const present = new Set(ids.map((id) => labels[id].language));
  const langs = [...CORE.filter((l) => present.has(l)), ...[...present].filter((l) => !CORE.includes(l))];
  lines.push(`${''.padEnd(22)}${langs.map((l) => l.padStart(11)).join('')}`);
  for (const a of ANALYZERS) {
    const cells = langs.map((l) => {
      const t = byLanguage[a]?.[l];
      return t ? `${f(t.precision)}/${f(t.recall)}`.padStart(11) : '-'.padStart(11);
    });
    lines.push(`${a.padEnd(22)}${cells.join('')}`);
  }
  process.stdout.write(`${lines.join('\n')}\n`);
  if (errors.length) process.stderr.write(`errors: ${errors.map((e) => `${e.id}: ${e.error}`).join('; ')}\n`);
}

/**
 * Score one group of a set whose cases are labelled with a group, an analyzer, a kind and a variant (blind9 on):
 * `--group core|new` picks the group (default core) from `groups`, the shared report is printed, then a table per
 * analyzer and variant: how many faults of the variant were found, how many look-alikes of it drew a finding of
 * the analyzer they were written against (or of any analyzer of the group). An analyzer id the binary does not
 * have (or that finds nothing on any case) keeps its column: its faults count as misses (recall 0).
 */
export async function scoreBlindGroups(here, set, groups) {
  const args = process.argv;
  const i = args.indexOf('--group');
  const group = i >= 0 ? args[i + 1] : 'core';
  if (!groups[group]) {
    process.stderr.write(`unknown --group ${group} (core or new)\n`);
    process.exit(2);
  }
  // the per-variant table is read from the shared runner's report: give it a file when the caller did not
  let tmp = null;
  if (!args.includes('--out') && args.includes('--bin')) {
    tmp = join(tmpdir(), `${set}-${process.pid}.json`);
    args.push('--out', tmp);
  }
  await scoreBlind(here, `${set} (${group})`, {
    analyzers: groups[group],
    select: (label) => label.group === group,
  });

  const out = args[args.indexOf('--out') + 1];
  const report = JSON.parse(readFileSync(out, 'utf8'));
  if (tmp) rmSync(tmp, { force: true });
  const labels = JSON.parse(readFileSync(join(here, 'labels.json'), 'utf8'));
  const cols = new Set(groups[group]);
  const silent = groups[group].filter((a) => !report.cases_detail.some((r) => r.found.includes(a)));
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
  for (const a of groups[group]) {
    for (const t of Object.values(per).filter((x) => x.analyzer === a)) {
      const figure = t.kind === 'fault' ? `${t.hit}/${t.n}` : `${t.hit}/${t.any}/${t.n}`;
      const which = t.langs.length ? (t.kind === 'fault' ? `  missed: ${t.langs.join(' ')}` : `  flagged: ${t.langs.join(' ')}`) : '';
      lines.push(`${a.padEnd(22)} ${t.kind.padEnd(10)} ${t.variant.padEnd(20)} ${figure.padStart(9)}${which}`);
    }
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}
