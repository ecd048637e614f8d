import { defineAnalyzer, type FindingDraft, type StoreContext } from '../define.js';
import { views } from './views.js';
import type { SessionData, SessionEvent } from '../../store/session.js';
import { longTermWrites, walkWithLongTerm } from './long-term.js';
import { countTokens } from '../../tokens/count.js';
import { coverage, tokens } from '../../text/relevance.js';
import { memoryOf, readSelection, relativelyCut, type Candidate, type Selection, type Stage } from '../../events/retrieval.js';
import { Ledger, lifetimeEnd, normalizeText, str, scopeAccess, toldSentences, toldTerms, type Version } from './ledger.js';
import { COMMON_MIN_DOCS, StoreTerms, ownerTerms, searchOwner } from './fit.js';
import { Reach } from './reach.js';
import { filterMismatch } from './filters.js';
import { buildFinding, type Judgement, type NotRetrieved } from './report.js';
import { CAUSES, CONFIDENCE, LAYERS, type Cause, type Detail, type Relevance } from './causes.js';

export { CAUSES, type Cause, type Detail, type Relevance };

export { fmtScore, ordinal } from './report.js';

type Draft = FindingDraft<Cause, Detail>;

type RawOptions = {
  min_overlap: number;
  min_shared_terms: number;
  min_bm25: number;
  min_fit: number;
  min_shared_unranked: number;
  phrase_span: number;
  score_gap: number;
  dilution_ratio: number;
  chunk_coverage: number;
  reach_coverage: number;
  index_lag_ms: number;
  cross_session: boolean;
  max_not_retrieved: number;
  max_candidates_in_detail: number;
};

export const analyzer = defineAnalyzer<Cause, Detail, RawOptions>({
  meta: {
    id: 'recall-mismatch',
    description: 'A memory that was stored, and fits the query, did not reach the prompt',
    summary: {
      happened: 'the memory was stored but retrieval missed it: ranked below `top_k`, cut by an absolute threshold, diluted in a long chunk, or never indexed',
      fix: 'wider recall + rerank, relative cut-offs, semantic chunking',
    },
    severity: 'error',
    causes: CAUSES,
    confidence: CONFIDENCE,
    layers: LAYERS,
    // each documented in the README's options table
    options: {
      min_overlap: { default: 0.25, description: "share of the memory's terms the query must hold", min: 0, max: 1 },
      min_shared_terms: { default: 2, description: 'distinct terms memory and query must share', min: 0, integer: true },
      min_bm25: { default: 0, description: 'BM25 score the memory must reach against the query', min: 0 },
      min_fit: { default: 0.5, description: "the memory's fit relative to the best injected memory's", min: 0, max: 1 },
      min_shared_unranked: {
        default: 2,
        description: 'distinct terms a memory no candidate names must share with the query when the log states no mechanism',
        min: 0,
        integer: true,
      },
      phrase_span: {
        default: 3,
        description: "a memory no candidate names must hold two of the query's adjacent terms this close in one sentence (0: off)",
        min: 0,
        integer: true,
      },
      score_gap: { default: 0.05, description: 'a score this close to a cut is a near miss', min: 0 },
      dilution_ratio: { default: 4, description: 'a chunk this many times longer than its memory dilutes it', min: 1 },
      chunk_coverage: { default: 0.8, description: "share of the memory's text a chunk must hold to carry it", min: 0, max: 1 },
      reach_coverage: { default: 0.6, description: "share of the memory's text a prompt must hold to carry it", min: 0, max: 1 },
      index_lag_ms: { default: 5000, description: 'a memory committed less than this before a search may not be indexed yet', min: 0 },
      cross_session: { default: true, description: 'read memories written in other sessions of the store' },
      max_not_retrieved: { default: 3, description: 'not_retrieved findings per retrieval at most', min: 0, integer: true },
      max_candidates_in_detail: { default: 50, description: "candidates a finding's detail lists at most", min: 1, integer: true },
    },
  },
  ...views,
  run: ({ session, options, store }) => new RecallCheck(session, readOptions(options), store).run(),
});

export interface Options {
  minOverlap: number;
  minShared: number;
  minBm25: number;
  minFit: number;
  minSharedUnranked: number;
  phraseSpan: number;
  scoreGap: number;
  dilutionRatio: number;
  chunkCoverage: number;
  reachCoverage: number;
  indexLagMs: number;
  crossSession: boolean;
  maxNotRetrieved: number;
  maxCandidates: number;
}

function readOptions(o: RawOptions): Options {
  return {
    minOverlap: o.min_overlap,
    minShared: o.min_shared_terms,
    minBm25: o.min_bm25,
    minFit: o.min_fit,
    minSharedUnranked: o.min_shared_unranked,
    phraseSpan: o.phrase_span,
    scoreGap: o.score_gap,
    dilutionRatio: o.dilution_ratio,
    chunkCoverage: o.chunk_coverage,
    reachCoverage: o.reach_coverage,
    indexLagMs: o.index_lag_ms,
    crossSession: o.cross_session,
    maxNotRetrieved: o.max_not_retrieved,
    maxCandidates: o.max_candidates_in_detail,
  };
}

const EPS = 1e-9;

type Group = { cands: Candidate[]; union?: Set<string> };

class RecallCheck {
  private readonly events: SessionEvent[];
  private readonly ledger = new Ledger();
  private readonly requests: SessionEvent[] = [];
  private readonly responses: SessionEvent[] = [];
  private readonly candTerms = new WeakMap<Candidate, Set<string>>();
  private readonly candTold = new WeakMap<Candidate, Set<string>>();
  private readonly reach: Reach;
  /** memory id -> the first search of the session that returned it: the memory is in that store's index */
  private readonly returned = new Map<string, { by: string | null; ts: number; rank: number; owner: string | null }>();

  constructor(
    private readonly session: SessionData,
    private readonly o: Options,
    private readonly store?: StoreContext,
  ) {
    this.events = session.events;
    this.reach = new Reach(this.ledger, o.reachCoverage);
  }

  run(): Draft[] {
    let hasRetrieval = false;
    for (const ev of this.events) {
      if (ev.kind === 'request' && ev.request) this.requests.push(ev);
      else if (ev.kind === 'response') this.responses.push(ev);
      else if (ev.kind === 'memory_write') this.ledger.merge(ev, this.session.session, false);
      else if (ev.kind === 'retrieval') hasRetrieval = true;
    }
    if (!hasRetrieval) return [];
    // long-term memory: writes of the sessions that ended before this one began (a session running
    // at the same time is not long-term memory: whether its writes were visible is unknown)
    const start = this.events.length ? this.events[0].ts : 0;
    const external = this.o.crossSession && this.store ? longTermWrites(this.store, this.session.session, this.events, start) : [];
    const out: Draft[] = [];
    walkWithLongTerm(this.ledger, this.session.session, this.events, external, (ev) => {
      if (ev.kind !== 'retrieval') return;
      this.checkRetrieval(ev, out);
      this.noteReturned(ev);
    });
    return out;
  }

  /**
   * BM25 in the store the search ran on (./fit.ts) and the shared terms: a term most of the
   * store's memories hold (its people, its boilerplate) is not counted as shared, nor one the
   * memory holds only in a question (Version.told).
   */
  private relevance(store: StoreTerms, q: string[], qset: Set<string>, v: Version): Relevance {
    const m = store.bm.has(v.memoryId) ? store.bm.score(q, v.memoryId) : this.ledger.bm25.score(q, v.memoryId);
    const shared = m.shared.filter((t) => !store.common(t) && v.told.has(t));
    const denom = Math.min(qset.size, v.told.size);
    return { bm25: m.score, shared, overlap: denom > 0 ? shared.length / denom : 0 };
  }

  /** Enough shared content: min_shared_terms (fewer when a side has fewer), min_overlap, min_bm25; and not about another subject of the store. */
  private relevant(store: StoreTerms, r: Relevance, qset: Set<string>, v: Version): boolean {
    return (
      r.shared.length > 0 &&
      !store.otherSubject(qset, v.terms) &&
      r.shared.length >= Math.min(this.o.minShared, qset.size, v.told.size) &&
      r.overlap >= this.o.minOverlap - EPS &&
      r.bm25 >= this.o.minBm25 - EPS
    );
  }

  private termsOf(c: Candidate): Set<string> {
    let t = this.candTerms.get(c);
    if (!t) this.candTerms.set(c, (t = new Set(tokens(c.text ?? ''))));
    return t;
  }

  /** The terms of what a candidate's text states (its sentences that are not questions). */
  private toldOf(c: Candidate): Set<string> {
    let t = this.candTold.get(c);
    if (!t) this.candTold.set(c, (t = toldTerms(c.text ?? '', this.termsOf(c))));
    return t;
  }

  /** Does the candidate's text hold the memory? chunk_coverage of its terms (a literal substring for a one-term memory). */
  private contains(c: Candidate, v: Version): boolean {
    if (c.text === undefined || memoryOf(c) === v.memoryId) return false;
    if (v.terms.size < 2) return v.norm.length >= 2 && normalizeText(c.text).includes(v.norm);
    return coverage(v.terms, this.termsOf(c)) >= this.o.chunkCoverage - EPS;
  }

  private mayHold(group: Group, v: Version): boolean {
    if (group.cands.length === 0) return false;
    if (v.terms.size < 2) return true;
    if (!group.union) {
      group.union = new Set();
      for (const c of group.cands) for (const t of this.termsOf(c)) group.union.add(t);
    }
    return coverage(v.terms, group.union) >= this.o.chunkCoverage - EPS;
  }

  /** How much longer the candidate is than the memory, when that dominates (> dilution_ratio). */
  private dilution(c: Candidate, v: Version): Judgement['dil'] {
    if (c.text !== undefined && v.norm.length > 0) {
      const ratio = normalizeText(c.text).length / v.norm.length;
      if (ratio > this.o.dilutionRatio) return { ratio, chars: [...c.text].length, memory_chars: [...v.text].length };
    }
    if (c.tokens !== undefined && v.text) {
      v.tokens ??= Math.max(1, countTokens(v.text, 'o200k_base'));
      const ratio = c.tokens / v.tokens;
      if (ratio > this.o.dilutionRatio) return { ratio, tokens: c.tokens, memory_tokens: v.tokens };
    }
    return null;
  }

  nextAfter(list: SessionEvent[], seq: number): SessionEvent | undefined {
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (list[mid].seq <= seq) lo = mid + 1;
      else hi = mid;
    }
    return list[lo];
  }

  private checkRetrieval(ev: SessionEvent, out: Draft[]): void {
    if (this.ledger.current.size === 0) return;
    const b = ev.body;
    const query = typeof b.query === 'string' ? b.query : '';
    const rewritten = typeof b.rewritten_query === 'string' ? b.rewritten_query : '';
    const q = tokens(rewritten ? `${query}\n${rewritten}` : query);
    const qset = new Set(q);
    const sel = readSelection(b, (id) => this.ledger.current.has(id));
    const { final } = sel;
    const first = sel.stages[0];
    const inj = (c: Candidate) => sel.injected.has(c.id);
    let lowestInjected: number | undefined;
    for (const c of final.cands) if (inj(c) && (lowestInjected === undefined || c.score < lowestInjected)) lowestInjected = c.score;

    const injectedGroup: Group = { cands: final.cands.filter((c) => inj(c) && c.text !== undefined) };
    const cutGroup: Group = { cands: final.cands.filter((c) => !inj(c) && c.text !== undefined) };
    // each memory's best-ranked candidate in every stage
    const byStage = sel.stages.map((st) => {
      const m = new Map<string, Candidate>();
      for (const c of st.cands) if (this.ledger.current.has(memoryOf(c)) && !m.has(memoryOf(c))) m.set(memoryOf(c), c);
      return m;
    });
    const reachedIds = new Set(final.cands.filter(inj).map(memoryOf));
    const ids = new Set<string>();
    for (const m of byStage) for (const id of m.keys()) ids.add(id);
    for (const id of this.ledger.bm25.candidates(q)) ids.add(id);

    const store = new StoreTerms(this.ledger.searchStore(ev), ownerTerms(ev));
    const phrases = store.phrases(rewritten ? [tokens(query), tokens(rewritten)] : [q]);
    const absent: { draft: Draft; bm25: number }[] = [];
    for (const id of ids) {
      const v = this.ledger.current.get(id)!;
      // another user's (tenant's) memory: out of this search's scope by design, never a miss
      const access = scopeAccess(v, ev);
      if (access === false) continue;
      // a memory past the lifetime its write stated is out of every search by design (serving it is expired-state's finding)
      const end = lifetimeEnd(v);
      if (end && ev.ts > end.at) continue;
      // another session's memory: the same user, or named among this retrieval's candidates
      if (v.write.external && access === 'unknown' && !byStage.some((m) => m.has(id))) continue;
      if (reachedIds.has(id)) continue;
      const rel = this.relevance(store, q, qset, v);
      const lexical = this.relevant(store, rel, qset, v);
      const byScore = sel.stages.some((st, i) => {
        const c = byStage[i].get(id);
        if (!c) return false;
        let low: number | undefined;
        for (const x of st.cands) if (sel.injected.has(x.id) && (low === undefined || x.score < low)) low = x.score;
        const ref = low ?? st.threshold;
        return ref !== undefined && c.score >= ref - this.o.scoreGap - EPS;
      });
      if (!lexical && !byScore) continue;
      // an injected candidate whose text holds the memory brought it into the prompt
      if (lexical && this.mayHold(injectedGroup, v) && injectedGroup.cands.some((c) => this.contains(c, v))) continue;

      const j = this.judge(ev, sel, byStage, v, lexical, cutGroup);
      if (!j) continue;
      // no candidate and no mechanism in the log but ranking: only a memory that fits the query better than all it got
      const nr = j.notRetrieved;
      if (nr?.reason === 'unknown' || nr?.reason === 'ranked_below') {
        // words are then the only evidence: in a long store (COMMON_MIN_DOCS memories or more) two shared
        // words ("friend", "child") are common between a question and a memory about something else
        const few = Math.min(this.o.minSharedUnranked, qset.size, v.told.size);
        if (store.bm.size >= COMMON_MIN_DOCS && rel.shared.length < few) continue;
        // and two shared words must stand together as the query has them, not each in another clause
        const phrase = this.o.phraseSpan > 0 ? store.phraseHeld(phrases, toldSentences(v), v.told, this.o.phraseSpan) : [];
        if (!phrase) continue;
        const fit = this.fitsBest(store, qset, v, injectedGroup);
        if (!fit) continue;
        j.notRetrieved = { ...nr, ...fit, ...(phrase.length ? { phrase } : {}) };
      }
      const context = this.nextAfter(this.requests, ev.seq);
      if (context && this.reach.inPrompt(context, v)) continue; // it reached the prompt some other way
      const response = this.answerTo(context?.seq ?? ev.seq);
      const draft = buildFinding(
        ev,
        v,
        { ...j, sel, rel, byScore, lowestInjected, context, response, query, rewritten, first, final },
        this.o.maxCandidates,
        this.userInput(v),
      );
      if (j.cause === 'not_retrieved') absent.push({ draft, bm25: rel.bm25 });
      else out.push(draft);
    }
    // memories that were no candidate at all: the best matches only, not every memory sharing two words
    absent.sort((a, b) => b.bm25 - a.bm25);
    for (const a of absent.slice(0, Math.max(0, this.o.maxNotRetrieved))) out.push(a.draft);
  }

  /** Remember which memories a search returned: a later search of the same store that misses one ranked it below its cut. */
  private noteReturned(ev: SessionEvent): void {
    const search = readSelection(ev.body, (id) => this.ledger.current.has(id)).stages[0];
    const owner = searchOwner(ev);
    for (const c of search.cands) {
      const id = memoryOf(c);
      if (!this.returned.has(id)) this.returned.set(id, { by: str(ev.body.retrieval_id) ?? null, ts: ev.ts, rank: c.rank, owner });
    }
  }

  /**
   * Does the memory fit the query (./fit.ts: it holds min_fit of the query's weight) better than
   * every injected candidate with a text? The search then returned weaker matches than a memory it
   * had: evidence of a miss that the log states no mechanism for. Null when it does not; the two fits
   * when it does (none when no injected candidate has a text to compare).
   */
  private fitsBest(store: StoreTerms, qset: Set<string>, v: Version, injected: Group): { fit?: number; best_injected_fit?: number } | null {
    const fit = store.fit(qset, v.told);
    if (fit < this.o.minFit - EPS) return null;
    if (!store.holdsFocus(qset, v.told)) return null;
    if (injected.cands.length === 0) return {};
    let best = 0;
    for (const c of injected.cands) best = Math.max(best, store.fit(qset, this.toldOf(c)));
    return fit > best + EPS ? { fit: Math.round(fit * 1000) / 1000, best_injected_fit: Math.round(best * 1000) / 1000 } : null;
  }

  /** Why a relevant memory did not make it, or null when the log shows no reason to blame. */
  private judge(
    ev: SessionEvent,
    sel: Selection,
    byStage: Map<string, Candidate>[],
    v: Version,
    lexical: boolean,
    cutGroup: Group,
  ): Pick<Judgement, 'cause' | 'carrier' | 'pre' | 'dil' | 'notRetrieved' | 'rel_cut'> | null {
    const { final } = sel;
    const first = sel.stages[0];
    const post = byStage[byStage.length - 1].get(v.memoryId);
    const pre = sel.stages.length > 1 ? byStage[0].get(v.memoryId) : undefined;
    const threshold = typeof ev.body.threshold === 'number' ? ev.body.threshold : undefined;
    const best = final.cands[0]?.score;

    if (pre && !(post && sel.injected.has(post.id))) {
      // a rerank stage: made the first cut, then moved below the final cut or dropped
      const k = final.topK ?? first.topK;
      const passedFirst = (k === undefined || pre.rank <= k) && (first.threshold === undefined || pre.score >= first.threshold - EPS);
      if (passedFirst && (!post || post.rank > pre.rank || (k !== undefined && post.rank > k)))
        return { cause: 'reranked_out', carrier: post ?? pre, pre, dil: null };
      if (!post) return this.cutBy(pre, first, first.topK ?? k, first.threshold, v, sel, pre);
    }
    const carrier = post ?? (lexical && this.mayHold(cutGroup, v) ? cutGroup.cands.find((c) => this.contains(c, v)) : undefined);
    if (carrier) return this.cutBy(carrier, final, final.topK, sel.stages.length === 1 ? threshold : final.threshold, v, sel, pre, best);

    // no search evidence at all: ask for both enough overlap and enough shared terms
    if (!lexical) return null;
    const b = ev.body;
    const error = str(b.error);
    const mismatch = error ? null : filterMismatch(b.filters, v.write);
    const lag = ev.ts - v.commit.ts;
    // fewer results than top_k, with no threshold or relative cut that could have dropped the rest: the
    // search returned every match it had in its index, so the memory was not in it
    const k = first.topK;
    const exhausted =
      k !== undefined &&
      first.cands.length < k &&
      first.threshold === undefined &&
      typeof b.threshold !== 'number' &&
      sel.relative.ratio === undefined &&
      sel.relative.gap === undefined;
    // an earlier search of the same store returned this version of the memory: it is in the index, so it ranked below the cut
    const seen = this.returned.get(v.memoryId);
    const indexed = seen && seen.ts >= v.commit.ts && seen.owner === searchOwner(ev);
    const notRetrieved: NotRetrieved = error
      ? { reason: 'error', error }
      : mismatch
        ? { reason: 'filter', ...mismatch }
        : lag < this.o.indexLagMs
          ? { reason: 'index_lag', lag_ms: lag }
          : exhausted
            ? { reason: 'not_indexed', returned: first.cands.length, top_k: k }
            : indexed
              ? { reason: 'ranked_below', returned_by: seen.by, returned_at: new Date(seen.ts).toISOString(), rank: seen.rank }
              : { reason: 'unknown' };
    return { cause: 'not_retrieved', notRetrieved, dil: null };
  }

  private cutBy(c: Candidate, st: Stage, topK: number | undefined, threshold: number | undefined, v: Version, sel: Selection, pre?: Candidate, best?: number) {
    const byRank = topK !== undefined && c.rank > topK;
    const byThreshold = threshold !== undefined && c.score < threshold - EPS;
    if (byRank || byThreshold) {
      const dil = this.dilution(c, v);
      return { cause: (dil ? 'chunk_dilution' : byRank ? 'rank_beyond_top_k' : 'below_threshold') as Cause, carrier: c, pre, dil, topK, threshold };
    }
    const rel = st === sel.final ? relativelyCut(c, best, sel.relative) : null;
    if (rel)
      return {
        cause: 'relative_cutoff' as Cause,
        carrier: c,
        pre,
        dil: null,
        rel_cut: { by: rel, best: best!, ratio: sel.relative.ratio ?? null, gap: sel.relative.gap ?? null },
      };
    // within every stated cut: only an explicit injected list or flag can say it was left out
    if (sel.given) return { cause: 'not_injected' as Cause, carrier: c, pre, dil: null };
    return null;
  }

  private answerTo(anchor: number): SessionEvent | undefined {
    const response = this.nextAfter(this.responses, anchor);
    const laterRequest = this.nextAfter(this.requests, anchor);
    return response && !(laterRequest && laterRequest.seq < response.seq) ? response : undefined;
  }

  /** The latest user message, before the write began, that states the memory's content (same session only). */
  private userInput(v: Version): { ev: SessionEvent; text: string; overlap: number } | null {
    if (v.write.external || v.terms.size === 0) return null;
    let end = 0;
    while (end < this.requests.length && this.requests[end].seq < v.write.first.seq) end++;
    for (let i = end - 1; i >= Math.max(0, end - 50); i--) {
      const req = this.requests[i];
      const msgs = req.request!.messages;
      const last = [...msgs].reverse().find((m) => m.role === 'user');
      if (!last) continue;
      const ov = coverage(v.terms, new Set(tokens(last.text)));
      if (ov >= this.o.minOverlap - EPS && ov > 0) {
        let firstReq = req;
        for (let k = i - 1; k >= 0; k--) {
          if (this.requests[k].request!.messages.some((m) => m.id === last.id)) firstReq = this.requests[k];
          else break;
        }
        return { ev: firstReq, text: last.text, overlap: ov };
      }
    }
    return null;
  }
}
