import { defineAnalyzer, type EvidenceDraft, type FindingDraft } from '../define.js';
import { logWords } from '../../findings/title.js';
import { views } from './views.js';
import { composition, type Composition } from '../../store/composition.js';
import type { RequestView, SessionEvent } from '../../store/session.js';
import { contentText } from '../../events/validate.js';
import { injectedCandidates } from '../../events/retrieval.js';
import {
  DEFAULT_CONCISE_MAX_WORDS,
  PromptScanner,
  detectPreferences,
  isPermission,
  supersedes,
  isSummary,
  shortQuote,
  type CheckOptions,
  type Preference,
} from '../../text/index.js';
import { measureStyle, styleSummary } from '../../text/style.js';
import { str } from '../../util/values.js';
import { carriedByUserLanguage } from './carried.js';
import { promptLosses } from './compaction.js';
import { compactionDraft, cutDraft } from './losses.js';
import { dropped, sameThread } from './prompts.js';

/** memory_write types whose text is a constraint on the agent's answers */
const MEMORY_TYPES = new Set(['constraint', 'preference']);
const DEAD_PHASES = new Set(['failed', 'dead_lettered']);

import type { Cause, Detail, LostCause, LostDetail } from './types.js';
import type { MemoryRef, Statement, Tracked, Why } from './tracked.js';

export type { Cause, Detail };

/** Fill at or above which a prompt is near the model's window. */
const NEAR_WINDOW = 0.75;
/** A prompt that would have exceeded this share of the largest prompt the application ever sent is near its own budget. */
const NEAR_BUDGET = 0.95;
/** An application budget is one it trims to: at least this share of the model's window (a 2.5k budget on 128k). */
const MIN_BUDGET_SHARE = 0.02;

const fmt = (n: number) => n.toLocaleString('en-US');
const pct = (f: number) => `${Math.round(f * 100)}%`;

function fill(req: RequestView): number | null {
  return req.contextLimit ? Math.round((req.promptTokens / req.contextLimit) * 1000) / 1000 : null;
}

function tokensPhrase(req: RequestView): string {
  const f = fill(req);
  return f === null ? `${fmt(req.promptTokens)} tokens (window unknown)` : `${fmt(req.promptTokens)} / ${fmt(req.contextLimit!)} tokens (${pct(f)})`;
}

function quote(t: Tracked): string {
  if (t.stated) return logWords(shortQuote({ sentence: t.stated.sentence, clause: t.stated.clause, label: t.pref.label }));
  return logWords(shortQuote({ sentence: t.memory?.text ?? '', clause: '', label: t.pref.label }));
}

/**
 * Was the drop between `prev` (the last prompt that carried the constraint) and `req` forced by the
 * window? Yes when either prompt is near the model's limit, or when `prev` plus what `req` added
 * would have passed the largest prompt this actor ever sent (its own budget, often below the
 * window). A new summary message, or a prompt that keeps none of the earlier history, is a
 * deliberate summary or reset, its own cause.
 */
function classify(prev: RequestView | null, req: RequestView, budget: number): Why | null {
  const limit = req.contextLimit ?? prev?.contextLimit ?? null;
  const prevIds = new Set(prev?.messages.map((m) => m.id) ?? []);
  let added = 0;
  let summary: Why['summary'] = null;
  for (const m of req.messages) {
    if (prevIds.has(m.id)) continue;
    added += m.tokens;
    if (!summary && m.role !== 'tool' && m.role !== 'function' && isSummary(m.text)) summary = { messageId: m.id, role: m.role };
  }
  const wouldBe = prev ? prev.promptTokens + added : req.promptTokens;
  let pressure: Why['pressure'] = null;
  const near = (n: number) => limit !== null && limit > 0 && n >= NEAR_WINDOW * limit;
  if (near(wouldBe) || near(req.promptTokens) || (prev && near(prev.promptTokens))) pressure = { kind: 'model_window', would_be: wouldBe, budget, limit };
  // a "budget" of a few hundred tokens against a large window (1% fill) is just the biggest prompt so far
  else if (
    budget > 0 &&
    (limit === null || budget >= MIN_BUDGET_SHARE * limit) &&
    wouldBe >= NEAR_BUDGET * budget &&
    (prev ? prev.promptTokens : req.promptTokens) >= 0.5 * budget &&
    (prev !== null || req.promptTokens >= NEAR_BUDGET * budget)
  ) {
    pressure = { kind: 'app_budget', would_be: wouldBe, budget, limit };
  }
  // without pressure, a summary or a reset ("/reset", a new chat) is a deliberate choice, not the window
  if (!pressure) return null;
  const history = (m: { role: string }) => m.role !== 'system' && m.role !== 'developer';
  const keptHistory = prev ? req.messages.some((m) => history(m) && prevIds.has(m.id)) : true;
  if (prev && !keptHistory && !summary && pressure.kind === 'app_budget' && req.promptTokens < 0.2 * pressure.budget!) return null; // a reset, not a trim
  // trimming to fit a budget leaves the prompt near it; one cut to well under half of it was a clear-out, not a fit
  if (prev && !summary && pressure.kind === 'app_budget' && req.promptTokens < 0.5 * pressure.budget!) return null;
  return { cause: 'overflow', pressure, summary };
}

function requestDetail(req: RequestView): Record<string, unknown> {
  const d: Record<string, unknown> = {
    prompt_tokens: req.promptTokens,
    context_limit: req.contextLimit,
    fill: fill(req),
    messages: req.messages.length,
    model: req.model,
  };
  if (req.calibration) d.calibration = { ...req.calibration, local_tokens: req.localTokens };
  return d;
}

/** How a locally counted prompt of an approximated tokenizer was scaled: part of the evidence, so a reader can check the factor. */
function calibrationPhrase(req: RequestView): string {
  const c = req.calibration;
  if (!c) return '';
  const from =
    c.basis === 'session' ? "this session's reported usage" : c.basis === 'store' ? "other sessions' reported usage" : 'no reported usage: not calibrated';
  return ` [counted ${fmt(req.localTokens)} with ${req.encoding}, x${c.factor} (${from})]`;
}

const FIX: Record<LostCause, string> = {
  constraint_evicted:
    'Keep user constraints out of the part of the prompt that gets truncated: pin them in the system prompt (or a pinned constraints message), and trim tool outputs or summarize old turns instead of dropping the oldest messages.',
  memory_not_injected:
    'The constraint is in long-term memory but was not put back into the prompt: inject constraint and preference memories on every request, independent of retrieval ranking, above all once history is truncated.',
};

export const analyzer = defineAnalyzer<Cause, Detail, { conciseMaxWords: number }>({
  meta: {
    id: 'window-overflow',
    description: 'An earlier user constraint is no longer in the prompt: the history was truncated to fit the context window',
    summary: {
      happened: 'the prompt filled the context window and the oldest messages, the user\'s first constraints ("never use XML"), were dropped',
      fix: 'pin constraints, budget the prompt',
    },
    severity: 'warning',
    causes: {
      constraint_evicted:
        'under window pressure (near the model limit or the largest prompt the application sends) the message carrying the constraint left the prompt and nothing replaced it',
      memory_not_injected:
        'under window pressure the constraint left the prompt although it was written to long-term memory (constraint/preference): the memory was not injected either',
      compacted_away:
        "a compaction (a coding agent summarising or cutting its history) dropped the instruction: the first prompt after it holds neither the user's words nor a restatement",
      cut_out:
        'with no compaction recorded, the message carrying the instruction left the prompt in a cut that was not oldest-first (from the middle of the history, the system prompt, or the first request while its answer stayed), found by comparing the two prompts',
    },
    // a token count near the model's window, a recorded compaction, a recorded memory write: certain;
    // the application's own budget (its largest prompt) or an instruction no checker reads: likely (lostDraft)
    confidence: { constraint_evicted: 'certain', memory_not_injected: 'certain', compacted_away: 'certain', cut_out: 'certain' },
    // every cause is the prompt's assembly leaving the instruction out (trimmed, not re-injected, summarised away, cut)
    layers: { constraint_evicted: 'injection', memory_not_injected: 'injection', compacted_away: 'injection', cut_out: 'injection' },
    options: { conciseMaxWords: { default: DEFAULT_CONCISE_MAX_WORDS, description: 'words above which an answer breaks "be concise"', min: 1, integer: true } },
  },
  ...views,
  run({ session, options }) {
    const opts: CheckOptions = { conciseMaxWords: options.conciseMaxWords };
    const events = session.events;
    const tracked = trackConstraints(events, opts);
    const cut = cutByRetrieval(events);
    const out: FindingDraft<Cause, Detail>[] = [];
    // a loss across a recorded compaction is the compaction's (compacted_away), said once
    const compactions = events.filter((e) => e.kind === 'compaction').map((e) => e.seq);
    const losses = promptLosses(events, opts);
    // a constraint cut out of the prompt not oldest-first is that cut's (cut_out), said once
    const cutAt = new Set(losses.filter((l) => l.cut).map((l) => `${l.after.seq}:${l.stated.messageId}`));
    for (const t of tracked) {
      if (!t.lost) continue;
      if (t.memory?.memoryId && cut.has(t.memory.memoryId)) continue;
      if (compactions.some((c) => c > (t.lastCarrying?.ev.seq ?? -1) && c < t.lost!.ev.seq)) continue;
      if ([...t.messageIds].some((id) => cutAt.has(`${t.lost!.ev.seq}:${id}`))) continue;
      if (!t.violation && carriedByUserLanguage(t.pref, t.replaces, t.lost.ev.request!)) continue;
      out.push(lostDraft(t));
    }
    for (const l of losses) {
      if (!l.broken && carriedByUserLanguage(l.stated.pref, l.stated.replaces ?? [], l.after.request!)) continue;
      if (l.compaction) out.push(compactionDraft({ ...l, compaction: l.compaction }));
      else if (l.cut) out.push(cutDraft({ ...l, cut: l.cut }));
    }
    return out;
  },
});

/** the application's own budget: the largest prompt each actor ever sent */
function promptBudgets(events: SessionEvent[]): Map<string, number> {
  const budgets = new Map<string, number>();
  for (const ev of events) {
    if (ev.kind !== 'request' || !ev.request) continue;
    const a = ev.actor ?? '';
    budgets.set(a, Math.max(budgets.get(a) ?? 0, ev.request.promptTokens));
  }
  return budgets;
}

const openTracked = (tracked: Tracked[], key: string, states: Tracked['state'][]) => tracked.filter((t) => t.key === key && states.includes(t.state));

/** A constraint stated by the user or written to memory: tracked anew, or merged into the one still active. */
function addPreference(tracked: Tracked[], p: Preference, src: { stated?: Statement; memory?: MemoryRef }): void {
  // a later preference on the same topic replaces the earlier one ("emoji are fine now")
  // "forget what I said" (topic "*") ends them all
  const replaces: (number | string)[] = [];
  for (const t of tracked)
    if (t.state !== 'closed' && supersedes(p, t.pref)) {
      t.state = 'closed';
      replaces.push(...t.messageIds);
    }
  if (isPermission(p)) return;
  const active = openTracked(tracked, p.key, ['active'])[0];
  if (active) {
    if (src.stated) {
      active.messageIds.add(src.stated.messageId);
      active.stated ??= src.stated;
    }
    if (src.memory && !active.memory) {
      active.memory = src.memory;
      active.texts.push(src.memory.text);
    }
    return;
  }
  // restated after it was lost: the old one stops here, the new statement is tracked on its own
  for (const t of openTracked(tracked, p.key, ['lost'])) t.state = 'closed';
  tracked.push({
    key: p.key,
    pref: p,
    stated: src.stated ?? null,
    memory: src.memory ?? null,
    messageIds: new Set(src.stated ? [src.stated.messageId] : []),
    texts: [src.stated?.sentence ?? src.memory!.text],
    lastCarrying: null,
    state: 'active',
    lost: null,
    violation: null,
    replaces,
  });
}

/** Follow every constraint through the session: stated, carried by each prompt, lost under window pressure, then broken. */
function trackConstraints(events: SessionEvent[], opts: CheckOptions): Tracked[] {
  const scanner = new PromptScanner();
  const tracked: Tracked[] = [];
  const seenUser = new Set<number>();
  const seenWrites = new Set<string>();
  const deadWrites = new Set<string>();
  const budgets = promptBudgets(events);

  for (const ev of events) {
    if (ev.kind === 'memory_write') {
      const b = ev.body;
      const writeId = str(b.write_id) ?? `${ev.source}`;
      if (DEAD_PHASES.has(String(b.phase))) deadWrites.add(writeId);
      const type = str(b.memory_type)?.toLowerCase();
      const text = str(b.text);
      if (!type || !MEMORY_TYPES.has(type) || !text || seenWrites.has(writeId) || DEAD_PHASES.has(String(b.phase))) continue;
      seenWrites.add(writeId);
      const memory: MemoryRef = { ev, writeId, memoryId: str(b.memory_id) ?? null, memoryType: type, text };
      for (const p of detectPreferences(text, 'memory')) addPreference(tracked, p, { memory });
      continue;
    }

    if (ev.kind === 'response') {
      checkResponse(tracked, ev, opts);
      continue;
    }

    if (ev.kind !== 'request' || !ev.request) continue;
    const req = ev.request;
    for (const m of req.messages) {
      if (m.role !== 'user' || seenUser.has(m.id)) continue;
      seenUser.add(m.id);
      for (const p of detectPreferences(m.text, 'user')) addPreference(tracked, p, { stated: { ev, messageId: m.id, sentence: p.sentence, clause: p.clause } });
    }
    for (const t of tracked) followPrompt(t, ev, scanner, deadWrites, budgets);
  }
  return tracked;
}

/** A response after a constraint was lost: does it break it? */
function checkResponse(tracked: Tracked[], ev: SessionEvent, opts: CheckOptions): void {
  const text = contentText(ev.body.content);
  if (!text.trim()) return;
  let style: ReturnType<typeof measureStyle> | null = null;
  for (const t of tracked) {
    if (t.state !== 'lost' || t.violation) continue;
    style ??= measureStyle(text);
    const reason = t.pref.check(style, text, opts);
    if (reason) {
      t.violation = { ev, reason, text };
      t.state = 'closed'; // nothing more to learn about it
    }
  }
}

/** One prompt (request ev) for one tracked constraint: still carried, back, or lost (and why). */
function followPrompt(t: Tracked, ev: SessionEvent, scanner: PromptScanner, deadWrites: Set<string>, budgets: Map<string, number>): void {
  const req = ev.request!;
  if (t.state === 'closed') return;
  if (t.memory && deadWrites.has(t.memory.writeId) && !t.stated) {
    t.state = 'closed'; // a failed write is lost-write's business
    return;
  }
  const presence = scanner.presence(t, req.messages);
  if (presence.present) {
    if (presence.messageId !== undefined) t.messageIds.add(presence.messageId);
    // back in a later prompt of the turn it left in, before any answer broke it: that turn's final prompt carries it,
    // no loss to report (an answer that breaks it then is ignored-in-context's)
    const sameTurn = t.state === 'lost' && t.lost!.ev.turn !== null && t.lost!.ev.turn === ev.turn;
    if (sameTurn) t.lost = null;
    if (t.state === 'lost' && !sameTurn)
      t.state = 'closed'; // back in the prompt: stop looking for violations
    else {
      t.state = 'active';
      t.lastCarrying = { ev, presence };
    }
    return;
  }
  if (t.state !== 'active') return;
  if (t.lastCarrying && !sameThread(t.lastCarrying.ev, ev)) return;
  const why = classify(t.lastCarrying?.ev.request ?? null, req, budgets.get(ev.actor ?? '') ?? 0);
  if (!why) {
    // dropped with room to spare and no reset: not the window; follow it from this prompt on
    t.state = 'closed';
    return;
  }
  t.state = 'lost';
  t.lost = { ev, why };
}

/** memories a retrieval found but left out: when they miss the prompt, recall-mismatch explains why */
function cutByRetrieval(events: SessionEvent[]): Set<string> {
  const cut = new Set<string>();
  for (const ev of events) {
    if (ev.kind !== 'retrieval') continue;
    // a candidate without a score (unknown, EVENTS.md) is not one recall-mismatch explains: skipped
    for (const c of injectedCandidates(ev.body)) if (!c.injected && c.score !== null) cut.add(c.id);
  }
  return cut;
}

/** The finding for a constraint that left the prompt. */
function lostDraft(t: Tracked): FindingDraft<LostCause, LostDetail> {
  const lostEv = t.lost!.ev;
  const req = lostEv.request!;
  const comp = composition(req);
  const prev = t.lastCarrying?.ev.request ?? null;
  const drop = prev ? dropped(prev, req) : { messages: 0, tokens: 0 };
  const why = t.lost!.why;
  const cause: LostCause = t.memory ? 'memory_not_injected' : 'constraint_evicted';
  const origin = t.stated?.ev ?? t.memory!.ev;
  const f = fill(req);
  const mem = t.memory ? (t.memory.memoryId ?? t.memory.writeId) : null;

  return {
    cause,
    key: `${t.key}@${origin.turn !== null ? `turn${origin.turn}` : origin.source}`,
    title: lostTitle(t, origin, mem),
    fix: cause === 'memory_not_injected' ? FIX.memory_not_injected.replace('long-term memory', `long-term memory (${mem})`) : FIX[cause],
    turn: lostEv.turn,
    ts: lostEv.ts,
    // a constraint no checker can verify is reported all the same, one step lower
    severity: t.violation ? 'error' : t.pref.checkable ? 'warning' : 'info',
    // certain when the log's token counts put the prompt near the model's window; the app's own budget, or a constraint no checker reads, is inferred
    confidence: t.pref.checkable && why.pressure?.kind === 'model_window' ? 'certain' : 'likely',
    evidence: lostEvidence(t, prev, drop, comp),
    detail: {
      constraint: t.key,
      label: t.pref.label,
      stated_turn: origin.turn,
      source: t.stated ? 'user' : 'memory',
      memory_id: t.memory?.memoryId ?? null,
      fill: f,
      prompt_tokens: req.promptTokens,
      context_limit: req.contextLimit,
      composition: comp,
      messages: req.messages.length,
      dropped_messages: drop.messages,
      dropped_tokens: drop.tokens,
      last_carried_turn: t.lastCarrying?.ev.turn ?? null,
      last_carried_fill: prev ? fill(prev) : null,
      violation: t.violation ? { turn: t.violation.ev.turn, reason: t.violation.reason } : null,
      checker: t.pref.checkable,
      pressure: why.pressure,
    },
  };
}

/** The evidence of a lost constraint: where it was stated or written, the last prompt that carried it, the prompt without it, the answer that broke it. */
function lostEvidence(t: Tracked, prev: RequestView | null, drop: { messages: number; tokens: number }, comp: Composition): EvidenceDraft[] {
  const lostEv = t.lost!.ev;
  const req = lostEv.request!;
  const evidence: EvidenceDraft[] = [];
  if (t.stated) {
    evidence.push({
      role: 'user_input',
      event: t.stated.ev,
      text: t.stated.sentence,
      detail: { key: t.key, label: t.pref.label, category: t.pref.category, polarity: t.pref.polarity },
    });
  }
  if (t.memory) {
    evidence.push({
      role: 'write',
      event: t.memory.ev,
      text: t.memory.text,
      detail: { write_id: t.memory.writeId, memory_id: t.memory.memoryId, memory_type: t.memory.memoryType, key: t.key },
    });
  }
  if (t.lastCarrying) {
    const p = t.lastCarrying.presence;
    evidence.push({
      role: 'context',
      event: t.lastCarrying.ev,
      text: `Last prompt that still carried it (${p.via === 'message' ? 'the original message' : p.via === 'restatement' ? `a ${p.role} message restating it` : `a ${p.role} message quoting it`}): ${tokensPhrase(prev!)}${calibrationPhrase(prev!)}`,
      detail: { ...requestDetail(prev!), via: p.via, carrier_role: p.role },
    });
  }
  evidence.push({
    role: 'context',
    event: lostEv,
    text: `Prompt without the constraint: ${tokensPhrase(req)}${calibrationPhrase(req)}${prev ? `, ${drop.messages} messages (${fmt(drop.tokens)} tokens) dropped since the last prompt that carried it` : ''}${t.memory ? `; memory ${t.memory.memoryId ?? t.memory.writeId} not injected` : ''}`,
    detail: { ...requestDetail(req), dropped_messages: drop.messages, dropped_tokens: drop.tokens, composition: comp },
  });
  if (t.violation) {
    evidence.push({
      role: 'response',
      event: t.violation.ev,
      text: t.violation.text,
      detail: { violation: t.violation.reason, key: t.key, style: styleSummary(measureStyle(t.violation.text)) },
    });
  }
  evidence.sort((a, b) => a.event.seq - b.event.seq);
  return evidence;
}

/** The title of a lost constraint: what left which prompt, under which pressure, and the answer that broke it. */
function lostTitle(t: Tracked, origin: SessionEvent, mem: string | null): string {
  const lostEv = t.lost!.ev;
  const req = lostEv.request!;
  const why = t.lost!.why;
  const q = `"${quote(t)}"`;
  const when = origin.turn !== null ? ` (turn ${origin.turn})` : '';
  const at = lostEv.turn !== null ? ` at turn ${lostEv.turn}` : '';
  const pressure = why.pressure
    ? why.pressure.kind === 'model_window'
      ? ` (near the model's window)`
      : ` (the next prompt would have been ${fmt(why.pressure.would_be)} tokens; the largest this application ever sent is ${fmt(why.pressure.budget ?? 0)})`
    : '';
  const unchecked = t.pref.checkable ? '' : ' (no checker for it: not verified whether answers broke it)';
  let title =
    t.stated && t.memory
      ? `Constraint ${q}${when} dropped from the prompt${at} and its memory ${mem} was not injected: ${tokensPhrase(req)}`
      : t.memory
        ? `Constraint memory ${mem} ${q}${when} is not in the prompt${at}: ${tokensPhrase(req)}`
        : `Constraint ${q}${when} dropped from the prompt${at}: ${tokensPhrase(req)}`;
  title += pressure + (why.summary ? '; the summary that replaced the history does not carry it' : '') + unchecked;
  if (t.violation) {
    title += `; the response${t.violation.ev.turn !== null ? ` at turn ${t.violation.ev.turn}` : ''} then broke it: ${t.violation.reason}`;
  }
  return title;
}

export { composition, type Composition };
