/** Replay's verdict on a recall-mismatch finding: does the reference engine pin, or recall wide and rerank, the missed memory? */
import { atTurn, carriedIn } from '../judging.js';
import { notJudged, notPrevented, prevented, type FindingOf, type Judgement, type ReplayView } from '../views.js';
import type { Cause, Detail } from './causes.js';

export function judge(f: FindingOf<Cause, Detail>, r: ReplayView): Judgement {
  const recordedId = String(f.detail?.memory_id ?? '');
  const at = atTurn(f.turn);
  const plans = r.plansAt(f.turn);
  const w = r.recordedByMemoryId(recordedId);
  if (!w?.receipt || !w.text) return notJudged(`memory ${recordedId} has no text in the log: the reference engine could not store it`);
  const id = w.receipt.memoryId;
  const ws = w.scope ?? r.scopeAt(f.turn);
  const mem = r.engine.memories(ws).find((m) => m.id === id);
  if (!mem) return notPrevented(`the reference engine holds no current version of memory ${recordedId}`);
  if (!plans.length) {
    // a retrieval trace without prompts: what would the reference engine have put in a prompt?
    if (mem.type === 'preference' || mem.type === 'constraint') {
      return prevented(
        `memory ${recordedId} ("${mem.text}") is a ${mem.type}: the reference engine pins it in every prompt it builds, whatever a retrieval ranks it (the log has no prompt at ${at} to compare)`,
      );
    }
    const q = f.turn !== null ? r.queries.get(f.turn) : undefined;
    const hit = q ? r.engine.search(ws, q).find((h) => h.memory.id === id) : undefined;
    if (hit?.injected)
      return prevented(
        `the reference retrieval for "${q}" recalls wide and reranks: memory ${recordedId} ranks ${hit.rank} (score ${hit.score}) and is kept in the top 8`,
      );
    return notPrevented(`no reference prompt at ${at}, and the reference retrieval does not keep memory ${recordedId} either`);
  }
  const p = plans[0];
  if (p.pinned.some((m) => m.id === id))
    return prevented(
      `memory ${recordedId} ("${mem.text}") is a ${mem.type}: the reference engine pins it in every prompt, whatever the retrieval ranks it; it is in the reference prompt at ${at}`,
    );
  const hit = p.retrieved.find((h) => h.memory.id === id);
  if (hit?.injected)
    return prevented(
      `the reference engine recalled wide and reranked: memory ${recordedId} ("${mem.text}") ranked ${hit.rank} with score ${hit.score} and was injected at ${at} (top 8, no hard threshold)`,
    );
  if (carriedIn(p, mem.text)) return prevented(`memory ${recordedId} ("${mem.text}") is in the reference prompt at ${at}`);
  return notPrevented(
    `the reference retrieval at ${at} did not inject memory ${recordedId} either${hit ? ` (rank ${hit.rank}, score ${hit.score})` : ' (not recalled)'}`,
  );
}
