import type { Finding } from '../findings/types.js';
import type { GateResult } from '../ci/gate.js';
import { keyEvidence } from './key-evidence.js';
import { confidenceWords, judgedLines } from './judged.js';

export function esc(s: string): string {
  return s
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/**
 * JUnit XML: a test suite per analyzer, a test case per analyzer x session. A case fails when the
 * session has a new finding of that analyzer at or above the fail level; known findings are listed
 * in its system-out.
 */
export function junitXml(
  gate: GateResult,
  analyzers: readonly string[],
  sessions: readonly string[],
  extra?: { xml: string; tests: number; failures: number },
): string {
  const failing = new Set(gate.failing.map((f) => f.id));
  const all = [...gate.new, ...gate.known];
  const by = new Map<string, Finding[]>();
  for (const f of all) {
    const k = `${f.analyzer}\0${f.session}`;
    let l = by.get(k);
    if (!l) by.set(k, (l = []));
    l.push(f);
  }
  const out: string[] = ['<?xml version="1.0" encoding="UTF-8"?>'];
  const unreadFailures = gate.unread.filter((u) => !u.ignored).length;
  const totalFailures = new Set(gate.failing.map((f) => `${f.analyzer}\0${f.session}`)).size + unreadFailures;
  out.push(
    `<testsuites name="amnesia" tests="${analyzers.length * sessions.length + gate.unread.length + (extra?.tests ?? 0)}" failures="${totalFailures + (extra?.failures ?? 0)}">`,
  );
  // the config that shaped the findings, in every suite (properties come first in a testsuite)
  const props = gate.config
    ? `    <properties><property name="amnesia.config" value="${esc(gate.config.path)}"/><property name="amnesia.config.sha256" value="${gate.config.sha256}"/></properties>`
    : null;
  if (gate.unread.length) {
    // every input not read is a test case: failed, or skipped when the user named it in --ignore-unread
    const skipped = gate.unread.length - unreadFailures;
    out.push(`  <testsuite name="inputs" tests="${gate.unread.length}" failures="${unreadFailures}" errors="0" skipped="${skipped}">`);
    if (props) out.push(props);
    for (const u of gate.unread) {
      out.push(`    <testcase classname="amnesia.inputs" name="${esc(u.path)}">`);
      out.push(
        u.ignored
          ? `      <skipped message="${esc(`not read: ${u.reason}`)}"/>`
          : `      <failure message="${esc(`not read: ${u.reason}`)}" type="unread_input"/>`,
      );
      out.push('    </testcase>');
    }
    out.push('  </testsuite>');
  }
  for (const a of analyzers) {
    const cases: string[] = [];
    let failures = 0;
    for (const s of sessions) {
      const list = by.get(`${a}\0${s}`) ?? [];
      const bad = list.filter((f) => failing.has(f.id));
      const lines = [`    <testcase classname="amnesia.${esc(a)}" name="${esc(s)}">`];
      if (bad.length) {
        failures++;
        const body = bad
          .map(
            (f) =>
              `${f.id} [${f.severity}${f.confidence ? `, ${confidenceWords(f)}` : ''}] ${f.title}\n  at ${keyEvidence(f)?.source ?? '?'}${judgedLines(f)
                .map((l) => `\n  ${l}`)
                .join('')}\n  fix: ${f.fix}`,
          )
          .join('\n\n');
        lines.push(`      <failure message="${esc(bad[0].title)}" type="${esc(bad[0].cause)}">${esc(body)}</failure>`);
      }
      const other = list.filter((f) => !failing.has(f.id));
      if (other.length) {
        const body = other
          .map(
            (f) =>
              `${gate.known.includes(f) ? 'known' : 'new'} ${f.id} [${f.severity}${f.confidence_judged ? `, ${confidenceWords(f)}` : ''}] ${f.title}${judgedLines(
                f,
              )
                .map((l) => `\n  ${l}`)
                .join('')}`,
          )
          .join('\n');
        lines.push(`      <system-out>${esc(body)}</system-out>`);
      }
      lines.push('    </testcase>');
      cases.push(lines.join('\n'));
    }
    out.push(`  <testsuite name="${esc(a)}" tests="${sessions.length}" failures="${failures}" errors="0" skipped="0">`);
    if (props) out.push(props);
    out.push(...cases);
    out.push('  </testsuite>');
  }
  if (extra) out.push(extra.xml);
  out.push('</testsuites>');
  return out.join('\n') + '\n';
}
