/**
 * The memories current at each moment: committed writes of this session and, from the store, of
 * every other session (long-term memory), each replaced by a newer write of the same memory id
 * or of the same subject (the engine's slot, a key, or type + entity), or by a write that names
 * it in `supersedes`. Their tokens are indexed for BM25, all together and per owner (the user or
 * tenant a write names: one user's memory store).
 */
import type { Scope } from '../../events/types.js';
import type { SessionEvent } from '../../store/session.js';
import { tokens } from '../../text/relevance.js';
import { tokenize } from '../../text/tokenize.js';
import type { Bm25 } from '../../text/bm25.js';
import { ownerOf, searchOwner, StoreIndex } from './fit.js';
import { isObject, str } from '../../util/values.js';
import { isKind, parseTimestamp } from '../../events/validate.js';

export { ownerOf, str };

/** Everything the phases of one write_id say, merged (a later non-empty value wins). */
export interface WriteInfo {
  writeId: string;
  /** the session that made the write */
  session: string;
  /** made in another session than the one analysed */
  external: boolean;
  memoryId?: string;
  text?: string;
  type?: string;
  store?: string;
  actor?: string;
  scope: Scope | null;
  fields: Record<string, unknown>;
  first: SessionEvent;
}

/** A committed memory, as it stands from its commit on. */
export interface Version {
  memoryId: string;
  write: WriteInfo;
  text: string;
  commit: SessionEvent;
  toks: string[];
  terms: Set<string>;
  /**
   * The terms of what the memory states: those of its sentences that are not questions (toldTerms).
   * A question holds the words of what it asks, not an answer: "What motivated you to pursue
   * counseling?" does not answer "What motivated Caroline to pursue counseling?".
   */
  told: Set<string>;
  /** lower-cased letters and digits only */
  norm: string;
  subject: string | null;
  tokens?: number;
  /** the terms of each sentence it states (toldSentences), read when first asked */
  sentences?: string[][];
}

/** event fields that say nothing about the memory itself (never compared with a filter) */
export const ENVELOPE = new Set(['kind', 'ts', 'session', 'turn', 'id', 'v', 'actor', 'scope', 'phase', 'write_id', 'text', 'error', 'critical']);

export const normalizeText = (text: string): string =>
  text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');

/** Tokens of memory texts: every session replays the store's earlier memories, tokenise each text once. */
const TOKEN_CACHE = new Map<string, string[]>();
const TOKEN_CACHE_MAX = 50_000;
function memoryTokens(text: string): string[] {
  let t = TOKEN_CACHE.get(text);
  if (!t) {
    if (TOKEN_CACHE.size >= TOKEN_CACHE_MAX) TOKEN_CACHE.clear();
    TOKEN_CACHE.set(text, (t = tokens(text)));
  }
  return t;
}

const DELETE_OPS = /^(delete|deleted|forget|remove|removed|invalidate|invalidated|expire|expired)$/i;

function field(w: WriteInfo, ...keys: string[]): string | undefined {
  const meta = isObject(w.fields.metadata) ? w.fields.metadata : {};
  for (const k of keys) {
    const v = str(w.fields[k]) ?? str(meta[k]);
    if (v) return v;
  }
  return undefined;
}

/** The subject fields a write may name (subjectOf reads them before a text's label). */
export const SUBJECT_FIELDS = ['slot', 'key', 'subject', 'memory_key', 'topic_key', 'entity', 'entity_id', 'about'] as const;

/** Does the write name its subject in a field (not only by its text's label)? */
export const namesSubject = (w: WriteInfo): boolean => SUBJECT_FIELDS.some((k) => field(w, k) !== undefined);

/** What the memory is about: a newer memory of the same subject (and user) replaces it. */
function subjectOf(w: WriteInfo): string | null {
  const owner = `${str(w.scope?.tenant) ?? ''}/${str(w.scope?.user) ?? ''}`;
  const slot = field(w, 'slot', 'key', 'subject', 'memory_key', 'topic_key');
  if (slot) return `${owner}|${slot.toLowerCase()}`;
  const entity = field(w, 'entity', 'entity_id', 'about');
  if (entity) return `${owner}|${(w.type ?? '').toLowerCase()}:${entity.toLowerCase()}`;
  const label = labelOf(w.text ?? '');
  if (label) return `${owner}|${(w.type ?? '').toLowerCase()}#${label}`;
  return null;
}

/** A value longer than this many words is prose, not the value of a slot. */
const MAX_VALUE_WORDS = 12;

/**
 * A memory text written as "label: value" ("Shipping address: 12 Elm St", "Lieferadresse (neu):
 * Lindenweg 3", "收货地址：…") names its subject: the label, without parentheses, lower-cased.
 * Only a short label (at most four words) counts, and only before a value: a value that is prose
 * (more than MAX_VALUE_WORDS words, or a sentence mark other than a final full stop) is something
 * said, and its label a frame many memories share ("Speaker Melanie says: …", the verbatim turns an
 * A-Mem store keeps), not a slot that a newer memory's value replaces.
 */
export function labelOf(text: string): string | null {
  const t = text.trim();
  const label = labelPrefix(t);
  return label !== null && !framed(t.slice(t.search(/[:：]/u) + 1)) ? label : null;
}

/**
 * The label a text opens with ("Shipping address: …" -> "shipping address"), whatever follows it:
 * without parentheses, lower-cased; null when it has none or it is longer than four words. What labelOf
 * reads before it checks the value.
 */
export function labelPrefix(text: string): string | null {
  const m = /^([^:：\n]{2,60})[:：]\s*\S/u.exec(text.trim());
  if (!m) return null;
  const label = m[1]
    .replace(/[(（][^)）]*[)）]/gu, ' ')
    .normalize('NFKC')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
  if (!label || label.split(' ').length > 4) return null;
  return label;
}

/**
 * Is the text after a label prose (more than MAX_VALUE_WORDS words, or a sentence mark but a final
 * full stop, or a full-width comma or semicolon between clauses)? Words as the word segmenter finds
 * them: Chinese and Japanese have no spaces, so "我去年四月在篱笆边种了郁金香" is nine words, not one.
 */
function framed(after: string): boolean {
  const value = after.trim();
  const body = value.replace(/[.。]$/u, '');
  return tokenize(value).length > MAX_VALUE_WORDS || /[.!?。！？，；]/u.test(body);
}

/**
 * The term a memory leads with, for the store's subjects (./fit.ts): its first term, or, when it is
 * prose under a frame of at most four words ("Speaker Melanie says: Thanks, Caroline! …"), the first
 * term after the frame: the frame is the same on every memory, whom the turn is about is in the turn.
 */
export function leadOf(text: string, toks: readonly string[]): string | undefined {
  const m = /^([^:：\n]{2,60})[:：]/u.exec(text.trim());
  if (!m || m[1].trim().split(/\s+/u).length > 4 || !framed(text.trim().slice(m[1].length + 1))) return toks[0];
  return memoryTokens(text.trim().slice(m[1].length + 1))[0] ?? toks[0];
}

/** Lines, then sentences (a terminator followed by a space, or a CJK terminator). */
export function segments(text: string): string[] {
  return text
    .split(/\r?\n|(?<=[.!?;])\s+|(?<=[。！？；])/u)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** A sentence that asks: it ends with a question mark (any script's), or opens with Spanish ¿. */
const QUESTION = /[?？؟]\s*["'”’)）」』]*$|^¿/u;

/**
 * The terms of a memory's sentences that are not questions (all its terms when none is). A memory
 * that is only a question states nothing: its set is empty.
 */
export function toldTerms(text: string, terms: Set<string>): Set<string> {
  if (!/[?？؟¿]/u.test(text)) return terms;
  const told = new Set<string>();
  for (const s of segments(text)) if (!QUESTION.test(s)) for (const t of memoryTokens(s)) told.add(t);
  return told;
}

/** The terms of each sentence a memory states (its segments that are not questions), in order: where its words stand together. */
export function toldSentences(v: Version): string[][] {
  v.sentences ??= segments(v.text)
    .filter((s) => !QUESTION.test(s))
    .map((s) => memoryTokens(s));
  return v.sentences;
}

function idsOf(v: unknown): string[] {
  if (Array.isArray(v)) return v.map(str).filter((x): x is string => !!x);
  const s = str(v);
  return s ? [s] : [];
}

export class Ledger {
  readonly current = new Map<string, Version>();
  /** every current memory */
  readonly index = new StoreIndex();
  /** the current memories of each owner (ownerOf), indexed alone: one user's store */
  private readonly owned = new Map<string, StoreIndex>();

  get bm25(): Bm25 {
    return this.index.bm;
  }

  /** The index of one owner's memories (undefined when none is current). */
  store(owner: string): StoreIndex | undefined {
    const b = this.owned.get(owner);
    return b && b.bm.size > 0 ? b : undefined;
  }

  /** The store a search ran on: its owner's memories when it names one that has any, else every memory. */
  searchStore(ev: SessionEvent): StoreIndex {
    const owner = searchOwner(ev);
    return (owner !== null ? this.store(owner) : undefined) ?? this.index;
  }
  private readonly writes = new Map<string, WriteInfo>();
  private readonly bySubject = new Map<string, string>();
  /** memory id -> the version that replaced it (for evidence) */
  readonly replacedBy = new Map<string, Version>();
  /** memory id -> its last version, once it is no longer current (replaced or deleted) */
  readonly lastVersion = new Map<string, Version>();
  /** memory id -> its last version and the commit that deleted it (while it stays deleted) */
  readonly deleted = new Map<string, { last: Version; commit: SessionEvent }>();
  /** memory id -> its earlier versions, oldest first, each replaced by a newer version of the same id with another text */
  readonly earlier = new Map<string, Version[]>();

  merge(ev: SessionEvent, session: string, external: boolean): void {
    if (!isKind(ev, 'memory_write') || !ev.body.write_id) return;
    const id = ev.body.write_id;
    const key = `${session}\u0000${id}`;
    let w = this.writes.get(key);
    if (!w) this.writes.set(key, (w = { writeId: id, session, external, scope: null, fields: {}, first: ev }));
    const b = ev.body;
    w.memoryId = str(b.memory_id) ?? w.memoryId;
    w.text = (typeof b.text === 'string' && b.text.trim() ? b.text : undefined) ?? w.text;
    w.type = str(b.memory_type) ?? w.type;
    w.store = str(b.store) ?? w.store;
    w.actor = ev.actor ?? w.actor;
    w.scope = ev.scope ?? w.scope;
    for (const [k, v] of Object.entries(b)) if (!ENVELOPE.has(k) && v !== undefined && v !== null && v !== '') w.fields[k] = v;
  }

  private remove(memoryId: string, by?: Version): void {
    const old = this.current.get(memoryId);
    // a write that names a memory this log never saw in `supersedes` still replaces it
    if (by) this.replacedBy.set(memoryId, by);
    if (!old) return;
    this.lastVersion.set(memoryId, old);
    this.current.delete(memoryId);
    this.index.delete(memoryId);
    const owner = ownerOf(old.write.scope);
    if (owner !== null) this.owned.get(owner)?.delete(memoryId);
    if (old.subject && this.bySubject.get(old.subject) === memoryId) this.bySubject.delete(old.subject);
  }

  /** A committed phase: the write's memory becomes current, replacing what it supersedes. */
  commit(ev: SessionEvent, session: string): Version | null {
    if (!isKind(ev, 'memory_write')) return null;
    const w = this.writes.get(`${session}\u0000${ev.body.write_id}`);
    if (!w) return null;
    const memoryId = w.memoryId ?? w.writeId;
    const old = this.current.get(memoryId);
    if (old?.write === w) return null; // the same write committed twice
    if (DELETE_OPS.test(str(w.fields.op) ?? str(w.fields.action) ?? str(w.fields.operation) ?? '')) {
      if (old) this.deleted.set(memoryId, { last: old, commit: ev });
      this.remove(memoryId);
      return null;
    }
    const text = w.text ?? '';
    const toks = memoryTokens(text);
    const terms = new Set(toks);
    const v: Version = { memoryId, write: w, text, commit: ev, toks, terms, told: toldTerms(text, terms), norm: normalizeText(text), subject: subjectOf(w) };
    this.deleted.delete(memoryId);
    this.replacedBy.delete(memoryId);
    if (old && old.norm !== v.norm) {
      const l = this.earlier.get(memoryId);
      if (l) l.push(old);
      else this.earlier.set(memoryId, [old]);
    }
    this.remove(memoryId);
    for (const id of [...idsOf(w.fields.supersedes), ...idsOf(w.fields.replaces)]) if (id !== memoryId) this.remove(id, v);
    if (v.subject) {
      const prev = this.bySubject.get(v.subject);
      if (prev && prev !== memoryId) this.remove(prev, v);
      this.bySubject.set(v.subject, memoryId);
    }
    this.current.set(memoryId, v);
    const lead = leadOf(text, toks);
    this.index.set(memoryId, toks, lead);
    const owner = ownerOf(w.scope);
    if (owner !== null) {
      let b = this.owned.get(owner);
      if (!b) this.owned.set(owner, (b = new StoreIndex()));
      b.set(memoryId, toks, lead);
    }
    return v;
  }
}

/**
 * Can a retrieval see a memory? `false` when both name a different user or tenant (in the envelope
 * or in a scope filter: the search is scoped to another user's store by design), or when the memory is
 * a private note of another agent than the search's; `same_user` when
 * both name the same user (or tenant); `unknown` when the log does not say whose they are.
 */
export function scopeAccess(v: Version, retrieval: SessionEvent): false | 'same_user' | 'unknown' {
  const f = isObject(retrieval.body.filters) ? retrieval.body.filters : {};
  const fs = isObject(f.scope) ? f.scope : {};
  // a private note (EVENTS.md `private`) is read in its own space only: another agent's search never misses it
  const agent = str(v.write.scope?.agent);
  if (v.write.fields.private === true && agent !== undefined && str(retrieval.scope?.agent) !== undefined && str(retrieval.scope?.agent) !== agent)
    return false;
  let same = false;
  for (const k of ['user', 'tenant']) {
    const have = str(v.write.scope?.[k]);
    if (have === undefined) continue;
    for (const want of [str(retrieval.scope?.[k]), str(fs[k]), str(f[k]), str(f[`${k}_id`])]) {
      if (want === undefined) continue;
      if (want !== have) return false;
      same = true;
    }
  }
  return same ? 'same_user' : 'unknown';
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * When a memory stops being true, as its write states it (EVENTS.md): `expires_at` wins (a date alone, as
 * Mem0's expiration_date, is the end of that day, UTC); `ttl_s` counts from the commit. `null`: no lifetime
 * stated. expired-state reports a memory served after it; recall-mismatch never misses one it left out.
 */
export function lifetimeEnd(v: Version): { at: number; from: 'expires_at' | 'ttl_s'; ttl_s: number | null } | null {
  const f = v.write.fields;
  const exp = f.expires_at;
  if (typeof exp === 'string' || typeof exp === 'number') {
    try {
      const at = typeof exp === 'string' && DATE_ONLY.test(exp.trim()) ? parseTimestamp(`${exp.trim()}T23:59:59.999Z`) : parseTimestamp(exp);
      return { at, from: 'expires_at', ttl_s: null };
    } catch {
      // an expires_at that is no time states no lifetime
    }
  }
  const ttl = typeof f.ttl_s === 'number' ? f.ttl_s : typeof f.ttl_s === 'string' && f.ttl_s.trim() ? Number(f.ttl_s) : Number.NaN;
  if (!Number.isFinite(ttl) || ttl < 0) return null;
  return { at: v.commit.ts + ttl * 1000, from: 'ttl_s', ttl_s: ttl };
}
