/**
 * Reporters of a memory check run (`amnesia check`): text, JSON, Markdown, JUnit and SARIF, each a
 * pure function of the report. Answers are agent output: made inert (and clipped) everywhere.
 */
import type { ChalkInstance } from 'chalk';
import type { ChecksReport, CheckResult } from '../lab/checks/run.js';
import { clip } from '../findings/redact.js';
import { splitSource } from './key-evidence.js';
import { inert, inertJson, mdCode, mdText } from '../util/sanitize.js';

const mark = (r: CheckResult, c: ChalkInstance) => (r.status === 'pass' ? c.green('✔ pass') : r.status === 'fail' ? c.red('✖ fail') : c.red('✖ error'));
const ratio = (r: CheckResult) => (r.runs.length > 1 ? ` (${r.runs.filter((x) => x.status === 'pass').length}/${r.runs.length} runs passed)` : '');
const firstBad = (r: CheckResult) => r.runs.find((x) => x.status !== 'pass');

export function checksText(rep: ChecksReport, c: ChalkInstance): string {
  const out: string[] = [`${rep.summary.checks} checks against ${inert(rep.agent)} (${inert(rep.set)})`, ''];
  for (const r of rep.results) {
    out.push(`${mark(r, c)}  ${inert(r.id)}  ${c.dim(`${r.memory} · layer ${r.layer}`)}${ratio(r)}`);
    const bad = firstBad(r);
    if (bad) {
      for (const why of bad.reasons) out.push(`    ${inert(why)}`);
      out.push(c.dim(`    answer: ${inert(clip(bad.answer, 200))}`));
      out.push(c.dim(`    at ${inert(r.source)}`));
    }
  }
  out.push('');
  const layers = Object.entries(rep.summary.by_layer).map(([l, x]) => `${l} ${x.checks - x.failed}/${x.checks}`);
  out.push(`by layer: ${layers.join(', ')}`);
  out.push(
    `by memory type: ${Object.entries(rep.summary.by_memory)
      .map(([m, x]) => `${m} ${x.checks - x.failed}/${x.checks}`)
      .join(', ')}`,
  );
  const s = rep.summary;
  const line = `${s.passed} passed, ${s.failed} failed${s.errors ? `, ${s.errors} errors` : ''}`;
  out.push(s.failed || s.errors ? c.red(line) : c.green(line));
  return `${out.join('\n')}\n`;
}

export function checksJson(rep: ChecksReport): string {
  return `${inertJson(JSON.stringify(rep, null, 2))}\n`;
}

export function checksMarkdown(rep: ChecksReport): string {
  const s = rep.summary;
  const out = [
    `## amnesia check: ${s.passed} of ${s.checks} memory checks passed`,
    '',
    `Agent ${mdCode(rep.agent)}, set ${mdCode(rep.set)}${rep.repeat > 1 ? `, each check ${rep.repeat} times` : ''}.`,
    '',
    '| check | memory | layer | result | why |',
    '|---|---|---|---|---|',
  ];
  for (const r of rep.results) {
    const bad = firstBad(r);
    out.push(`| ${mdCode(r.id)} | ${mdText(r.memory)} | ${r.layer} | ${r.status}${ratio(r)} | ${bad ? mdText(bad.reasons.join('; ')) : ''} |`);
  }
  out.push('', '| layer | checks | failed |', '|---|---|---|');
  for (const [l, x] of Object.entries(s.by_layer)) out.push(`| ${l} | ${x.checks} | ${x.failed} |`);
  return `${out.join('\n')}\n`;
}

function esc(s: string): string {
  return s
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** JUnit: a test suite per layer, a test case per check. */
export function checksJunit(rep: ChecksReport): string {
  const out = ['<?xml version="1.0" encoding="UTF-8"?>'];
  const failed = rep.results.filter((r) => r.status === 'fail').length;
  const errors = rep.results.filter((r) => r.status === 'error').length;
  out.push(`<testsuites name="amnesia check" tests="${rep.results.length}" failures="${failed}" errors="${errors}">`);
  for (const layer of [...new Set(rep.results.map((r) => r.layer))]) {
    const rs = rep.results.filter((r) => r.layer === layer);
    out.push(
      `  <testsuite name="${layer}" tests="${rs.length}" failures="${rs.filter((r) => r.status === 'fail').length}" errors="${rs.filter((r) => r.status === 'error').length}" skipped="0">`,
    );
    for (const r of rs) {
      out.push(`    <testcase classname="amnesia.check.${esc(layer)}" name="${esc(r.id)}" file="${esc(splitSource(r.source).file)}">`);
      const bad = firstBad(r);
      if (bad) {
        const tag = r.status === 'error' ? 'error' : 'failure';
        const body = `${bad.reasons.join('\n')}\nanswer: ${clip(bad.answer, 500)}\nmemory: ${r.memory}, layer: ${r.layer}\nat ${r.source}`;
        out.push(`      <${tag} message="${esc(inert(bad.reasons[0] ?? r.status))}" type="${r.layer}">${esc(inert(body))}</${tag}>`);
      }
      out.push('    </testcase>');
    }
    out.push('  </testsuite>');
  }
  out.push('</testsuites>');
  return `${out.join('\n')}\n`;
}

/** SARIF 2.1.0: a rule per layer, a result per failed check located at the check in its YAML file. */
export function checksSarif(rep: ChecksReport, version: string): string {
  const layers = [...new Set(rep.results.map((r) => r.layer))];
  const results = rep.results
    .filter((r) => r.status !== 'pass')
    .map((r) => {
      const { file, line } = splitSource(r.source);
      const bad = firstBad(r)!;
      return {
        ruleId: `memory-check/${r.layer}`,
        ruleIndex: layers.indexOf(r.layer),
        level: 'error',
        message: { text: `${inert(r.id)}: ${inert(bad.reasons.join('; '))} (memory: ${inert(r.memory)}, layer: ${r.layer})` },
        locations: [{ physicalLocation: { artifactLocation: { uri: file.split('\\').join('/') }, region: { startLine: Math.max(1, line) } } }],
        partialFingerprints: { amnesiaCheckId: r.id },
        properties: { check: r.id, memory: r.memory, layer: r.layer, status: r.status },
      };
    });
  const log = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'amnesia',
            informationUri: 'https://www.npmjs.com/package/amnesia-forensics',
            version,
            rules: layers.map((l) => ({
              id: `memory-check/${l}`,
              name: `memory-check-${l}`,
              shortDescription: { text: `A memory check of the ${l} layer failed` },
            })),
          },
        },
        results,
      },
    ],
  };
  return `${inertJson(JSON.stringify(log, null, 2))}\n`;
}
