#!/usr/bin/env node
// Counts what the analyzers report on converted real dialogue (convert-*.mjs), through the built
// binary as a black box: `amnesia triage <dir> --format json`. None of these conversations holds an
// instruction to an assistant that a window later dropped, so every finding is a false one.
// Prints findings by analyzer and severity, per 10 conversations and per 1,000 sessions.
//
// usage: node eval/real-dialogue/score.mjs --bin bin/amnesia.js --data eval/real-dialogue/data/locomo [--list yes] [--out results.json]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const argv = process.argv.slice(2);
const opt = { list: 'no' };
for (let i = 0; i < argv.length; i++) {
  const a = argv[i];
  if (!['--bin', '--data', '--list', '--out'].includes(a) || argv[i + 1] === undefined) {
    console.error(`score: unknown or incomplete argument ${a}`);
    process.exit(2);
  }
  opt[a.slice(2)] = argv[++i];
}
if (!opt.bin || !opt.data) {
  console.error('usage: node score.mjs --bin <bin/amnesia.js> --data <converted folder> [--list yes] [--out results.json]');
  process.exit(2);
}
for (const p of [opt.bin, opt.data]) {
  if (!existsSync(p)) {
    console.error(`score: ${p}: not found (npm run build; run a convert-*.mjs, see SOURCES.md)`);
    process.exit(2);
  }
}
const cwd = mkdtempSync(join(tmpdir(), 'real-dialogue-'));
const r = spawnSync(process.execPath, [resolve(opt.bin), 'triage', resolve(opt.data), '--format', 'json', '--no-progress'], {
  cwd,
  encoding: 'utf8',
  maxBuffer: 1 << 30,
});
rmSync(cwd, { recursive: true, force: true });
if (r.status !== 0 && r.status !== 1) {
  console.error(`score: amnesia exited ${r.status}: ${r.stderr.split('\n')[0]}`);
  process.exit(2);
}
const out = JSON.parse(r.stdout);
const sessions = out.summary.sessions;
const findings = out.findings;
const by = {};
for (const f of findings) {
  const k = `${f.analyzer} ${f.severity}`;
  by[k] = (by[k] ?? 0) + 1;
}
const flagged = new Set(findings.map((f) => f.session)).size;
const per = (n, unit) => ((n * unit) / sessions).toFixed(1);
console.log(`${opt.data}: ${sessions} sessions, ${out.summary.events} events`);
console.log(
  `findings: ${findings.length} (${per(findings.length, 10)} per 10 conversations, ${per(findings.length, 1000)} per 1,000 sessions); sessions with a finding: ${flagged}`,
);
for (const [k, n] of Object.entries(by).sort()) console.log(`  ${k}: ${n}`);
if (opt.list === 'yes') for (const f of findings) console.log(`${f.session}\t${f.turn ?? ''}\t${f.severity}\t${f.cause}\t${f.title}`);
if (opt.out)
  writeFileSync(
    opt.out,
    JSON.stringify(
      {
        sessions,
        findings: findings.length,
        by,
        list: findings.map((f) => ({ session: f.session, turn: f.turn, severity: f.severity, cause: f.cause, title: f.title })),
      },
      null,
      1,
    ),
  );
