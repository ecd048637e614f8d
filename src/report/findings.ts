import type { ChalkInstance } from 'chalk';
import { FINDINGS_SCHEMA, type Finding, type FindingsDocument, type FindingsSummary, type Severity } from '../findings/types.js';
import { fmtInt } from './table.js';

/** Reporters are pure: a findings document in, a string out. They never decide exit codes. */

export function findingsDocument(findings: Finding[], summary: FindingsSummary): FindingsDocument {
  return { schema: FINDINGS_SCHEMA, findings, summary };
}

export function findingsJson(doc: FindingsDocument): string {
  return JSON.stringify(doc, null, 2) + '\n';
}

const ICON: Record<Severity, string> = { error: '✖', warning: '▲', info: 'ℹ' };

function sevColor(c: ChalkInstance, s: Severity) {
  return s === 'error' ? c.red : s === 'warning' ? c.yellow : c.cyan;
}

function time(iso: string): string {
  return iso.replace('T', ' ').replace(/\.000Z$|Z$/, '');
}

/** One finding with its evidence chain as a numbered timeline. */
export function findingText(f: Finding, c: ChalkInstance): string {
  const col = sevColor(c, f.severity);
  const out: string[] = [];
  out.push(`${col(`${ICON[f.severity]} ${f.severity}`)}  ${c.bold(f.title)}`);
  out.push(c.dim(`   ${f.analyzer} · ${f.cause} · turn ${f.turn ?? '?'} · ${time(f.ts)} · ${f.id}`));
  for (const e of f.evidence) {
    const head = `${String(e.step).padStart(5)}. ${e.role.padEnd(10)} turn ${String(e.turn ?? '-').padEnd(3)} ${time(e.ts)}  ${c.dim(e.source)}`;
    out.push(head);
    if (e.text) out.push(`        ${e.text}`);
  }
  out.push(`   ${c.green('fix:')} ${f.fix}`);
  return out.join('\n') + '\n';
}

export function summaryLine(doc: FindingsDocument, c: ChalkInstance): string {
  const by: Record<Severity, number> = { error: 0, warning: 0, info: 0 };
  for (const f of doc.findings) by[f.severity]++;
  const s = doc.summary;
  const parts = [
    `${fmtInt(doc.findings.length)} finding(s)`,
    by.error ? c.red(`${by.error} error`) : '',
    by.warning ? c.yellow(`${by.warning} warning`) : '',
    by.info ? c.cyan(`${by.info} info`) : '',
  ].filter(Boolean);
  const analyzers = Object.entries(s.by_analyzer)
    .filter(([, n]) => n > 0)
    .map(([a, n]) => `${a} ${n}`)
    .join(', ');
  return (
    `${parts.join(', ')} in ${fmtInt(s.sessions)} session(s), ${fmtInt(s.events)} events` +
    (s.bad_lines ? `, ${fmtInt(s.bad_lines)} bad line(s)` : '') +
    (analyzers ? `\nby analyzer: ${analyzers}` : '') +
    '\n'
  );
}

/** For people: findings grouped by session, worst first within a session's turn order. */
export function findingsText(doc: FindingsDocument, c: ChalkInstance): string {
  const out: string[] = [];
  const bySession = new Map<string, Finding[]>();
  for (const f of doc.findings) {
    let l = bySession.get(f.session);
    if (!l) bySession.set(f.session, (l = []));
    l.push(f);
  }
  for (const [session, list] of bySession) {
    out.push(c.bold.underline(`session ${session}`) + c.dim(`  (${list.length} finding${list.length > 1 ? 's' : ''})`) + '\n');
    for (const f of list) out.push(findingText(f, c) + '\n');
  }
  if (doc.findings.length === 0) out.push(c.green('✔ no memory failures found\n'));
  out.push(summaryLine(doc, c));
  return out.join('');
}

function mdEscape(s: string): string {
  return s.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

export function findingsMarkdown(doc: FindingsDocument): string {
  const out: string[] = ['# Amnesia Forensics report', ''];
  const s = doc.summary;
  out.push(`${doc.findings.length} finding(s) in ${s.sessions} session(s), ${s.events} events, ${s.bad_lines} bad line(s).`, '');
  out.push('| analyzer | findings |', '|---|---:|');
  for (const [a, n] of Object.entries(s.by_analyzer)) out.push(`| \`${a}\` | ${n} |`);
  out.push('');
  for (const f of doc.findings) {
    out.push(`## ${ICON[f.severity]} ${mdEscape(f.title)}`, '');
    out.push(`\`${f.analyzer}\` · \`${f.cause}\` · ${f.severity} · session \`${f.session}\` · turn ${f.turn ?? '?'} · \`${f.id}\``, '');
    out.push('| # | role | turn | time | source | excerpt |', '|---:|---|---:|---|---|---|');
    for (const e of f.evidence) {
      out.push(`| ${e.step} | ${e.role} | ${e.turn ?? ''} | ${time(e.ts)} | \`${e.source}\` | ${mdEscape(e.text)} |`);
    }
    out.push('', `**Fix:** ${f.fix}`, '');
  }
  return out.join('\n') + '\n';
}
