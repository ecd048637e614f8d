#!/usr/bin/env node
// Blind scorer (Node 20 ESM, no dependencies). Runs `amnesia triage` as a black box per analyzer folder.
// usage: node score.mjs --bin <bin/amnesia.js> [--analyzer id] [--out results.json]
import { readFileSync, readdirSync, existsSync, mkdtempSync, copyFileSync, writeFileSync, rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = dirname(fileURLToPath(import.meta.url));
const IDS = ['window-overflow', 'recall-mismatch', 'lost-write', 'concurrent-overwrite', 'tool-drift'];
const args = process.argv.slice(2);
const opt = {};
for (let i = 0; i < args.length; i++) {
  const a = args[i];
  if (a === '--help' || a === '-h') {
    console.log('usage: node score.mjs --bin <path to bin/amnesia.js> [--analyzer id] [--out results.json]');
    process.exit(0);
  }
  if (['--bin', '--analyzer', '--out'].includes(a)) {
    if (args[i + 1] === undefined) {
      console.error(`score: ${a} needs a value`);
      process.exit(0);
    }
    opt[a.slice(2)] = args[++i];
  } else {
    console.error(`score: unknown argument ${a} (usage: --bin <path> [--analyzer id] [--out file])`);
    process.exit(0);
  }
}
if (!opt.bin) {
  console.error('score: --bin <path to bin/amnesia.js> is required');
  process.exit(0);
}
const bin = resolve(opt.bin);
if (!existsSync(bin)) {
  console.error(`score: binary not found: ${bin} (build the project first); nothing scored`);
  process.exit(0);
}
const ids = opt.analyzer ? opt.analyzer.split(',') : IDS;
for (const id of ids)
  if (!IDS.includes(id)) {
    console.error(`score: unknown analyzer ${id} (one of ${IDS.join(', ')})`);
    process.exit(0);
  }

const pct = (x) => (x === null ? '  n/a' : (100 * x).toFixed(1).padStart(5) + '%');
const ratio = (a, b) => (b ? a / b : null);
function tally(rows) {
  const t = { faults: 0, lookalikes: 0, tp: 0, fn: 0, fp: 0 };
  for (const r of rows) {
    if (r.expect === 'flag') {
      t.faults++;
      r.flagged ? t.tp++ : t.fn++;
    } else {
      t.lookalikes++;
      if (r.flagged) t.fp++;
    }
  }
  t.precision = ratio(t.tp, t.tp + t.fp);
  t.recall = ratio(t.tp, t.faults);
  return t;
}
const line = (name, t) =>
  `${name.padEnd(26)} ${String(t.faults).padStart(6)} ${String(t.lookalikes).padStart(6)} ${String(t.tp).padStart(4)} ${String(t.fn).padStart(4)} ${String(t.fp).padStart(4)} ${pct(t.precision)} ${pct(t.recall)}`;
const head = `${''.padEnd(26)} ${'faults'.padStart(6)} ${'look-a'.padStart(6)} ${'TP'.padStart(4)} ${'FN'.padStart(4)} ${'FP'.padStart(4)} ${'prec'.padStart(6)} ${'recall'.padStart(6)}`;

const results = {};
const all = [];
for (const id of ids) {
  const dir = join(HERE, id);
  if (!existsSync(join(dir, 'labels.jsonl'))) {
    console.error(`score: ${id}: no labels.jsonl, skipped`);
    continue;
  }
  const labels = readFileSync(join(dir, 'labels.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l, i) => {
      try {
        return JSON.parse(l);
      } catch {
        throw new Error(`${id}/labels.jsonl:${i + 1}: not JSON`);
      }
    });
  const tmp = mkdtempSync(join(tmpdir(), `blind2-${id}-`));
  const cases = join(tmp, 'cases');
  spawnSync('mkdir', ['-p', cases]);
  for (const f of readdirSync(dir)) if (f.endsWith('.jsonl') && f !== 'labels.jsonl') copyFileSync(join(dir, f), join(cases, f));
  const r = spawnSync(process.execPath, [bin, 'triage', cases, '--format', 'json', '--db', join(tmp, 'e.db')], {
    cwd: tmp,
    encoding: 'utf8',
    maxBuffer: 1 << 30,
  });
  let doc = null;
  try {
    doc = JSON.parse(r.stdout);
  } catch {
    console.error(`score: ${id}: triage exit ${r.status}, stdout is not JSON; stderr: ${(r.stderr || '').split('\n').slice(0, 3).join(' | ')}`);
  }
  rmSync(tmp, { recursive: true, force: true });
  const findings = (doc?.findings ?? []).filter((f) => f.analyzer === id);
  const bySession = new Map();
  for (const f of findings) {
    if (!bySession.has(f.session)) bySession.set(f.session, []);
    bySession.get(f.session).push(f);
  }
  const rows = labels.map((l) => {
    const fs = bySession.get(l.session) ?? [];
    return { ...l, flagged: fs.length > 0, causes: [...new Set(fs.map((f) => f.cause))] };
  });
  const t = tally(rows);
  const by = (k) => Object.fromEntries([...new Set(rows.map((r) => r[k]).filter(Boolean))].sort().map((v) => [v, tally(rows.filter((r) => r[k] === v))]));
  const byLang = by('lang');
  const byFocus = id === 'lost-write' ? by('focus') : undefined;
  const causeMatch = rows.filter((r) => r.expect === 'flag' && r.flagged && r.cause).map((r) => r.causes.includes(r.cause));
  console.log(`\n== ${id} (triage exit ${r.status}, bad_lines ${doc?.summary?.bad_lines ?? '?'}, findings ${findings.length})\n${head}\n${line('ALL', t)}`);
  for (const [k, v] of Object.entries(byLang)) console.log(line('  lang ' + k, v));
  if (byFocus) for (const [k, v] of Object.entries(byFocus)) console.log(line('  focus ' + k, v));
  if (causeMatch.length) console.log(`  expected cause among reported causes: ${causeMatch.filter(Boolean).length}/${causeMatch.length} true positives`);
  for (const m of rows.filter((r) => (r.expect === 'flag') !== r.flagged))
    console.log(`  ${m.expect === 'flag' ? 'FN' : 'FP'} ${m.session}${m.causes.length ? ' [' + m.causes.join(',') + ']' : ''}: ${m.why}`);
  for (const m of rows.filter((r) => r.expect === 'flag' && r.flagged && r.cause && !r.causes.includes(r.cause)))
    console.log(`  cause≠ ${m.session}: expected ${m.cause}, got ${m.causes.join(',')}`);
  results[id] = {
    ...t,
    by_lang: byLang,
    by_focus: byFocus,
    rows: rows.map(({ session, expect, flagged, cause, causes, lang, focus, why }) => ({ session, expect, flagged, cause, causes, lang, focus, why })),
  };
  all.push(...rows);
}
const tot = tally(all);
console.log(`\n${head}\n${line('TOTAL', tot)}`);
if (opt.out) writeFileSync(opt.out, JSON.stringify({ total: tot, analyzers: results }, null, 2));
process.exit(0);
