/**
 * `amnesia replay`: re-run a recorded session's user turns, tool results, memory writes, restarts
 * and shared-state operations through the reference engine under the same model window, and put
 * each recorded prompt next to the prompt the reference engine builds for the same request. Then
 * take the session's findings and say, from what the reference run did, which it would have
 * prevented and how.
 */
import type { Analyzer } from '../../analyzers/define.js';
import { ANALYZERS } from '../../analyzers/registry.js';
import { runOnSession } from '../../analyzers/run.js';
import { PromptScanner, detectPreferences, normalizeText } from '../../analyzers/lib/preferences.js';
import type { NativeEvent } from '../../events/types.js';
import { contentText } from '../../events/validate.js';
import type { Finding } from '../../findings/types.js';
import type { Db } from '../../store/connection.js';
import { SessionReader, type MessageView, type SessionData, type SessionEvent } from '../../store/session.js';
import type { ModelOverride } from '../../tokens/models.js';
import { MemoryEngine } from '../engine.js';
import { MEMORY_TYPES, OwnershipError, StaleVersionError, type EngineScope, type Memory, type MemoryType, type PromptPlan, type WriteReceipt } from '../types.js';

export interface ReplayOptions {
  /** the analyzers whose findings are judged (default: every registered analyzer) */
  analyzers?: readonly Analyzer[];
  models?: Record<string, ModelOverride>;
  /** per analyzer id: its options (configuration) */
  options?: Record<string, Record<string, number | string | boolean>>;
  /** keep the reference engine's own events in the report */
  keepEvents?: boolean;
}

export interface PromptSide {
  tokens: number;
  messages: number;
  /** tokens / window */
  fill: number | null;
  /** the session's constraints and preferences known so far, and whether this prompt carries each */
  constraints: { text: string; carried: boolean }[];
  /** memories (by their text) this prompt holds */
  memories: string[];
}

export interface ReplayWrite {
  /** the recorded write, when the write came from the log */
  recorded_write: string | null;
  memory_type: string;
  text: string;
  /** what the recorded log shows happened to it */
  recorded: string;
  /** what the reference engine did */
  reference: string;
}

export interface ReplayStateOp {
  key: string;
  actor: string;
  recorded: string;
  reference: string;
  refused: boolean;
}

export interface ReplayTurn {
  turn: number | null;
  ts: string;
  request_id: string | null;
  recorded: PromptSide;
  reference: PromptSide & {
    pinned: string[];
    injected: { id: string; text: string; score: number; rank: number }[];
    history: { kept: number; dropped: number };
    tool_results: number;
    over_budget: boolean;
  };
  writes: ReplayWrite[];
  state: ReplayStateOp[];
}

export interface Prevention {
  finding_id: string;
  analyzer: string;
  cause: string;
  turn: number | null;
  title: string;
  prevented: boolean;
  how: string;
}

export const REPLAY_SCHEMA = 'amnesia.replay/v1';

/** `amnesia replay --format json` prints `{ "schema": "amnesia.replay/v1", "sessions": [ReplayReport...] }`. */
export interface ReplayReport {
  session: string;
  user: string;
  model: string;
  context_limit: number;
  turns: ReplayTurn[];
  findings: Prevention[];
  summary: { requests: number; findings: number; prevented: number };
  events?: NativeEvent[];
}

const str = (v: unknown): string | null => (typeof v === 'string' && v.length > 0 ? v : typeof v === 'number' ? String(v) : null);
const fmt = (n: number) => n.toLocaleString('en-US');

interface RecordedWrite {
  writeId: string;
  memoryId: string | null;
  type: string | null;
  text: string | null;
  phases: string[];
  lastSeq: number;
  fed: boolean;
  receipt: WriteReceipt | null;
  turn: number | null;
}

class Replayer {
  readonly engine: MemoryEngine;
  readonly scope: EngineScope;
  private now = 0;
  private readonly turns: ReplayTurn[] = [];
  private readonly scanner = new PromptScanner();
  /** user message ids (recorded) already given to the engine */
  private readonly seenUser = new Set<number>();
  private readonly seenAssistant = new Set<string>();
  private readonly seenTool = new Set<string>();
  private readonly seenCalls = new Set<string>();
  /** recorded message ids that stated a key */
  private readonly statedBy = new Map<string, Set<number>>();
  private readonly writes = new Map<string, RecordedWrite>();
  /** engine writes made for the current turn (extraction and recorded writes) */
  private pendingWrites: ReplayWrite[] = [];
  private pendingState: ReplayStateOp[] = [];
  /** engine memory receipts per turn, for "promised but not written" */
  readonly writtenAt = new Map<number, WriteReceipt[]>();
  /** the version each actor last saw, per key, in the reference state */
  private readonly seen = new Map<string, number>();
  readonly refusals: { turn: number | null; key: string; actor: string; kind: 'stale' | 'owner'; detail: string }[] = [];
  private readonly restarts: { seq: number; what: string }[] = [];
  readonly plans = new Map<number, PromptPlan[]>();
  /** the recorded retrieval query of each turn */
  readonly queries = new Map<number, string>();

  constructor(
    readonly data: SessionData,
    readonly model: string,
    readonly limit: number,
    opts: ReplayOptions,
  ) {
    const first = data.events.find((e) => e.scope?.user);
    this.scope = { user: first?.scope?.user ? String(first.scope.user) : `session:${data.session}` };
    if (first?.scope?.agent) this.scope.agent = String(first.scope.agent);
    this.engine = new MemoryEngine({
      session: `replay:${data.session}`,
      model,
      contextLimit: limit,
      models: opts.models,
      clock: () => this.now,
      autoDrain: false,
      keepEvents: true,
    });
  }

  private record(receipt: WriteReceipt, turn: number | null, w: Omit<ReplayWrite, 'reference'>): void {
    const reference =
      receipt.status === 'committed'
        ? 'committed, then acknowledged (synchronous: a critical memory)'
        : receipt.status === 'enqueued'
          ? 'acknowledged once in the durable queue; committed by the worker'
          : receipt.status === 'duplicate'
            ? `not written again: a near-duplicate of memory ${receipt.memoryId}`
            : `dead-lettered and reported (${receipt.status})`;
    // a write after its turn's request belongs to that turn
    const last = this.turns.at(-1);
    if (last && turn !== null && last.turn === turn) last.writes.push({ ...w, reference });
    else this.pendingWrites.push({ ...w, reference });
    if (turn !== null) {
      const list = this.writtenAt.get(turn) ?? [];
      list.push(receipt);
      this.writtenAt.set(turn, list);
    }
  }

  private feedUser(ev: SessionEvent, m: MessageView): void {
    const t = this.engine.userMessage(this.scope, m.text, { turn: ev.turn ?? undefined });
    t.extracted.forEach((x, i) => {
      if (x.key) {
        const s = this.statedBy.get(x.key) ?? new Set<number>();
        s.add(m.id);
        this.statedBy.set(x.key, s);
      }
      this.record(t.writes[i], ev.turn, { recorded_write: null, memory_type: x.type, text: x.text, recorded: 'extracted by the reference engine from the user\'s message' });
    });
  }

  private feedRecordedWrite(w: RecordedWrite, ev: SessionEvent): void {
    if (w.fed || !w.text) return;
    w.fed = true;
    const type: MemoryType = (MEMORY_TYPES as readonly string[]).includes(w.type ?? '') ? (w.type as MemoryType) : 'fact';
    let slot: string | null = null;
    let key: string | null = null;
    if (type === 'preference' || type === 'constraint') {
      const p = detectPreferences(w.text, 'memory')[0];
      if (p) {
        slot = `pref:${p.topic}`;
        key = p.key;
      }
    }
    const receipt = this.engine.remember(this.scope, { type, text: w.text, slot, key, source: 'inferred', turn: ev.turn ?? undefined });
    w.receipt = receipt;
    w.turn = ev.turn;
    this.record(receipt, ev.turn, { recorded_write: w.writeId, memory_type: type, text: w.text, recorded: '' });
  }

  private describeRecorded(w: RecordedWrite, restart: string | null): string {
    const p = w.phases;
    const acked = p.indexOf('acknowledged');
    const committed = p.indexOf('committed');
    const failed = p.some((x) => x === 'failed' || x === 'dead_lettered');
    if (committed >= 0 && acked >= 0 && acked < committed) return `acknowledged before it was committed (${p.join(' → ')})`;
    if (committed >= 0) return `committed (${p.join(' → ')})`;
    if (restart) return `${p.join(' → ')}, then ${restart}: never committed`;
    return `${p.join(' → ')}: never committed${failed ? '' : ' by the end of the log'}`;
  }

  run(): void {
    const events = this.data.events;
    for (const ev of events) {
      this.now = ev.ts;
      const b = ev.body;
      switch (ev.kind) {
        case 'request':
          if (ev.request) this.request(ev);
          break;
        case 'response': {
          const text = contentText(b.content);
          const calls = Array.isArray(b.tool_calls) ? (b.tool_calls as Record<string, unknown>[]) : [];
          const toolCalls = calls.map((c, i) => {
            const f = (c.function ?? {}) as Record<string, unknown>;
            const id = str(c.id) ?? `call_${ev.seq}_${i}`;
            this.seenCalls.add(id);
            return { id, name: str(f.name) ?? str(c.name) ?? 'tool', arguments: f.arguments ?? c.arguments ?? {} };
          });
          this.seenAssistant.add(normalizeText(text));
          this.engine.assistantMessage(this.scope, text, { turn: ev.turn ?? undefined, toolCalls: toolCalls.length ? toolCalls : undefined });
          break;
        }
        case 'tool_call': {
          const id = str(b.call_id);
          if (id && !this.seenCalls.has(id)) {
            this.seenCalls.add(id);
            this.engine.append(this.scope, {
              role: 'assistant',
              content: '',
              turn: ev.turn ?? undefined,
              toolCalls: [{ id, type: 'function', function: { name: str(b.name) ?? 'tool', arguments: JSON.stringify(b.arguments ?? {}) } }],
            });
          }
          break;
        }
        case 'tool_result': {
          const content = typeof b.content === 'string' ? b.content : JSON.stringify(b.content ?? '');
          this.seenTool.add(normalizeText(content));
          this.engine.toolResult(this.scope, { name: str(b.name) ?? 'tool', callId: str(b.call_id) ?? `call_${ev.seq}`, content }, { turn: ev.turn ?? undefined });
          break;
        }
        case 'memory_write': {
          const id = str(b.write_id);
          if (!id) break;
          let w = this.writes.get(id);
          if (!w) this.writes.set(id, (w = { writeId: id, memoryId: null, type: null, text: null, phases: [], lastSeq: ev.seq, fed: false, receipt: null, turn: ev.turn }));
          w.memoryId ??= str(b.memory_id);
          w.type ??= str(b.memory_type);
          w.text ??= typeof b.text === 'string' && b.text.trim() ? b.text : null;
          w.phases.push(String(b.phase));
          w.lastSeq = ev.seq;
          this.feedRecordedWrite(w, ev);
          break;
        }
        case 'lifecycle':
          if (typeof b.event === 'string' && /restart|crash|stop|deploy|kill|oom|shutdown/i.test(b.event)) {
            this.engine.restartWorker(this.scope, { turn: ev.turn ?? undefined, event: b.event });
            this.restarts.push({ seq: ev.seq, what: `${str(b.process) ?? 'a process'} ${b.event}` });
            this.engine.drain();
          }
          break;
        case 'state':
          this.state(ev);
          break;
        case 'retrieval':
          if (ev.turn !== null && typeof b.query === 'string') this.queries.set(ev.turn, b.query);
          break;
        default:
          break;
      }
    }
    this.engine.drain();
    // the recorded side of each write, now that all its phases are known
    for (const t of this.turns) {
      for (const w of t.writes) {
        if (!w.recorded_write) continue;
        const rw = this.writes.get(w.recorded_write)!;
        w.recorded = this.describeRecorded(rw, this.restarts.find((x) => x.seq > rw.lastSeq)?.what ?? null);
      }
    }
  }

  private state(ev: SessionEvent): void {
    const b = ev.body;
    const key = str(b.key);
    const actor = ev.actor ?? str(ev.scope?.agent) ?? 'agent';
    if (!key) return;
    const st = this.engine.state;
    const cur = st.peek(this.scope, key);
    const version = typeof b.version === 'number' ? b.version : null;
    if (cur.version === 0 && version !== null && version > 0) st.seed(this.scope, key, b.value ?? null, b.op === 'write' ? version - 1 : version, str(b.owner));
    const owner = str(b.owner);
    if (owner && st.peek(this.scope, key).owner === null) st.own(this.scope, key, owner);
    const seenKey = `${key}\u0000${actor}`;
    if (b.op === 'read') {
      const v = st.read(this.scope, key, actor, ev.turn ?? undefined);
      this.seen.set(seenKey, v.version);
      return;
    }
    const expected = this.seen.get(seenKey) ?? (typeof b.expected_version === 'number' ? b.expected_version : st.peek(this.scope, key).version);
    const recorded = `wrote ${JSON.stringify(b.value ?? null)}${typeof b.expected_version === 'number' ? ` from version ${b.expected_version}` : ''}: accepted`;
    try {
      const r = st.write(this.scope, key, b.value ?? null, { actor, expectedVersion: expected, turn: ev.turn ?? undefined });
      this.seen.set(seenKey, r.version);
      this.pushState(ev.turn, { key, actor, recorded, reference: `accepted as version ${r.version}`, refused: false });
    } catch (err) {
      if (err instanceof StaleVersionError) {
        // the writer re-reads and re-applies its change on the current version
        const fresh = st.read(this.scope, key, actor, ev.turn ?? undefined);
        const r = st.write(this.scope, key, b.value ?? null, { actor, expectedVersion: fresh.version, turn: ev.turn ?? undefined });
        this.seen.set(seenKey, r.version);
        const detail = `refused: computed from version ${err.expected}, current is ${err.current}; ${actor} re-read version ${fresh.version} (${JSON.stringify(fresh.value)}) and re-applied its change as version ${r.version}`;
        this.refusals.push({ turn: ev.turn, key, actor, kind: 'stale', detail });
        this.pushState(ev.turn, { key, actor, recorded, reference: detail, refused: true });
      } else if (err instanceof OwnershipError) {
        const detail = `refused: ${key} is owned by ${err.owner}; ${actor} must hand its change to ${err.owner}`;
        this.refusals.push({ turn: ev.turn, key, actor, kind: 'owner', detail });
        this.pushState(ev.turn, { key, actor, recorded, reference: detail, refused: true });
      } else throw err;
    }
  }

  private pushState(turn: number | null, op: ReplayStateOp): void {
    const last = this.turns.at(-1);
    if (last && turn !== null && last.turn === turn) last.state.push(op);
    else this.pendingState.push(op);
  }

  private readonly recNorm = new Map<number, string>();
  private readonly refNormCache = new Map<string, string>();

  private recordedNorm(m: MessageView): string {
    let n = this.recNorm.get(m.id);
    if (n === undefined) this.recNorm.set(m.id, (n = normalizeText(m.text)));
    return n;
  }

  private norm(text: string): string {
    let n = this.refNormCache.get(text);
    if (n === undefined) {
      n = normalizeText(text);
      if (this.refNormCache.size > 5000) this.refNormCache.clear();
      this.refNormCache.set(text, n);
    }
    return n;
  }

  private known(): Memory[] {
    return this.engine.memories(this.scope);
  }

  private request(ev: SessionEvent): void {
    const req = ev.request!;
    const msgs = req.messages;
    // the worker has committed what earlier turns queued
    this.engine.drain();
    // what the request brings that the engine has not seen: the user's new words, tool output, answers
    for (const m of msgs) {
      if (m.role === 'user' && !this.seenUser.has(m.id)) {
        this.seenUser.add(m.id);
        this.feedUser(ev, m);
      } else if (m.role === 'tool' && !this.seenTool.has(normalizeText(m.text))) {
        this.seenTool.add(normalizeText(m.text));
        const callId = str(m.raw.tool_call_id) ?? `call_${ev.seq}_${m.id}`;
        if (!this.seenCalls.has(callId)) {
          this.seenCalls.add(callId);
          this.engine.append(this.scope, { role: 'assistant', content: '', turn: ev.turn ?? undefined, toolCalls: [{ id: callId, type: 'function', function: { name: str(m.raw.name) ?? 'tool', arguments: '{}' } }] });
        }
        this.engine.toolResult(this.scope, { name: str(m.raw.name) ?? 'tool', callId, content: m.text }, { turn: ev.turn ?? undefined });
      } else if (m.role === 'assistant' && m.text && !this.seenAssistant.has(normalizeText(m.text))) {
        this.seenAssistant.add(normalizeText(m.text));
        this.engine.append(this.scope, { role: 'assistant', content: m.text, turn: ev.turn ?? undefined });
      }
    }
    const system: string[] = [];
    for (const m of msgs) {
      if (m.role !== 'system' && m.role !== 'developer') break;
      system.push(m.text);
    }
    const limit = req.contextLimit ?? this.limit;
    // a request with no user message (a system prompt alone) is replayed with none (issue 16)
    const plan = this.engine.buildPrompt(this.scope, { system, turn: ev.turn ?? undefined, contextLimit: limit, model: req.model, ...(this.seenUser.size ? {} : { user: '' }) });
    if (ev.turn !== null) {
      const l = this.plans.get(ev.turn) ?? [];
      l.push(plan);
      this.plans.set(ev.turn, l);
    }

    const memories = this.known();
    const pinned = plan.pinned;
    const constraintsRecorded = pinned.map((p) => ({
      text: p.text,
      carried: this.scanner.presence({ key: p.key ?? `text:${p.id}`, messageIds: this.statedBy.get(p.key ?? '') ?? new Set(), texts: [p.text] }, msgs).present,
    }));
    const refContents = plan.messages.map((m) => contentText(m.content));
    let refNorm: string[] | null = null;
    const inRef = (t: string) => {
      if (refContents.some((c) => c.includes(t))) return true;
      refNorm ??= refContents.map((c) => this.norm(c));
      const n = normalizeText(t);
      return refNorm.some((c) => c.includes(n));
    };
    const inRec = (t: string) => {
      if (msgs.some((m) => m.text.includes(t))) return true;
      const n = normalizeText(t);
      return msgs.some((m) => this.recordedNorm(m).includes(n));
    };
    const recordedMemTexts = [...this.writes.values()].filter((w) => w.text).map((w) => w.text!);
    const allMem = [...new Set([...memories.map((m) => m.text), ...recordedMemTexts])].filter((t) => normalizeText(t).length >= 4);
    const fill = (t: number) => (limit ? Math.round((t / limit) * 1000) / 1000 : null);
    this.turns.push({
      turn: ev.turn,
      ts: new Date(ev.ts).toISOString(),
      request_id: str(ev.body.request_id),
      recorded: {
        tokens: req.promptTokens,
        messages: msgs.length,
        fill: fill(req.promptTokens),
        constraints: constraintsRecorded,
        memories: allMem.filter(inRec),
      },
      reference: {
        tokens: plan.tokens,
        messages: plan.messages.length,
        fill: fill(plan.tokens),
        constraints: pinned.map((p) => ({ text: p.text, carried: inRef(p.text) })),
        memories: allMem.filter(inRef),
        pinned: pinned.map((p) => p.text),
        injected: plan.retrieved.filter((h) => h.injected).map((h) => ({ id: h.memory.id, text: h.memory.text, score: h.score, rank: h.rank })),
        history: { kept: plan.history.kept, dropped: plan.history.dropped },
        tool_results: plan.messages.filter((m) => m.role === 'tool').length,
        over_budget: plan.overBudget,
      },
      writes: this.pendingWrites,
      state: this.pendingState,
    });
    this.pendingWrites = [];
    this.pendingState = [];
  }

  /** Writes and state operations after the last request belong to the last turn shown. */
  flushTail(): void {
    const last = this.turns.at(-1);
    if (!last) return;
    last.writes.push(...this.pendingWrites);
    last.state.push(...this.pendingState);
    this.pendingWrites = [];
    this.pendingState = [];
  }

  get turnsOut(): ReplayTurn[] {
    return this.turns;
  }

  recordedWrite(id: string): RecordedWrite | undefined {
    return this.writes.get(id);
  }

  /** The last recorded write of a memory id that the engine replayed. */
  recordedByMemoryId(memoryId: string): RecordedWrite | undefined {
    return [...this.writes.values()].reverse().find((x) => x.memoryId === memoryId && x.receipt !== null);
  }

  /** The reference prompts at a turn (or, with no turn, none). */
  plansAt(turn: number | null): PromptPlan[] {
    return turn === null ? [] : (this.plans.get(turn) ?? []);
  }
}

const carriedIn = (plan: PromptPlan, text: string) => plan.messages.some((m) => normalizeText(contentText(m.content)).includes(normalizeText(text)));

function judge(r: Replayer, f: Finding): Prevention {
  const base = { finding_id: f.id, analyzer: f.analyzer, cause: f.cause, turn: f.turn, title: f.title };
  const d = (f.detail ?? {}) as Record<string, unknown>;
  const plans = r.plansAt(f.turn);
  const at = f.turn !== null ? `turn ${f.turn}` : 'that point';
  const no = (how: string): Prevention => ({ ...base, prevented: false, how });
  const yes = (how: string): Prevention => ({ ...base, prevented: true, how });
  switch (f.analyzer) {
    case 'window-overflow':
    case 'tool-drift': {
      const key = String(d.constraint ?? d.preference ?? '');
      const mem = r.engine.pinned(r.scope).find((m) => m.key === key) ?? r.engine.memories(r.scope, { includeSuperseded: true }).find((m) => m.key === key);
      if (!mem) return no(`the reference engine found no memory for "${key}" to pin (its extraction did not see the constraint)`);
      if (!plans.length) return no(`no reference prompt at ${at}`);
      const carried = plans.every((p) => carriedIn(p, mem.text));
      if (!carried) return no(`the reference prompt at ${at} does not carry "${mem.text}"`);
      const p = plans[plans.length - 1];
      if (f.analyzer === 'window-overflow') {
        const dropped = p.history.dropped ? `; ${p.history.dropped} old message${p.history.dropped === 1 ? ' was' : 's were'} dropped instead, oldest first` : '';
        return yes(
          `"${mem.text}" (a ${mem.type}) is pinned in every reference prompt and never evicted: at ${at} the reference prompt carries it in ${fmt(p.tokens)} of ${fmt(p.contextLimit)} tokens${dropped}, where the recorded prompt had lost it`,
        );
      }
      const tools = p.messages.filter((m) => m.role === 'tool').length;
      return yes(
        `"${mem.text}" is pinned above the conversation with the rule that the user's instructions outrank tool output, and the ${tools} tool result${tools === 1 ? '' : 's'} of ${at} sit${tools === 1 ? 's' : ''} below the user's message in a fenced reference section, marked as quoted data whose tone is not to be adopted (the answer itself cannot be replayed: this is the prompt the model would have had)`,
      );
    }
    case 'recall-mismatch': {
      const recordedId = String(d.memory_id ?? '');
      const w = r.recordedByMemoryId(recordedId);
      if (!w || !w.receipt || !w.text) return no(`memory ${recordedId} has no text in the log: the reference engine could not store it`);
      const id = w.receipt.memoryId;
      const mem = r.engine.memories(r.scope).find((m) => m.id === id);
      if (!mem) return no(`the reference engine holds no current version of memory ${recordedId}`);
      if (!plans.length) {
        // a retrieval trace without prompts: what would the reference engine have put in a prompt?
        if (mem.type === 'preference' || mem.type === 'constraint') {
          return yes(`memory ${recordedId} ("${mem.text}") is a ${mem.type}: the reference engine pins it in every prompt it builds, whatever a retrieval ranks it (the log has no prompt at ${at} to compare)`);
        }
        const q = f.turn !== null ? r.queries.get(f.turn) : undefined;
        const hit = q ? r.engine.search(r.scope, q).find((h) => h.memory.id === id) : undefined;
        if (hit?.injected) return yes(`the reference retrieval for "${q}" recalls wide and reranks: memory ${recordedId} ranks ${hit.rank} (score ${hit.score}) and is kept in the top 8`);
        return no(`no reference prompt at ${at}, and the reference retrieval does not keep memory ${recordedId} either`);
      }
      const p = plans[0];
      if (p.pinned.some((m) => m.id === id)) return yes(`memory ${recordedId} ("${mem.text}") is a ${mem.type}: the reference engine pins it in every prompt, whatever the retrieval ranks it; it is in the reference prompt at ${at}`);
      const hit = p.retrieved.find((h) => h.memory.id === id);
      if (hit?.injected) return yes(`the reference engine recalled wide and reranked: memory ${recordedId} ("${mem.text}") ranked ${hit.rank} with score ${hit.score} and was injected at ${at} (top 8, no hard threshold)`);
      if (carriedIn(p, mem.text)) return yes(`memory ${recordedId} ("${mem.text}") is in the reference prompt at ${at}`);
      return no(`the reference retrieval at ${at} did not inject memory ${recordedId} either${hit ? ` (rank ${hit.rank}, score ${hit.score})` : ' (not recalled)'}`);
    }
    case 'lost-write': {
      if (f.cause === 'promised_not_written') {
        const done = f.turn !== null ? (r.writtenAt.get(f.turn) ?? []).filter((x) => x.status === 'committed' || x.status === 'enqueued') : [];
        if (!done.length) return no(`the reference engine wrote nothing at ${at} either: nothing in the user's words called for a memory`);
        const texts = done.map((x) => r.engine.versions(r.scope, x.memoryId).at(-1)?.text ?? x.memoryId);
        return yes(`the reference engine wrote ${texts.map((t) => `"${t}"`).join(', ')} from the user's message at ${at}, durably, before the answer that promised it`);
      }
      const wid = String(d.write_id ?? '');
      const w = r.recordedWrite(wid);
      if (!w || !w.receipt) return no(`write ${wid} carries no text in the log: the reference engine could not replay it`);
      const versions = r.engine.versions(r.scope, w.receipt.memoryId);
      const stored = versions.find((v) => v.writeId === w.receipt!.writeId) ?? (w.receipt.status === 'duplicate' ? versions.at(-1) : undefined);
      if (!stored) return no(`the reference engine did not commit write ${wid} either (${w.receipt.status})`);
      if (w.receipt.status === 'committed') return yes(`the reference engine committed this ${w.type ?? 'memory'} synchronously and acknowledged it only after the commit (memory ${stored.id} v${stored.version}); a restart after the acknowledgement cannot lose it`);
      if (w.receipt.status === 'duplicate') {
        const raw = stored.rawId !== null ? r.engine.rawLog(r.scope).find((e) => e.id === stored.rawId) : undefined;
        const when = raw?.turn !== null && raw?.turn !== undefined ? `at turn ${raw.turn}` : 'earlier';
        const sync = stored.type === 'preference' || stored.type === 'constraint' || stored.type === 'decision';
        return yes(
          `the reference engine had already ${sync ? 'committed' : 'durably queued and committed'} "${stored.text}" (${stored.type}, memory ${stored.id}) from the user's own words ${when}${sync ? ', synchronously, before acknowledging it' : ''}; the recorded write added nothing it could lose`,
        );
      }
      return yes(`the reference engine kept the write in its durable queue (an outbox table) until the worker committed it (memory ${stored.id} v${stored.version}); the start-up check replays the queue after a restart`);
    }
    case 'concurrent-overwrite': {
      const key = String(d.key ?? '');
      const refusal = r.refusals.find((x) => x.key === key && (f.turn === null || x.turn === f.turn)) ?? r.refusals.find((x) => x.key === key);
      if (!refusal) return no(`the reference state accepted the writes to ${key} too`);
      return yes(
        refusal.kind === 'owner'
          ? `field ownership on ${key}: ${refusal.actor}'s write was ${refusal.detail}; the owner's value stands`
          : `compare-and-set on ${key}: ${refusal.actor}'s write was ${refusal.detail}; no update was lost`,
      );
    }
    default:
      return no(`no replay rule for ${f.analyzer}`);
  }
}

/** Replay one recorded session. */
export function replaySession(data: SessionData, opts: ReplayOptions = {}): ReplayReport {
  const firstReq = data.events.find((e) => e.request)?.request;
  const model = firstReq?.model ?? 'gpt-4o';
  const limit = firstReq?.contextLimit ?? 128_000;
  const r = new Replayer(data, model, limit, opts);
  try {
    r.run();
    r.flushTail();
    const findings = runOnSession(opts.analyzers ?? ANALYZERS, data, opts.options);
    const judged = findings.map((f) => judge(r, f));
    return {
      session: data.session,
      user: r.scope.user,
      model,
      context_limit: limit,
      turns: r.turnsOut,
      findings: judged,
      summary: { requests: r.turnsOut.length, findings: judged.length, prevented: judged.filter((p) => p.prevented).length },
      ...(opts.keepEvents ? { events: [...r.engine.events] } : {}),
    };
  } finally {
    r.engine.close();
  }
}

/** Replay sessions of an evidence store (one, or all). */
export function* replayStore(db: Db, opts: ReplayOptions & { session?: string } = {}): Generator<ReplayReport> {
  const reader = new SessionReader(db, opts.models);
  for (const id of reader.sessionIds(opts.session === undefined ? undefined : (s) => s === opts.session)) {
    yield replaySession(reader.load(id), opts);
  }
}

