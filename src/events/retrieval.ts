/**
 * What a `retrieval` event says was selected, in one place: its stages (the search, then any
 * rerank), each stage's candidates in order with their scores, the cuts (top_k, threshold, a
 * score relative to the best), and which candidates were injected (the `injected` list, else
 * per-candidate `injected` flags, else the EVENTS.md default: the final stage's first top_k
 * candidates that pass every cut).
 */
import { isObject, str } from '../util/values.js';

export interface Candidate {
  id: string;
  score: number;
  /** 1-based position in its stage (given rank, else by score) */
  rank: number;
  text?: string;
  tokens?: number;
  /** the memory a chunk id (`m-12#0`, `m-12:chunk-3`) or metadata names, when it differs from `id` */
  parent?: string;
  /** a per-candidate `injected` flag, when the log gives one */
  flag?: boolean;
  metadata?: Record<string, unknown>;
}

export interface Stage {
  /** `retrieval` for the first; the rerank's model or name for later ones */
  name: string;
  cands: Candidate[];
  topK?: number;
  threshold?: number;
}

export interface RelativeCut {
  /** keep candidates scoring at least ratio x the best */
  ratio?: number;
  /** keep candidates scoring within gap of the best */
  gap?: number;
}

export interface Selection {
  stages: Stage[];
  /** the last stage: its order decided what was injected */
  final: Stage;
  relative: RelativeCut;
  /** ids the event names as injected (list or flags); null when it names none */
  given: Set<string> | null;
  /** ids of the final stage's injected candidates */
  injected: Set<string>;
}

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/** Chunk suffixes: `m-12#0`, `m-12:chunk-3`, `m-12::2`, `m-12/chunk_1`, `m-12_chunk2`, `m-12-chunk-3`, `m-12:3`. */
const CHUNK_SUFFIX = /(?:#\d+|::?\d+|[:/#_-]chunks?[-_:]?\d+|[:/]part[-_]?\d+)$/i;
const PARENT_KEYS = ['memory_id', 'parent_id', 'parent', 'doc_id', 'document_id', 'source_id', 'record_id'];

/** The memory a candidate id stands for, when it is a chunk of one (`known` says which ids are memories). */
export function parentOf(id: string, metadata: Record<string, unknown> | undefined, known: (id: string) => boolean): string | undefined {
  if (known(id)) return undefined;
  for (const k of PARENT_KEYS) {
    const p = str(metadata?.[k]);
    if (p && p !== id && known(p)) return p;
  }
  const base = id.replace(CHUNK_SUFFIX, '');
  return base !== id && known(base) ? base : undefined;
}

/** The id a chunk id would have without its chunk suffix (itself when it has none). */
export const chunkBase = (id: string): string => id.replace(CHUNK_SUFFIX, '');

/** A candidate's memory: its parent when it is a chunk, else its own id. */
export const memoryOf = (c: Candidate): string => c.parent ?? c.id;

function readCandidates(list: unknown, known: (id: string) => boolean, scoreKey = 'score'): Candidate[] {
  if (!Array.isArray(list)) return [];
  const raw: (Candidate & { given?: number; pos: number })[] = [];
  list.forEach((c, pos) => {
    if (!isObject(c)) return;
    const id = str(c.id) ?? str(c.memory_id);
    const score = num(c[scoreKey]) ?? num(c.score) ?? num(c.relevance_score);
    if (id === undefined || score === undefined) return;
    const metadata = isObject(c.metadata) ? c.metadata : undefined;
    const parent = str(c.memory_id) && str(c.memory_id) !== id ? str(c.memory_id) : parentOf(id, metadata, known);
    raw.push({
      id,
      score,
      rank: 0,
      given: num(c.rank),
      text: typeof c.text === 'string' ? c.text : typeof c.content === 'string' ? c.content : undefined,
      tokens: num(c.tokens),
      parent,
      flag: typeof c.injected === 'boolean' ? c.injected : undefined,
      metadata,
      pos,
    });
  });
  raw.sort((a, b) => (a.given ?? Infinity) - (b.given ?? Infinity) || b.score - a.score || a.pos - b.pos);
  return raw.map(({ given: _g, pos: _p, ...c }, i) => ({ ...c, rank: i + 1 }));
}

/** Later stages: `rerank` (a list, or `{ model, candidates | results, top_n, threshold }`), `stages`, or per-candidate `rerank_score`. */
function laterStages(b: Record<string, unknown>, first: Stage, known: (id: string) => boolean): Stage[] {
  const out: Stage[] = [];
  const stageOf = (s: unknown, name: string): Stage | null => {
    if (Array.isArray(s)) return { name, cands: readCandidates(s, known) };
    if (!isObject(s)) return null;
    const cands = readCandidates(s.candidates ?? s.results ?? s.after, known);
    return {
      name: str(s.name) ?? str(s.model) ?? str(s.stage) ?? name,
      cands,
      topK: num(s.top_n) ?? num(s.top_k),
      threshold: num(s.threshold) ?? num(s.min_score),
    };
  };
  const stages = Array.isArray(b.stages) ? b.stages : Array.isArray(b.rerank_stages) ? b.rerank_stages : null;
  if (stages) {
    stages.forEach((s, i) => {
      const st = stageOf(s, `stage ${i + 1}`);
      if (st && st.cands.length + out.length > 0) out.push(st);
    });
    // a `stages` list that repeats the first stage: drop the copy
    if (
      out.length > 0 &&
      out[0].cands.length === first.cands.length &&
      out[0].cands.every((c, i) => c.id === first.cands[i].id && c.score === first.cands[i].score)
    )
      out.shift();
  }
  if (b.rerank !== undefined && b.rerank !== null && b.rerank !== false) {
    const st = stageOf(b.rerank, 'rerank');
    if (st && st.cands.length > 0) out.push(st);
  }
  if (out.length === 0 && Array.isArray(b.candidates) && b.candidates.some((c) => isObject(c) && num(c.rerank_score) !== undefined)) {
    const list = (b.candidates as unknown[])
      .filter((c) => isObject(c) && num(c.rerank_score) !== undefined)
      .map((c) => ({ ...(c as object), rank: undefined }));
    out.push({ name: str(b.reranker) ?? 'rerank', cands: readCandidates(list, known, 'rerank_score') });
  }
  // a later stage without texts borrows them from the first
  const byId = new Map(first.cands.map((c) => [c.id, c]));
  for (const st of out)
    for (const c of st.cands) {
      const f = byId.get(c.id);
      if (f) {
        c.text ??= f.text;
        c.tokens ??= f.tokens;
        c.parent ??= f.parent;
      }
    }
  return out;
}

const RATIO_KEYS = ['relative_threshold', 'score_ratio', 'min_score_ratio', 'min_relative_score', 'relative_cutoff', 'relative_score'];
const GAP_KEYS = ['max_score_gap', 'score_gap', 'max_gap', 'gap_to_best', 'relative_gap'];

function relativeCut(b: Record<string, unknown>): RelativeCut {
  const out: RelativeCut = {};
  for (const k of RATIO_KEYS) if (num(b[k]) !== undefined) out.ratio ??= num(b[k]);
  for (const k of GAP_KEYS) if (num(b[k]) !== undefined) out.gap ??= num(b[k]);
  const c = b.cutoff ?? b.relative;
  if (isObject(c)) {
    const mode = (str(c.type) ?? str(c.kind) ?? str(c.mode) ?? '').toLowerCase();
    const v = num(c.value);
    out.ratio ??= num(c.ratio) ?? (v !== undefined && /ratio|relative|fraction|percent/.test(mode) ? v : undefined);
    out.gap ??= num(c.gap) ?? (v !== undefined && /gap|delta|diff|margin/.test(mode) ? v : undefined);
  }
  return out;
}

const EPS = 1e-9;

/** Is the candidate (of the final stage) outside the relative cut? */
export function relativelyCut(c: Candidate, best: number | undefined, r: RelativeCut): 'ratio' | 'gap' | null {
  if (best === undefined) return null;
  if (r.ratio !== undefined && c.score < best * r.ratio - EPS) return 'ratio';
  if (r.gap !== undefined && best - c.score > r.gap + EPS) return 'gap';
  return null;
}

/** Read a retrieval event's stages, cuts and injected candidates. `known` says which ids are memories (for chunk ids). */
export function readSelection(b: Record<string, unknown>, known: (id: string) => boolean = () => false): Selection {
  const topK = num(b.top_k);
  const threshold = num(b.threshold);
  const first: Stage = { name: 'retrieval', cands: readCandidates(b.candidates, known), threshold };
  const stages = [first, ...laterStages(b, first, known)];
  const final = stages[stages.length - 1];
  if (final.topK === undefined) final.topK = topK;
  if (stages.length === 1) first.topK = topK;
  const relative = relativeCut(b);

  let given: Set<string> | null = null;
  if (Array.isArray(b.injected)) given = new Set((b.injected as unknown[]).map((x) => (isObject(x) ? str(x.id) : str(x))).filter((x): x is string => !!x));
  else if (final.cands.some((c) => c.flag !== undefined)) given = new Set(final.cands.filter((c) => c.flag).map((c) => c.id));
  else if (first.cands.some((c) => c.flag !== undefined)) given = new Set(first.cands.filter((c) => c.flag).map((c) => c.id));

  const injected = new Set<string>();
  if (given) {
    for (const c of final.cands) if (given.has(c.id) || (c.parent !== undefined && given.has(c.parent))) injected.add(c.id);
  } else {
    const best = final.cands[0]?.score;
    const firstScore = new Map(first.cands.map((c) => [c.id, c.score]));
    for (const c of final.cands) {
      if (final.topK !== undefined && c.rank > final.topK) continue;
      if (final.threshold !== undefined && c.score < final.threshold - EPS) continue;
      if (final !== first && threshold !== undefined && (firstScore.get(c.id) ?? Infinity) < threshold - EPS) continue;
      if (relativelyCut(c, best, relative)) continue;
      injected.add(c.id);
    }
  }
  return { stages, final, relative, given, injected };
}

/** One candidate of a retrieval as every reader shows it: the final stage's order, and whether it entered the prompt. */
export interface InjectedCandidate {
  id: string;
  /** null when the log gives none: unknown, never 0 (EVENTS.md) */
  score: number | null;
  /** 1-based position in the final stage (unscored candidates: their given rank, else their place in the log) */
  rank: number;
  injected: boolean;
  text?: string;
  parent?: string;
}

/**
 * Which candidates of a `retrieval` event entered the prompt: the one reading (EVENTS.md) every
 * analyzer and picture uses. An explicit `injected` list (or per-candidate `injected` flags) decides
 * first; else a candidate is injected when its rank in the final stage is within `top_k`, then its
 * score is at least `threshold` and it passes any relative cut-off. A candidate without a score is
 * listed after the scored ones with its given rank or its place in the log: `top_k` applies to that
 * rank, but a threshold or a relative cut-off cannot cut it (its score is unknown, not 0).
 */
export function injectedCandidates(b: Record<string, unknown>, known: (id: string) => boolean = () => false): InjectedCandidate[] {
  const sel = readSelection(b, known);
  const out: InjectedCandidate[] = sel.final.cands.map((c) => ({
    id: c.id,
    score: c.score,
    rank: c.rank,
    injected: sel.injected.has(c.id),
    text: c.text,
    parent: c.parent,
  }));
  const seen = new Set(out.map((c) => c.id));
  const unscored: { id: string; rank: number; flag?: boolean; text?: string }[] = [];
  if (Array.isArray(b.candidates)) {
    b.candidates.forEach((c, pos) => {
      if (!isObject(c) || num(c.score) !== undefined || num(c.relevance_score) !== undefined) return;
      const id = str(c.id) ?? str(c.memory_id);
      if (id === undefined || seen.has(id)) return;
      unscored.push({
        id,
        rank: num(c.rank) ?? pos + 1,
        flag: typeof c.injected === 'boolean' ? c.injected : undefined,
        text: typeof c.text === 'string' ? c.text : typeof c.content === 'string' ? c.content : undefined,
      });
    });
  }
  unscored.sort((a, b) => a.rank - b.rank);
  const flagged = sel.given === null && unscored.some((c) => c.flag !== undefined);
  const topK = sel.final.topK;
  for (const c of unscored) {
    const parent = parentOf(c.id, undefined, known);
    const injected = sel.given
      ? sel.given.has(c.id) || (parent !== undefined && sel.given.has(parent))
      : flagged
        ? c.flag === true
        : topK === undefined || c.rank <= topK;
    out.push({ id: c.id, score: null, rank: c.rank, injected, text: c.text, parent });
  }
  return out;
}
