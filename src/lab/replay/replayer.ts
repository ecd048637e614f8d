/**
 * The reference run behind `amnesia replay` (./replay.ts): a recorded session's user turns, tool
 * results, memory writes, restarts and shared-state operations fed through the reference engine
 * under the same model window, with each recorded prompt kept next to the prompt the engine
 * builds for the same request. What the judge (./judge.ts) and the observations read.
 */
import { PromptScanner, normalizeText } from '../../text/index.js';
import { contentText, isKind } from '../../events/validate.js';
import type { MessageView, SessionData, SessionEvent } from '../../store/session.js';
import { MemoryEngine } from '../../engine/engine.js';
import { sameSpace } from '../../engine/scope.js';
import type { EngineScope, PromptPlan, WriteReceipt } from '../../engine/types.js';
import type { ReplayView } from '../../analyzers/views.js';
import { carried, observe, type KnownMemory } from './observe.js';
import { StateReplay } from './state.js';
import { memoryTexts, ownSystem, retrievedMemories } from './injection.js';
import { WriteReplay, type RecordedWrite } from './writes.js';

import type { ModelOverride } from '../../tokens/models.js';
import type { ReplayStateOp, ReplayTurn, ReplayWrite } from './types.js';

import { str } from '../../util/values.js';
import { LAB_MASK_KEY } from '../mask-key.js';

/** What the judge and the observations read from a replay. */
export class Replayer implements ReplayView {
  readonly engine: MemoryEngine;
  /** the session's default scope: events without one take their turn's, else this */
  readonly scope: EngineScope;
  /** the scope of each turn's request */
  private readonly turnScope = new Map<number, EngineScope>();
  readonly users = new Set<string>();
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
  private readonly writes: WriteReplay;
  /** engine writes made for the current turn (extraction and recorded writes) */
  private pendingWrites: ReplayWrite[] = [];
  private pendingState: ReplayStateOp[] = [];
  /** engine memory receipts per turn, for "promised but not written" */
  readonly writtenAt = new Map<number, WriteReceipt[]>();
  /** the version each actor last saw, per key, in the reference state */
  private readonly stateOps: StateReplay;
  private readonly restarts: { seq: number; what: string }[] = [];
  readonly plans = new Map<number, PromptPlan[]>();
  /** the recorded retrieval query of each turn */
  readonly queries = new Map<number, string>();

  constructor(
    readonly data: SessionData,
    readonly model: string,
    readonly limit: number,
    opts: { models?: Record<string, ModelOverride>; keepEvents?: boolean },
  ) {
    const first = data.events.find((e) => e.scope?.user);
    this.scope = first ? Replayer.scopeField(first) : { user: `session:${data.session}` };
    this.engine = new MemoryEngine({
      session: `replay:${data.session}`,
      model,
      contextLimit: limit,
      models: opts.models,
      clock: () => this.now,
      autoDrain: false,
      // only `amnesia replay --events` reads them: kept for every turn, they held each prompt's messages again
      keepEvents: opts.keepEvents ?? false,
      deidentifyKey: LAB_MASK_KEY,
    });
    this.stateOps = new StateReplay(this.engine);
    this.writes = new WriteReplay(this.engine, (receipt, turn, w, said) => this.record(receipt, turn, w, said));
  }

  private static scopeField(ev: SessionEvent): EngineScope {
    const s = ev.scope!;
    const out: EngineScope = { user: String(s.user) };
    if (typeof s.agent === 'string' && s.agent) out.agent = s.agent;
    if (typeof s.tenant === 'string' && s.tenant) out.tenant = s.tenant;
    return out;
  }

  /**
   * Scope per event: its own; else its turn's request's (a write or tool result logged without a
   * scope belongs to the user of that turn); else the session's first. Two users in one session
   * never share memories, history or state.
   */
  scopeOf(ev: SessionEvent): EngineScope {
    let s: EngineScope;
    if (ev.scope?.user) s = Replayer.scopeField(ev);
    else s = (ev.turn !== null ? this.turnScope.get(ev.turn) : undefined) ?? this.scope;
    this.users.add(s.user);
    if (!this.scopes.some((x) => sameSpace(x, s))) this.scopes.push(s);
    return s;
  }

  /** the memories recorded retrievals returned, in the scope of the user each names */
  private readonly retrieved: KnownMemory[] = [];

  /** every scope the session's events name */
  readonly scopes: EngineScope[] = [];

  /** Every memory the replay knows of, in every scope: the engine's versions and the log's words for recorded writes. */
  private knownMemories(): KnownMemory[] {
    const out: KnownMemory[] = [];
    for (const s of this.scopes)
      for (const m of this.engine.memories(s, { includeSuperseded: true })) out.push({ text: m.text, scope: s, memoryId: m.id, writeId: m.writeId });
    out.push(...this.writes.known(), ...this.retrieved);
    return out;
  }

  /** The scope of a turn's request (the session's default when the turn has none). */
  scopeAt(turn: number | null): EngineScope {
    return (turn !== null ? this.turnScope.get(turn) : undefined) ?? this.scope;
  }

  private record(receipt: WriteReceipt | null, turn: number | null, w: Omit<ReplayWrite, 'reference'>, said?: string): void {
    const reference =
      said ??
      (receipt === null
        ? 'nothing written'
        : receipt.status === 'committed'
          ? 'committed, then acknowledged (synchronous: a critical memory)'
          : receipt.status === 'enqueued'
            ? 'acknowledged once in the durable queue; committed by the worker'
            : receipt.status === 'duplicate'
              ? `not written again: a near-duplicate of memory ${receipt.memoryId}`
              : `dead-lettered and reported (${receipt.status})`);
    // a write after its turn's request belongs to that turn
    const last = this.turns.at(-1);
    if (last && turn !== null && last.turn === turn) last.writes.push({ ...w, reference });
    else this.pendingWrites.push({ ...w, reference });
    if (turn !== null && receipt) {
      const list = this.writtenAt.get(turn) ?? [];
      list.push(receipt);
      this.writtenAt.set(turn, list);
    }
  }

  private feedUser(ev: SessionEvent, m: MessageView, scope: EngineScope): void {
    const t = this.engine.userMessage(scope, m.text, { turn: ev.turn ?? undefined });
    this.writes.heard(scope, m.text);
    t.extracted.forEach((x, i) => {
      if (x.key) {
        const s = this.statedBy.get(x.key) ?? new Set<number>();
        s.add(m.id);
        this.statedBy.set(x.key, s);
      }
      this.record(t.writes[i], ev.turn, {
        recorded_write: null,
        memory_type: x.type,
        text: x.text,
        recorded: "extracted by the reference engine from the user's message",
        source: 'user',
      });
    });
  }

  /** Replay every event; `progress` is told after each request (done, of the session's requests). */
  run(progress?: (done: number, total: number) => void): void {
    const events = this.data.events;
    const total = progress ? events.filter((e) => e.kind === 'request' && e.request).length : 0;
    let done = 0;
    for (const ev of events) {
      this.now = ev.ts;
      const b = ev.body;
      if (ev.scope?.user && ev.turn !== null && (ev.kind === 'request' || !this.turnScope.has(ev.turn))) this.turnScope.set(ev.turn, Replayer.scopeField(ev));
      const scope = this.scopeOf(ev);
      switch (ev.kind) {
        case 'request':
          if (ev.request) {
            this.request(ev);
            progress?.(++done, total);
          }
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
          this.engine.assistantMessage(scope, text, { turn: ev.turn ?? undefined, toolCalls: toolCalls.length ? toolCalls : undefined });
          break;
        }
        case 'tool_call': {
          const id = str(b.call_id);
          if (id && !this.seenCalls.has(id)) {
            this.seenCalls.add(id);
            this.engine.append(scope, {
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
          this.engine.toolResult(scope, { name: str(b.name) ?? 'tool', callId: str(b.call_id) ?? `call_${ev.seq}`, content }, { turn: ev.turn ?? undefined });
          break;
        }
        case 'memory_write':
          this.writes.apply(ev, scope);
          break;
        case 'lifecycle':
          if (typeof b.event === 'string' && /restart|crash|stop|deploy|kill|oom|shutdown/i.test(b.event)) {
            this.engine.restartWorker(scope, { turn: ev.turn ?? undefined, event: b.event });
            this.restarts.push({ seq: ev.seq, what: `${str(b.process) ?? 'a process'} ${b.event}` });
            this.engine.drain();
          }
          break;
        case 'state':
          this.state(ev);
          break;
        case 'retrieval':
          if (ev.turn !== null && isKind(ev, 'retrieval')) this.queries.set(ev.turn, ev.body.query);
          this.retrieved.push(...retrievedMemories(ev, scope));
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
        w.recorded = this.writes.describe(rw, this.restarts.find((x) => x.seq > rw.lastSeq)?.what ?? null);
      }
    }
  }

  private state(ev: SessionEvent): void {
    const op = this.stateOps.apply(ev, this.scopeOf(ev));
    if (op) this.pushState(ev.turn, op);
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

  private request(ev: SessionEvent): void {
    const req = ev.request!;
    const msgs = req.messages;
    const scope = this.scopeOf(ev);
    // the worker has committed what earlier turns queued
    this.engine.drain();
    // what the request brings that the engine has not seen: the user's new words, tool output, answers
    for (const m of msgs) {
      if (m.role === 'user' && !this.seenUser.has(m.id)) {
        this.seenUser.add(m.id);
        this.feedUser(ev, m, scope);
      } else if (m.role === 'tool' && !this.seenTool.has(normalizeText(m.text))) {
        this.seenTool.add(normalizeText(m.text));
        const callId = str(m.raw.tool_call_id) ?? `call_${ev.seq}_${m.id}`;
        if (!this.seenCalls.has(callId)) {
          this.seenCalls.add(callId);
          this.engine.append(scope, {
            role: 'assistant',
            content: '',
            turn: ev.turn ?? undefined,
            toolCalls: [{ id: callId, type: 'function', function: { name: str(m.raw.name) ?? 'tool', arguments: '{}' } }],
          });
        }
        this.engine.toolResult(scope, { name: str(m.raw.name) ?? 'tool', callId, content: m.text }, { turn: ev.turn ?? undefined });
      } else if (m.role === 'assistant' && m.text && !this.seenAssistant.has(normalizeText(m.text))) {
        this.seenAssistant.add(normalizeText(m.text));
        this.engine.append(scope, { role: 'assistant', content: m.text, turn: ev.turn ?? undefined });
      }
    }
    // the agent's own system prompt: the leading system messages, less the recorded memory
    // layer's injection (a system message that carries a memory the log wrote or a recorded
    // retrieval returned, of any user), which the reference replaces with its own pinned items
    // and the memories it recalls under this request's scope (./injection.ts)
    const recordedMemories = [...this.writes.texts().map((text) => ({ text, scope, memoryId: '', writeId: null })), ...this.retrieved];
    const system = ownSystem(msgs, memoryTexts(recordedMemories), (m) => this.recordedNorm(m));
    const limit = req.contextLimit ?? this.limit;
    const plan = this.engine.buildPrompt(scope, { system, turn: ev.turn ?? undefined, contextLimit: limit, model: req.model });
    if (ev.turn !== null) {
      const l = this.plans.get(ev.turn) ?? [];
      l.push(plan);
      this.plans.set(ev.turn, l);
    }

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
    const known = this.knownMemories();
    const rec = carried(this.engine, known, scope, inRec);
    const ref = carried(this.engine, known, scope, inRef);
    const fill = (t: number) => (limit ? Math.round((t / limit) * 1000) / 1000 : null);
    this.turns.push({
      turn: ev.turn,
      ts: new Date(ev.ts).toISOString(),
      request_id: str(ev.body.request_id) ?? null,
      recorded: {
        tokens: req.promptTokens,
        messages: msgs.length,
        fill: fill(req.promptTokens),
        constraints: constraintsRecorded,
        memories: rec.current,
        ...(rec.superseded.length ? { superseded: rec.superseded } : {}),
      },
      reference: {
        tokens: plan.tokens,
        messages: plan.messages.length,
        fill: fill(plan.tokens),
        constraints: pinned.map((p) => ({ text: p.text, carried: inRef(p.text) })),
        memories: ref.current,
        ...(ref.superseded.length ? { superseded: ref.superseded } : {}),
        pinned: pinned.map((p) => p.text),
        injected: plan.retrieved.filter((h) => h.injected).map((h) => ({ id: h.memory.id, text: h.memory.text, score: h.score, rank: h.rank })),
        history: { kept: plan.history.kept, dropped: plan.history.dropped },
        tool_results: plan.messages.filter((m) => m.role === 'tool').length,
        over_budget: plan.overBudget,
      },
      writes: this.pendingWrites,
      state: this.pendingState,
      user: scope.user,
      observations: observe(this.engine, known, scope, plan, msgs, ev.ts),
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

  /** shared-state writes the reference refused (compare-and-set or ownership) */
  get refusals(): StateReplay['refusals'] {
    return this.stateOps.refusals;
  }

  get turnsOut(): ReplayTurn[] {
    return this.turns;
  }

  recordedWrite(id: string): RecordedWrite | undefined {
    return this.writes.get(id);
  }

  /** The last recorded write of a memory id that the engine replayed. */
  recordedByMemoryId(memoryId: string): RecordedWrite | undefined {
    return this.writes.byMemoryId(memoryId);
  }

  /** The reference prompts at a turn (or, with no turn, none). */
  plansAt(turn: number | null): PromptPlan[] {
    return turn === null ? [] : (this.plans.get(turn) ?? []);
  }
}
