#!/usr/bin/env node
// Scores recall-mismatch on the converted MemEval run (convert.mjs) through the built binary, as a
// black box: `amnesia triage <data>/events --analyzer recall-mismatch --format json`. Node 20 ESM, no dependencies.
//
// usage: node score.mjs --bin bin/amnesia.js [--data eval/real-memsys/data] [--split tune|holdout|all] [--out results.json] [--list tune|holdout|all] [--judge <url>]
//
// A question is flagged when recall-mismatch reports any finding in its session (at its turn, when the
// labels give one: convert.mjs --layout one puts a conversation's questions in one session). Against the
// labels' classes (`retrieval`: the Mem0 run's 3.x labels, or the A-Mem run's questions with an evidence
// note missed; `clean`: no label, or every evidence note returned; `other`):
//   precision = flagged `retrieval` questions / flagged questions
//   recall    = flagged `retrieval` questions / `retrieval` questions
//   clean     = flagged `clean` questions / `clean` questions (the false-finding rate)
// `other` questions (Mem0: labelled only 1.x / 2.x / 4.x) count against precision when flagged.
// Each table is printed for every finding and, when findings carry a confidence (the finding's
// `confidence`, else `detail.confidence`), for those at `likely` or above. When the labels list each
// question's evidence memories (`evidence_ids`), the share of findings whose missed memory is one of
// them is printed too (per finding, not per question).
// --list prints each flagged or missed question of that split (default: none; read the held-out split only
// once the rules are frozen). --split tune prints (and writes to --out) the tuning split's figures only,
// so that tuning runs never show the held-out split, not even its aggregate line (default: all).
// --judge <url> passes the model judge to triage (issue 33; the model from AMNESIA_JUDGE_MODEL): a finding the
// model judged relevant is `likely`, so the `likely` table is where the judge shows.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const argv = process.argv.slice(2);
const opt = { data: 'eval/real-memsys/data' };
for (let i = 0; i < argv.length; i++) {
  const a = argv[i];
  if (a === '-h' || a === '--help') {
    console.log(
      'usage: node score.mjs --bin <bin/amnesia.js> [--data <dir>] [--split tune|holdout|all] [--out results.json] [--list tune|holdout|all] [--judge <url>]',
    );
    process.exit(0);
  }
  if (!['--bin', '--data', '--out', '--list', '--split', '--judge'].includes(a) || argv[i + 1] === undefined) {
    console.error(`score: unknown or incomplete argument ${a}`);
    process.exit(2);
  }
  opt[a.slice(2)] = argv[++i];
}
if (opt.split && !['tune', 'holdout', 'all'].includes(opt.split)) {
  console.error(`score: --split ${opt.split}: tune, holdout or all`);
  process.exit(2);
}
if (opt.list && opt.split && opt.split !== 'all' && opt.list !== opt.split) {
  console.error(`score: --list ${opt.list} with --split ${opt.split}: list only the split shown`);
  process.exit(2);
}
if (!opt.bin) {
  console.error('score: --bin <path to bin/amnesia.js> is required');
  process.exit(2);
}
const bin = resolve(opt.bin);
const data = resolve(opt.data);
if (!existsSync(bin)) {
  console.error(`score: ${bin}: not found (npm run build first)`);
  process.exit(2);
}
if (!existsSync(join(data, 'labels.jsonl'))) {
  console.error(`score: ${join(data, 'labels.jsonl')}: not found (run convert.mjs first, see SOURCES.md)`);
  process.exit(2);
}
const allLabels = readFileSync(join(data, 'labels.jsonl'), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((l, i) => {
    try {
      return JSON.parse(l);
    } catch {
      console.error(`score: labels.jsonl:${i + 1}: not JSON`);
      process.exit(2);
    }
  });
const labels = opt.split && opt.split !== 'all' ? allLabels.filter((l) => l.split === opt.split) : allLabels;
const shownSessions = new Set(labels.map((l) => l.session));

const tmp = mkdtempSync(join(tmpdir(), 'real-memsys-'));
let doc;
try {
  const r = spawnSync(
    process.execPath,
    [
      bin,
      'triage',
      join(data, 'events'),
      '--analyzer',
      'recall-mismatch',
      '--format',
      'json',
      '--no-progress',
      '--db',
      join(tmp, 'e.db'),
      ...(opt.judge ? ['--judge', opt.judge] : []),
    ],
    {
      encoding: 'utf8',
      maxBuffer: 1 << 30,
    },
  );
  if (opt.judge) for (const l of (r.stderr || '').split('\n')) if (l.startsWith('judge:')) console.error(l);
  try {
    doc = JSON.parse(r.stdout);
  } catch {
    console.error(`score: triage exit ${r.status}, stdout is not JSON; stderr: ${(r.stderr || '').split('\n').slice(0, 3).join(' | ')}`);
    process.exit(2);
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
const findings = (doc.findings ?? []).filter((f) => f.analyzer === 'recall-mismatch' && shownSessions.has(f.session));
const bySession = new Map();
const key = (session, turn) => `${session}\u0000${turn ?? ''}`;
const oneSession = labels.some((l, i) => i > 0 && l.session === labels[0].session);
for (const f of findings) {
  const k = key(f.session, oneSession ? f.turn : undefined);
  if (!bySession.has(k)) bySession.set(k, []);
  bySession.get(k).push(f);
}
const RANKS = { possible: 0, likely: 1, certain: 2 };
const confidenceOf = (f) => f.confidence ?? f.detail?.confidence;
const reasonOf = (f) => (f.cause === 'not_retrieved' ? `not_retrieved/${f.detail?.not_retrieved?.reason ?? '?'}` : f.cause);
const rowsOf = (keep) =>
  labels.map((l) => {
    const fs = (bySession.get(key(l.session, oneSession ? l.turn : undefined)) ?? []).filter(keep);
    return { ...l, flagged: fs.length > 0, findings: fs.length, causes: [...new Set(fs.map(reasonOf))] };
  });
const rows = rowsOf(() => true);

function tally(rs) {
  const n = (p) => rs.filter(p).length;
  const t = {
    questions: rs.length,
    retrieval: n((r) => r.class === 'retrieval'),
    clean: n((r) => r.class === 'clean'),
    other: n((r) => r.class === 'other'),
    flagged: n((r) => r.flagged),
    tp: n((r) => r.flagged && r.class === 'retrieval'),
    fp_clean: n((r) => r.flagged && r.class === 'clean'),
    fp_other: n((r) => r.flagged && r.class === 'other'),
  };
  t.precision = t.flagged ? t.tp / t.flagged : null;
  t.recall = t.retrieval ? t.tp / t.retrieval : null;
  t.clean_flagged = t.clean ? t.fp_clean / t.clean : null;
  return t;
}
const f2 = (x) => (x === null ? ' n/a' : x.toFixed(2));
const pct = (x) => (x === null ? '  n/a' : `${(100 * x).toFixed(1)}%`);
const head = `${'split'.padEnd(9)} ${'questions'.padStart(9)} ${'pos'.padStart(4)} ${'clean'.padStart(5)} ${'flagged'.padStart(7)} ${'TP'.padStart(3)} ${'FP clean'.padStart(8)} ${'FP other'.padStart(8)}  precision recall clean-flagged`;
const line = (name, t) =>
  `${name.padEnd(9)} ${String(t.questions).padStart(9)} ${String(t.retrieval).padStart(4)} ${String(t.clean).padStart(5)} ${String(t.flagged).padStart(7)} ${String(t.tp).padStart(3)} ${String(t.fp_clean).padStart(8)} ${String(t.fp_other).padStart(8)}  ${f2(t.precision).padStart(9)} ${f2(t.recall).padStart(6)} ${pct(t.clean_flagged).padStart(13)}`;

const bySplit = (rs) =>
  Object.fromEntries(
    Object.entries({ tune: rs.filter((r) => r.split === 'tune'), holdout: rs.filter((r) => r.split === 'holdout'), all: rs }).filter(
      ([k, v]) => v.length > 0 && (k !== 'all' || labels === allLabels),
    ),
  );
const splits = bySplit(rows);
const result = Object.fromEntries(Object.entries(splits).map(([k, v]) => [k, tally(v)]));
console.log(
  `recall-mismatch on ${labels.length} labelled questions${labels === allLabels ? '' : ` (split ${opt.split} only)`} (${findings.length} findings, bad lines ${doc.summary?.bad_lines ?? '?'})`,
);
console.log(head);
for (const [k, t] of Object.entries(result)) console.log(line(k, t));
const confidences = {};
for (const f of findings) confidences[confidenceOf(f) ?? 'none'] = (confidences[confidenceOf(f) ?? 'none'] ?? 0) + 1;
if (findings.some((f) => confidenceOf(f) !== undefined)) {
  const sure = Object.entries(bySplit(rowsOf((f) => (RANKS[confidenceOf(f)] ?? 2) >= RANKS.likely)));
  result.likely_or_above = Object.fromEntries(sure.map(([k, v]) => [k, tally(v)]));
  console.log('findings at confidence likely or above:');
  for (const [k] of sure) console.log(line(k, result.likely_or_above[k]));
}
// per finding: is the memory it says was missed one of the question's evidence memories?
const evidenceOf = new Map(
  labels.filter((l) => Array.isArray(l.evidence_ids)).map((l) => [key(l.session, oneSession ? l.turn : undefined), new Set(l.evidence_ids)]),
);
if (evidenceOf.size) {
  const on = findings.filter((f) => evidenceOf.get(key(f.session, oneSession ? f.turn : undefined))?.has(f.detail?.memory_id)).length;
  result.findings_on_evidence = { findings: findings.length, on_evidence: on, share: findings.length ? on / findings.length : null };
  console.log(
    `findings whose missed memory is one of the question's evidence memories: ${on} of ${findings.length} (${f2(result.findings_on_evidence.share)})`,
  );
}
// a reference no analyzer of logs has: flag a question when every memory Mem0 extracted from its
// gold evidence messages is missing from both searches' results
if (labels.every((l) => typeof l.evidence_memories === 'number')) {
  const oracle = tally(labels.map((l) => ({ ...l, flagged: l.evidence_memories > 0 && l.evidence_missed === l.evidence_memories })));
  result.oracle_all_evidence_missed = oracle;
  console.log(line('oracle', oracle), ' (every memory from the gold evidence missing from the results)');
}
result.confidences = confidences;
const causes = {};
for (const f of findings) causes[reasonOf(f)] = (causes[reasonOf(f)] ?? 0) + 1;
console.log(
  `causes: ${Object.entries(causes)
    .sort((a, b) => b[1] - a[1])
    .map(([k, v]) => `${k} ${v}`)
    .join(', ')}`,
);
if (opt.list) {
  const show = splits[opt.list] ?? [];
  for (const r of show.filter((x) => x.flagged || x.class === 'retrieval')) {
    const mark = r.class === 'retrieval' ? (r.flagged ? 'TP' : 'FN') : `FP-${r.class}`;
    console.log(`  ${mark.padEnd(8)} ${r.session} [${r.labels.join(',')}] ${r.causes.join(',')} ${r.question}`);
  }
}
if (opt.out) writeFileSync(opt.out, `${JSON.stringify({ ...result, causes }, null, 2)}\n`);
