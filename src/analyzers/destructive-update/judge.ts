/**
 * Replay's verdict on a destructive-update finding: does the reference engine, having replayed the
 * session, still hold what the recorded update lost (the facts, the negated statement) in a current memory?
 */
import { factsOf, holdsFact, isNegated, sameStatement, type Fact } from '../../text/facts.js';
import { atTurn } from '../judging.js';
import { notJudged, notPrevented, prevented, type FindingOf, type Judgement, type ReplayView } from '../views.js';
import type { Cause, Detail } from './types.js';

export function judge(f: FindingOf<Cause, Detail>, r: ReplayView): Judgement {
  const d = f.detail as Partial<Detail> | undefined;
  const old = typeof d?.old_text === 'string' ? d.old_text : null;
  if (!old) return notJudged('the finding names no old text');
  const lost = Array.isArray(d?.lost) ? d.lost : [];
  const wanted: Fact[] = factsOf(old).filter((x) => lost.some((l) => l.kind === x.kind && l.text === x.text));
  const texts = r.engine.memories(r.scopeAt(f.turn)).map((m) => m.text);
  const facts = texts.map((t) => ({ t, facts: factsOf(t) }));
  const keeps = (x: Fact) => facts.find((m) => holdsFact(m.t, m.facts, x))?.t;
  const negated = d?.negation_lost === true ? texts.find((t) => isNegated(t) && sameStatement(old, t)) : undefined;
  const missing = wanted.filter((x) => keeps(x) === undefined);
  if (missing.length || (d?.negation_lost === true && negated === undefined)) {
    const what = [...missing.map((x) => `"${x.text}"`), ...(d?.negation_lost === true && negated === undefined ? ['the negated statement'] : [])];
    return notPrevented(`the reference engine holds no current memory with ${what.join(', ')} after ${atTurn(f.turn)} either`);
  }
  const kept = [...new Set([...wanted.map((x) => keeps(x)!), ...(negated ? [negated] : [])])];
  return prevented(`the reference engine still holds ${kept.map((t) => `"${t}"`).join(', ')}: the update it replayed kept them`);
}
