import type { PromptSide, ReplayReport, ReplayTurn } from '../../lab/replay/replay.js';
import type { Finding } from '../../findings/types.js';
import { inert } from '../../util/sanitize.js';
import { clock, fmtInt, plural } from '../charts/common.js';
import type { ReplayState } from '../hooks/data.js';

/**
 * The request a finding names: the request at the finding's own time (a window-overflow finding
 * is timed at the prompt that lost the constraint), else the last request at or before it (the
 * one a response answered), else the last one. Never "the turn's first request": a turn may send
 * several, and the one that lost the constraint is not always the first.
 */
export function namedRequest(report: ReplayReport, f: Finding): { turn: ReplayTurn; index: number; of: number } | null {
  const at = Date.parse(f.ts);
  const ts = (t: ReplayTurn) => Date.parse(t.ts);
  const turn = report.turns.find((t) => ts(t) === at) ?? report.turns.filter((t) => ts(t) <= at).pop() ?? report.turns[report.turns.length - 1];
  if (!turn) return null;
  const same = report.turns.filter((t) => t.turn === turn.turn);
  return { turn, index: same.indexOf(turn) + 1, of: same.length };
}

/**
 * The Replay pane: what the reference memory engine (amnesia replay) does with the same session:
 * whether it prevents this finding and how, then the recorded prompt next to the reference prompt
 * of the very request the finding names.
 */
export function replayLines(report: ReplayReport, f: Finding): string[] {
  const p =
    report.findings.find((x) => x.finding_id === f.id) ??
    report.findings.find((x) => x.analyzer === f.analyzer && x.cause === f.cause && x.turn === f.turn) ??
    report.findings.find((x) => x.analyzer === f.analyzer);
  const out: string[] = [];
  const verdict = p?.verdict === 'not_judged' ? 'not judged' : p?.prevented ? 'PREVENTED' : 'not prevented';
  out.push(p ? `reference design: ${verdict}` : 'reference design: this finding was not reproduced by the replay');
  if (p) out.push(`how: ${p.how}`);
  // as `amnesia replay` says it: of the findings the replay could judge, with the rest counted apart
  const notJudged = report.summary.not_judged ?? 0;
  const judged = report.summary.judged ?? report.summary.findings - notJudged;
  const unjudged = notJudged ? ` (${notJudged} not judged)` : '';
  out.push(
    '',
    `session ${report.session}: ${report.summary.prevented} of ${plural(judged, 'judged finding')} prevented${unjudged} · window ${plural(report.context_limit, 'token')}`,
  );
  const named = namedRequest(report, f);
  if (named) {
    const { turn, index, of } = named;
    const side = (name: string, s: PromptSide) => [
      `${name}: ${plural(s.tokens, 'token')}, ${plural(s.messages, 'message')}`,
      ...s.constraints.map((c) => `  ${c.carried ? '✓' : '✗'} ${c.text}`),
      ...(s.memories.length ? [`  memories: ${s.memories.join(' | ')}`] : []),
      // superseded memories apart, with what replaced each: never among the current ones
      ...(s.superseded ?? []).map((x) => `  superseded: ${x.text} (${x.by === null ? 'forgotten' : `replaced by ${x.by}`})`),
    ];
    const which = of > 1 ? `, request ${index} of ${of}` : '';
    const id = turn.request_id ? ` ${turn.request_id}` : '';
    out.push(
      '',
      `the finding's request${id}: turn ${turn.turn ?? '?'}${which}, ${clock(turn.ts)}`,
      ...side('recorded prompt ', turn.recorded),
      ...side('reference prompt', turn.reference),
    );
    for (const w of turn.writes) out.push(`  write ${w.memory_type} "${w.text}": recorded ${w.recorded}; reference ${w.reference}`);
    for (const st of turn.state) out.push(`  state ${st.key} by ${st.actor}: recorded ${st.recorded}; reference ${st.reference}`);
  }
  return out.map(inert);
}

/** The pane's text in every state of the replay: under way, failed (inside the pane), done. */
export function replayPaneText(state: ReplayState, f: Finding, now = Date.now()): string {
  switch (state.status) {
    case 'idle':
    case 'running': {
      const far = state.status === 'running' && state.total ? ` ${fmtInt(state.done ?? 0)} of ${plural(state.total, 'request')} ·` : '';
      const s = state.status === 'running' ? `${far} ${((now - state.since) / 1000).toFixed(1)} s` : '';
      return `replaying…${s}\nsession ${f.session} is re-run through the reference memory engine (as \`amnesia replay\`), in the background: the other panes and keys answer meanwhile; Esc leaves and cancels it`;
    }
    case 'error':
      return `replay failed: ${state.message}\nthe other panes are unaffected; \`amnesia replay --session ${shellWord(f.session)}\` shows the same on the command line`;
    case 'done':
      return replayLines(state.report, f).join('\n');
  }
}

/** A word as a shell reads it back: quoted when it holds anything but letters, digits and . _ - (a redacted id has a space and '#'). */
function shellWord(s: string): string {
  return /^[\w.-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}
