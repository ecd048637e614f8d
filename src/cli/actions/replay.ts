import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChalkInstance } from 'chalk';
import { loadConfig } from '../../config/index.js';
import { InputError } from '../../errors.js';
import { DEFAULT_DB, openStore } from '../../store/connection.js';
import { resolveInputs } from '../../ingest/inputs.js';
import { ingest } from '../../ingest/pipeline.js';
import { analyzerOptions, enabledAnalyzers } from '../../analyzers/analyze.js';
import { palette } from '../../report/colors.js';
import { inert } from '../../report/sanitize.js';
import { maskSecrets, redactText } from '../../findings/redact.js';
import { REPLAY_SCHEMA, replayStore, type PromptSide, type ReplayReport, type ReplayTurn } from '../../lab/index.js';
import type { NativeEvent } from '../../events/types.js';
import { colorEnabled, write, type Io } from '../io.js';
import { outputFormat } from '../options.js';

export interface ReplayFlags {
  db?: string;
  session?: string;
  format?: string;
  events?: string;
  config?: string;
  redact?: boolean;
}

/** Keys whose whole value is the user's words (or a list of them). */
const WORDS = new Set(['text', 'memories', 'pinned']);
const QUOTED = /"([^"]*)"|“([^”]*)”|「([^」]*)」/g;

/** Secrets are masked in every output; with --redact the users' words are replaced by hash + shape. */
export function scrubReport(r: ReplayReport, redact: boolean): ReplayReport {
  const walk = (v: unknown, whole: boolean): unknown => {
    if (typeof v === 'string') {
      const masked = maskSecrets(v);
      if (!redact) return masked;
      return whole ? redactText(masked) : masked.replace(QUOTED, (_m, a, b, c) => `"${redactText(a ?? b ?? c ?? '')}"`);
    }
    if (Array.isArray(v)) return v.map((x) => walk(x, whole));
    if (v && typeof v === 'object') {
      const out: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(v)) out[k] = k === 'session' || k === 'user' || k === 'model' || k === 'finding_id' || k === 'analyzer' || k === 'cause' || k === 'ts' || k === 'id' ? x : walk(x, whole || WORDS.has(k));
      return out;
    }
    return v;
  };
  return walk(r, false) as ReplayReport;
}

/** Keys of a native event whose value is someone's words (messages, memory texts, queries, state values). */
const EVENT_WORDS = new Set(['content', 'text', 'query', 'value', 'arguments']);

/**
 * The reference engine's events as written by `--events`: keys, emails and phones are masked in
 * every one (the engine de-identifies before logging; masked again here, whatever produced them);
 * with --redact the users' words become hash + shape. Ids, kinds, times, versions stay.
 */
export function scrubEvents(events: readonly NativeEvent[], redact: boolean): NativeEvent[] {
  const walk = (v: unknown, whole: boolean): unknown => {
    if (typeof v === 'string') return redact && whole ? redactText(maskSecrets(v)) : maskSecrets(v);
    if (Array.isArray(v)) return v.map((x) => walk(x, whole));
    if (v && typeof v === 'object') {
      const out: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(v)) out[k] = walk(x, whole || EVENT_WORDS.has(k));
      return out;
    }
    return v;
  };
  return events.map((e) => walk(e, false) as NativeEvent);
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
  decayed: 'recorded prompt carries a decayed memory',
  conflict_resolved: 'conflict resolved',
};

function turnText(t: ReplayTurn, c: ChalkInstance): string {
  const label = `turn ${t.turn ?? '?'}`.padEnd(9);
  const pad = ' '.repeat(9);
  const rec = t.recorded;
  const ref = t.reference;
  const lines = [
    `${c.bold(label)}${c.dim('recorded ')} ${n(rec.tokens)} tokens${pct(rec.fill)}, ${rec.messages} message${rec.messages === 1 ? '' : 's'}; ${constraints(rec, c)}; memories in prompt: ${rec.memories.length}`,
    `${pad}${c.cyan('reference')} ${n(ref.tokens)} tokens${pct(ref.fill)}, ${ref.messages} message${ref.messages === 1 ? '' : 's'}; pinned ${ref.pinned.length}, injected ${ref.injected.length}, history kept ${ref.history.kept} / dropped ${ref.history.dropped}${ref.tool_results ? `, ${ref.tool_results} tool result(s) fenced below the user's message` : ''}; ${constraints(ref, c)}${ref.over_budget ? c.red(' (over budget: pinned items alone exceed it)') : ''}`,
  ];
  for (const m of ref.injected) lines.push(`${pad}  ${c.dim('injected')} #${m.rank} ${m.score} "${clip(m.text, 60)}"`);
  for (const w of t.writes) {
    lines.push(`${pad}  ${c.dim('write')} ${w.memory_type} "${clip(w.text, 50)}"${w.recorded_write ? ` (${inert(w.recorded_write)}: ${inert(w.recorded)})` : ''} -> ${w.reference}`);
  }
  for (const s of t.state) lines.push(`${pad}  ${c.dim('state')} ${inert(s.key)} by ${inert(s.actor)}: recorded ${clip(s.recorded, 60)} -> reference ${s.refused ? c.yellow(clip(s.reference, 160)) : s.reference}`);
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
    else out.push(c.bold(`Findings the reference design would have prevented: ${prevented.length} of ${r.findings.length - unjudged}${unjudged ? ` judged (${unjudged} not judged)` : ''}`));
    for (const f of r.findings) {
      const label = f.verdict === 'not_judged' ? c.yellow('not judged') : f.prevented ? c.green('prevented') : c.red('not prevented');
      out.push(`  ${label}  ${f.analyzer} (${f.cause}) at turn ${f.turn ?? '?'}: ${clip(f.title, 140)}`);
      out.push(`    how: ${inert(f.how)}`);
    }
    if (observed) out.push(c.bold(`Beyond the analyzers, the recorded prompts carried ${observed} thing${observed === 1 ? '' : 's'} the reference design would not have (see the turns above).`));
    if (!r.findings.length && !observed) out.push('The replay judges only the analyzers\' findings and the memories above: anything else in this session is not judged.');
    out.push('');
  }
  return out.join('\n');
}

/** `amnesia replay`: re-run sessions through the reference engine. */
export async function replayAction(paths: string[], flags: ReplayFlags, io: Io): Promise<number> {
  const format = outputFormat(flags.format);
  const config = loadConfig(flags.config);
  const inputs = paths.length ? await resolveInputs(paths) : null;
  const tmp = inputs && !flags.db ? fs.mkdtempSync(path.join(os.tmpdir(), 'amnesia-replay-')) : null;
  const file = flags.db ?? (tmp ? path.join(tmp, 'evidence.db') : DEFAULT_DB);
  try {
    const db = inputs ? openStore(file) : openStore(file, { readonly: true });
    try {
      if (inputs) {
        const s = await ingest(db, { inputs, models: config.models, stdin: io.in, progress: false });
        io.err.write(`ingested ${s.events} events from ${s.files.length} file(s) into ${tmp ? 'a temporary store' : file}\n`);
      }
      const reports = [
        ...replayStore(db, {
          session: flags.session,
          models: config.models,
          analyzers: enabledAnalyzers(config),
          options: analyzerOptions(config),
          keepEvents: !!flags.events,
        }),
      ];
      if (!reports.length) {
        throw new InputError(flags.session !== undefined ? `no session "${flags.session}" in ${tmp ? 'the given logs' : file}; \`amnesia sessions\` lists them` : `no sessions in ${file}`);
      }
      const redact = !!(flags.redact || config.redact);
      if (flags.events) {
        fs.mkdirSync(path.dirname(path.resolve(flags.events)), { recursive: true });
        const events = scrubEvents(reports.flatMap((r) => r.events ?? []), redact);
        fs.writeFileSync(flags.events, events.map((e) => JSON.stringify(e)).join('\n') + '\n');
        io.err.write(`wrote the reference engine's events to ${flags.events}${redact ? ' (redacted)' : ''}\n`);
      }
      const shown = reports.map(({ events: _events, ...r }) => scrubReport(r, redact));
      await write(io.out, format === 'json' ? JSON.stringify({ schema: REPLAY_SCHEMA, sessions: shown }, null, 2) + '\n' : replayText(shown, palette(colorEnabled(io.out, io.env))));
      return 0;
    } finally {
      db.close();
    }
  } finally {
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  }
}
