import type { ChalkInstance } from 'chalk';
import type { GateResult } from '../ci/gate.js';
import type { FindingsSummary } from '../findings/types.js';
import { findingText } from './findings.js';
import { inert, mdCode, mdText, inertJson } from '../util/sanitize.js';

export const CI_SCHEMA = 'amnesia.ci/v1';

export function verdictLine(g: GateResult): string {
  if (g.verdict === 'fail') {
    const unread = blockingUnread(g).length;
    return `FAIL: ${g.failing.length} new finding(s) at or above ${g.fail_on}${unread ? `, ${unread} input(s) not read` : ''} (${g.new.length} new, ${g.known.length} known, ${g.fixed.length} fixed)`;
  }
  return `PASS: no new finding at or above ${g.fail_on} (${g.new.length} new, ${g.known.length} known, ${g.fixed.length} fixed)`;
}

const blockingUnread = (g: GateResult) => g.unread.filter((u) => !u.ignored);

/** "config amnesia.config.json (sha256 1a2b…)": every report names the config that shaped it. */
export function configLine(g: GateResult): string | null {
  return g.config ? `config ${g.config.path} (sha256 ${g.config.sha256})` : null;
}

function unreadLine(u: GateResult['unread'][number]): string {
  return `${u.path}: ${u.reason}${u.ignored ? ' (ignored: --ignore-unread)' : ''}`;
}

export function ciText(g: GateResult, c: ChalkInstance): string {
  const out: string[] = [];
  if (g.unread.length) {
    out.push(c.bold(`Inputs not read (${g.unread.length}):\n`));
    for (const u of g.unread) out.push(`  ${u.ignored ? c.dim('-') : c.red('✖')} ${inert(unreadLine(u))}\n`);
    out.push('\n');
  }
  if (g.new.length) {
    out.push(c.bold(`New findings (${g.new.length}):\n`));
    for (const f of g.new) out.push(findingText(f, c) + '\n');
  }
  if (g.fixed.length) {
    out.push(c.bold(`Fixed since the baseline (${g.fixed.length}):\n`));
    for (const b of g.fixed) out.push(`  ${c.green('✔')} ${inert(b.title)}  ${c.dim(`${b.analyzer} · ${inert(b.session)} · ${b.id}`)}\n`);
    out.push('\n');
  }
  if (g.known.length) out.push(c.dim(`${g.known.length} known finding(s) in the baseline, still present\n`));
  const cfg = configLine(g);
  if (cfg) out.push(c.dim(`${inert(cfg)}\n`));
  out.push((g.verdict === 'fail' ? c.red.bold : c.green.bold)(verdictLine(g)) + '\n');
  return out.join('');
}

export function ciJson(g: GateResult, summary: FindingsSummary, ignored: number, behaviour?: unknown): string {
  return (
    inertJson(
      JSON.stringify(
        {
          schema: CI_SCHEMA,
          verdict: g.verdict,
          fail_on: g.fail_on,
          new: g.new,
          known: g.known,
          fixed: g.fixed,
          ignored,
          unread: g.unread,
          config: g.config,
          summary,
          ...(behaviour ? { behaviour } : {}),
        },
        null,
        2,
      ),
    ) + '\n'
  );
}

/** A job-page summary ($GITHUB_STEP_SUMMARY): verdict, counts per analyzer, the new findings, what was fixed. */
export function ciMarkdown(g: GateResult, summary: FindingsSummary): string {
  const icon = g.verdict === 'fail' ? '❌' : '✅';
  const out: string[] = [`## ${icon} Amnesia Forensics: ${verdictLine(g)}`, ''];
  out.push(`${summary.sessions} session(s), ${summary.events} events, ${summary.bad_lines} bad line(s).`, '');
  if (g.config) out.push(`Config: ${mdCode(g.config.path)} (sha256 ${mdCode(g.config.sha256)})`, '');
  if (g.unread.length) {
    out.push(`### Inputs not read (${g.unread.length})`, '');
    for (const u of g.unread) out.push(`- ${u.ignored ? '' : '❌ '}${mdCode(u.path)}: ${mdText(u.reason)}${u.ignored ? ' (ignored)' : ''}`);
    out.push('');
  }
  const analyzers = Object.keys(summary.by_analyzer);
  out.push('| analyzer | new | known | fixed |', '|---|---:|---:|---:|');
  for (const a of analyzers) {
    const n = (l: { analyzer: string }[]) => l.filter((f) => f.analyzer === a).length;
    out.push(`| \`${a}\` | ${n(g.new)} | ${n(g.known)} | ${n(g.fixed)} |`);
  }
  out.push('');
  if (g.new.length) {
    out.push('### New findings', '', '| severity | analyzer | session | turn | finding | where |', '|---|---|---|---:|---|---|');
    for (const f of g.new) {
      const where = f.evidence.find((e) => e.ts === f.ts)?.source ?? f.evidence[f.evidence.length - 1]?.source ?? '';
      out.push(
        `| ${f.severity} | \`${f.analyzer}\` | ${mdCode(f.session)} | ${f.turn ?? ''} | ${mdText(f.title)}<br>**Fix:** ${mdText(f.fix)} | ${mdCode(where)} |`,
      );
    }
    out.push('');
  }
  if (g.fixed.length) {
    out.push('### Fixed since the baseline', '');
    for (const b of g.fixed) out.push(`- ~~${mdText(b.title)}~~ (\`${b.analyzer}\`, ${mdCode(b.session)})`);
    out.push('');
  }
  return out.join('\n') + '\n';
}
