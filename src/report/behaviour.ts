/**
 * Reporters of a behaviour comparison (`amnesia baseline compare`): text, JSON and Markdown. Example
 * answers are agent output: made inert and clipped; under --redact they and the questions are left
 * out (the caller passes a report without them).
 */
import type { ChalkInstance } from 'chalk';
import type { BehaviourComparison, FeatureShift } from '../lab/behaviour/baseline.js';
import { clip } from '../findings/redact.js';
import { inert, inertJson, mdCode, mdText } from '../util/sanitize.js';

const p = (x: number) => (x < 0.0001 ? x.toExponential(1) : x.toFixed(4));
const effectName = (t: FeatureShift) => (t.kind === 'number' ? "Cliff's delta" : "Cramér's V");
const label = (t: FeatureShift) => (t.question !== undefined ? clip(t.question, 70) : t.key);

export function behaviourText(r: BehaviourComparison, c: ChalkInstance): string {
  const out: string[] = [];
  const shifts = r.tests.filter((t) => t.shifted);
  out.push(
    `compared ${r.compared} question(s) with the baseline recorded ${r.baseline.made.at} (amnesia ${inert(r.baseline.amnesia)}); ${r.tests.length} tests, false discovery rate ${r.options.alpha}`,
  );
  if (r.skipped.length) out.push(c.dim(`${r.skipped.length} question(s) not compared: fewer than ${r.options.minAnswers} answers on one side`));
  out.push('');
  if (!shifts.length) out.push(c.green('✔ no feature shifted'));
  for (const t of shifts) {
    out.push(`${c.red('✖')} ${t.feature}: ${t.before} → ${t.now}  (${t.test}, q=${p(t.q)}, ${effectName(t)} ${t.effect.toFixed(2)})`);
    out.push(`    question: ${inert(label(t))}`);
    for (const e of t.examples) out.push(c.dim(`    ${inert(e.source)}  ${t.feature}=${inert(String(e.value))}  ${inert(clip(e.text, 120))}`));
  }
  const near = r.tests.filter((t) => !t.shifted && t.q < r.options.alpha);
  if (near.length) out.push('', c.dim(`${near.length} significant change(s) below the effect floor (not a shift): ${near.map((t) => t.feature).join(', ')}`));
  return `${out.join('\n')}\n`;
}

export function behaviourJson(r: BehaviourComparison): string {
  return `${inertJson(JSON.stringify(r, null, 2))}\n`;
}

export function behaviourMarkdown(r: BehaviourComparison): string {
  const shifts = r.tests.filter((t) => t.shifted);
  const out = [
    `## amnesia baseline compare: ${shifts.length ? `${shifts.length} shift(s)` : 'no shift'}`,
    '',
    `${r.compared} question(s) compared with the baseline of ${mdText(r.baseline.made.at)}; false discovery rate ${r.options.alpha}.`,
    '',
  ];
  if (shifts.length) {
    out.push('| feature | question | before | now | test | q | effect |', '|---|---|---|---|---|---|---|');
    for (const t of shifts)
      out.push(`| ${t.feature} | ${mdCode(label(t))} | ${mdText(t.before)} | ${mdText(t.now)} | ${t.test} | ${p(t.q)} | ${t.effect.toFixed(2)} |`);
  }
  return `${out.join('\n')}\n`;
}

/** A JUnit test suite for `amnesia ci --baseline-behaviour`: a test case per compared question, failing when a feature of it shifted. */
export function behaviourJunitSuite(r: BehaviourComparison, esc: (s: string) => string): { xml: string; tests: number; failures: number } {
  const keys = [...new Set(r.tests.map((t) => t.key))];
  let failures = 0;
  const cases = keys.map((k) => {
    const shifts = r.tests.filter((t) => t.key === k && t.shifted);
    const name = esc(inert(label(r.tests.find((t) => t.key === k)!)));
    if (!shifts.length) return `    <testcase classname="amnesia.behaviour" name="${name}"/>`;
    failures++;
    const body = shifts.map((t) => `${t.feature}: ${t.before} -> ${t.now} (${t.test}, q=${p(t.q)}, effect ${t.effect.toFixed(2)})`).join('\n');
    return `    <testcase classname="amnesia.behaviour" name="${name}">\n      <failure message="${esc(`${shifts.length} feature(s) shifted`)}" type="behaviour-shift">${esc(inert(body))}</failure>\n    </testcase>`;
  });
  const xml = [`  <testsuite name="behaviour" tests="${keys.length}" failures="${failures}" errors="0" skipped="0">`, ...cases, '  </testsuite>'].join('\n');
  return { xml, tests: keys.length, failures };
}
