/**
 * The memory store as a session's memory_write steps build it: each write's fields gathered over
 * its steps, applied when committed (an add, an update, a delete, a write that supersedes others),
 * every committed text kept as a version. What an update replaced is read from here: the write's
 * `previous_text`, else the text its memory held before.
 */
import type { SessionEvent } from '../../store/session.js';
import { str } from '../../util/values.js';

export interface Version {
  id: string;
  seq: number;
  text: string | null;
  deleted: boolean;
  ev: SessionEvent;
  user: string | null;
}

/** One update that replaced a text: the old text, the new one, where each was committed. */
export interface Replacement {
  writeId: string;
  memoryId: string | null;
  /** the memory whose text was replaced (this one, or one it supersedes) */
  replacedId: string | null;
  how: 'update' | 'supersede' | 'rewrite';
  oldText: string;
  /** the commit that wrote the old text, when the log has it */
  oldEv: SessionEvent | null;
  newText: string;
  /** the step that committed the new text, and the step that carried it (the same, or an earlier one) */
  ev: SessionEvent;
  textEv: SessionEvent;
  user: string | null;
}

interface Pending {
  id: string;
  memoryId: string | null;
  text: string | null;
  textEv: SessionEvent | null;
  previous: string | null;
  op: string | null;
  type: string | null;
  supersedes: string[];
  /** the scope's user, from whichever step names it (the commit step may carry only the write id) */
  user: string | null;
  done: boolean;
}

/**
 * Memory types that are state, not facts: a task's state is meant to be replaced by the next (a
 * LangGraph channel write, "working on PAY-512" then "PAY-512 done"); what it held is no loss.
 */
const STATE_TYPES = new Set(['task_state', 'state']);

const norm = (s: string) => s.normalize('NFKC').replace(/\s+/g, ' ').trim().toLowerCase();

export class MemoryLedger {
  readonly versions: Version[] = [];
  readonly replacements: Replacement[] = [];
  /** store snapshots' texts, by position: what the store really held */
  readonly snapshots: { seq: number; texts: string[] }[] = [];
  private readonly writes = new Map<string, Pending>();
  private readonly current = new Map<string, Version>();

  /** Reads one event (in session order). */
  read(ev: SessionEvent): void {
    if (ev.kind === 'store_snapshot') {
      const records = Array.isArray(ev.body.records) ? (ev.body.records as unknown[]) : [];
      const texts = records.map((r) => str((r as { text?: unknown })?.text)).filter((t): t is string => !!t);
      if (texts.length) this.snapshots.push({ seq: ev.seq, texts });
      return;
    }
    if (ev.kind !== 'memory_write') return;
    const b = ev.body;
    const id = str(b.write_id) ?? ev.source;
    let w = this.writes.get(id);
    if (!w)
      this.writes.set(
        id,
        (w = { id, memoryId: null, text: null, textEv: null, previous: null, op: null, type: null, supersedes: [], user: null, done: false }),
      );
    w.memoryId ??= str(b.memory_id) ?? null;
    if (str(b.text)) {
      w.text = str(b.text)!;
      w.textEv = ev;
    }
    w.previous ??= str(b.previous_text) ?? null;
    w.op ??= str(b.op)?.toLowerCase() ?? null;
    w.type ??= str(b.memory_type)?.toLowerCase() ?? null;
    w.user ??= ev.scope?.user ?? null;
    const sup = b.supersedes;
    for (const s of Array.isArray(sup) ? sup : [sup]) if (typeof s === 'string' && s && !w.supersedes.includes(s)) w.supersedes.push(s);
    if (b.phase === 'committed' && !w.done) {
      w.done = true;
      this.commit(w, ev);
    }
  }

  private commit(w: Pending, ev: SessionEvent): void {
    const user = w.user;
    const id = w.memoryId;
    const put = (mid: string, text: string | null, deleted: boolean) => {
      const v: Version = { id: mid, seq: ev.seq, text, deleted, ev, user };
      this.versions.push(v);
      if (deleted) this.current.delete(mid);
      else this.current.set(mid, v);
    };
    if (w.op === 'delete' || w.op === 'forget') {
      if (id) put(id, null, true);
      return;
    }
    if (w.op === 'none' || !w.text) return;
    const replaced = (oldText: string | null, oldEv: SessionEvent | null, replacedId: string | null, how: Replacement['how']) => {
      if (!oldText || norm(oldText) === norm(w.text!) || (w.type !== null && STATE_TYPES.has(w.type))) return;
      this.replacements.push({
        writeId: w.id,
        memoryId: id,
        replacedId,
        how,
        oldText,
        oldEv,
        newText: w.text!,
        ev,
        textEv: w.textEv ?? ev,
        user,
      });
    };
    if (id) {
      const before = this.current.get(id);
      const how = w.op === 'update' || w.previous !== null ? 'update' : 'rewrite';
      // an update computed from another text than the one it replaced (a writer that read an older
      // version) lost the newer one whole: concurrent-overwrite's, not a rewrite that dropped a fact
      const stale = w.previous !== null && before?.text != null && norm(w.previous) !== norm(before.text);
      if (!stale) replaced(w.previous ?? before?.text ?? null, before?.ev ?? null, id, how);
    }
    for (const s of w.supersedes) {
      if (s === id) continue;
      const before = this.current.get(s);
      if (before) {
        replaced(before.text, before.ev, s, 'supersede');
        put(s, null, true);
      }
    }
    if (id) put(id, w.text, false);
    else this.versions.push({ id: `write:${w.id}`, seq: ev.seq, text: w.text, deleted: false, ev, user });
  }

  /**
   * The texts that could still hold a fact after replacement `r`: every other memory of the same
   * user current at it, every text committed after it (a later write may restore the fact), and the
   * texts of the store snapshots after it.
   */
  keepers(r: Replacement): string[] {
    const at = r.ev.seq;
    const sameUser = (u: string | null) => r.user === null || u === null || u === r.user;
    const last = new Map<string, Version>();
    const out: string[] = [];
    for (const v of this.versions) {
      if (!sameUser(v.user)) continue;
      if (v.seq <= at) {
        if (v.id !== r.memoryId && v.id !== r.replacedId) last.set(v.id, v);
      } else if (v.text) out.push(v.text);
    }
    for (const v of last.values()) if (!v.deleted && v.text) out.push(v.text);
    for (const s of this.snapshots) if (s.seq > at) out.push(...s.texts);
    return out;
  }

  /** How many other memories of the same user were current at replacement `r`. */
  othersAt(r: Replacement): number {
    const ids = new Map<string, boolean>();
    for (const v of this.versions) {
      if (v.seq > r.ev.seq) break;
      if (v.id === r.memoryId || v.id === r.replacedId) continue;
      if (r.user !== null && v.user !== null && v.user !== r.user) continue;
      ids.set(v.id, !v.deleted);
    }
    return [...ids.values()].filter(Boolean).length;
  }
}
