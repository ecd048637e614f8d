/**
 * The recorded memory writes of a session, fed to the reference engine (./replayer.ts): each
 * write's phases gathered by `write_id`, its text written again with its real source, and what
 * the log shows happened to it, for the report's writes.
 */
import { detectPreferences } from '../../text/index.js';
import { coverage, tokenSet as termsOf } from '../../text/relevance.js';
import { isKind } from '../../events/validate.js';
import type { SessionEvent } from '../../store/session.js';
import type { MemoryEngine } from '../../engine/engine.js';
import { sameSpace } from '../../engine/scope.js';
import { MEMORY_SOURCES, MEMORY_TYPES, type EngineScope, type MemorySource, type MemoryType, type WriteReceipt } from '../../engine/types.js';
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
}

/** Where a write the engine made goes in the report: its receipt, its turn, and the row. */
export type RecordWrite = (receipt: WriteReceipt, turn: number | null, w: Omit<ReplayWrite, 'reference'>) => void;

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
        }),
      );
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

  private feed(w: RecordedWrite, ev: SessionEvent, scope: EngineScope): void {
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
    const source = this.sourceOf(w, scope, key);
    const receipt = this.engine.remember(scope, { type, text: w.text, slot, key, source, turn: ev.turn ?? undefined });
    w.receipt = receipt;
    w.turn = ev.turn;
    w.scope = scope;
    this.record(receipt, ev.turn, { recorded_write: w.writeId, memory_type: type, text: w.text, recorded: '', source });
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
