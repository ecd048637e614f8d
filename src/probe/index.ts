/**
 * amnesia-forensics/probe: write the native event log (`amnesia.events/v1`, JSON Lines) from an agent.
 *
 *   import { createProbe } from 'amnesia-forensics/probe';
 *   const probe = createProbe({ file: 'logs/agent.jsonl', session: conversationId, actor: 'agent' });
 *   probe.turn(3);
 *   const requestId = probe.request({ model: 'gpt-4o', messages });
 *   const w = probe.write({ memory_id: 'm77', memory_type: 'preference', text: 'User prefers lists' });
 *   w.enqueued(); w.committed(); w.acknowledged();   // acknowledge only after the commit
 *   probe.response({ request_id: requestId, content: answer });
 *
 * Dependency-free (node: built-ins only). Every call writes one line before it returns. With a file
 * sink, critical events (a write acknowledged, committed, failed or dead-lettered; any step of a
 * `critical` write; a lifecycle crash, restart or stop; anything passed `{ critical: true }`) are also
 * fsync'ed before the call returns, so a crash right after cannot lose the evidence of what happened
 * before it. With a stream sink the line is handed to the stream; its durability is the stream's.
 */
import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';

export type WritePhase = 'requested' | 'enqueued' | 'acknowledged' | 'committed' | 'failed' | 'retried' | 'dead_lettered';
export type LifecycleEvent = 'start' | 'stop' | 'restart' | 'crash' | 'deploy';

export interface Scope {
  user?: string;
  agent?: string;
  tenant?: string;
  [key: string]: unknown;
}

export interface ChatMessage {
  role: string;
  content: string | null | Array<{ type: string; text?: string; [k: string]: unknown }>;
  name?: string;
  tool_call_id?: string;
  tool_calls?: unknown[];
  [key: string]: unknown;
}

export interface Usage {
  input_tokens?: number;
  output_tokens?: number;
  [key: string]: unknown;
}

/** Anything with a `write(string)`: a file stream, process.stdout, a socket, a PassThrough. */
export interface LineSink {
  write(chunk: string): unknown;
}

export interface ProbeOptions {
  /** the conversation / run id every event belongs to */
  session: string;
  /** append to this JSON Lines file (its folder is created) */
  file?: string;
  /** or write to this stream */
  stream?: LineSink;
  /** who emits the events (process, agent or sub-agent) */
  actor?: string;
  /** whose data it is */
  scope?: Scope;
  /** the current user turn (change it with turn() / nextTurn()) */
  turn?: number;
  /** when fsync is called on the file: after critical events (default), after every event, or never */
  fsync?: 'critical' | 'always' | 'never';
  /** the time of an event (default: now); for replays and tests */
  clock?: () => Date | number | string;
  /** new ids for requests, writes and tool calls (default: random UUIDs) */
  newId?: () => string;
}

/** Extra options of a single call. */
export interface CallOptions {
  /** flush this event to disk (fsync) before returning */
  critical?: boolean;
  /** this event's turn, instead of the probe's current one */
  turn?: number;
  /** this event's time, instead of the clock's */
  ts?: Date | number | string;
}

export interface RequestInput {
  model: string;
  messages: ChatMessage[];
  request_id?: string;
  context_limit?: number;
  usage?: Usage;
  [key: string]: unknown;
}

export interface ResponseInput {
  content: string;
  request_id?: string;
  usage?: Usage;
  finish_reason?: string;
  tool_calls?: unknown[];
  [key: string]: unknown;
}

export interface Candidate {
  id: string;
  score: number;
  rank?: number;
  text?: string;
  tokens?: number;
  metadata?: Record<string, unknown>;
  [key: string]: unknown;
}

export interface RetrievalInput {
  query: string;
  candidates: Candidate[];
  retrieval_id?: string;
  rewritten_query?: string;
  top_k?: number;
  threshold?: number;
  filters?: Record<string, unknown>;
  injected?: string[];
  error?: string;
  [key: string]: unknown;
}

export interface WriteInput {
  write_id?: string;
  memory_id?: string;
  memory_type?: string;
  text?: string;
  critical?: boolean;
  store?: string;
  [key: string]: unknown;
}

export interface StateInput {
  key: string;
  op: 'read' | 'write';
  value?: unknown;
  version?: number;
  expected_version?: number;
  owner?: string;
  [key: string]: unknown;
}

export interface SnapshotInput {
  store?: string;
  memory_ids?: string[];
  records?: { id: string; text?: string; version?: number; [key: string]: unknown }[];
}

export interface CompactionInput {
  /** `auto` (the window was filling), `manual` (the user asked), or your own word */
  trigger?: string;
  /** `summary`, `truncation`, or your own word */
  strategy?: string;
  tokens_before?: number;
  tokens_after?: number;
  context_limit?: number;
  messages_before?: number;
  messages_after?: number;
  /** ids of the removed events or messages */
  removed?: (string | number)[];
  removed_count?: number;
  /** the text that replaced them */
  summary?: string;
  /** ids of what was kept, or the kept messages */
  kept?: (string | number | ChatMessage)[];
  instructions?: string;
  [key: string]: unknown;
}

export interface ToolCallInput {
  name: string;
  arguments?: unknown;
  call_id?: string;
  [key: string]: unknown;
}

export interface ToolResultInput {
  call_id: string;
  content?: unknown;
  error?: string;
  [key: string]: unknown;
}

/** The steps of one memory write, all under the same write_id. */
export interface WriteHandle {
  readonly writeId: string;
  phase(phase: WritePhase, extra?: Record<string, unknown>, opts?: CallOptions): void;
  enqueued(extra?: Record<string, unknown>): void;
  /** success returned to the caller: only after committed(), for anything the user was told is saved */
  acknowledged(extra?: Record<string, unknown>): void;
  /** durable in the store */
  committed(extra?: Record<string, unknown>): void;
  failed(error: string, extra?: Record<string, unknown>): void;
  retried(extra?: Record<string, unknown>): void;
  deadLettered(error: string, extra?: Record<string, unknown>): void;
}

const PHASES = new Set<string>(['requested', 'enqueued', 'acknowledged', 'committed', 'failed', 'retried', 'dead_lettered']);
const CRITICAL_PHASES = new Set<string>(['acknowledged', 'committed', 'failed', 'dead_lettered']);
const CRITICAL_LIFECYCLE = new Set<string>(['crash', 'restart', 'stop']);
const LIFECYCLE = new Set<string>(['start', 'stop', 'restart', 'crash', 'deploy']);

function fail(msg: string): never {
  throw new TypeError(`probe: ${msg}`);
}

function isTurn(v: unknown): v is number {
  return Number.isInteger(v) && (v as number) >= 0;
}

function isoTime(v: Date | number | string): string {
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'number') return new Date(v).toISOString();
  return v;
}

/** Where the lines go; shared by a probe and its children. */
class Sink {
  private fd: number | null = null;
  private closed = false;

  constructor(
    file: string | undefined,
    private readonly stream: LineSink | undefined,
    private readonly fsyncMode: 'critical' | 'always' | 'never',
  ) {
    if (!file && !stream) fail('give a file or a stream to write to');
    if (file && stream) fail('give a file or a stream, not both');
    if (file) {
      const dir = path.dirname(path.resolve(file));
      fs.mkdirSync(dir, { recursive: true });
      const existed = fs.existsSync(file);
      this.fd = fs.openSync(file, 'a');
      if (!existed && this.fsyncMode !== 'never') syncDir(dir);
    }
  }

  write(line: string, critical: boolean): void {
    if (this.closed) fail('the probe is closed');
    if (this.fd !== null) {
      const buf = Buffer.from(line, 'utf8');
      let off = 0;
      while (off < buf.length) off += fs.writeSync(this.fd, buf, off, buf.length - off);
      if (this.fsyncMode === 'always' || (critical && this.fsyncMode === 'critical')) fs.fsyncSync(this.fd);
    } else {
      this.stream!.write(line);
    }
  }

  /** Everything written so far on disk (file), or handed over and drained (stream). */
  async flush(): Promise<void> {
    if (this.fd !== null) {
      if (this.fsyncMode !== 'never') fs.fsyncSync(this.fd);
      return;
    }
    const s = this.stream as LineSink & { writableNeedDrain?: boolean; once?: (e: string, f: () => void) => void };
    if (s.writableNeedDrain && typeof s.once === 'function') await new Promise<void>((resolve) => s.once!('drain', resolve));
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    if (this.fd !== null) {
      if (this.fsyncMode !== 'never') fs.fsyncSync(this.fd);
      fs.closeSync(this.fd);
      this.fd = null;
    }
  }
}

/** A new file's directory entry is durable only once its folder is synced (where the OS allows it). */
function syncDir(dir: string): void {
  let fd: number | null = null;
  try {
    fd = fs.openSync(dir, 'r');
    fs.fsyncSync(fd);
  } catch {
    // not supported on this platform (Windows): the file's own fsyncs still apply
  } finally {
    if (fd !== null) fs.closeSync(fd);
  }
}

interface Envelope {
  session: string;
  actor?: string;
  scope?: Scope;
}

/** The current turn, shared by a probe and its children. */
interface TurnRef {
  n: number | undefined;
}

export class Probe {
  /** @internal use createProbe() */
  constructor(
    private readonly sink: Sink,
    private readonly env: Envelope,
    private readonly clock: () => Date | number | string,
    private readonly newId: () => string,
    private readonly turnRef: TurnRef,
  ) {
    if (typeof env.session !== 'string' || env.session.length === 0) fail('session must be a non-empty string');
    if (turnRef.n !== undefined && !isTurn(turnRef.n)) fail('turn must be an integer >= 0');
  }

  private get currentTurn(): number | undefined {
    return this.turnRef.n;
  }

  private set currentTurn(n: number | undefined) {
    this.turnRef.n = n;
  }

  get session(): string {
    return this.env.session;
  }

  /** Set the current user turn (or read it). */
  turn(n?: number): number | undefined {
    if (n !== undefined) {
      if (!isTurn(n)) fail('turn must be an integer >= 0');
      this.currentTurn = n;
    }
    return this.currentTurn;
  }

  /** Move to the next user turn (0 when none was set) and return it. */
  nextTurn(): number {
    this.currentTurn = this.currentTurn === undefined ? 0 : this.currentTurn + 1;
    return this.currentTurn;
  }

  /** A probe for another actor (a sub-agent, a worker) or session: same sink, same current turn. */
  child(env: { actor?: string; session?: string; scope?: Scope }): Probe {
    return new Probe(this.sink, { ...this.env, ...env }, this.clock, this.newId, this.turnRef);
  }

  /** Any native event; the envelope (ts, session, turn, actor, scope) is added. */
  event(kind: string, fields: Record<string, unknown> = {}, opts: CallOptions = {}): void {
    if (typeof kind !== 'string' || kind.length === 0) fail('kind must be a non-empty string');
    const turn = opts.turn ?? this.currentTurn;
    if (turn !== undefined && !isTurn(turn)) fail('turn must be an integer >= 0');
    const ev: Record<string, unknown> = {
      kind,
      ts: isoTime(opts.ts ?? this.clock()),
      session: this.env.session,
      ...(turn !== undefined ? { turn } : {}),
      ...(this.env.actor !== undefined ? { actor: this.env.actor } : {}),
      ...(this.env.scope !== undefined ? { scope: this.env.scope } : {}),
      ...fields,
    };
    this.sink.write(`${JSON.stringify(ev)}\n`, opts.critical === true);
  }

  /** One LLM call, exactly as sent. Returns its request_id (to pass to response()). */
  request(input: RequestInput, opts: CallOptions = {}): string {
    if (typeof input?.model !== 'string' || input.model === '') fail('request: model is required');
    if (!Array.isArray(input.messages)) fail('request: messages must be an array');
    input.messages.forEach((m, i) => {
      if (!m || typeof m.role !== 'string') fail(`request: messages[${i}] needs a role`);
    });
    const request_id = input.request_id ?? this.newId();
    this.event('request', { ...input, request_id }, opts);
    return request_id;
  }

  /** What the model answered. */
  response(input: ResponseInput, opts: CallOptions = {}): void {
    if (typeof input?.content !== 'string') fail('response: content must be a string');
    this.event('response', { ...input }, opts);
  }

  /** A tool call. Returns its call_id (to pass to toolResult()). */
  toolCall(input: ToolCallInput, opts: CallOptions = {}): string {
    if (typeof input?.name !== 'string' || input.name === '') fail('toolCall: name is required');
    const call_id = input.call_id ?? this.newId();
    this.event('tool_call', { ...input, call_id }, opts);
    return call_id;
  }

  toolResult(input: ToolResultInput, opts: CallOptions = {}): void {
    if (typeof input?.call_id !== 'string') fail('toolResult: call_id is required');
    this.event('tool_result', { ...input }, opts);
  }

  /** One memory / vector search: the query, every candidate with its score, and what was let in. */
  retrieval(input: RetrievalInput, opts: CallOptions = {}): void {
    if (typeof input?.query !== 'string') fail('retrieval: query is required');
    if (!Array.isArray(input.candidates)) fail('retrieval: candidates must be an array');
    input.candidates.forEach((c, i) => {
      if (!c || (typeof c.id !== 'string' && typeof c.id !== 'number')) fail(`retrieval: candidates[${i}] needs an id`);
      if (typeof c.score !== 'number' || !Number.isFinite(c.score)) fail(`retrieval: candidates[${i}] needs a numeric score`);
    });
    this.event('retrieval', { ...input }, opts);
  }

  /**
   * Start a memory write: logs its `requested` step (unless `phase` says otherwise) and returns the
   * handle for its later steps.
   */
  write(input: WriteInput = {}, opts: CallOptions & { phase?: WritePhase } = {}): WriteHandle {
    const writeId = input.write_id ?? this.newId();
    const critical = input.critical === true;
    const emit = (phase: WritePhase, extra: Record<string, unknown> = {}, o: CallOptions = {}) => {
      if (!PHASES.has(phase)) fail(`write: "${phase}" is not one of ${[...PHASES].join(', ')}`);
      this.event('memory_write', { ...extra, write_id: writeId, phase }, { ...o, critical: o.critical || critical || CRITICAL_PHASES.has(phase) });
    };
    const { write_id: _w, ...fields } = input;
    void _w;
    emit(opts.phase ?? 'requested', fields, opts);
    return {
      writeId,
      phase: (p, extra, o) => emit(p, extra, o),
      enqueued: (extra) => emit('enqueued', extra),
      acknowledged: (extra) => emit('acknowledged', extra),
      committed: (extra) => emit('committed', extra),
      failed: (error, extra) => emit('failed', { ...extra, error }),
      retried: (extra) => emit('retried', extra),
      deadLettered: (error, extra) => emit('dead_lettered', { ...extra, error }),
    };
  }

  /** A read or write of a shared state field (the actor is the probe's). */
  state(input: StateInput, opts: CallOptions = {}): void {
    if (typeof input?.key !== 'string' || input.key === '') fail('state: key is required');
    if (input.op !== 'read' && input.op !== 'write') fail('state: op must be "read" or "write"');
    for (const f of ['version', 'expected_version'] as const) {
      if (input[f] !== undefined && !Number.isInteger(input[f])) fail(`state: ${f} must be an integer`);
    }
    this.event('state', { ...input }, opts);
  }

  /** A process event. crash, restart and stop are flushed to disk before this returns. */
  lifecycle(event: LifecycleEvent, process?: string, opts: CallOptions = {}): void {
    if (!LIFECYCLE.has(event)) fail(`lifecycle: "${event}" is not one of ${[...LIFECYCLE].join(', ')}`);
    this.event('lifecycle', { event, ...(process !== undefined ? { process } : {}) }, { ...opts, critical: opts.critical || CRITICAL_LIFECYCLE.has(event) });
  }

  /** What the durable store really holds now: the ground truth for acknowledged writes. */
  snapshot(input: SnapshotInput, opts: CallOptions = {}): void {
    if (input.memory_ids === undefined && input.records === undefined) fail('snapshot: give memory_ids or records');
    this.event('store_snapshot', { ...input }, opts);
  }

  /** The history was compacted (summarised or truncated): what it was, what replaced it, what went. */
  compaction(input: CompactionInput = {}, opts: CallOptions = {}): void {
    for (const f of ['tokens_before', 'tokens_after', 'messages_before', 'messages_after', 'removed_count'] as const) {
      const v = input[f];
      if (v !== undefined && !(Number.isInteger(v) && (v as number) >= 0)) fail(`compaction: ${f} must be an integer >= 0`);
    }
    if (input.summary !== undefined && typeof input.summary !== 'string') fail('compaction: summary must be a string');
    this.event('compaction', { ...input }, opts);
  }

  /** Everything written so far: fsync'ed (file) or drained (stream). */
  flush(): Promise<void> {
    return this.sink.flush();
  }

  /** Flush and close the file (a stream is left open: it is the caller's). */
  close(): void {
    this.sink.close();
  }
}

export function createProbe(opts: ProbeOptions): Probe {
  if (!opts || typeof opts !== 'object') fail('createProbe needs options');
  const sink = new Sink(opts.file, opts.stream, opts.fsync ?? 'critical');
  return new Probe(
    sink,
    { session: opts.session, ...(opts.actor !== undefined ? { actor: opts.actor } : {}), ...(opts.scope !== undefined ? { scope: opts.scope } : {}) },
    opts.clock ?? (() => new Date()),
    opts.newId ?? (() => randomUUID()),
    { n: opts.turn },
  );
}
