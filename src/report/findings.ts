import type { ChalkInstance } from 'chalk';
import { ANALYZERS } from '../analyzers/registry.js';
import type { StepFigure } from '../analyzers/views.js';
import { confidenceWords, judgedLine } from './judged.js';
import { FINDINGS_SCHEMA, isLayer, type EvidenceStep, type Finding, type FindingsDocument, type FindingsSummary, type Severity } from '../findings/types.js';
import { fmtInt } from './table.js';
import { inert, mdCode, mdText, inertJson } from '../util/sanitize.js';

/** Reporters are pure: a findings document in, a string out. They never decide exit codes. */

export function findingsDocument(findings: Finding[], summary: FindingsSummary): FindingsDocument {
  return { schema: FINDINGS_SCHEMA, findings, summary };
}

const ICON: Record<Severity, string> = { error: '✖', warning: '▲', info: 'ℹ' };

function sevColor(c: ChalkInstance, s: Severity) {
  return s === 'error' ? c.red : s === 'warning' ? c.yellow : c.cyan;
}

/** "likely · " (how sure the finding is, FINDINGS.md, and the verdict it rests on); nothing for a document written before findings carried it. */
function confidenceText(f: Pick<Finding, 'confidence' | 'confidence_judged'>): string {
  return f.confidence ? `${confidenceWords(f)} · ` : '';
}

/**
 * The chain's last word, the layer that failed (FINDINGS.md `layer`); null for a document written
 * before findings carried it (or one whose value is not a layer: never printed as given).
 */
export function layerOf(f: Pick<Finding, 'layer'>): string | null {
  return isLayer(f.layer) ? f.layer : null;
}

function time(iso: string): string {
  return iso.replace('T', ' ').replace(/\.000Z$|Z$/, '');
}

/** One line of the figures its analyzer gives for an evidence step (src/analyzers/views.ts), where a developer needs them to act. */
export function figureLine(fig: StepFigure | null, c: ChalkInstance): string | null {
  if (!fig) return null;
  switch (fig.kind) {
    case 'ranking': {
      const parts: string[] = [];
      fig.candidates.slice(0, 8).forEach((k, i) => {
        if (fig.topK !== null && i === fig.topK) parts.push(c.dim(`┆ top_k=${fig.topK}`));
        const label = `${inert(String(k.id))} ${k.score}${k.injected ? ' ✓' : ''}`;
        parts.push(String(k.id) === fig.missed ? c.red.bold(`${label} ← missed`) : k.injected ? label : c.dim(label));
      });
      if (fig.candidates.length > 8) parts.push(c.dim(`… ${fig.candidates.length - 8} more`));
      return `ranked: ${parts.join(', ')}${fig.threshold !== null ? c.dim(`  (threshold ${fig.threshold})`) : ''}`;
    }
    case 'prompt':
      return `prompt ${fmtInt(fig.tokens)} / ${fmtInt(fig.limit)} tokens (${Math.round((fig.tokens / fig.limit) * 100)}%)`;
    case 'text':
      return inert(fig.text);
  }
}

/** The figures a finding's analyzer gives for one of its evidence steps (none for an analyzer not in the registry). */
function stepFigure(f: Finding, step: EvidenceStep): StepFigure | null {
  return ANALYZERS.find((a) => a.meta.id === f.analyzer)?.figures?.(f, step) ?? null;
}

/** One finding with its evidence chain as a numbered timeline. All log text is made inert. */
export function findingText(f: Finding, c: ChalkInstance): string {
  const col = sevColor(c, f.severity);
  const out: string[] = [];
  out.push(`${col(`${ICON[f.severity]} ${f.severity}`)}  ${c.bold(inert(f.title))}`);
  out.push(c.dim(`   ${f.analyzer} · ${f.cause} · ${confidenceText(f)}turn ${f.turn ?? '?'} · ${time(f.ts)} · ${f.id}`));
  for (const e of f.evidence) {
    const head = `${String(e.step).padStart(5)}. ${e.role.padEnd(10)} turn ${String(e.turn ?? '-').padEnd(3)} ${time(e.ts)}  ${c.dim(inert(e.source))}`;
    out.push(head);
    if (e.text) out.push(`        ${inert(e.text)}`);
    const extra = figureLine(stepFigure(f, e), c);
    if (extra) out.push(`        ${extra}`);
    if (e.judgement) out.push(`        ${c.magenta(judgedLine(e.judgement))}`);
  }
  const layer = layerOf(f);
  if (layer) out.push(`   ${c.bold('layer that failed:')} ${layer}`);
  out.push(`   ${c.green('fix:')} ${inert(f.fix)}`);
  return out.join('\n') + '\n';
}

/** `amnesia show`: one finding's evidence chain, then its analyzer's figures (`detail`). */
export function findingDocumentText(f: Finding, c: ChalkInstance): string {
  return findingText(f, c) + (f.detail ? `   ${c.dim('detail:')} ${inert(JSON.stringify(f.detail))}\n` : '');
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

export function findingsMarkdown(doc: FindingsDocument): string {
  const out: string[] = ['# Amnesia Forensics report', ''];
  const s = doc.summary;
  out.push(`${doc.findings.length} finding(s) in ${s.sessions} session(s), ${s.events} events, ${s.bad_lines} bad line(s).`, '');
  out.push('| analyzer | findings |', '|---|---:|');
  for (const [a, n] of Object.entries(s.by_analyzer)) out.push(`| \`${a}\` | ${n} |`);
  out.push('');
  for (const f of doc.findings) {
    out.push(`## ${ICON[f.severity]} ${mdText(f.title)}`, '');
    out.push(
      `\`${f.analyzer}\` · \`${f.cause}\` · ${f.severity} · ${f.confidence ? `${mdText(confidenceWords(f))} · ` : ''}session ${mdCode(f.session)} · turn ${f.turn ?? '?'} · \`${f.id}\``,
      '',
    );
    out.push('| # | role | turn | time | source | excerpt |', '|---:|---|---:|---|---|---|');
    for (const e of f.evidence) {
      const judged = e.judgement ? ` (${judgedLine(e.judgement)})` : '';
      out.push(`| ${e.step} | ${e.role} | ${e.turn ?? ''} | ${time(e.ts)} | ${mdCode(e.source)} | ${mdText(e.text + judged)} |`);
    }
    const layer = layerOf(f);
    if (layer) out.push('', `**Layer that failed:** \`${layer}\``);
    out.push('', `**Fix:** ${mdText(f.fix)}`, '');
  }
  return out.join('\n') + '\n';
}

/**
 * The same reports as chunks, for a stream of findings in session order (memory stays flat on
 * big stores). `summary` is read after the last finding, when its counts are complete.
 */
export function* findingsJsonChunks(findings: Iterable<Finding>, summary: () => FindingsSummary): Generator<string> {
  yield `{\n  "schema": "${FINDINGS_SCHEMA}",\n  "findings": [`;
  let first = true;
  for (const f of findings) {
    yield `${first ? '' : ','}\n    ${inertJson(JSON.stringify(f, null, 2)).replace(/\n/g, '\n    ')}`;
    first = false;
  }
  yield `${first ? '' : '\n  '}],\n  "summary": ${inertJson(JSON.stringify(summary(), null, 2)).replace(/\n/g, '\n  ')}\n}\n`;
}

export function* findingsTextChunks(findings: Iterable<Finding>, c: ChalkInstance, summary: () => FindingsSummary): Generator<string> {
  let session: string | null = null;
  let n = 0;
  const counts: Finding[] = [];
  for (const f of findings) {
    if (f.session !== session) {
      session = f.session;
      yield c.bold.underline(`session ${inert(session)}`) + '\n';
    }
    n++;
    counts.push({ severity: f.severity } as Finding);
    yield findingText(f, c) + '\n';
  }
  if (n === 0) yield c.green('✔ no memory failures found\n');
  yield summaryLine({ schema: FINDINGS_SCHEMA, findings: counts, summary: summary() }, c);
}
