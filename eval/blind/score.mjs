#!/usr/bin/env node
// Blind-set scorer: runs `amnesia triage` as a black box on each analyzer folder and scores it
// against labels.jsonl. Plain Node 20 ESM, no dependencies. Always exits 0.
//
//   node eval/blind/score.mjs --bin <path to bin/amnesia.js> [--analyzer id] [--out results.json]
//
// Scoring (per analyzer, counted in sessions, not findings):
//   FAULT case      TP if that analyzer reported at least one finding on the case's session, else FN
//   LOOK-ALIKE case FP if that analyzer reported any finding on the case's session(s)
//   precision = TP / (TP + FP), recall = TP / faults.
// A case may name aux_sessions (e.g. an earlier session that wrote the memory): a finding on an aux
// session counts for the case as well. Findings on sessions that belong to no case are listed apart.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = dirname(fileURLToPath(import.meta.url));
const ANALYZERS = ['window-overflow', 'recall-mismatch', 'lost-write', 'concurrent-overwrite', 'tool-drift'];

function parseArgs(argv) {
  const o = { bin: null, analyzer: null, out: null, keep: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const val = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${a} needs a value`);
      return v;
    };
    if (a === '--bin') o.bin = val();
    else if (a.startsWith('--bin=')) o.bin = a.slice(6);
    else if (a === '--analyzer') o.analyzer = val();
    else if (a.startsWith('--analyzer=')) o.analyzer = a.slice(11);
    else if (a === '--out') o.out = val();
    else if (a.startsWith('--out=')) o.out = a.slice(6);
    else if (a === '--keep-tmp') o.keep = true;
    else if (a === '-h' || a === '--help') o.help = true;
    else throw new Error(`unknown argument: ${a}`);
  }
  return o;
}

const USAGE = 'usage: node score.mjs --bin <path to bin/amnesia.js> [--analyzer id[,id]] [--out results.json]';

/** Read a JSONL file; returns { rows, errors: ["file:line: reason"] }. */
function readJsonl(file) {
  const rows = [];
  const errors = [];
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((line, i) => {
      if (!line.trim()) return;
      try {
        rows.push(JSON.parse(line));
      } catch (e) {
        errors.push(`${file}:${i + 1}: ${e.message}`);
      }
    });
  return { rows, errors };
}

function loadFolder(id) {
  const dir = join(HERE, id);
  if (!existsSync(dir)) return { error: `no folder ${dir}` };
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl') && f !== 'labels.jsonl')
    .sort();
  const lab = readJsonl(join(dir, 'labels.jsonl'));
  const problems = [...lab.errors];
  const sessionsInLogs = new Set();
  for (const f of files) {
    const r = readJsonl(join(dir, f));
    problems.push(...r.errors);
    r.rows.forEach((e, i) => {
      if (!e || typeof e.kind !== 'string' || typeof e.session !== 'string' || e.ts === undefined) problems.push(`${f}:${i + 1}: missing kind/session/ts`);
      else sessionsInLogs.add(e.session);
    });
  }
  const labels = lab.rows;
  const owner = new Map(); // session -> label
  for (const l of labels) {
    if (l.analyzer !== id) problems.push(`labels.jsonl: ${l.session} has analyzer ${l.analyzer}, expected ${id}`);
    if (!['flag', 'quiet'].includes(l.expect)) problems.push(`labels.jsonl: ${l.session} has expect ${l.expect}`);
    for (const s of [l.session, ...(l.aux_sessions ?? [])]) {
      if (owner.has(s)) problems.push(`labels.jsonl: session ${s} labelled twice`);
      owner.set(s, l);
      if (!sessionsInLogs.has(s)) problems.push(`labels.jsonl: session ${s} has no events`);
    }
  }
  return { dir, files, labels, owner, problems };
}

function runTriage(bin, id, folder) {
  const tmp = mkdtempSync(join(tmpdir(), `blind-${id}-`));
  const cases = join(tmp, 'cases');
  mkdirSync(cases);
  for (const f of folder.files) copyFileSync(join(folder.dir, f), join(cases, f));
  const t0 = Date.now();
  const r = spawnSync(process.execPath, [bin, 'triage', cases, '--format', 'json', '--analyzer', id, '--no-progress'], {
    cwd: tmp,
    encoding: 'utf8',
    maxBuffer: 512 * 1024 * 1024,
    timeout: 15 * 60 * 1000,
    env: { ...process.env, NO_COLOR: '1' },
  });
  const ms = Date.now() - t0;
  let doc = null;
  let error = null;
  if (r.error) error = `could not run: ${r.error.message}`;
  else if (r.status !== 0 && r.status !== 1) error = `exit ${r.status}: ${(r.stderr || '').trim().split('\n').slice(-3).join(' | ')}`;
  else {
    try {
      doc = JSON.parse(r.stdout);
    } catch (e) {
      error = `stdout is not one JSON document (${e.message})`;
    }
    if (doc && doc.schema !== 'amnesia.findings/v1') error = `unexpected schema ${doc.schema}`;
    if (doc && !Array.isArray(doc.findings)) error = 'no findings array';
  }
  return { tmp, doc, error, ms, stderr: r.stderr ?? '' };
}

const ratio = (a, b) => (b === 0 ? null : a / b);
const fmt = (x) => (x === null ? '  -  ' : x.toFixed(2).padStart(5));

function score(id, folder, doc) {
  const findings = doc.findings.filter((f) => f.analyzer === id);
  const bySession = new Map();
  const unlabelled = new Map();
  for (const f of findings) {
    const l = folder.owner.get(f.session);
    if (!l) {
      unlabelled.set(f.session, (unlabelled.get(f.session) ?? 0) + 1);
      continue;
    }
    if (!bySession.has(l.session)) bySession.set(l.session, []);
    bySession.get(l.session).push(f);
  }
  const rows = folder.labels.map((l) => {
    const fs = bySession.get(l.session) ?? [];
    const flagged = fs.length > 0;
    const outcome = l.expect === 'flag' ? (flagged ? 'TP' : 'FN') : flagged ? 'FP' : 'TN';
    const causes = [...new Set(fs.map((f) => f.cause))];
    const severities = [...new Set(fs.map((f) => f.severity))];
    return {
      ...l,
      outcome,
      findings: fs.length,
      causes,
      severities,
      cause_match: l.expect === 'flag' && l.cause ? causes.includes(l.cause) : null,
      titles: fs.slice(0, 3).map((f) => f.title),
    };
  });
  const agg = (rs) => {
    const faults = rs.filter((r) => r.expect === 'flag').length;
    const look = rs.length - faults;
    const tp = rs.filter((r) => r.outcome === 'TP').length;
    const fn = rs.filter((r) => r.outcome === 'FN').length;
    const fp = rs.filter((r) => r.outcome === 'FP').length;
    const fpWarn = rs.filter((r) => r.outcome === 'FP' && r.severities.some((s) => s !== 'info')).length;
    const causeOk = rs.filter((r) => r.outcome === 'TP' && r.cause_match === true).length;
    const causeKnown = rs.filter((r) => r.outcome === 'TP' && r.cause_match !== null).length;
    return {
      faults,
      lookalikes: look,
      tp,
      fn,
      fp,
      fp_warning_or_error: fpWarn,
      precision: ratio(tp, tp + fp),
      recall: ratio(tp, faults),
      cause_match: ratio(causeOk, causeKnown),
    };
  };
  const group = (key) => {
    const m = new Map();
    for (const r of rows) {
      const k = r[key] ?? '-';
      if (!m.has(k)) m.set(k, []);
      m.get(k).push(r);
    }
    return Object.fromEntries([...m].sort().map(([k, rs]) => [k, agg(rs)]));
  };
  return {
    analyzer: id,
    total: agg(rows),
    by_lang: group('lang'),
    by_focus: id === 'lost-write' ? group('focus') : undefined,
    rows,
    unlabelled: Object.fromEntries(unlabelled),
    findings: findings.length,
  };
}

function printTable(title, groups) {
  console.log(`  ${title.padEnd(12)} faults look   TP   FN   FP  FP>=w  prec  recall cause`);
  for (const [k, a] of Object.entries(groups)) {
    console.log(
      `  ${String(k).padEnd(12)} ${String(a.faults).padStart(6)} ${String(a.lookalikes).padStart(4)} ${String(a.tp).padStart(4)} ${String(a.fn).padStart(4)} ${String(a.fp).padStart(4)} ${String(a.fp_warning_or_error).padStart(6)} ${fmt(a.precision)} ${fmt(a.recall)} ${fmt(a.cause_match)}`,
    );
  }
}

function main() {
  let o;
  try {
    o = parseArgs(process.argv.slice(2));
  } catch (e) {
    console.error(`score.mjs: ${e.message}\n${USAGE}`);
    return;
  }
  if (o.help) {
    console.log(USAGE);
    return;
  }
  if (!o.bin) {
    console.error(`score.mjs: --bin is required\n${USAGE}`);
    return;
  }
  const bin = resolve(o.bin);
  if (!existsSync(bin)) {
    console.error(`score.mjs: ${bin} does not exist: build the project first (npm run build) or pass the right --bin`);
    return;
  }
  const dist = join(dirname(dirname(bin)), 'dist');
  if (basename(dirname(bin)) === 'bin' && !existsSync(dist)) {
    console.error(`score.mjs: ${dist} is missing: ${bin} needs a build (npm run build) before it can run`);
    return;
  }
  const ids = o.analyzer
    ? o.analyzer
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : ANALYZERS;
  for (const id of ids)
    if (!ANALYZERS.includes(id)) {
      console.error(`score.mjs: unknown analyzer ${id} (one of ${ANALYZERS.join(', ')})`);
      return;
    }
  const results = { bin, date: new Date().toISOString(), analyzers: {} };
  for (const id of ids) {
    const folder = loadFolder(id);
    console.log(`\n== ${id}`);
    if (folder.error) {
      console.log(`  skipped: ${folder.error}`);
      results.analyzers[id] = { error: folder.error };
      continue;
    }
    for (const p of folder.problems.slice(0, 20)) console.log(`  case problem: ${p}`);
    const run = runTriage(bin, id, folder);
    if (!o.keep) rmSync(run.tmp, { recursive: true, force: true });
    if (run.error) {
      console.log(`  triage failed (${run.ms} ms): ${run.error}`);
      results.analyzers[id] = { error: run.error, problems: folder.problems };
      continue;
    }
    const s = score(id, folder, run.doc);
    s.triage_ms = run.ms;
    s.bad_lines = run.doc.summary?.bad_lines ?? null;
    s.problems = folder.problems;
    results.analyzers[id] = s;
    console.log(`  triage: ${run.ms} ms, ${s.findings} findings, bad lines: ${s.bad_lines}`);
    printTable('total', { all: s.total });
    printTable('language', s.by_lang);
    if (s.by_focus) printTable('focus', s.by_focus);
    const misses = s.rows.filter((r) => r.outcome === 'FN' || r.outcome === 'FP');
    if (misses.length) console.log('  misses:');
    for (const r of misses) {
      const extra = r.outcome === 'FP' ? ` -> reported ${r.causes.join('/')} [${r.severities.join('/')}]: ${r.titles[0] ?? ''}` : '';
      console.log(`    ${r.outcome} ${r.session}${r.focus ? ` (${r.focus})` : ''}: ${r.why}${extra}`);
    }
    const wrongCause = s.rows.filter((r) => r.outcome === 'TP' && r.cause_match === false);
    if (wrongCause.length) console.log('  flagged with another cause than expected:');
    for (const r of wrongCause) console.log(`    ${r.session}: expected ${r.cause}, got ${r.causes.join('/')}`);
    if (Object.keys(s.unlabelled).length) console.log(`  findings on sessions that belong to no case: ${JSON.stringify(s.unlabelled)}`);
  }
  console.log('\n== summary');
  console.log('  analyzer              faults look   TP   FN   FP  FP>=w  prec  recall cause');
  for (const [id, s] of Object.entries(results.analyzers)) {
    if (s.error) {
      console.log(`  ${id.padEnd(21)} error: ${s.error}`);
      continue;
    }
    const a = s.total;
    console.log(
      `  ${id.padEnd(21)} ${String(a.faults).padStart(6)} ${String(a.lookalikes).padStart(4)} ${String(a.tp).padStart(4)} ${String(a.fn).padStart(4)} ${String(a.fp).padStart(4)} ${String(a.fp_warning_or_error).padStart(6)} ${fmt(a.precision)} ${fmt(a.recall)} ${fmt(a.cause_match)}`,
    );
  }
  console.log('  (FP>=w: false positives with a warning or error finding; cause: share of TPs whose findings include the expected cause)');
  if (o.out) {
    writeFileSync(resolve(o.out), JSON.stringify(results, null, 2) + '\n');
    console.log(`  results written to ${resolve(o.out)}`);
  }
}

try {
  main();
} catch (e) {
  console.error(`score.mjs: ${e.stack || e.message}`);
}
process.exitCode = 0;
