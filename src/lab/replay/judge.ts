/**
 * The verdict on one finding from the reference run: prevented (and how), not prevented (and
 * why), or not judged: the replay has no rule for the analyzer, or the log lacks what the rule
 * needs. A finding is never counted as prevented without a verdict. Each analyzer's rule is its
 * own (`judge` in its folder, src/analyzers/views.ts), found here through the analyzers given.
 */
import type { Analyzer } from '../../analyzers/define.js';
import type { ReplayView } from '../../analyzers/views.js';
import type { Finding } from '../../findings/types.js';
import type { Prevention } from './types.js';

export function judge(r: ReplayView, f: Finding, analyzers: readonly Analyzer[]): Prevention {
  // the title's log words go with it, for --redact (presentReplay drops them: never shown)
  const base = {
    finding_id: f.id,
    analyzer: f.analyzer,
    cause: f.cause,
    turn: f.turn,
    title: f.title,
    ...(f.title_words ? { title_words: f.title_words } : {}),
  };
  const rule = analyzers.find((a) => a.meta.id === f.analyzer)?.judge;
  const j = rule ? rule(f, r) : { verdict: 'not_judged' as const, how: `not judged: the replay has no rule for ${f.analyzer}` };
  return { ...base, prevented: j.verdict === 'prevented', verdict: j.verdict, how: j.how };
}
