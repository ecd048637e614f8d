/**
 * A memory version as SQLite stores it, and as a queued write looks before it is stored (so that
 * reads see their own writes: read-your-writes across the queue).
 */
import { tokenSet as termsOf } from '../text/relevance.js';
import { toBlob } from './embed.js';
import { scopeOfRow } from './scope.js';
import { tagsColumn } from './sharing.js';
import type { Embedder, EngineScope, Memory, MemoryInput, MemorySource, MemoryType, SearchOptions } from './types.js';

export interface Row {
  row: number;
  memory_id: string;
  version: number;
  user: string;
  agent: string | null;
  tenant: string | null;
  type: string;
  slot: string | null;
  key: string | null;
  text: string;
  terms: string;
  source: string;
  temporary: number;
  raw_id: number | null;
  write_id: string;
  created_at: number;
  superseded_at: number | null;
  superseded_by_raw: number | null;
  superseded_by_version: number | null;
  superseded_by: string | null;
  embedding: Buffer | null;
  /** migration 4: a private note, its tags (padded), its team space */
  private: number;
  tags: string;
  team: string | null;
}

export function toMemory(r: Row): Memory {
  return {
    id: r.memory_id,
    version: r.version,
    scope: scopeOfRow(r),
    type: r.type as MemoryType,
    text: r.text,
    slot: r.slot,
    key: r.key,
    source: r.source as MemorySource,
    temporary: r.temporary === 1,
    rawId: r.raw_id,
    writeId: r.write_id,
    createdAt: r.created_at,
    supersededAt: r.superseded_at,
    supersededByRaw: r.superseded_by_raw,
    supersededByVersion: r.superseded_by_version,
    supersededBy: r.superseded_by ?? null,
    private: r.private === 1,
    tags: r.tags.trim() ? r.tags.trim().split(' ') : [],
  };
}

/** The terms column: space-separated, padded, so `LIKE '% t %'` matches whole terms. */
export function termsColumn(text: string): string {
  const t = [...termsOf(text)];
  return t.length ? ` ${t.join(' ')} ` : ' ';
}

/** A write acknowledged and queued, not yet committed: read-your-writes makes it a candidate. */
export interface PendingWrite {
  memoryId: string;
  version: number;
  scope: EngineScope;
  input: MemoryInput;
  writeId: string;
  requestedAt: number;
}

export function admits(p: PendingWrite, o: SearchOptions): boolean {
  if (o.types?.length && !o.types.includes(p.input.type)) return false;
  if (o.excludeTypes?.includes(p.input.type)) return false;
  if (o.excludeIds?.includes(p.memoryId)) return false;
  if (o.sources?.length && !o.sources.includes(p.input.source ?? 'user')) return false;
  return o.since === undefined || p.requestedAt >= o.since;
}

export function pendingRow(p: PendingWrite, row: number, embed: ((text: string) => ReturnType<Embedder> | null) | null): Row {
  const vec = embed ? embed(p.input.text) : null;
  return {
    row,
    memory_id: p.memoryId,
    version: p.version,
    user: p.scope.user,
    agent: p.scope.agent ?? null,
    tenant: p.scope.tenant ?? null,
    type: p.input.type,
    slot: p.input.slot ?? null,
    key: p.input.key ?? null,
    text: p.input.text,
    terms: termsColumn(p.input.text),
    source: p.input.source ?? 'user',
    temporary: p.input.temporary ? 1 : 0,
    raw_id: p.input.rawId ?? null,
    write_id: p.writeId,
    created_at: p.requestedAt,
    superseded_at: null,
    superseded_by_raw: null,
    superseded_by_version: null,
    superseded_by: null,
    embedding: vec ? toBlob(vec) : null,
    private: p.input.private ? 1 : 0,
    tags: tagsColumn(p.input.tags),
    team: p.scope.team ?? null,
  };
}
