/**
 * MemoryEngine: the four layers (raw, extracted, index, injection), the write path and the
 * shared state behind one object. Every operation is also written as a native event.
 */
import type { NativeEvent } from '../events/types.js';
import { modelInfo } from '../tokens/models.js';
import { deidentifier } from './deidentify.js';
import { PINNED_SHARE, selectPinned, stillPinned } from './pinning.js';
import { eraseSubject, type ErasureReport, storeSecret } from './erase.js';
import { EmbedBridge, type Extractor } from './async.js';
import { EventLog } from './events.js';
import { hashEmbedder } from './embed.js';
import { detectPreferences } from '../text/index.js';
import { extractMemories, type Extracted } from './extract.js';
import { ConversationReader } from './conversation.js';
import { MemoryIndex } from './memories.js';
import type { EngineOptions, UserTurn } from './options.js';
import { assemble, TokenCounter, toolTurn } from './prompt.js';
import { retrievalPayload } from './trace.js';
import { RawLog } from './raw.js';
import { openEngineDb, type EngineDb } from './schema.js';
import { requireScope, sameSpace } from './scope.js';
import { type TurnDeps, writeTurn } from './turns.js';
import { SharedState } from './state.js';
import { Sharing, Teams } from './sharing.js';
import { STORE_NAME, WORKER_ACTOR, WritePipeline } from './writes.js';
import { EngineError, PINNED_TYPES, type DeadLetter, type EngineScope, type IntegrityReport, type Memory } from './types.js';
import type { MemoryInput, MemoryType, PromptPlan, PromptRequest, RawEntry, SearchHit, SearchOptions, WriteOutcome, WriteReceipt } from './types.js';
import type { ShareGrant, ShareSpec } from './types.js';

export type { EngineOptions, UserTurn } from './options.js';

const DEFAULT_LIMIT = 8192;

export class MemoryEngine {
  readonly db: EngineDb;
  readonly log: EventLog;
  readonly state: SharedState;
  /** the start-up integrity check */
  integrity: IntegrityReport;
  readonly model: string;
  readonly contextLimit: number;
  readonly reserve: number;
  readonly counter: TokenCounter;
  /** team and project spaces across users: create, add, remove, members (sharing.ts) */
  readonly teams: Teams;
  private readonly sharing: Sharing;
  private readonly raw: RawLog;
  private readonly conversation: ConversationReader;
  private readonly index: MemoryIndex;
  private readonly writes: WritePipeline;
  private readonly clock: () => number;
  private readonly file: string;
  private readonly bridge: EmbedBridge | null;
  private readonly extractor: Extractor;
  private readonly turns: TurnDeps;
  /** keys every de-identification mask of this store */
  private readonly key: string | Buffer;
  private readonly o: Required<Pick<EngineOptions, 'topK' | 'recall' | 'pinning' | 'instructionHierarchy' | 'actor'>> & { threshold?: number };
  private requests = 0;
  private retrievals = 0;

  constructor(opts: EngineOptions = {}) {
    this.clock = opts.clock ?? Date.now;
    this.db = openEngineDb(opts.file);
    this.file = opts.file ?? ':memory:';
    this.key = opts.deidentifyKey ?? storeSecret(this.db);
    const mask = deidentifier(this.key);
    this.log = new EventLog(opts.session ?? 'engine', this.clock, opts.keepEvents ?? false, mask);
    if (opts.onEvent) this.log.addSink(opts.onEvent);
    this.model = opts.model ?? 'gpt-4o';
    const info = modelInfo(this.model, opts.models);
    this.counter = new TokenCounter(info.encoding);
    this.contextLimit = opts.contextLimit ?? info.contextLimit ?? DEFAULT_LIMIT;
    this.reserve = opts.reserve ?? Math.min(4096, Math.round(this.contextLimit * 0.15));
    const embed = opts.embed === undefined ? hashEmbedder : opts.embed;
    this.bridge = embed ? new EmbedBridge(embed) : null;
    this.sharing = new Sharing(this.db);
    this.teams = new Teams(this.sharing, this.clock);
    this.index = new MemoryIndex(this.db, this.sharing, this.bridge?.sync ?? null, opts.vectorRecall ?? (opts.embed !== undefined && opts.embed !== null));
    if (this.bridge) this.bridge.onLate = (text, v) => this.index.fillEmbedding(text, v);
    this.extractor = opts.extract ?? extractMemories;
    this.raw = new RawLog(this.db, (s) => this.sharing.checkMember(s));
    this.conversation = new ConversationReader(this.raw, opts.instructionHierarchy ?? true);
    this.writes = new WritePipeline(this.db, this.index, this.log, this.clock, {
      syncCritical: opts.syncCritical ?? true,
      durableQueue: opts.durableQueue ?? true,
      maxRetries: opts.maxRetries ?? 3,
      autoDrain: opts.autoDrain ?? true,
      retryDelayMs: opts.retryDelayMs ?? 200,
      commitHook: opts.commitHook,
      onDeadLetter: opts.onDeadLetter,
      deidentify: mask,
    });
    this.state = new SharedState(this.db, this.sharing, this.log, this.clock, opts.cas ?? true);
    this.o = {
      topK: opts.topK ?? 8,
      recall: opts.recall ?? 50,
      pinning: opts.pinning ?? true,
      instructionHierarchy: opts.instructionHierarchy ?? true,
      actor: opts.actor ?? 'assistant',
      threshold: opts.threshold,
    };
    this.turns = {
      index: this.index,
      writes: this.writes,
      raw: this.raw,
      clock: this.clock,
      session: () => this.session,
      remember: (s, i) => this.remember(s, i),
    };
    this.integrity = this.writes.recover();
    this.writes.announceStart(this.integrity);
  }

  /** The events written so far (with `keepEvents`). */
  get events(): readonly NativeEvent[] {
    return this.log.events;
  }

  /** Stamp later events with another session id. */
  setSession(session: string): void {
    this.log.session = session;
  }

  get session(): string {
    return this.log.session;
  }

  // ---- raw layer ------------------------------------------------------------------------------

  /** Append to the raw log (nothing else happens). */
  append(scope: EngineScope, e: { role: RawEntry['role']; content: string; turn?: number; name?: string; callId?: string; toolCalls?: unknown[] }): RawEntry {
    return this.raw.append(scope, this.session, e, this.clock());
  }

  rawLog(scope: EngineScope, session = this.session): RawEntry[] {
    return this.raw.session(scope, session);
  }

  /**
   * A user message: appended to the raw log, then the memories it calls for are written
   * (critical ones committed before this returns). Write triggers: stated preferences and facts,
   * decisions, task state, processes. A correction or an update is written as the next version of
   * the memory it contradicts, keeping the details it leaves alone ("the flight moved to May 4":
   * the seat stays); every write is checked against the current memories at once (conflicts.ts).
   * A pause commits every pending write and records where the conversation stopped; a withdrawal
   * ("forget that", "never mind") takes back what the message before it wrote. `extract: false` only logs it.
   */
  userMessage(scope: EngineScope, text: string, opts: { turn?: number; extract?: boolean; extracted?: Extracted[] } = {}): UserTurn {
    const extracted = opts.extract === false ? [] : (opts.extracted ?? this.extractor(text));
    if (!Array.isArray(extracted)) throw new EngineError('the extractor is asynchronous: call userMessageAsync');
    const raw = this.append(scope, { role: 'user', content: text, turn: opts.turn });
    const { writes, conflicts } = writeTurn(this.turns, scope, raw, extracted, opts.turn);
    return { raw, extracted, writes, conflicts };
  }

  /** The assistant's answer (or tool calls): raw log + `response` (+ `tool_call`) events. */
  assistantMessage(
    scope: EngineScope,
    text: string,
    opts: { turn?: number; requestId?: string | null; toolCalls?: { id: string; name: string; arguments?: unknown }[] } = {},
  ): RawEntry {
    const calls = (opts.toolCalls ?? []).map((c) => ({
      id: c.id,
      type: 'function',
      function: { name: c.name, arguments: typeof c.arguments === 'string' ? c.arguments : JSON.stringify(c.arguments ?? {}) },
    }));
    const raw = this.append(scope, { role: 'assistant', content: text, turn: opts.turn, toolCalls: calls.length ? calls : undefined });
    this.log.emit(
      'response',
      {
        ...(opts.requestId ? { request_id: opts.requestId } : {}),
        content: text,
        ...(calls.length ? { tool_calls: calls, finish_reason: 'tool_calls' } : { finish_reason: 'stop' }),
      },
      { scope, turn: opts.turn ?? null, actor: this.o.actor },
    );
    for (const c of opts.toolCalls ?? []) {
      this.log.emit('tool_call', { call_id: c.id, name: c.name, arguments: c.arguments ?? {} }, { scope, turn: opts.turn ?? null, actor: this.o.actor });
    }
    return raw;
  }

  /** A tool's result: raw log + `tool_result` event. */
  toolResult(scope: EngineScope, r: { name: string; callId: string; content: string }, opts: { turn?: number } = {}): RawEntry {
    const raw = this.append(scope, { role: 'tool', content: r.content, turn: opts.turn, name: r.name, callId: r.callId });
    this.log.emit('tool_result', { call_id: r.callId, name: r.name, content: r.content }, { scope, turn: opts.turn ?? null, actor: this.o.actor });
    return raw;
  }

  // ---- extracted layer and index --------------------------------------------------------------

  /**
   * Write a memory. A preference or constraint given without a slot gets the one its text
   * implies (`pref:<topic>`), so a later contradicting one supersedes it.
   */
  remember(scope: EngineScope, input: MemoryInput): WriteReceipt {
    if ((input.type === 'preference' || input.type === 'constraint') && input.slot === undefined) {
      const p = detectPreferences(input.text, 'memory')[0];
      if (p) input = { ...input, slot: `pref:${p.topic}`, key: input.key ?? p.key };
    }
    return this.writes.remember(scope, input);
  }

  /** Current memories (superseded versions with `includeSuperseded`). */
  memories(scope: EngineScope, opts: { types?: readonly MemoryType[]; includeSuperseded?: boolean } = {}): Memory[] {
    return this.index.current(scope, opts);
  }

  /** Every version of one memory, oldest first. */
  versions(scope: EngineScope, memoryId: string): Memory[] {
    return this.index.versions(scope, memoryId);
  }

  /** The constraints and preferences pinned now: a preference decayed below injection is no longer (pinning.ts). */
  pinned(scope: EngineScope): Memory[] {
    const now = this.clock();
    return this.index.current(scope, { types: [...PINNED_TYPES] }).filter((m) => stillPinned(m, now));
  }

  /** Reranked hits; writes still queued in this space count (read-your-writes). */
  search(scope: EngineScope, query: string, opts: SearchOptions = {}): SearchHit[] {
    return this.index.search(scope, query, this.clock(), {
      ...opts,
      pending: this.writes.queued(),
      topK: opts.limit ?? this.o.topK,
      threshold: opts.threshold ?? this.o.threshold,
      recall: opts.recall ?? this.o.recall,
    });
  }

  // ---- writes -----------------------------------------------------------------------------------

  /** Commit every queued write now (retries included). */
  drain(): WriteOutcome[] {
    return this.writes.drain();
  }

  /** Wait until the queue is empty. */
  async flush(): Promise<WriteOutcome[]> {
    await new Promise((r) => setImmediate(r));
    return this.writes.drain();
  }

  pendingWrites(): number {
    return this.writes.pending();
  }

  /** The dead letters of one scope: a scope is required, as on every read. */
  deadLetters(scope: EngineScope): DeadLetter[] {
    return this.writes.deadLetters(scope);
  }

  // ---- async hooks (async.ts): an async embedder or extractor ---------------------------------

  /** `userMessage` with the extractor awaited and the new memories' vectors in place on return. */
  async userMessageAsync(scope: EngineScope, text: string, opts: { turn?: number; extract?: boolean } = {}): Promise<UserTurn> {
    const extracted = opts.extract === false ? [] : await this.extractor(text);
    await this.bridge?.ready(extracted.map((x) => x.text));
    const turn = this.userMessage(scope, text, { ...opts, extracted });
    await this.settle();
    return turn;
  }

  /** `search` with the query's vector fetched first. */
  async searchAsync(scope: EngineScope, query: string, opts: SearchOptions = {}): Promise<SearchHit[]> {
    await this.bridge?.ready([query]);
    return this.search(scope, query, opts);
  }

  /** `buildPrompt` with the query's vector fetched first. */
  async buildPromptAsync(scope: EngineScope, req: Partial<PromptRequest> = {}): Promise<PromptPlan> {
    await this.bridge?.ready([req.query ?? (req.user === undefined ? this.conversation.read(requireScope(scope), this.session).user : req.user) ?? '']);
    return this.buildPrompt(scope, req);
  }

  /** Wait until every vector asked of an async embedder has arrived and is stored (or failed: `embeddingErrors`). */
  async settle(): Promise<void> {
    await this.bridge?.settle();
  }

  get embeddingErrors(): readonly string[] {
    return this.bridge?.errors ?? [];
  }

  /** Forget one memory: its current version is withdrawn (kept, marked, never recalled or injected again). */
  forget(scope: EngineScope, memoryId: string): Memory | null {
    this.writes.drain();
    const m = this.index.current(scope).find((x) => x.id === memoryId && sameSpace(x.scope, scope));
    if (m) this.index.withdraw(scope, m, null, this.clock());
    return m ?? null;
  }

  /** One memory replaced by another written under another id (an update): the old one is marked superseded by the new one, kept, never recalled again. */
  supersede(scope: EngineScope, memoryId: string, byMemoryId: string): Memory | null {
    this.writes.drain();
    const cur = this.index.current(scope).filter((x) => sameSpace(x.scope, scope));
    const m = cur.find((x) => x.id === memoryId);
    const by = cur.find((x) => x.id === byMemoryId);
    if (!m || !by || m.id === by.id) return null;
    this.index.supersedeBy(scope, m, by, this.clock());
    return m;
  }

  /**
   * Erase a data subject (the right to be forgotten): every record of `scope.user` in
   * `scope.tenant` removed from the store, across agents and sessions (erase.ts). The events the
   * engine already gave to `onEvent` sinks are the caller's to erase.
   */
  erase(scope: EngineScope): ErasureReport {
    const s = requireScope(scope);
    this.writes.dropSubject(s);
    this.raw.forgetReads();
    return eraseSubject(this.db, s, this.key, this.clock(), this.file !== ':memory:');
  }

  /**
   * What the engine holds that the scope wrote, to hand it over (data portability): with an agent,
   * that agent's memories and raw entries; without one (the user, the data subject), every agent's.
   * Team memories the user wrote are included; what others shared with it, or wrote to its teams, is not.
   */
  exportData(scope: EngineScope): { memories: Memory[]; raw: RawEntry[] } {
    const s = requireScope(scope);
    return { memories: this.index.authored(s), raw: this.raw.ofUser(s) };
  }

  /**
   * Share a part of this scope's own space with a reader: by default every agent of its user, every
   * type; `with` names another agent or user (same tenant), `types` and `tags` narrow it. Private
   * notes are never shared. Returns the grant (revoke it with `revoke`).
   */
  share(scope: EngineScope, spec: ShareSpec = {}): ShareGrant {
    return this.sharing.grant(scope, spec, this.clock());
  }

  /** End a share of this scope's space: a revocation is recorded (the grant stays in `shares`, with when it ended). */
  revoke(scope: EngineScope, grantId: number): ShareGrant {
    return this.sharing.revoke(scope, grantId, this.clock());
  }

  /** Every share this scope gave or holds, oldest first, each with when it was granted and revoked. */
  shares(scope: EngineScope): ShareGrant[] {
    return this.sharing.history(scope);
  }

  /**
   * The memory worker restarts: its in-memory queue is lost; the integrity check runs again,
   * replays the durable queue and reports acknowledged writes the store does not hold.
   */
  restartWorker(scope: EngineScope, opts: { turn?: number; event?: string } = {}): IntegrityReport {
    requireScope(scope);
    const dropped = this.writes.dropMemoryQueue();
    this.log.emit('lifecycle', { event: opts.event ?? 'restart', process: WORKER_ACTOR }, { turn: opts.turn ?? null, actor: WORKER_ACTOR });
    this.integrity = this.writes.recover(dropped);
    const replayed = new Set(this.integrity.replayed);
    for (const j of dropped)
      if (!replayed.has(j.writeId)) j.resolve({ writeId: j.writeId, memoryId: j.memoryId, status: 'lost', error: 'worker restarted before commit' });
    this.log.emit(
      'store_snapshot',
      {
        store: STORE_NAME,
        memory_ids: this.index.memoryIds(scope),
        integrity: { ok: this.integrity.ok, replayed: this.integrity.replayed, missing: this.integrity.missing.map((m) => m.memoryId) },
      },
      { scope, turn: opts.turn ?? null, actor: WORKER_ACTOR },
    );
    return this.integrity;
  }

  // ---- injection --------------------------------------------------------------------------------

  /**
   * Build the prompt of one request: pinned items, reranked memories, history, the user's
   * message, tool results in their reference section; within the window (tiktoken).
   * Writes a `retrieval` and (unless `emit: false`) a `request` event.
   */
  buildPrompt(scopeIn: EngineScope, req: Partial<PromptRequest> = {}): PromptPlan {
    const scope = requireScope(scopeIn);
    const conv = this.conversation.read(scope, this.session);
    // no user message yet (or `user: null`): the prompt is built without a user turn
    const user = req.user === undefined ? conv.user : req.user;
    const history = req.history ?? conv.history;
    const current = req.tools ? toolTurn(req.tools, req.toolCallText, this.o.instructionHierarchy) : conv.current;
    const limit = req.contextLimit ?? this.contextLimit;
    const budget = limit - this.reserve;
    // the pinned section within its share of the budget; what it leaves out (or decayed) competes in retrieval
    const all = this.o.pinning ? this.index.current(scope, { types: [...PINNED_TYPES] }) : [];
    const sel = this.o.pinning
      ? selectPinned(this.pinned(scope), Math.floor(budget * PINNED_SHARE), this.counter, this.o.instructionHierarchy)
      : { kept: [], left: [] };
    const whole = sel.left.length === 0 && sel.kept.length === all.length;
    const pinnedIds = this.o.pinning && !whole ? sel.kept.map((m) => m.id) : undefined;
    const query = req.query ?? user ?? '';
    const { hits, conflicts } = this.index.retrieve(scope, query, this.clock(), {
      topK: this.o.topK,
      recall: this.o.recall,
      threshold: this.o.threshold,
      excludeTypes: this.o.pinning && whole ? [...PINNED_TYPES] : undefined,
      excludeIds: pinnedIds,
      pending: this.writes.queued(),
    });
    const system = req.system === undefined ? [] : Array.isArray(req.system) ? req.system : [req.system];
    const a = assemble({
      system,
      pinned: sel.kept,
      hits,
      history,
      user,
      current,
      hierarchy: this.o.instructionHierarchy,
      pinning: this.o.pinning,
      budget,
      counter: this.counter,
    });
    const kept = new Set(a.injected.map((h) => h.memory.id));
    const retrieved = hits.map((h) => ({ ...h, injected: kept.has(h.memory.id) }));
    const turn = req.turn ?? null;
    const retrievalId = `r-${++this.retrievals}`;
    this.log.emit(
      'retrieval',
      retrievalPayload({
        retrievalId,
        query,
        scope,
        sharedAgents: this.sharing.sharedAgents(scope),
        topK: this.o.topK,
        threshold: this.o.threshold,
        pinning: this.o.pinning,
        pinnedIds,
        retrieved,
        conflicts,
      }),
      { scope, turn, actor: this.o.actor },
    );
    let requestId: string | null = null;
    if (req.emit !== false) {
      requestId = `req-${++this.requests}`;
      this.log.emit(
        'request',
        { request_id: requestId, model: req.model ?? this.model, context_limit: limit, messages: a.messages, prompt_sections: a.sections },
        { scope, turn, actor: this.o.actor },
      );
    }
    return {
      messages: a.messages,
      tokens: a.tokens,
      contextLimit: limit,
      budget,
      model: req.model ?? this.model,
      sections: a.sections,
      pinned: a.pinned,
      pinnedLeftOut: [...sel.left, ...a.pinnedLeftOut],
      retrieved,
      history: a.history,
      toolsTruncated: a.toolsTruncated,
      overBudget: a.overBudget,
      retrievalId,
      requestId,
      conflicts,
    };
  }

  close(): void {
    this.writes.stop();
    this.db.close();
  }
}

/** Open an engine (creates and checks its database). */
export function openEngine(opts: EngineOptions = {}): MemoryEngine {
  return new MemoryEngine(opts);
}
