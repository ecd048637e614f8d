/** recall-mismatch's picture in the TUI: each retrieval's ranked candidates, the cut, and the memories a finding says were missed. Data only: the TUI draws it (src/tui/charts/). */
import { injectedCandidates, type InjectedCandidate } from '../../events/retrieval.js';
import type { DetailCandidate } from '../../findings/types.js';
import type { SessionEvent } from '../../store/session.js';
import { arr, num, obj, steps, tsOf, when } from '../picture-values.js';
import { str } from '../../util/values.js';
import type { FindingOf, PictureSpec } from '../views.js';
import type { Cause, Detail } from './causes.js';

type F = FindingOf<Cause, Detail>;

/** A candidate as a picture draws it: the findings' one candidate shape (DetailCandidate), its rank and flag always known. */
export interface Candidate extends DetailCandidate {
  rank: number;
  injected: boolean;
}
export interface RetrievalData {
  source: string | null;
  turn: number | null;
  ts: number | null;
  id: string | null;
  query: string;
  top_k: number | null;
  threshold: number | null;
  candidates: Candidate[];
  /** memories a finding says were missed here */
  missed: string[];
  findingIds: string[];
}

/** A retrieval's candidates with the one reading of which were injected (events/retrieval.ts). */
function candidatesOf(list: unknown[], topK: number | null, threshold: number | null, injected: unknown): Candidate[] {
  // a finding's detail may list a candidate without an id: drawn by its place
  const candidates = list.map((c, i) => (obj(c).id !== undefined ? c : { ...obj(c), id: `#${i + 1}` }));
  return shown(injectedCandidates({ candidates, top_k: topK ?? undefined, threshold: threshold ?? undefined, injected }));
}

const shown = (list: InjectedCandidate[]): Candidate[] => list.map((c) => ({ id: c.id, score: c.score, rank: c.rank, injected: c.injected }));

export function retrievalData(events: readonly SessionEvent[], findings: readonly F[]): RetrievalData[] {
  const out: RetrievalData[] = [];
  for (const e of events) {
    if (e.kind !== 'retrieval') continue;
    const b = e.body;
    const topK = num(b.top_k);
    const threshold = num(b.threshold);
    out.push({
      source: e.source,
      turn: e.turn,
      ts: e.ts,
      id: str(b.retrieval_id) ?? null,
      query: str(b.rewritten_query) ?? str(b.query) ?? '',
      top_k: topK,
      threshold,
      candidates: shown(injectedCandidates(b)),
      missed: [],
      findingIds: [],
    });
  }
  for (const f of findings) {
    const d = obj(f.detail);
    const missed = str(obj(d.missed).id) ?? str(d.memory_id);
    const step = steps(f).find((s) => s.role === 'retrieval');
    let r = step ? out.find((x) => x.source === step.source) : undefined;
    if (!r) r = out.find((x) => x.ts === Date.parse(f.ts));
    if (!r && arr(d.candidates).length) {
      // the session has no such retrieval event: draw the analyzer's figures
      const topK = num(d.top_k);
      const threshold = num(d.threshold);
      r = {
        source: step?.source ?? null,
        turn: f.turn,
        ts: tsOf(f.ts),
        id: null,
        query: str(d.rewritten_query) ?? str(d.query) ?? '',
        top_k: topK,
        threshold,
        candidates: candidatesOf(arr(d.candidates), topK, threshold, undefined),
        missed: [],
        findingIds: [],
      };
      out.push(r);
    }
    if (!r) continue;
    // the analyzer may know the retrieval's settings when the event does not say them
    r.top_k ??= num(d.top_k);
    r.threshold ??= num(d.threshold);
    if (missed && !r.missed.includes(missed)) r.missed.push(missed);
    r.findingIds.push(f.id);
    if (missed && !r.candidates.some((c) => c.id === missed)) {
      const m = obj(d.missed);
      const rank = num(m.rank);
      if (rank !== null) r.candidates.push({ id: missed, score: num(m.score), rank, injected: false });
      r.candidates.sort((a, b) => a.rank - b.rank);
    }
  }
  return out.sort((a, b) => (a.ts ?? 0) - (b.ts ?? 0));
}

export const picture: PictureSpec<Cause, Detail, RetrievalData[]> = {
  kind: 'retrieval',
  title: 'Retrieval',
  build: retrievalData,
  count: (p) => p.length,
  focus: (p, findingId) =>
    Math.max(
      0,
      p.findIndex((r) => (findingId ? r.findingIds.includes(findingId) : r.findingIds.length > 0)),
    ),
  lines(p, item) {
    const r = p[item];
    if (!r) return [];
    return [
      `turn ${r.turn ?? '?'} · ${when(r.ts)}: "${r.query}" (top_k ${r.top_k ?? '?'}, threshold ${r.threshold ?? 'none'})`,
      ...r.candidates.map((c) => `${c.rank}. ${c.id} ${c.score ?? '?'}${c.injected ? ' ✓' : ''}${r.missed.includes(c.id) ? ' ← missed' : ''}`),
    ];
  },
};
