import type { ChalkInstance } from 'chalk';
import { LOG_ID_KEYS, LOG_ID_SCOPES, redactTitle, scrub, type ScrubRules } from '../findings/redact.js';
import { REPLAY_SCHEMA, type PromptSide, type ReplayReport, type ReplayTurn } from '../lab/replay/types.js';
import type { NativeEvent } from '../events/types.js';
import { inert, inertJson } from '../util/sanitize.js';

/** Keys of a replay report whose whole value is the user's words (or a list of them), or a shared-state value (`after`). */
const REPORT_WORDS = new Set(['text', 'memories', 'pinned', 'superseded', 'after']);
/** Keys of a replay report shown as they are: names, times, ids that are not people's. */
const REPORT_KEEP = new Set(['model', 'finding_id', 'analyzer', 'cause', 'ts']);
/** Keys whose value identifies a session or a person, or is an id a log chose (a write, a memory, an actor, a state key): a stable hash under --redact. */
const ID_KEYS = new Set(['session', 'user', 'users', 'request_id', 'recorded_write', 'actor', 'key', 'id']);

/** The ids and names a log chose that a replay report's prose repeats (the judges' `how`, the turns' notes): hidden where they occur. */
function logIdsOf(r: ReplayReport): string[] {
  const out: string[] = [];
  for (const f of r.findings) for (const w of f.title_words ?? []) out.push(w.text);
  for (const t of r.turns) {
    for (const w of t.writes) if (w.recorded_write) out.push(w.recorded_write);
    for (const s of t.state) out.push(s.key, s.actor);
    for (const m of t.reference.injected) out.push(m.id);
  }
  return out;
}

/**
 * A replay report as every surface shows it (`amnesia replay`, the TUI's Replay pane): secrets
 * masked; under --redact the users' words become hash + shape, session and user ids and the other
 * ids a log chose stable hashes, in their fields and wherever the report's prose repeats them, and
 * the judged findings' titles are redacted as `analyze --redact` redacts them.
 */
export function presentReplay(r: ReplayReport, redact: boolean): ReplayReport {
  const rules: ScrubRules = {
    redact,
    words: REPORT_WORDS,
    keep: REPORT_KEEP,
    ids: ID_KEYS,
    other: 'quoted',
    hide: [r.session, ...(r.users ?? [r.user])],
    hideWords: redact ? logIdsOf(r) : [],
  };
  // (the findings judged are already those the analysis plan shows: src/lab/replay/replay.ts)
  const findings = r.findings.map(({ title_words, ...p }) => (redact ? { ...p, title: redactTitle(p.title, title_words) } : p));
  return scrub({ ...r, findings }, rules) as ReplayReport;
}

/** Keys of a native event whose value is someone's words (messages, memory texts, queries, state values). */
const EVENT_WORDS = new Set(['content', 'text', 'query', 'value', 'arguments']);
/** Keys of a native event whose value is an id a log chose: the findings' (LOG_ID_KEYS) and a state's key. */
export const EVENT_ID_KEYS: ReadonlySet<string> = new Set([...LOG_ID_KEYS, 'key']);

/** Kept as they are: an event's kind and time, and the values of the contract's closed sets (a session named `user` leaves a role `user` alone). */
const EVENT_KEEP = new Set(['kind', 'ts', 'role', 'op', 'phase', 'event', 'trigger', 'type']);

/**
 * Native events as shown by `amnesia events` and written by `amnesia replay --events`: keys, emails
 * and phones masked in every one; under --redact the users' words (and any other prose) become hash
 * + shape, and session ids and the other ids a log chose (memories, writes, users, actors, state
 * keys: EVENT_ID_KEYS) stable hashes, so the output still ingests into the same sessions, with the
 * same joins (an event's own `id` too). Kinds, times, versions, scores and structure stay. `alsoHide`: other
 * ids the events carry inside their own (the reference engine names its session after the recorded one:
 * `replay` passes the recorded id).
 */
export function presentEvent<E extends NativeEvent | Record<string, unknown>>(e: E, redact: boolean, alsoHide: readonly string[] = []): E {
  const hide = [...(typeof e.session === 'string' ? [e.session] : []), ...alsoHide];
  return scrub(e, { redact, words: EVENT_WORDS, ids: EVENT_ID_KEYS, idScopes: LOG_ID_SCOPES, other: 'prose', hide, keep: EVENT_KEEP }) as E;
}

const n = (x: number) => x.toLocaleString('en-US');
const pct = (f: number | null) => (f === null ? '' : ` (${(f * 100).toFixed(f < 0.1 ? 1 : 0)}%)`);

function clip(s: string, max = 70): string {
  const t = inert(s.replace(/\s+/g, ' ').trim());
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
}

function constraints(side: PromptSide, c: ChalkInstance): string {
  if (!side.constraints.length) return 'constraints: none known yet';
  return `constraints: ${side.constraints.map((x) => `${x.carried ? c.green('✓') : c.red('✗')} "${clip(x.text, 50)}"`).join(', ')}`;
}

/** How each observation is labelled in the text report. */
const OBSERVED: Record<string, string> = {
  other_user: "recorded prompt carries another user's memory",
  other_scope: "recorded prompt carries another agent's memory",
  superseded: 'recorded prompt carries a superseded memory',
  forgotten: 'recorded prompt carries a forgotten memory',
  decayed: 'recorded prompt carries a decayed memory',
  conflict_resolved: 'conflict resolved',
};

function turnText(t: ReplayTurn, c: ChalkInstance): string {
  const label = `turn ${t.turn ?? '?'}`.padEnd(9);
  const pad = ' '.repeat(9);
  const rec = t.recorded;
  const ref = t.reference;
  const lines = [
    `${c.bold(label)}${c.dim('recorded ')} ${n(rec.tokens)} tokens${pct(rec.fill)}, ${rec.messages} message${rec.messages === 1 ? '' : 's'}; ${constraints(rec, c)}; memories in prompt: ${rec.memories.length}${rec.superseded?.length ? ` (+${rec.superseded.length} superseded)` : ''}`,
    `${pad}${c.cyan('reference')} ${n(ref.tokens)} tokens${pct(ref.fill)}, ${ref.messages} message${ref.messages === 1 ? '' : 's'}; pinned ${ref.pinned.length}, injected ${ref.injected.length}, history kept ${ref.history.kept} / dropped ${ref.history.dropped}${ref.tool_results ? `, ${ref.tool_results} tool result(s) fenced below the user's message` : ''}; ${constraints(ref, c)}${ref.over_budget ? c.red(' (over budget: pinned items alone exceed it)') : ''}`,
  ];
  for (const m of ref.injected) lines.push(`${pad}  ${c.dim('injected')} #${m.rank} ${m.score} "${clip(m.text, 60)}"`);
  // a memory the reference holds as superseded is shown so, with what replaced it: never as current
  for (const [side, sup] of [
    ['recorded', rec.superseded ?? []],
    ['reference', ref.superseded ?? []],
  ] as const)
    for (const x of sup)
      lines.push(
        `${pad}  ${c.dim(`${side} prompt carries superseded`)} "${clip(x.text, 60)}" ${x.by === null ? '(forgotten)' : `(replaced by "${clip(x.by, 60)}")`}`,
      );
  for (const w of t.writes) {
    lines.push(
      `${pad}  ${c.dim('write')} ${w.memory_type} "${clip(w.text, 50)}"${w.recorded_write ? ` (${inert(w.recorded_write)}: ${inert(w.recorded)})` : ''} -> ${w.reference}`,
    );
  }
  for (const s of t.state)
    lines.push(
      `${pad}  ${c.dim('state')} ${inert(s.key)} by ${inert(s.actor)}: recorded ${clip(s.recorded, 60)} -> reference ${s.refused ? c.yellow(clip(s.reference, 160)) : s.reference}`,
    );
  for (const o of t.observations ?? []) lines.push(`${pad}  ${c.yellow(OBSERVED[o.kind])} "${clip(o.text, 60)}": ${inert(o.detail)}`);
  return lines.join('\n');
}

export function replayText(reports: readonly ReplayReport[], c: ChalkInstance): string {
  const out: string[] = [];
  for (const r of reports) {
    out.push(
      c.bold(`Session ${inert(r.session)}`) +
        ` (user${(r.users?.length ?? 1) > 1 ? `s ${r.users!.map(inert).join(', ')}` : ` ${inert(r.user)}`}, ${inert(r.model)}, window ${n(r.context_limit)} tokens): ${r.summary.requests} request(s) replayed through the reference engine`,
    );
    if (!r.turns.length) out.push('  (no requests in this session: only writes, retrievals or state were replayed)');
    for (const t of r.turns) out.push(turnText(t, c));
    const prevented = r.findings.filter((f) => f.prevented);
    const unjudged = r.findings.filter((f) => f.verdict === 'not_judged').length;
    const observed = r.summary.observations ?? 0;
    out.push('');
    if (!r.findings.length) out.push('No findings from the analyzers in this session.');
    else
      out.push(
        c.bold(
          `Findings the reference design would have prevented: ${prevented.length} of ${r.findings.length - unjudged}${unjudged ? ` judged (${unjudged} not judged)` : ''}`,
        ),
      );
    for (const f of r.findings) {
      const label = f.verdict === 'not_judged' ? c.yellow('not judged') : f.prevented ? c.green('prevented') : c.red('not prevented');
      out.push(`  ${label}  ${f.analyzer} (${f.cause}) at turn ${f.turn ?? '?'}: ${clip(f.title, 140)}`);
      out.push(`    how: ${inert(f.how)}`);
    }
    if (observed)
      out.push(
        c.bold(
          `Beyond the analyzers, the recorded prompts carried ${observed} thing${observed === 1 ? '' : 's'} the reference design would not have (see the turns above).`,
        ),
      );
    if (!r.findings.length && !observed)
      out.push("The replay judges only the analyzers' findings and the memories above: anything else in this session is not judged.");
    out.push('');
  }
  return out.join('\n');
}

/** `amnesia replay --format json`. */
export function replayJson(reports: readonly ReplayReport[]): string {
  return inertJson(JSON.stringify({ schema: REPLAY_SCHEMA, sessions: reports }, null, 2)) + '\n';
}
