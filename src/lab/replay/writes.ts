/**
 * The recorded memory writes of a session, fed to the reference engine (./replayer.ts): each
 * write's phases gathered by `write_id`, its text written again with its real source, and what
 * the log shows happened to it, for the report's writes.
 */
import { detectPreferences, normalizeText } from '../../text/index.js';
import { coverage, tokenSet as termsOf } from '../../text/relevance.js';
import { isKind } from '../../events/validate.js';
import type { SessionEvent } from '../../store/session.js';
import type { MemoryEngine } from '../../engine/engine.js';
import { sameSpace } from '../../engine/scope.js';
import { MEMORY_SOURCES, MEMORY_TYPES, type EngineScope, type Memory, type MemorySource, type MemoryType, type WriteReceipt } from '../../engine/types.js';
import type { KnownMemory } from './observe.js';
import type { ReplayWrite } from './types.js';
import { str } from '../../util/values.js';

export interface RecordedWrite {
  writeId: string;
  memoryId: string | null;
  type: string | null;
  text: string | null;
  phases: string[];
  lastSeq: number;
  fed: boolean;
  receipt: WriteReceipt | null;
  turn: number | null;
  scope: EngineScope | null;
  source: MemorySource | null;
  /** the log's `op`: add, update, delete (forget), none; null when not given (an add or update) */
  op: string | null;
  /** memory ids the write replaces: its `supersedes` */
  supersedes: string[];
  /** the memory's text before an update or delete */
  previousText: string | null;
}

/**
 * Where a write the engine made goes in the report: its receipt (none for a forget, which writes
 * no memory), its turn, and the row; `reference`: what the engine did, when not a receipt's.
 */
export type RecordWrite = (receipt: WriteReceipt | null, turn: number | null, w: Omit<ReplayWrite, 'reference'>, reference?: string) => void;

const ids = (v: unknown): string[] => (Array.isArray(v) ? v : [v]).map((x) => str(x)).filter((x): x is string => x !== undefined);

export class WriteReplay {
  private readonly writes = new Map<string, RecordedWrite>();
  /** user messages fed to the engine, per scope (for the source of recorded writes) */
  private readonly userWords: { scope: EngineScope; terms: Set<string>; keys: Set<string> }[] = [];

  constructor(
    private readonly engine: MemoryEngine,
    private readonly record: RecordWrite,
  ) {}

  /** A user message the engine was given: what a recorded write that restates it came from. */
  heard(scope: EngineScope, text: string): void {
    this.userWords.push({ scope, terms: termsOf(text), keys: new Set(detectPreferences(text, 'user').map((p) => p.key)) });
  }

  /** One recorded `memory_write` event, in its scope: gathered with its write's other phases, fed once its text is known. */
  apply(ev: SessionEvent, scope: EngineScope): void {
    if (!isKind(ev, 'memory_write') || !ev.body.write_id) return;
    const b = ev.body;
    const id = b.write_id;
    let w = this.writes.get(id);
    if (!w)
      this.writes.set(
        id,
        (w = {
          writeId: id,
          memoryId: null,
          type: null,
          text: null,
          phases: [],
          lastSeq: ev.seq,
          fed: false,
          receipt: null,
          turn: ev.turn,
          scope: null,
          source: null,
          op: null,
          supersedes: [],
          previousText: null,
        }),
      );
    w.op ??= str(b.op)?.toLowerCase() ?? null;
    if (!w.supersedes.length) w.supersedes = ids(b.supersedes);
    w.previousText ??= str(b.previous_text) ?? null;
    if (typeof b.source === 'string' && (MEMORY_SOURCES as readonly string[]).includes(b.source)) w.source ??= b.source as MemorySource;
    w.memoryId ??= str(b.memory_id) ?? null;
    w.type ??= str(b.memory_type) ?? null;
    w.text ??= typeof b.text === 'string' && b.text.trim() ? b.text : null;
    w.phases.push(b.phase);
    w.lastSeq = ev.seq;
    this.feed(w, ev, scope);
  }

  /**
   * The real source of a recorded write: the log's `source` when it names one; else `user` when
   * it restates what this user said (the same preference key, or half its terms in one message);
   * else `inferred`.
   */
  private sourceOf(w: RecordedWrite, scope: EngineScope, key: string | null): MemorySource {
    if (w.source) return w.source;
    const mine = termsOf(w.text ?? '');
    for (const u of this.userWords) {
      if (!sameSpace(u.scope, scope)) continue;
      if (key && u.keys.has(key)) return 'user';
      if (!key && coverage(mine, u.terms) >= 0.5) return 'user';
    }
    return 'inferred';
  }

  /**
   * Feed a recorded write to the engine once what it needs is known: a delete (or forget) forgets
   * the memory its memory id names; any other op writes its text, replacing (same slot, or marked
   * superseded) the memory an earlier write of the same memory id made and those it `supersedes`;
   * `none` writes nothing.
   */
  private feed(w: RecordedWrite, ev: SessionEvent, scope: EngineScope): void {
    if (w.fed || w.op === 'none') return;
    if (w.op === 'delete' || w.op === 'forget') {
      this.forget(w, ev, scope);
      return;
    }
    if (!w.text) return;
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
    // an add of a memory id the log wrote before is an update of it
    const replaced = this.replaced(w, scope, w.op !== 'add');
    slot = replaced.find((m) => m.slot)?.slot ?? slot;
    const source = this.sourceOf(w, scope, key);
    const receipt = this.engine.remember(scope, { type, text: w.text, slot, key, source, turn: ev.turn ?? undefined });
    for (const m of replaced) if (m.id !== receipt.memoryId) this.engine.supersede(scope, m.id, receipt.memoryId);
    w.receipt = receipt;
    w.turn = ev.turn;
    w.scope = scope;
    this.record(receipt, ev.turn, { recorded_write: w.writeId, memory_type: type, text: w.text, recorded: '', source });
  }

  /**
   * The engine's current memories (in this scope) a write replaces: the one an earlier recorded
   * write of its memory id made (`own`), and those of its `supersedes` ids; else, with no earlier
   * write of those ids, a current memory whose text is its `previous_text`.
   */
  private replaced(w: RecordedWrite, scope: EngineScope, own: boolean): Memory[] {
    const earlier = [...(own && w.memoryId ? [w.memoryId] : []), ...w.supersedes]
      .map((id) => [...this.writes.values()].reverse().find((x) => x !== w && x.memoryId === id && x.receipt && x.scope && sameSpace(x.scope, scope)))
      .filter((x) => x !== undefined);
    // what the worker still holds of them is committed first (as forget does)
    if (earlier.length || w.previousText) this.engine.drain();
    const current = this.engine.memories(scope);
    const out = new Map<string, Memory>();
    for (const before of earlier) {
      const m = current.find((x) => x.id === before.receipt!.memoryId);
      if (m) out.set(m.id, m);
    }
    if (!out.size && w.previousText) {
      const n = normalizeText(w.previousText);
      for (const m of current) if (normalizeText(m.text) === n) out.set(m.id, m);
    }
    return [...out.values()];
  }

  /** A recorded delete: the engine forgets what the log's memory id stands for; it is never written as a memory. */
  private forget(w: RecordedWrite, ev: SessionEvent, scope: EngineScope): void {
    if (!w.memoryId && !w.previousText && !w.text) return;
    w.fed = true;
    w.turn = ev.turn;
    w.scope = scope;
    const targets = this.replaced({ ...w, previousText: w.previousText ?? w.text }, scope, true);
    for (const m of targets) this.engine.forget(scope, m.id);
    const text = w.previousText ?? w.text ?? `memory ${w.memoryId}`;
    const reference = targets.length
      ? `forgotten: memory ${targets.map((m) => m.id).join(', ')} withdrawn (kept as history, never recalled or injected again); nothing written`
      : `nothing to forget: no earlier write of ${w.memoryId ?? 'this memory'} in this scope; nothing written`;
    this.record(null, ev.turn, { recorded_write: w.writeId, memory_type: w.type ?? 'fact', text, recorded: '' }, reference);
  }

  /** What the log shows happened to a write (`restart`: the first restart after its last phase). */
  describe(w: RecordedWrite, restart: string | null): string {
    const p = w.phases;
    const acked = p.indexOf('acknowledged');
    const committed = p.indexOf('committed');
    const failed = p.some((x) => x === 'failed' || x === 'dead_lettered');
    if (committed >= 0 && acked >= 0 && acked < committed) return `acknowledged before it was committed (${p.join(' → ')})`;
    if (committed >= 0) return `committed (${p.join(' → ')})`;
    if (restart) return `${p.join(' → ')}, then ${restart}: never committed`;
    return `${p.join(' → ')}: never committed${failed ? '' : ' by the end of the log'}`;
  }

  /** The texts of the recorded writes. */
  texts(): string[] {
    return [...this.writes.values()].filter((w) => w.text).map((w) => w.text!);
  }

  /** The log's words of each write the engine replayed, where the engine keeps it. */
  known(): KnownMemory[] {
    const out: KnownMemory[] = [];
    for (const w of this.writes.values()) {
      if (!w.text || !w.receipt || !w.scope) continue;
      out.push({ text: w.text, scope: w.scope, memoryId: w.receipt.memoryId, writeId: w.receipt.status === 'duplicate' ? null : w.receipt.writeId });
    }
    return out;
  }

  get(id: string): RecordedWrite | undefined {
    return this.writes.get(id);
  }

  /** The last recorded write of a memory id that the engine replayed. */
  byMemoryId(memoryId: string): RecordedWrite | undefined {
    return [...this.writes.values()].reverse().find((x) => x.memoryId === memoryId && x.receipt !== null);
  }
}
