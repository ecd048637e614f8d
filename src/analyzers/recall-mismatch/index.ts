import { defineAnalyzer, type EvidenceDraft, type FindingDraft } from '../define.js';
import type { SessionData, SessionEvent } from '../../store/session.js';
import type { Scope } from '../../events/types.js';
import { countTokens } from '../../tokens/count.js';
import { coverage, normalizeText, overlapOf, terms, type Overlap } from '../lib/relevance.js';

const CAUSES = {
  rank_beyond_top_k: 'a relevant stored memory was a candidate but ranked below the top_k cut',
  below_threshold: 'a relevant stored memory was within top_k but its score was under the absolute threshold',
  chunk_dilution: 'a relevant stored memory sits inside a long chunk whose other text diluted its score, and the chunk was cut',
  not_retrieved: 'a relevant committed memory was not among the candidates at all (index lag, a wrong filter or scope, a failed search)',
} as const;
type Cause = keyof typeof CAUSES;

const FIX = {
  rank_beyond_top_k:
    'Retrieve wider (e.g. top_k 20) and rerank before cutting, and cut by a score relative to the best candidate instead of a fixed top_k; pin standing preferences and constraints so they are always injected.',
  below_threshold:
    'Replace the absolute score threshold with a relative cut-off (e.g. within 0.1 of the best score) or calibrate it for the embedding model, and retrieve wider then rerank.',
  chunk_dilution:
    'Chunk semantically (one fact or preference per chunk) or index the memory as its own record, so unrelated text in a long chunk does not dilute its embedding.',
  not_retrieved: {
    error: 'Retry the search or fall back to pinned memories when retrieval fails, and surface the error instead of answering without memory.',
    filter: "Fix the search's metadata filter / scope so it covers the memory's type and scope (or write the memory with the scope its readers use).",
    index_lag:
      'Refresh the index after each commit before searching (or read your own writes: also search writes committed but not yet indexed).',
    unknown:
      'Check that the memory is in the index this search uses (refresh or re-embed it) and add keyword / hybrid search so lexical matches are not missed.',
  },
};

export const analyzer = defineAnalyzer({
  meta: {
    id: 'recall-mismatch',
    description: 'A memory that was stored, and fits the query, did not reach the prompt',
    severity: 'error',
    causes: CAUSES,
    options: {
      min_overlap: 0.25,
      min_shared_terms: 2,
      score_gap: 0.05,
      dilution_ratio: 4,
      chunk_coverage: 0.8,
      index_lag_ms: 5000,
      max_candidates_in_detail: 50,
    },
  },
  run: ({ session, options }) => new RecallCheck(session, readOptions(options)).run(),
});

interface Options {
  minOverlap: number;
  minShared: number;
  scoreGap: number;
  dilutionRatio: number;
  chunkCoverage: number;
  indexLagMs: number;
  maxCandidates: number;
}

function readOptions(o: Record<string, number | string | boolean>): Options {
  const n = (k: string, d: number) => (typeof o[k] === 'number' ? (o[k] as number) : typeof o[k] === 'string' && Number.isFinite(Number(o[k])) ? Number(o[k]) : d);
  return {
    minOverlap: n('min_overlap', 0.25),
    minShared: n('min_shared_terms', 2),
    scoreGap: n('score_gap', 0.05),
    dilutionRatio: n('dilution_ratio', 4),
    chunkCoverage: n('chunk_coverage', 0.8),
    indexLagMs: n('index_lag_ms', 5000),
    maxCandidates: n('max_candidates_in_detail', 50),
  };
}

const EPS = 1e-9;
/** how many requests before a write are searched for the user's words it came from */
const USER_INPUT_LOOKBACK = 50;

/** Everything the phases of one write_id say, merged (a later non-empty value wins). */
interface WriteInfo {
  writeId: string;
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
interface Version {
  memoryId: string;
  write: WriteInfo;
  text: string;
  commit: SessionEvent;
  terms: Set<string>;
  norm: string;
  tokens?: number;
}

interface Cand {
  id: string;
  score: number;
  /** 1-based position after ordering by rank, else score */
  rank: number;
  text?: string;
  tokens?: number;
  injected: boolean;
  norm?: string;
  terms?: Set<string>;
}

type NotRetrieved =
  | { reason: 'error'; error: string }
  | { reason: 'filter'; key: string; want: unknown; have: string }
  | { reason: 'index_lag'; lag_ms: number }
  | { reason: 'unknown' };

const str = (v: unknown): string | undefined => (typeof v === 'string' && v.length > 0 ? v : typeof v === 'number' ? String(v) : undefined);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

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

function fmtWant(w: unknown): string {
  if (Array.isArray(w)) return w.map(String).join('|');
  if (isObject(w)) return JSON.stringify(w);
  return String(w);
}

/** Does a filter value admit this attribute value? undefined when the filter's shape is not understood. */
function accepts(want: unknown, have: string): boolean | undefined {
  if (typeof want === 'string' || typeof want === 'number' || typeof want === 'boolean') return String(want) === have;
  if (Array.isArray(want)) return want.some((w) => String(w) === have);
  if (isObject(want)) {
    if ('$eq' in want) return String(want.$eq) === have;
    if (Array.isArray(want.$in)) return want.$in.some((w) => String(w) === have);
    if ('$ne' in want) return String(want.$ne) !== have;
    if (Array.isArray(want.$nin)) return !want.$nin.some((w) => String(w) === have);
  }
  return undefined;
}

/** event fields that say nothing about the memory itself (never compared with a filter) */
const ENVELOPE = new Set(['kind', 'ts', 'session', 'turn', 'id', 'v', 'actor', 'scope', 'phase', 'write_id', 'text', 'error', 'critical']);
const TYPE_KEYS = new Set(['type', 'types', 'memory_type', 'memory_types', 'kind', 'category']);

function attribute(w: WriteInfo, key: string): string | undefined {
  const k = key.toLowerCase();
  if (TYPE_KEYS.has(k)) return w.type ?? str(w.fields[k]);
  if (k === 'store' || k === 'collection' || k === 'namespace') return w.store ?? str(w.fields[k]);
  const s = k.replace(/_id$/, '');
  if (s === 'user' || s === 'agent' || s === 'tenant') return str(w.scope?.[s]);
  if (k === 'actor') return w.actor;
  return str(w.fields[key]);
}

/** The first filter clause that excludes this memory, if any; clauses on unknown attributes are not judged. */
function filterMismatch(filters: unknown, w: WriteInfo): { key: string; want: unknown; have: string } | null {
  if (!isObject(filters)) return null;
  for (const [k, want] of Object.entries(filters)) {
    if (k === '$and' && Array.isArray(want)) {
      for (const sub of want) {
        const m = filterMismatch(sub, w);
        if (m) return m;
      }
      continue;
    }
    if (k === 'scope' && isObject(want)) {
      for (const [sk, sw] of Object.entries(want)) {
        const have = str(w.scope?.[sk]);
        if (have !== undefined && accepts(sw, have) === false) return { key: `scope.${sk}`, want: sw, have };
      }
      continue;
    }
    const have = attribute(w, k);
    if (have !== undefined && accepts(want, have) === false) return { key: k, want, have };
  }
  return null;
}

class RecallCheck {
  private readonly events: SessionEvent[];
  private readonly writes = new Map<string, WriteInfo>();
  private readonly current = new Map<string, Version>();
  /** term -> ids of current memories holding it */
  private readonly index = new Map<string, Set<string>>();
  private readonly requests: SessionEvent[] = [];
  private readonly responses: SessionEvent[] = [];
  private readonly promptNorm = new Map<number, string>();
  private readonly userInputCache = new Map<string, { ev: SessionEvent; text: string; overlap: number } | null>();
  private readonly msgTerms = new Map<number, Set<string>>();

  constructor(
    session: SessionData,
    private readonly o: Options,
  ) {
    this.events = session.events;
  }

  run(): FindingDraft[] {
    for (const ev of this.events) {
      if (ev.kind === 'request' && ev.request) this.requests.push(ev);
      else if (ev.kind === 'response') this.responses.push(ev);
      else if (ev.kind === 'memory_write') this.mergeWrite(ev);
    }
    const out: FindingDraft[] = [];
    for (const ev of this.events) {
      if (ev.kind === 'memory_write' && ev.body.phase === 'committed') this.commit(ev);
      else if (ev.kind === 'retrieval') this.checkRetrieval(ev, out);
    }
    return out;
  }

  private mergeWrite(ev: SessionEvent): void {
    const id = str(ev.body.write_id);
    if (!id) return;
    let w = this.writes.get(id);
    if (!w) this.writes.set(id, (w = { writeId: id, scope: null, fields: {}, first: ev }));
    const b = ev.body;
    w.memoryId = str(b.memory_id) ?? w.memoryId;
    w.text = (typeof b.text === 'string' && b.text.trim() ? b.text : undefined) ?? w.text;
    w.type = str(b.memory_type) ?? w.type;
    w.store = str(b.store) ?? w.store;
    w.actor = ev.actor ?? w.actor;
    w.scope = ev.scope ?? w.scope;
    for (const [k, v] of Object.entries(b)) if (!ENVELOPE.has(k) && v !== undefined && v !== null && v !== '') w.fields[k] = v;
  }

  private commit(ev: SessionEvent): void {
    const w = this.writes.get(str(ev.body.write_id) ?? '');
    if (!w) return;
    const memoryId = w.memoryId ?? w.writeId;
    const old = this.current.get(memoryId);
    if (old?.write === w) return; // the same write committed twice
    if (old) for (const t of old.terms) this.index.get(t)?.delete(memoryId);
    const text = w.text ?? '';
    const v: Version = { memoryId, write: w, text, commit: ev, terms: terms(text), norm: normalizeText(text) };
    this.current.set(memoryId, v);
    for (const t of v.terms) {
      let s = this.index.get(t);
      if (!s) this.index.set(t, (s = new Set()));
      s.add(memoryId);
    }
  }

  /**
   * Current memories whose text fits the query, with their overlap: enough of the smaller side
   * shared (min_overlap), or at least min_shared_terms terms in common.
   */
  private lexicallyRelevant(q: Set<string>): Map<string, Overlap> {
    const hits = new Map<string, number>();
    for (const t of q) for (const id of this.index.get(t) ?? []) hits.set(id, (hits.get(id) ?? 0) + 1);
    const out = new Map<string, Overlap>();
    for (const id of hits.keys()) {
      const ov = overlapOf(q, this.current.get(id)!.terms);
      if (ov.shared.length > 0 && (ov.score >= this.o.minOverlap - EPS || ov.shared.length >= this.o.minShared)) out.set(id, ov);
    }
    return out;
  }

  private candidates(ev: SessionEvent): Cand[] {
    const raw = Array.isArray(ev.body.candidates) ? (ev.body.candidates as unknown[]) : [];
    const list: (Omit<Cand, 'rank' | 'injected'> & { given?: number; pos: number })[] = [];
    raw.forEach((c, pos) => {
      if (!isObject(c) || typeof c.score !== 'number') return;
      list.push({
        id: String(c.id),
        score: c.score,
        given: typeof c.rank === 'number' ? c.rank : undefined,
        text: typeof c.text === 'string' ? c.text : undefined,
        tokens: typeof c.tokens === 'number' ? c.tokens : undefined,
        pos,
      });
    });
    list.sort((a, b) => (a.given ?? Infinity) - (b.given ?? Infinity) || b.score - a.score || a.pos - b.pos);
    const topK = typeof ev.body.top_k === 'number' ? ev.body.top_k : undefined;
    const threshold = typeof ev.body.threshold === 'number' ? ev.body.threshold : undefined;
    const given = Array.isArray(ev.body.injected) ? new Set((ev.body.injected as unknown[]).map(String)) : null;
    const cands = list.map((c, i): Cand => {
      const rank = i + 1;
      const injected = given
        ? given.has(c.id)
        : (topK === undefined || rank <= topK) && (threshold === undefined || c.score >= threshold - EPS);
      return { id: c.id, score: c.score, rank, text: c.text, tokens: c.tokens, injected };
    });
    return cands;
  }

  /**
   * Does the candidate's text hold the memory? chunk_coverage of its terms (a literal substring
   * for a memory of fewer than two terms). Literal containment of normalised text is not used
   * for longer memories: it would match across word boundaries.
   */
  private contains(c: Cand, v: Version): boolean {
    if (c.text === undefined || c.id === v.memoryId) return false;
    if (v.terms.size < 2) {
      c.norm ??= normalizeText(c.text);
      return v.norm.length >= 2 && c.norm.includes(v.norm);
    }
    c.terms ??= terms(c.text);
    return coverage(v.terms, c.terms) >= this.o.chunkCoverage - EPS;
  }

  /** Some candidate of the group may hold the memory: a cheap test against the union of their terms. */
  private mayHold(group: { cands: Cand[]; union?: Set<string> }, v: Version): boolean {
    if (group.cands.length === 0) return false;
    if (v.terms.size < 2) return true;
    if (!group.union) {
      group.union = new Set();
      for (const c of group.cands) {
        c.terms ??= terms(c.text!);
        for (const t of c.terms) group.union.add(t);
      }
    }
    return coverage(v.terms, group.union) >= this.o.chunkCoverage - EPS;
  }

  /** How much longer the candidate is than the memory, when that dominates (> dilution_ratio). */
  private dilution(c: Cand, v: Version): { ratio: number; chars?: number; memory_chars?: number; tokens?: number; memory_tokens?: number } | null {
    if (c.text !== undefined && v.norm.length > 0) {
      c.norm ??= normalizeText(c.text);
      const ratio = c.norm.length / v.norm.length;
      if (ratio > this.o.dilutionRatio) return { ratio, chars: [...c.text].length, memory_chars: [...v.text].length };
    }
    if (c.tokens !== undefined && v.text) {
      v.tokens ??= Math.max(1, countTokens(v.text, 'o200k_base'));
      const ratio = c.tokens / v.tokens;
      if (ratio > this.o.dilutionRatio) return { ratio, tokens: c.tokens, memory_tokens: v.tokens };
    }
    return null;
  }

  private nextAfter(list: SessionEvent[], seq: number): SessionEvent | undefined {
    return list[this.indexAfter(list, seq)];
  }

  /** Index of the first event of the (seq-ordered) list after `seq`. */
  private indexAfter(list: SessionEvent[], seq: number): number {
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (list[mid].seq <= seq) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private inPrompt(req: SessionEvent, v: Version): boolean {
    if (v.norm.length < 4) return false;
    let n = this.promptNorm.get(req.seq);
    if (n === undefined) {
      n = req.request!.messages.map((m) => normalizeText(m.text)).join('\n');
      this.promptNorm.set(req.seq, n);
    }
    return n.includes(v.norm);
  }

  /** The latest user message, before the write began, that states the memory's content. */
  private userInput(v: Version): { ev: SessionEvent; text: string; overlap: number } | null {
    const key = v.write.writeId;
    if (this.userInputCache.has(key)) return this.userInputCache.get(key)!;
    let found: { ev: SessionEvent; text: string; overlap: number } | null = null;
    const seen = new Set<number>();
    if (v.terms.size > 0) {
      // requests before the write began, the latest first, at most USER_INPUT_LOOKBACK of them
      const end = this.indexAfter(this.requests, v.write.first.seq - 1);
      for (let i = end - 1; i >= Math.max(0, end - USER_INPUT_LOOKBACK) && !found; i--) {
        const req = this.requests[i];
        const msgs = req.request!.messages;
        let last: (typeof msgs)[number] | undefined;
        for (let j = msgs.length - 1; j >= 0; j--) {
          if (msgs[j].role === 'user') {
            last = msgs[j];
            break;
          }
        }
        if (!last || seen.has(last.id)) continue;
        seen.add(last.id);
        let t = this.msgTerms.get(last.id);
        if (!t) this.msgTerms.set(last.id, (t = terms(last.text)));
        const ov = overlapOf(t, v.terms);
        if (ov.shared.length > 0 && ov.score >= this.o.minOverlap - EPS) {
          // the first request that carried this message is where the user said it
          let first = req;
          for (let k = i - 1; k >= 0; k--) {
            const r = this.requests[k];
            if (r.request!.messages.some((m) => m.id === last!.id)) first = r;
            else break;
          }
          found = { ev: first, text: last.text, overlap: ov.score };
        }
      }
    }
    this.userInputCache.set(key, found);
    return found;
  }

  private checkRetrieval(ev: SessionEvent, out: FindingDraft[]): void {
    if (this.current.size === 0) return;
    const b = ev.body;
    const query = typeof b.query === 'string' ? b.query : '';
    const rewritten = typeof b.rewritten_query === 'string' ? b.rewritten_query : '';
    const q = terms(rewritten ? `${query}\n${rewritten}` : query);
    const topK = typeof b.top_k === 'number' ? b.top_k : undefined;
    const threshold = typeof b.threshold === 'number' ? b.threshold : undefined;
    const cands = this.candidates(ev);
    let lowestInjected: number | undefined;
    for (const c of cands) if (c.injected && (lowestInjected === undefined || c.score < lowestInjected)) lowestInjected = c.score;
    const ref = lowestInjected ?? threshold;

    // candidates with text, injected or not, for the "does a chunk hold it" checks
    const injected: { cands: Cand[]; union?: Set<string> } = { cands: cands.filter((c) => c.injected && c.text !== undefined) };
    const cut: { cands: Cand[]; union?: Set<string> } = { cands: cands.filter((c) => !c.injected && c.text !== undefined) };
    const lexical = this.lexicallyRelevant(q);
    const direct = new Map<string, Cand>();
    for (const c of cands) if (this.current.has(c.id) && !direct.has(c.id)) direct.set(c.id, c);
    const ids = new Set<string>([...direct.keys(), ...lexical.keys()]);
    for (const id of ids) {
      const v = this.current.get(id)!;
      const d = direct.get(id);
      const ov = lexical.get(id) ?? overlapOf(q, v.terms);
      const byScore = d !== undefined && ref !== undefined && d.score >= ref - this.o.scoreGap - EPS;
      if (!lexical.has(id) && !byScore) continue;
      if (d?.injected) continue;
      // an injected candidate whose text holds the memory brought it into the prompt
      if (lexical.has(id) && this.mayHold(injected, v) && injected.cands.some((c) => this.contains(c, v))) continue;

      let cause: Cause;
      // what carried the memory: its own record, else the best-ranked chunk holding it
      const carrier: Cand | undefined = d ?? (lexical.has(id) && this.mayHold(cut, v) ? cut.cands.find((c) => this.contains(c, v)) : undefined);
      let dil: ReturnType<RecallCheck['dilution']> = null;
      let notRetrieved: NotRetrieved | undefined;
      if (carrier) {
        const cutByRank = topK !== undefined && carrier.rank > topK;
        const cutByThreshold = threshold !== undefined && carrier.score < threshold - EPS;
        if (!cutByRank && !cutByThreshold) continue; // left out for a reason we cannot see (reranker, budget)
        dil = this.dilution(carrier, v);
        cause = dil ? 'chunk_dilution' : cutByRank ? 'rank_beyond_top_k' : 'below_threshold';
      } else {
        // no search evidence at all: ask for both enough overlap and more than one shared term
        if (ov.score < this.o.minOverlap - EPS || ov.shared.length < Math.min(this.o.minShared, q.size, v.terms.size)) continue;
        cause = 'not_retrieved';
        const error = str(b.error);
        const mismatch = error ? null : filterMismatch(b.filters, v.write);
        const lag = ev.ts - v.commit.ts;
        notRetrieved = error
          ? { reason: 'error', error }
          : mismatch
            ? { reason: 'filter', ...mismatch }
            : lag < this.o.indexLagMs
              ? { reason: 'index_lag', lag_ms: lag }
              : { reason: 'unknown' };
      }

      const context = this.nextAfter(this.requests, ev.seq);
      if (context && this.inPrompt(context, v)) continue; // it reached the prompt some other way
      out.push(this.finding(ev, v, { cause, carrier, dil, notRetrieved, cands, ov, byScore, lowestInjected, context, query, rewritten, topK, threshold }));
    }
  }

  private finding(
    ev: SessionEvent,
    v: Version,
    f: {
      cause: Cause;
      carrier?: Cand;
      dil: ReturnType<RecallCheck['dilution']>;
      notRetrieved?: NotRetrieved;
      cands: Cand[];
      ov: Overlap;
      byScore: boolean;
      lowestInjected?: number;
      context?: SessionEvent;
      query: string;
      rewritten: string;
      topK?: number;
      threshold?: number;
    },
  ): FindingDraft {
    const b = ev.body;
    const label = `Stored ${v.write.type ?? 'memory'} ${v.memoryId}`;
    const rid = str(b.retrieval_id);
    const c = f.carrier;
    const k = f.topK;
    const t = f.threshold;
    let title: string;
    let fix: string;
    if (f.cause === 'rank_beyond_top_k' && c) {
      title =
        t !== undefined && c.score < t - EPS
          ? `${label} ranked ${ordinal(c.rank)} with top_k=${k} and score ${fmtScore(c.score)} < threshold ${fmtScore(t)}`
          : `${label} ranked ${ordinal(c.rank)} with top_k=${k} (score ${fmtScore(c.score)}${f.lowestInjected !== undefined ? `, lowest injected ${fmtScore(f.lowestInjected)}` : ''})`;
      fix = FIX.rank_beyond_top_k;
    } else if (f.cause === 'below_threshold' && c) {
      title = `${label} ranked ${ordinal(c.rank)}${k !== undefined ? ` within top_k=${k}` : ''} but scored ${fmtScore(c.score)} < threshold ${fmtScore(t!)}`;
      fix = FIX.below_threshold;
    } else if (f.cause === 'chunk_dilution' && c && f.dil) {
      const size = f.dil.chars !== undefined ? `${f.dil.chars} chars` : `${f.dil.tokens} tokens`;
      const cut =
        k !== undefined && c.rank > k
          ? `ranked ${ordinal(c.rank)} beyond top_k=${k}`
          : `ranked ${ordinal(c.rank)} under threshold ${fmtScore(t ?? 0)}`;
      const where = c.id === v.memoryId ? 'is embedded in a long record' : `sits inside chunk ${c.id}`;
      title = `${label} ${where} (${size}, ${Math.round(f.dil.ratio)}x the memory): diluted to score ${fmtScore(c.score)}, ${cut}`;
      fix = FIX.chunk_dilution;
    } else {
      const nr = f.notRetrieved ?? { reason: 'unknown' };
      const n = f.cands.length;
      if (nr.reason === 'error') title = `Retrieval ${rid ?? `at turn ${ev.turn ?? '?'}`} failed (${nr.error}): ${label.replace(/^S/, 's')} never reached the prompt`;
      else if (nr.reason === 'filter') title = `${label} not retrieved: filter ${nr.key}=${fmtWant(nr.want)} excludes its ${nr.key.replace(/^scope\./, '')} "${nr.have}"`;
      else if (nr.reason === 'index_lag') title = `${label} committed ${fmtMs(nr.lag_ms)} before the query was not yet indexed: not among the ${n} candidates`;
      else title = `${label} fits the query but was not among the ${n} candidates`;
      fix = FIX.not_retrieved[nr.reason];
    }

    const limit = Math.max(1, this.o.maxCandidates);
    const shown = f.cands.filter((x, i) => i < limit || x === c).map((x) => ({ id: x.id, score: x.score, rank: x.rank, injected: x.injected }));
    const missed = c ? { id: c.id, score: c.score, rank: c.rank } : { id: v.memoryId, score: null, rank: null };

    const evidence: EvidenceDraft[] = [];
    const ui = this.userInput(v);
    if (ui) evidence.push({ role: 'user_input', event: ui.ev, text: ui.text, detail: { overlap: round(ui.overlap) } });
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
        text_source: v.write.first.source,
        committed_ms_before_retrieval: ev.ts - v.commit.ts,
      },
    });
    evidence.push({
      role: 'retrieval',
      event: ev,
      text: f.rewritten ? `${f.query} (rewritten: ${f.rewritten})` : f.query,
      detail: {
        retrieval_id: rid ?? null,
        query: f.query,
        rewritten_query: f.rewritten || null,
        top_k: k ?? null,
        threshold: t ?? null,
        filters: b.filters ?? null,
        error: b.error ?? null,
        candidates: shown,
        injected: f.cands.filter((x) => x.injected).map((x) => x.id),
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
    // the answer to that prompt: the next response, unless another request came first
    const anchor = f.context?.seq ?? ev.seq;
    const response = this.nextAfter(this.responses, anchor);
    const laterRequest = this.nextAfter(this.requests, anchor);
    if (response && !(laterRequest && laterRequest.seq < response.seq)) {
      const content = typeof response.body.content === 'string' ? response.body.content : JSON.stringify(response.body.content ?? '');
      evidence.push({ role: 'response', event: response, text: content, detail: { request_id: response.body.request_id ?? null } });
    }
    evidence.sort((a, b2) => a.event.seq - b2.event.seq);

    const detail: Record<string, unknown> = {
      memory_id: v.memoryId,
      memory_type: v.write.type ?? null,
      query: f.query,
      rewritten_query: f.rewritten || null,
      top_k: k ?? null,
      threshold: t ?? null,
      lowest_injected_score: f.lowestInjected ?? null,
      candidates: shown,
      missed,
      relevance: { overlap: round(f.ov.score), shared_terms: f.ov.shared, by_score: f.byScore },
    };
    if (f.dil && c) detail.chunk = { id: c.id, ...f.dil, ratio: round(f.dil.ratio) };
    if (f.notRetrieved) detail.not_retrieved = f.notRetrieved;
    return {
      cause: f.cause,
      key: `${rid ?? ''}@${new Date(ev.ts).toISOString()}/${v.memoryId}`,
      title,
      fix,
      turn: ev.turn ?? f.context?.turn ?? null,
      ts: ev.ts,
      evidence,
      detail,
    };
  }
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}
