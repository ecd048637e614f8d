/**
 * The `retrieval` event of one prompt (shared/spec/EVENTS.md): the query, the filters, every
 * recalled candidate with its score, rank and metadata, what was injected, and the conflicts
 * resolved after it (the loser superseded, never deleted).
 */
import type { Conflict, EngineScope, SearchHit } from './types.js';
import { PINNED_TYPES } from './types.js';

export function retrievalPayload(a: {
  retrievalId: string;
  query: string;
  scope: EngineScope;
  /** the other agents whose spaces (a part of) the search read, by a share */
  sharedAgents?: readonly string[];
  topK: number;
  threshold?: number;
  pinning: boolean;
  /** pinned items left out of the pinned section: they compete in retrieval, so only the kept ones are filtered */
  pinnedIds?: readonly string[];
  retrieved: (SearchHit & { injected: boolean })[];
  conflicts: readonly Conflict[];
}): Record<string, unknown> {
  const filters: Record<string, unknown> = { user: a.scope.user };
  if (a.scope.tenant) filters.tenant = a.scope.tenant;
  // the search read its own agent's space and the parts shared with it: the filter names them all
  if (a.scope.agent) filters.agent = a.sharedAgents?.length ? { $in: [a.scope.agent, ...a.sharedAgents] } : a.scope.agent;
  if (a.scope.team) filters.team = a.scope.team;
  if (a.pinning && a.pinnedIds) filters.memory_id = { $nin: [...a.pinnedIds] };
  else if (a.pinning) filters.memory_type = { $nin: [...PINNED_TYPES] };
  return {
    retrieval_id: a.retrievalId,
    query: a.query,
    top_k: a.topK,
    ...(a.threshold !== undefined ? { threshold: a.threshold } : {}),
    filters,
    candidates: a.retrieved.map((h) => ({
      id: h.memory.id,
      score: h.score,
      rank: h.rank,
      text: h.memory.text,
      metadata: {
        type: h.memory.type,
        created_at: new Date(h.memory.createdAt).toISOString(),
        source: h.memory.source,
        version: h.memory.version,
        ...(h.decayed ? { decayed: true } : {}),
      },
    })),
    injected: a.retrieved.filter((h) => h.injected).map((h) => h.memory.id),
    ...(a.conflicts.length
      ? {
          conflicts: a.conflicts.map((c) => ({
            subject: c.subject,
            rule: c.rule,
            kept: { id: c.kept.id, version: c.kept.version },
            superseded: { id: c.superseded.id, version: c.superseded.version },
          })),
        }
      : {}),
  };
}
