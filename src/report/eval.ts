import type { ChalkInstance } from 'chalk';
import type { EvalReport } from '../lab/eval.js';
import { inert, inertJson } from '../util/sanitize.js';

const score = (x: number | null) => (x === null ? '    -' : x.toFixed(3));

export function evalText(r: EvalReport, c: ChalkInstance): string {
  const out = [
    `${'analyzer'.padEnd(22)}${'labels'.padStart(7)}${'findings'.padStart(9)}${'TP'.padStart(5)}${'FP'.padStart(5)}${'FN'.padStart(5)}  precision  recall`,
  ];
  for (const a of r.analyzers) {
    const ok = (a.precision ?? 1) === 1 && (a.recall ?? 1) === 1;
    out.push(
      `${a.analyzer.padEnd(22)}${String(a.labels).padStart(7)}${String(a.findings).padStart(9)}${String(a.true_positives).padStart(5)}${String(a.false_positives).padStart(5)}${String(a.false_negatives).padStart(5)}  ${(ok ? c.green : c.yellow)(score(a.precision).padStart(9))}  ${(ok ? c.green : c.yellow)(score(a.recall).padStart(6))}`,
    );
  }
  out.push(
    `sessions: ${r.sessions}; labelled clean: ${r.clean.sessions}, of which flagged: ${r.clean.flagged.length}${r.clean.flagged.length ? ` (${r.clean.flagged.slice(0, 5).map(inert).join(', ')}${r.clean.flagged.length > 5 ? ', …' : ''})` : ''}`,
  );
  for (const m of r.missed.slice(0, 20))
    out.push(c.yellow(`missed: ${m.analyzer} ${inert(m.session)} turn ${m.turn ?? '?'}${m.fault ? ` (${inert(String(m.fault))})` : ''}`));
  for (const f of r.false_positives.slice(0, 20))
    out.push(c.yellow(`false positive: ${f.analyzer} ${inert(f.session)} turn ${f.turn ?? '?'} ${f.cause}: ${inert(f.title)}`));
  for (const x of r.not_evaluated) out.push(c.dim(`not evaluated: ${x.analyzer} (${x.labels} labels; not among the analyzers that ran)`));
  return out.join('\n') + '\n';
}

/** `amnesia eval --format json`. */
export function evalJson(r: EvalReport): string {
  return inertJson(JSON.stringify(r, null, 2)) + '\n';
}
