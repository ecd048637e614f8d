/**
 * The extracted layer and its index. One row per memory version in SQLite; an FTS5 table with
 * the trigram tokenizer holds each version's text and its terms (stemmed English words, Chinese
 * bigrams: the same terms the analyzers compare), so a term lookup is an index-assisted
 * `LIKE '% term %'` that works for Chinese as well as English. Metadata filters (type, source,
 * time, superseded) are plain columns. Scope is mandatory: every read and write names its user.
 */
import crypto from 'node:crypto';
import { tokenSet as termsOf } from '../text/relevance.js';
import { cosine, fromBlob, toBlob } from './embed.js';
import type { EngineDb } from './schema.js';
import { claimOf, valuesAgree } from './claims.js';
import { conflictSubject, winner } from './conflicts.js';
import { readsSpace, sameSpace } from './scope.js';
import { type Sharing, tagsColumn } from './sharing.js';
import { MIN_RECENCY, recencyOf, SOURCE_WEIGHT, WEIGHTS } from './rank.js';
import {
  ScopeError,
  type Conflict,
  type EngineScope,
  type Embedder,
  type Memory,
  type MemoryInput,
  type MemorySource,
  type MemoryType,
  type ScoreParts,
  type SearchHit,
  type SearchOptions,
} from './types.js';
import { requireScope } from './scope.js';
import { admits, pendingRow, termsColumn, toMemory, type PendingWrite, type Row } from './rows.js';

export { termsColumn, type PendingWrite } from './rows.js';

export { belowInjection, HALF_LIFE_DAYS, MIN_RECENCY, recencyOf, SOURCE_WEIGHT, WEIGHTS } from './rank.js';

function hash(s: string): string {
  return crypto.createHash('sha1').update(s).digest('hex').slice(0, 12);
}

/** The logical memory id: every version of the same scope and slot (or the same text) shares it. */
export function memoryIdFor(scope: EngineScope, input: Pick<MemoryInput, 'type' | 'text' | 'slot'>): string {
  // a team's memory is the team's, whoever writes it: every member's version of a slot is one memory.
  // A person whose user id is "team" would share its base with the team named like its agent (and supersede
  // the team's memories): its base is marked, the only one that can meet a team's
  const base =
    scope.team === undefined
      ? `${scope.tenant ?? ''}\u0000${scope.user}\u0000${scope.agent ?? ''}${scope.user === 'team' ? '\u0000person' : ''}`
      : `${scope.tenant ?? ''}\u0000team\u0000${scope.team}`;
  return `m-${hash(input.slot ? `${base}\u0000slot\u0000${input.slot}` : `${base}\u0000${input.type}\u0000${normalize(input.text)}`)}`;
}

export function normalize(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Jaccard similarity of two term sets. */
export function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 && b.size === 0) return 1;
  let n = 0;
  for (const x of a) if (b.has(x)) n++;
  return n / (a.size + b.size - n);
}

/**
 * Two texts that share most words still say different things when their numbers or their values
 * differ ("seat 14C" / "seat 15C", "May 3" / "May 4"): compared by value, they are not duplicates.
 */
export function sameValues(a: string, b: string): boolean {
  const nums = (t: string) => (t.match(/\p{N}+/gu) ?? []).join(' ');
  if (nums(a) !== nums(b)) return false;
  const ca = claimOf(a);
  const cb = claimOf(b);
  if (ca.negated !== cb.negated) return false;
  return !(ca.valueKey.length && cb.valueKey.length) || valuesAgree(ca.valueKey, cb.valueKey);
}

/** Near-duplicates are not written again: the same key in the same slot, the same normalised text, or 80% of the terms. */
export const NEAR_DUPLICATE = 0.8;

export interface WritePlan {
  memoryId: string;
  /** the current version in that slot (what this write would supersede) */
  current: Memory | null;
  /** an existing memory that says the same thing */
  duplicate: Memory | null;
  /** the version number this write creates */
  nextVersion: number;
}

/** The queued version stands against the stored one of the same memory. */
const wins = (p: Row, r: Row): boolean => winner(toMemory(p), toMemory(r)).kept.version === p.version;

export class MemoryIndex {
  /** Does `b` say the same as `a` (same normalised text, or NEAR_DUPLICATE of the terms)? */
  static nearDuplicate(a: string, b: string): boolean {
    if (normalize(a) === normalize(b)) return true;
    return jaccard(termsOf(a), termsOf(b)) >= NEAR_DUPLICATE && sameValues(a, b);
  }

  private readonly insertStmt;
  private readonly currentByIdStmt;
  private readonly supersedeStmt;
  private readonly termStmt;
  private readonly maxVersionStmt;
  private readonly conflictStmt;

  constructor(
    private readonly db: EngineDb,
    /** grants and team membership: who reads which space */
    readonly sharing: Sharing,
    private readonly embed: ((text: string) => ReturnType<Embedder> | null) | null,
    /** true when the embedding is semantic enough to recall candidates on its own */
    private readonly vectorRecall: boolean,
  ) {
    this.insertStmt = db.prepare(
      `INSERT INTO memories (memory_id, version, user, agent, tenant, type, slot, key, text, terms, source, temporary, raw_id, write_id, created_at, embedding, private, tags, team)
       VALUES (@memory_id, @version, @user, @agent, @tenant, @type, @slot, @key, @text, @terms, @source, @temporary, @raw_id, @write_id, @created_at, @embedding, @private, @tags, @team)`,
    );
    this.currentByIdStmt = db.prepare('SELECT * FROM memories WHERE memory_id = ? AND superseded_at IS NULL ORDER BY version DESC LIMIT 1');
    this.supersedeStmt = db.prepare(
      'UPDATE memories SET superseded_at = ?, superseded_by_raw = ?, superseded_by_version = ? WHERE row = ? AND superseded_at IS NULL',
    );
    this.termStmt = db.prepare('SELECT rowid AS row FROM memories_fts WHERE terms LIKE ?');
    this.maxVersionStmt = db.prepare('SELECT max(version) AS v FROM memories WHERE memory_id = ?');
    this.conflictStmt = db.prepare(
      'UPDATE memories SET superseded_at = ?, superseded_by_raw = ?, superseded_by_version = ?, superseded_by = ? WHERE memory_id = ? AND version = ? AND superseded_at IS NULL',
    );
  }

  /**
   * Scope is a hard filter: the scope's own space (tenant, user, agent; agent-less when it names
   * none), the parts of other spaces granted to it (never a private note), and the team it names
   * when its user is a member (sharing.ts `readWhere`).
   */
  private scopeWhere(scope: EngineScope): { sql: string; params: unknown[] } {
    return this.sharing.readWhere(scope);
  }

  /** What a write of `input` would do: which logical memory, what it supersedes, whether it repeats one. */
  plan(scope: EngineScope, input: MemoryInput): WritePlan {
    requireScope(scope);
    this.sharing.checkMember(scope);
    if (scope.team !== undefined && input.private) throw new ScopeError(`a private note belongs to its author's own space, not to team ${scope.team}`);
    const memoryId = memoryIdFor(scope, input);
    const cur = this.currentByIdStmt.get(memoryId) as Row | undefined;
    const current = cur ? toMemory(cur) : null;
    let duplicate: Memory | null = null;
    if (current) {
      if ((input.key && current.key === input.key) || normalize(current.text) === normalize(input.text)) duplicate = current;
    } else {
      const mine = termsOf(input.text);
      for (const m of this.current(scope, { types: [input.type] })) {
        // only the space written to: a memory shared with it is another space's
        if (!sameSpace(m.scope, scope)) continue;
        if (input.slot && m.slot && m.slot !== input.slot) continue;
        if (normalize(m.text) === normalize(input.text) || (jaccard(mine, termsOf(m.text)) >= NEAR_DUPLICATE && sameValues(m.text, input.text))) {
          duplicate = m;
          break;
        }
      }
    }
    const max = (this.maxVersionStmt.get(memoryId) as { v: number | null }).v ?? 0;
    return { memoryId, current, duplicate, nextVersion: max + 1 };
  }

  /**
   * Insert a new version, then resolve what it contradicts. The version it replaces on its slot,
   * and every current memory of the same space it conflicts with (conflicts.ts), face it under one
   * rule (`winner`: time and credibility scored together, ties by the raw layer's order): the loser
   * is marked superseded, never deleted. A write that loses (an inference against what the user
   * said, or a replayed write older than the current version) is stored already superseded.
   * `ts` is the write's event time. Call inside a transaction.
   */
  insertVersion(scope: EngineScope, memoryId: string, input: MemoryInput, writeId: string, ts: number): Memory {
    const cur = this.currentByIdStmt.get(memoryId) as Row | undefined;
    const version = ((this.maxVersionStmt.get(memoryId) as { v: number | null }).v ?? 0) + 1;
    const mine: Memory = {
      id: memoryId,
      version,
      scope,
      type: input.type,
      text: input.text,
      slot: input.slot ?? null,
      key: input.key ?? null,
      source: input.source ?? 'user',
      temporary: input.temporary ?? false,
      rawId: input.rawId ?? null,
      writeId,
      createdAt: ts,
      supersededAt: null,
      supersededByRaw: null,
      supersededByVersion: null,
      supersededBy: null,
      private: input.private ?? false,
      tags: input.tags ? [...input.tags] : [],
    };
    const loses = cur !== undefined && winner(toMemory(cur), mine).kept !== mine;
    if (cur && !loses) this.supersedeStmt.run(ts, input.rawId ?? null, version, cur.row);
    const vec = this.embed ? this.embed(input.text) : null;
    const info = this.insertStmt.run({
      memory_id: memoryId,
      version,
      user: scope.user,
      agent: scope.agent ?? null,
      tenant: scope.tenant ?? null,
      type: input.type,
      slot: input.slot ?? null,
      key: input.key ?? null,
      text: input.text,
      terms: termsColumn(input.text),
      source: input.source ?? 'user',
      temporary: input.temporary ? 1 : 0,
      raw_id: input.rawId ?? null,
      write_id: writeId,
      created_at: ts,
      embedding: vec ? toBlob(vec) : null,
      private: input.private ? 1 : 0,
      tags: tagsColumn(input.tags),
      team: scope.team ?? null,
    });
    if (loses) this.conflictStmt.run(ts, cur.raw_id, cur.version, memoryId, memoryId, version);
    else {
      const others = this.current(scope).filter((m) => m.id !== memoryId && sameSpace(m.scope, scope));
      this.resolved.push(...this.resolveConflicts([{ ...mine }, ...others], ts, mine));
    }
    return toMemory(this.db.prepare('SELECT * FROM memories WHERE row = ?').get(info.lastInsertRowid) as Row);
  }

  /** A queued version wins against the stored current version of its memory (or there is none). */
  private standsQueued(p: Row): boolean {
    const cur = this.currentByIdStmt.get(p.memory_id) as Row | undefined;
    return !cur || wins(p, cur);
  }

  /** What a scope's own space holds now: its current memories, each replaced by a newer queued version, and queued new ones (read-your-writes). */
  visible(scope: EngineScope, pending: readonly PendingWrite[]): Memory[] {
    const byId = new Map<string, Memory>();
    for (const m of this.current(scope)) if (readsSpace(scope, m.scope)) byId.set(m.id, m);
    const queuedAt = new Map<string, number>();
    for (const p of pending) {
      const row = pendingRow(p, 0, null);
      // the later queued version by event time stands, whatever the queue's order
      if (!readsSpace(scope, p.scope) || p.requestedAt < (queuedAt.get(p.memoryId) ?? Number.NEGATIVE_INFINITY) || !this.standsQueued(row)) continue;
      queuedAt.set(p.memoryId, p.requestedAt);
      byId.set(p.memoryId, toMemory(row));
    }
    return [...byId.values()].sort((a, b) => a.createdAt - b.createdAt);
  }

  /** A vector that arrived after its memory was stored (an async embedder, async.ts). */
  fillEmbedding(text: string, v: Float32Array | number[]): void {
    this.db.prepare('UPDATE memories SET embedding = ? WHERE embedding IS NULL AND text = ?').run(toBlob(v), text);
  }

  /** Withdraw a memory's current version ("forget that"): marked superseded by the raw entry that withdrew it, never deleted. */
  withdraw(scope: EngineScope, m: Memory, rawId: number | null, ts: number): void {
    requireScope(scope);
    this.conflictStmt.run(ts, rawId, null, null, m.id, m.version);
  }

  /** Mark a memory's current version superseded by another memory's current version (a write that replaced it under another id). */
  supersedeBy(scope: EngineScope, m: Memory, by: Memory, ts: number): void {
    requireScope(scope);
    this.conflictStmt.run(ts, by.rawId, by.version, by.id, m.id, m.version);
  }

  /** The highest version stored for a memory (0: none). */
  maxVersion(memoryId: string): number {
    return (this.maxVersionStmt.get(memoryId) as { v: number | null }).v ?? 0;
  }

  /** Conflicts resolved as writes were committed, oldest first (the engine reports and clears them). */
  readonly resolved: Conflict[] = [];

  /**
   * Find conflicts among current memories (same subject, incompatible content) and resolve each:
   * the loser is marked superseded, naming the winner (its memory id, version and raw entry).
   */
  resolveConflicts(candidates: readonly Memory[], ts: number, only?: Memory): Conflict[] {
    const out: Conflict[] = [];
    const lost = new Set<string>();
    const list = candidates.filter((m) => m.supersededAt === null);
    for (let i = 0; i < list.length; i++) {
      if (only && i > 0) break;
      for (let j = i + 1; j < list.length; j++) {
        const a = list[i];
        const b = list[j];
        if (lost.has(a.id) || lost.has(b.id)) continue;
        const subject = conflictSubject(a, b);
        if (!subject) continue;
        const w = winner(a, b);
        lost.add(w.superseded.id);
        // across spaces (a memory shared with the reader against its own) the loser leaves this read
        // only: one space's read never marks another space's memory
        if (!sameSpace(a.scope, b.scope)) {
          out.push({ subject, kept: w.kept, superseded: w.superseded, rule: w.rule });
          continue;
        }
        this.conflictStmt.run(ts, w.kept.rawId, w.kept.version, w.kept.id, w.superseded.id, w.superseded.version);
        out.push({
          subject,
          kept: w.kept,
          superseded: { ...w.superseded, supersededAt: ts, supersededByRaw: w.kept.rawId, supersededByVersion: w.kept.version, supersededBy: w.kept.id },
          rule: w.rule,
        });
      }
    }
    return out;
  }

  /** Current (not superseded) memories of a scope, oldest first. */
  current(scope: EngineScope, opts: { types?: readonly MemoryType[]; includeSuperseded?: boolean } = {}): Memory[] {
    requireScope(scope);
    const w = this.scopeWhere(scope);
    let sql = `SELECT * FROM memories WHERE ${w.sql}`;
    const params = [...w.params];
    if (!opts.includeSuperseded) sql += ' AND superseded_at IS NULL';
    if (opts.types?.length) {
      sql += ` AND type IN (${opts.types.map(() => '?').join(',')})`;
      params.push(...opts.types);
    }
    sql += ' ORDER BY created_at, row';
    return (this.db.prepare(sql).all(...params) as Row[]).map(toMemory);
  }

  /** Every version the scope's user wrote (with an agent: that agent's), team memories included, oldest first. */
  authored(scope: EngineScope): Memory[] {
    const s = requireScope(scope);
    const rows = this.db
      .prepare("SELECT * FROM memories WHERE user = ? AND coalesce(tenant, '') = ? AND (? IS NULL OR coalesce(agent, '') = ?) ORDER BY created_at, row")
      .all(s.user, s.tenant ?? '', s.agent ?? null, s.agent ?? '') as Row[];
    return rows.map(toMemory);
  }

  /** Every version of one memory, oldest first (superseded ones included). */
  versions(scope: EngineScope, memoryId: string): Memory[] {
    requireScope(scope);
    const w = this.scopeWhere(scope);
    return (this.db.prepare(`SELECT * FROM memories WHERE ${w.sql} AND memory_id = ? ORDER BY version`).all(...w.params, memoryId) as Row[]).map(toMemory);
  }

  /** Logical ids of every memory the scope reads (superseded versions share their id). */
  memoryIds(scope: EngineScope): string[] {
    const w = this.scopeWhere(requireScope(scope));
    return (this.db.prepare(`SELECT DISTINCT memory_id FROM memories WHERE ${w.sql} ORDER BY memory_id`).all(...w.params) as { memory_id: string }[]).map(
      (r) => r.memory_id,
    );
  }

  /**
   * Recall wide, then rerank: candidates that share a term with the query (trigram-indexed term
   * lookups) and, with a semantic embedder, the nearest vectors; each scored by relevance,
   * recency (half-life per category) and source. Then conflicts among the recalled are resolved
   * (the losers leave the list); the first `limit` not below the decay floor are kept.
   */
  search(scope: EngineScope, query: string, now: number, opts: SearchOptions & { topK: number; pending?: readonly PendingWrite[] }): SearchHit[] {
    return this.retrieve(scope, query, now, opts).hits;
  }

  /** This space's queued writes as candidate rows; of two queued versions of one memory, the later by event time (whatever the queue's order). */
  private queuedRows(scope: EngineScope, opts: SearchOptions & { pending?: readonly PendingWrite[] }): Row[] {
    const newest = new Map<string, PendingWrite>();
    for (const p of opts.pending ?? [])
      if (readsSpace(scope, p.scope) && admits(p, opts) && p.requestedAt >= (newest.get(p.memoryId)?.requestedAt ?? Number.NEGATIVE_INFINITY))
        newest.set(p.memoryId, p);
    return [...newest.values()].map((p, i) => pendingRow(p, -(i + 1), this.embed));
  }

  /**
   * Read-your-writes meets conflicts before the commit: a queued write that contradicts a recalled
   * memory hides the loser of the two, and a queued write that a stored memory of its space
   * contradicts and outranks is hidden, recalled or not (a correction committed while the fact it
   * corrects waits in the queue): the commit will mark the loser superseded. Adds to `lost`.
   */
  private hideQueuedConflicts(scope: EngineScope, recalled: readonly { row: Row }[], lost: Set<string>): void {
    const queued = recalled.filter((x) => x.row.row < 0);
    for (const p of queued)
      for (const x of recalled)
        if (x !== p && conflictSubject(toMemory(p.row), toMemory(x.row))) {
          const w = winner(toMemory(p.row), toMemory(x.row));
          lost.add(`${w.superseded.id}\u0000${w.superseded.version}`);
        }
    const stored = queued.length ? this.current(scope).filter((m) => sameSpace(m.scope, scope)) : [];
    for (const p of queued) {
      const pm = toMemory(p.row);
      if (stored.some((m) => m.id !== pm.id && conflictSubject(pm, m) && winner(pm, m).superseded === pm)) lost.add(`${pm.id}\u0000${pm.version}`);
    }
  }

  /** `search`, with the conflicts it found and resolved among the recalled memories. */
  retrieve(
    scope: EngineScope,
    query: string,
    now: number,
    opts: SearchOptions & { topK: number; pending?: readonly PendingWrite[] },
  ): { hits: SearchHit[]; conflicts: Conflict[] } {
    requireScope(scope);
    const q = termsOf(query);
    const shared = new Map<number, number>();
    for (const t of q) {
      for (const r of this.termStmt.all(`% ${t.replace(/[%_]/g, '')} %`) as { row: number }[]) shared.set(r.row, (shared.get(r.row) ?? 0) + 1);
    }
    const w = this.scopeWhere(scope);
    const filters: string[] = [w.sql];
    const params: unknown[] = [...w.params];
    if (!opts.includeSuperseded) filters.push('superseded_at IS NULL');
    if (opts.types?.length) {
      filters.push(`type IN (${opts.types.map(() => '?').join(',')})`);
      params.push(...opts.types);
    }
    if (opts.excludeTypes?.length) {
      filters.push(`type NOT IN (${opts.excludeTypes.map(() => '?').join(',')})`);
      params.push(...opts.excludeTypes);
    }
    if (opts.excludeIds?.length) {
      filters.push(`memory_id NOT IN (${opts.excludeIds.map(() => '?').join(',')})`);
      params.push(...opts.excludeIds);
    }
    if (opts.sources?.length) {
      filters.push(`source IN (${opts.sources.map(() => '?').join(',')})`);
      params.push(...opts.sources);
    }
    if (opts.since !== undefined) {
      filters.push('created_at >= ?');
      params.push(opts.since);
    }
    let rows: Row[];
    if (this.vectorRecall) {
      rows = this.db.prepare(`SELECT * FROM memories WHERE ${filters.join(' AND ')}`).all(...params) as Row[];
    } else {
      const ids = [...shared.keys()];
      rows = [];
      for (let i = 0; i < ids.length; i += 500) {
        const chunk = ids.slice(i, i + 500);
        rows.push(
          ...(this.db
            .prepare(`SELECT * FROM memories WHERE row IN (${chunk.map(() => '?').join(',')}) AND ${filters.join(' AND ')}`)
            .all(...chunk, ...params) as Row[]),
        );
      }
    }
    // read-your-writes: this space's queued writes are candidates too, before the worker commits them
    const pending = this.queuedRows(scope, opts);
    for (const r of pending) {
      let n = 0;
      for (const t of q) if (r.terms.includes(` ${t} `)) n++;
      if (n) shared.set(r.row, n);
    }
    // a queued version stands only if it wins against the stored one (an older write queued behind a newer commit does not)
    const standing = pending.filter((p) => this.standsQueued(p));
    const ids = new Set(standing.map((r) => r.memory_id));
    rows = [...rows.filter((r) => !ids.has(r.memory_id)), ...standing];
    const qv = this.embed && q.size > 0 ? this.embed(query) : null;
    const scored: { row: Row; parts: ScoreParts; recallScore: number }[] = [];
    for (const r of rows) {
      const n = shared.get(r.row) ?? 0;
      const mTerms = r.terms.trim() ? r.terms.trim().split(' ').length : 0;
      const lexical = n > 0 && q.size > 0 && mTerms > 0 ? n / Math.min(q.size, mTerms) : 0;
      const mv = qv ? fromBlob(r.embedding) : null;
      const vector = qv && mv ? Math.max(0, cosine(qv, mv)) : null;
      if (lexical === 0 && !(this.vectorRecall && vector !== null && vector >= 0.35)) continue;
      const relevance = vector === null ? lexical : this.vectorRecall ? 0.5 * lexical + 0.5 * vector : 0.75 * lexical + 0.25 * vector;
      const recency = recencyOf({ type: r.type as MemoryType, temporary: r.temporary === 1, createdAt: r.created_at }, now);
      const source = SOURCE_WEIGHT[r.source as MemorySource] ?? 0.5;
      scored.push({ row: r, parts: { relevance, lexical, vector, recency, source }, recallScore: relevance });
    }
    // recall wide: the best `recall` by relevance alone, then rerank them
    scored.sort((a, b) => b.recallScore - a.recallScore || b.row.created_at - a.row.created_at || a.row.row - b.row.row);
    let recalled = scored.slice(0, opts.recall ?? 50);
    const conflicts = opts.includeSuperseded
      ? []
      : this.resolveConflicts(
          recalled.filter((x) => x.row.row > 0).map((x) => toMemory(x.row)),
          now,
        );
    const lost = new Set(conflicts.map((c) => `${c.superseded.id}\u0000${c.superseded.version}`));
    this.hideQueuedConflicts(scope, recalled, lost);
    if (lost.size) recalled = recalled.filter((x) => !lost.has(`${x.row.memory_id}\u0000${x.row.version}`));
    const ranked = recalled
      .map((s) => ({
        ...s,
        score: WEIGHTS.relevance * s.parts.relevance + WEIGHTS.recency * s.parts.recency + WEIGHTS.source * s.parts.source,
      }))
      .sort((a, b) => b.score - a.score || b.row.created_at - a.row.created_at || a.row.row - b.row.row);
    const limit = opts.limit ?? opts.topK;
    let kept = 0;
    const hits = ranked.map((s, i) => {
      const decayed = s.parts.recency < MIN_RECENCY;
      const injected = !decayed && kept < limit && (opts.threshold === undefined || s.score >= opts.threshold);
      if (injected) kept++;
      return { memory: toMemory(s.row), score: Math.round(s.score * 10_000) / 10_000, rank: i + 1, parts: s.parts, injected, decayed };
    });
    return { hits, conflicts };
  }
}
