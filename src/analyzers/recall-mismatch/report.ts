/** How a recall-mismatch is told: title, fix, evidence chain and detail. */
import { logWords } from '../../findings/title.js';
import type { EvidenceDraft, FindingDraft } from '../define.js';
import type { SessionEvent } from '../../store/session.js';
import type { Candidate, Selection, Stage } from '../../events/retrieval.js';
import { str, type Version } from './ledger.js';
import { fmtWant, type FilterMismatch } from './filters.js';
import type { Cause, Detail, Relevance } from './causes.js';
import { confidenceOf } from './confidence.js';

export type NotRetrieved =
  | { reason: 'error'; error: string }
  | ({ reason: 'filter' } & FilterMismatch)
  | { reason: 'index_lag'; lag_ms: number }
  | { reason: 'not_indexed'; returned: number; top_k: number }
  | { reason: 'ranked_below'; returned_by: string | null; returned_at: string; rank: number; fit?: number; best_injected_fit?: number; phrase?: string[] }
  | { reason: 'unknown'; fit?: number; best_injected_fit?: number; phrase?: string[] };

export interface Judgement {
  cause: Cause;
  carrier?: Candidate;
  /** the memory's candidate in the first stage, when a rerank followed */
  pre?: Candidate;
  dil: { ratio: number; chars?: number; memory_chars?: number; tokens?: number; memory_tokens?: number } | null;
  notRetrieved?: NotRetrieved;
  rel_cut?: { by: 'ratio' | 'gap'; best: number; ratio: number | null; gap: number | null };
  topK?: number;
  threshold?: number;
  sel: Selection;
  first: Stage;
  final: Stage;
  rel: Relevance;
  byScore: boolean;
  lowestInjected?: number;
  context?: SessionEvent;
  response?: SessionEvent;
  query: string;
  rewritten: string;
}

const FIX = {
  rank_beyond_top_k:
    'Retrieve wider (e.g. top_k 20) and rerank before cutting, and cut by a score relative to the best candidate instead of a fixed top_k; pin standing preferences and constraints so they are always injected.',
  below_threshold:
    'Replace the absolute score threshold with a relative cut-off (e.g. within 0.1 of the best score) or calibrate it for the embedding model, and retrieve wider then rerank.',
  relative_cutoff:
    'Loosen the relative cut-off (a lower ratio or a wider gap), or keep a floor of the top few candidates whatever their distance to the best; pin standing preferences and constraints.',
  reranked_out:
    'Check the reranker on this query (its model, its input text, its top_n); keep the first-stage hits of user memories alongside the reranked list, or rerank wider before cutting.',
  not_injected:
    'Find the step between retrieval and prompt that dropped it (token budget, de-duplication, prompt template) and log its reason; give memories their own budget.',
  chunk_dilution:
    'Chunk semantically (one fact or preference per chunk) or index the memory as its own record, so unrelated text in a long chunk does not dilute its embedding.',
  not_retrieved: {
    error: 'Retry the search or fall back to pinned memories when retrieval fails, and surface the error instead of answering without memory.',
    filter: "Fix the search's metadata filter / scope so it covers the memory's type and scope (or write the memory with the scope its readers use).",
    index_lag: 'Refresh the index after each commit before searching (or read your own writes: also search writes committed but not yet indexed).',
    not_indexed: "Check that the memory's write reached the index this search uses (its embedding job, collection and scope), and re-index it.",
    ranked_below:
      'Retrieve wider (top_k 20 or more) and rerank, or add keyword / hybrid search: the memory is indexed but its embedding ranks below weaker matches for this query.',
    unknown:
      'Check that the memory is in the index this search uses (refresh or re-embed it) and add keyword / hybrid search so lexical matches are not missed.',
  },
};

export function ordinal(n: number): string {
  const t = n % 100;
  if (t >= 11 && t <= 13) return `${n}th`;
  return `${n}${['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`;
}

export function fmtScore(s: number): string {
  return Number.isInteger(Math.round(s * 1e6) / 1e4) ? s.toFixed(2) : String(Number(s.toFixed(4)));
}

function fmtMs(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;
}

const round = (x: number): number => Math.round(x * 1000) / 1000;
const EPS = 1e-9;

function title(v: Version, f: Judgement, ev: SessionEvent): string {
  const where = v.write.external ? ` (written in session ${v.write.session} at ${new Date(v.commit.ts).toISOString()})` : '';
  // the memory's type and id, a chunk's id and a rerank stage's name are the log's words: marked (title.ts)
  const label = `Stored ${v.write.type !== undefined && v.write.type !== null ? logWords(v.write.type) : 'memory'} ${logWords(v.memoryId)}${where}`;
  const c = f.carrier;
  const k = f.topK;
  const t = f.threshold;
  if (f.cause === 'rank_beyond_top_k' && c) {
    return t !== undefined && c.score < t - EPS
      ? `${label} ranked ${ordinal(c.rank)} with top_k=${k} and score ${fmtScore(c.score)} < threshold ${fmtScore(t)}`
      : `${label} ranked ${ordinal(c.rank)} with top_k=${k} (score ${fmtScore(c.score)}${f.lowestInjected !== undefined ? `, lowest injected ${fmtScore(f.lowestInjected)}` : ''})`;
  }
  if (f.cause === 'below_threshold' && c)
    return `${label} ranked ${ordinal(c.rank)}${k !== undefined ? ` within top_k=${k}` : ''} but scored ${fmtScore(c.score)} < threshold ${fmtScore(t!)}`;
  if (f.cause === 'chunk_dilution' && c && f.dil) {
    const size = f.dil.chars !== undefined ? `${f.dil.chars} chars` : `${f.dil.tokens} tokens`;
    const cut = k !== undefined && c.rank > k ? `ranked ${ordinal(c.rank)} beyond top_k=${k}` : `ranked ${ordinal(c.rank)} under threshold ${fmtScore(t ?? 0)}`;
    const inside = c.id === v.memoryId ? 'is embedded in a long record' : `sits inside chunk ${logWords(c.id)}`;
    return `${label} ${inside} (${size}, ${Math.round(f.dil.ratio)}x the memory): diluted to score ${fmtScore(c.score)}, ${cut}`;
  }
  if (f.cause === 'relative_cutoff' && c && f.rel_cut) {
    const r = f.rel_cut;
    const rule =
      r.by === 'ratio' ? `${fmtScore(r.ratio!)} x the best score ${fmtScore(r.best)}` : `the best score ${fmtScore(r.best)} minus ${fmtScore(r.gap!)}`;
    return `${label} ranked ${ordinal(c.rank)} with score ${fmtScore(c.score)}, under the relative cut-off (${rule})`;
  }
  if (f.cause === 'reranked_out' && f.pre) {
    const st = logWords(f.final.name);
    const after = c && c !== f.pre ? `${ordinal(c.rank)} after rerank ${st} (score ${fmtScore(c.score)})` : `dropped by rerank ${st}`;
    return `${label} ranked ${ordinal(f.pre.rank)} in the search (score ${fmtScore(f.pre.score)}) but ${after}${f.final.topK !== undefined ? `, top_k=${f.final.topK}` : ''}`;
  }
  if (f.cause === 'not_injected' && c)
    return `${label} ranked ${ordinal(c.rank)} (score ${fmtScore(c.score)}) within every stated cut, but the retrieval's injected list leaves it out`;
  const nr = f.notRetrieved ?? { reason: 'unknown' };
  const n = f.first.cands.length;
  const rid = str(ev.body.retrieval_id);
  if (nr.reason === 'error')
    return `Retrieval ${rid !== null && rid !== undefined ? logWords(rid) : `at turn ${ev.turn ?? '?'}`} failed (${logWords(String(nr.error))}): ${label.replace(/^S/, 's')} never reached the prompt`;
  if (nr.reason === 'filter')
    return `${label} not retrieved: filter ${nr.key}=${logWords(fmtWant(nr.want))} excludes its ${nr.key.replace(/^scope\./, '')} "${logWords(String(nr.have))}"`;
  if (nr.reason === 'index_lag') return `${label} committed ${fmtMs(nr.lag_ms)} before the query was not yet indexed: not among the ${n} candidates`;
  if (nr.reason === 'not_indexed')
    return `${label} fits the query but was not in the index searched: the search returned ${nr.returned} of top_k=${nr.top_k}, every match it had`;
  if (nr.reason === 'ranked_below') {
    const by = nr.returned_by ? `search ${logWords(nr.returned_by)}` : 'an earlier search';
    return `${label} fits the query better than the ${n} results it got, but ranked below them: it is in the index (${by} returned it ${ordinal(nr.rank)} at ${nr.returned_at})`;
  }
  // the log holds only what the search returned: below the cut or never indexed, it cannot tell
  const than = nr.best_injected_fit !== undefined ? ` better than the ${n} results it got` : '';
  return `${label} fits the query${than} but was not among the ${n} candidates (ranked below them, or not indexed: the log holds only what the search returned)`;
}

function evidenceOf(
  ev: SessionEvent,
  v: Version,
  f: Judgement,
  shown: object[],
  userInput: { ev: SessionEvent; text: string; overlap: number } | null,
): EvidenceDraft[] {
  const b = ev.body;
  const evidence: EvidenceDraft[] = [];
  if (userInput) evidence.push({ role: 'user_input', event: userInput.ev, text: userInput.text, detail: { overlap: round(userInput.overlap) } });
  evidence.push({
    role: 'write',
    event: v.commit,
    text: v.text || `(memory ${v.memoryId}, no text logged)`,
    detail: {
      write_id: v.write.writeId,
      memory_id: v.memoryId,
      memory_type: v.write.type ?? null,
      phase: 'committed',
      scope: v.write.scope,
      session: v.write.session,
      committed_at: new Date(v.commit.ts).toISOString(),
      text_source: v.write.first.source,
      committed_ms_before_retrieval: ev.ts - v.commit.ts,
    },
  });
  evidence.push({
    role: 'retrieval',
    event: ev,
    text: f.rewritten ? `${f.query} (rewritten: ${f.rewritten})` : f.query,
    detail: {
      retrieval_id: str(b.retrieval_id) ?? null,
      query: f.query,
      rewritten_query: f.rewritten || null,
      top_k: f.final.topK ?? null,
      threshold: typeof b.threshold === 'number' ? b.threshold : null,
      filters: b.filters ?? null,
      error: b.error ?? null,
      candidates: shown,
      injected: [...f.sel.injected],
      relevance: { bm25: round(f.rel.bm25), shared_terms: f.rel.shared, overlap: round(f.rel.overlap) },
    },
  });
  if (f.context) {
    const msgs = f.context.request!.messages;
    const lastUser = [...msgs].reverse().find((m) => m.role === 'user');
    evidence.push({
      role: 'context',
      event: f.context,
      text: `Prompt of ${msgs.length} message${msgs.length === 1 ? '' : 's'} without memory ${v.memoryId}${lastUser ? `; last user message: ${lastUser.text}` : ''}`,
      detail: { messages: msgs.length, prompt_tokens: f.context.request!.promptTokens, memory_in_prompt: false },
    });
  }
  if (f.response) {
    const r = f.response;
    const content = typeof r.body.content === 'string' ? r.body.content : JSON.stringify(r.body.content ?? '');
    evidence.push({ role: 'response', event: r, text: content, detail: { request_id: r.body.request_id ?? null } });
  }
  evidence.sort((a, b2) => a.event.seq - b2.event.seq);
  return evidence;
}

export function buildFinding(
  ev: SessionEvent,
  v: Version,
  f: Judgement,
  maxCandidates: number,
  userInput: { ev: SessionEvent; text: string; overlap: number } | null,
): FindingDraft<Cause, Detail> {
  const c = f.carrier;
  const limit = Math.max(1, maxCandidates);
  const list = (st: Stage) =>
    st.cands.filter((x, i) => i < limit || x === c || x === f.pre).map((x) => ({ id: x.id, score: x.score, rank: x.rank, injected: f.sel.injected.has(x.id) }));
  const shown = list(f.sel.stages[0]);
  const missed = c ? { id: c.id, score: c.score, rank: c.rank } : { id: v.memoryId, score: null, rank: null };
  const fix = f.cause === 'not_retrieved' ? FIX.not_retrieved[(f.notRetrieved ?? { reason: 'unknown' }).reason] : FIX[f.cause];
  const detail: Detail = {
    memory_id: v.memoryId,
    memory_type: v.write.type ?? null,
    memory_session: v.write.session,
    committed_at: new Date(v.commit.ts).toISOString(),
    other_session: v.write.external,
    query: f.query,
    rewritten_query: f.rewritten || null,
    top_k: f.final.topK ?? null,
    threshold: typeof ev.body.threshold === 'number' ? ev.body.threshold : null,
    lowest_injected_score: f.lowestInjected ?? null,
    candidates: shown,
    missed,
    relevance: { bm25: round(f.rel.bm25), overlap: round(f.rel.overlap), shared_terms: f.rel.shared, by_score: f.byScore },
  };
  if (f.sel.stages.length > 1) detail.stages = f.sel.stages.map((st) => ({ name: st.name, top_k: st.topK ?? null, candidates: list(st) }));
  if (f.sel.given) detail.injected_given = true;
  if (f.rel_cut) detail.relative_cut = f.rel_cut;
  if (f.dil && c) detail.chunk = { id: c.id, ...f.dil, ratio: round(f.dil.ratio) };
  if (f.notRetrieved) detail.not_retrieved = f.notRetrieved;
  // how sure: the mechanism the log records, and whether the engine's score or only words say it fits (./confidence.ts)
  const confidence = confidenceOf(f.cause, f.byScore, f.notRetrieved?.reason);
  const reason = f.notRetrieved?.reason;
  return {
    cause: f.cause,
    confidence,
    // a memory not in the index yet (or at all) failed at the index, not at the search (./causes.ts LAYERS)
    ...(f.cause === 'not_retrieved' && (reason === 'index_lag' || reason === 'not_indexed') ? { layer: 'index' as const } : {}),
    key: `${str(ev.body.retrieval_id) ?? ''}@${new Date(ev.ts).toISOString()}/${v.memoryId}`,
    title: title(v, f, ev),
    fix,
    turn: ev.turn ?? f.context?.turn ?? null,
    ts: ev.ts,
    evidence: evidenceOf(ev, v, f, shown, userInput),
    detail,
  };
}
