import type { SessionData, SessionEvent } from '../../store/session.js';
import { composition, type Composition } from '../../store/composition.js';
import type { Finding } from '../../findings/types.js';
import { injectedCandidates, type InjectedCandidate } from '../../events/retrieval.js';
import { contentText, isKind } from '../../events/validate.js';
import { str } from '../../util/values.js';

/**
 * What the session pictures show, read from a session's events and marked with its findings.
 * Pure. Findings' `detail` is read defensively (any field may be missing), and when a session
 * lacks the events a finding's figures come from, the finding's detail stands in.
 */

export type PictureKind = 'fill' | 'retrieval' | 'write' | 'state' | 'style';
export const PICTURE_KINDS: readonly PictureKind[] = ['fill', 'retrieval', 'write', 'state', 'style'];
export const PICTURE_TITLES: Record<PictureKind, string> = {
  fill: 'Prompt fill',
  retrieval: 'Retrieval',
  write: 'Write lifecycle',
  state: 'State versions',
  style: 'Response style',
};
/** Which picture tells each analyzer's story. */
export const PICTURE_FOR: Record<string, PictureKind> = {
  'window-overflow': 'fill',
  'recall-mismatch': 'retrieval',
  'lost-write': 'write',
  'concurrent-overwrite': 'state',
  'tool-drift': 'style',
};

export type {
  PromptPoint,
  FillMark,
  FillData,
  Candidate,
  RetrievalData,
  WriteStep,
  WriteData,
  StateOp,
  StateData,
  StylePoint,
  StyleData,
  Pictures,
} from './pictures.js';
import type { PromptPoint, FillMark, FillData, Candidate, RetrievalData, WriteData, StateOp, StateData, StylePoint, StyleData, Pictures } from './pictures.js';

const obj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
const num = (v: unknown): number | null =>
  typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : null;
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const tsOf = (v: unknown): number | null => {
  if (typeof v === 'number') return v;
  if (typeof v === 'string') {
    const t = Date.parse(v);
    return Number.isNaN(t) ? null : t;
  }
  return null;
};

function steps(f: Finding) {
  return Array.isArray(f.evidence) ? f.evidence : [];
}

// ---- measures ------------------------------------------------------------------------

export function parseComposition(v: unknown): Composition | null {
  const o = obj(v);
  const keys = ['system', 'task_context', 'history', 'tool_results', 'latest_user'] as const;
  if (!keys.some((k) => num(o[k]) !== null)) return null;
  const c: Composition = { system: 0, task_context: 0, history: 0, tool_results: 0, latest_user: 0, total: 0 };
  for (const k of keys) c[k] = Math.max(0, num(o[k]) ?? 0);
  c.total = num(o.total) ?? keys.reduce((s, k) => s + c[k], 0);
  return c;
}

const EMOJI = /\p{Extended_Pictographic}/gu;
const EXCL = /[!！]/g;
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu;
const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu;

/** Words (a CJK character counts as one), emoji and exclamation marks of a text. */
export function styleOf(text: string): { words: number; emoji: number; exclamations: number } {
  const cjk = (text.match(CJK) ?? []).length;
  const latin = (text.replace(CJK, ' ').match(WORD) ?? []).length;
  return { words: cjk + latin, emoji: (text.match(EMOJI) ?? []).length, exclamations: (text.match(EXCL) ?? []).length };
}

// ---- the pictures --------------------------------------------------------------------

function fillData(events: SessionEvent[], findings: Finding[]): FillData | null {
  const points: PromptPoint[] = [];
  for (const e of events) {
    if (!e.request) continue;
    points.push({
      source: e.source,
      turn: e.turn,
      ts: e.ts,
      tokens: e.request.promptTokens,
      limit: e.request.contextLimit,
      model: e.request.model,
      messages: e.request.messages.length,
      composition: e.request.messages.length ? composition(e.request) : null,
    });
  }
  if (points.length === 0) return null;
  const vanish: FillMark[] = [];
  for (const f of findings) {
    if (f.analyzer !== 'window-overflow') continue;
    const ctx = steps(f).filter((s) => s.role === 'context');
    const lost = ctx[ctx.length - 1];
    // one source for the figures: the requests the evidence names take its tokens, window and fill
    for (const s of ctx) {
      const at = points.findIndex((p) => p.source === s.source);
      const sd = obj(s.detail);
      if (at < 0) continue;
      const tokens = num(sd.prompt_tokens);
      const limit = num(sd.context_limit);
      const fill = num(sd.fill);
      if (tokens !== null) points[at].tokens = tokens;
      if (limit !== null) points[at].limit = limit;
      if (fill !== null) points[at].fill = fill;
    }
    let index = lost ? points.findIndex((p) => p.source === lost.source) : -1;
    if (index < 0) index = points.findIndex((p) => p.ts === Date.parse(f.ts));
    if (index < 0 && f.turn !== null) index = points.findIndex((p) => p.turn === f.turn);
    if (index < 0) continue;
    const d = obj(f.detail);
    const what = str(d.label) ?? str(d.constraint) ?? 'a constraint';
    vanish.push({ index, label: `"${what}" no longer in the prompt`, findingId: f.id });
    // the analyzer's composition is the authority when the request has none
    if (!points[index].composition) points[index].composition = parseComposition(d.composition);
  }
  return { points, vanish };
}

/** A retrieval's candidates with the one reading of which were injected (events/retrieval.ts). */
function candidatesOf(list: unknown[], topK: number | null, threshold: number | null, injected: unknown): Candidate[] {
  // a finding's detail may list a candidate without an id: drawn by its place
  const candidates = list.map((c, i) => (obj(c).id !== undefined ? c : { ...obj(c), id: `#${i + 1}` }));
  return shown(injectedCandidates({ candidates, top_k: topK ?? undefined, threshold: threshold ?? undefined, injected }));
}

const shown = (list: InjectedCandidate[]): Candidate[] => list.map((c) => ({ id: c.id, score: c.score, rank: c.rank, injected: c.injected }));

function retrievalData(events: SessionEvent[], findings: Finding[]): RetrievalData[] {
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
    if (f.analyzer !== 'recall-mismatch') continue;
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

const DISRUPTIONS = new Set(['restart', 'crash', 'stop', 'deploy']);

function writeData(events: SessionEvent[], findings: Finding[]): WriteData[] {
  const byId = new Map<string, WriteData>();
  for (const e of events) {
    if (!isKind(e, 'memory_write')) continue;
    const b = e.body;
    const id = b.write_id;
    let w = byId.get(id);
    if (!w) {
      w = { write_id: id, memory_id: null, memory_type: null, critical: false, steps: [], disruption: null, snapshot: null, findingId: null, cause: null };
      byId.set(id, w);
    }
    w.memory_id ??= str(b.memory_id) ?? null;
    w.memory_type ??= str(b.memory_type) ?? null;
    if (b.critical === true) w.critical = true;
    w.steps.push({ phase: b.phase, ts: e.ts, source: e.source });
  }
  const lifecycle = events.filter((e) => isKind(e, 'lifecycle') && DISRUPTIONS.has(String(e.body.event)));
  const snapshots = events.filter((e) => isKind(e, 'store_snapshot'));
  for (const f of findings) {
    if (f.analyzer !== 'lost-write') continue;
    const d = obj(f.detail);
    const id =
      str(d.write_id) ??
      steps(f)
        .map((s) => str(obj(s.detail).write_id))
        .find((x) => x) ??
      null;
    if (!id) continue;
    let w = byId.get(id);
    if (!w) {
      w = {
        write_id: id,
        memory_id: str(d.memory_id) ?? null,
        memory_type: str(d.memory_type) ?? null,
        critical: d.critical === true,
        steps: arr(d.phases)
          .map((p) => ({ phase: str(obj(p).phase) ?? '?', ts: tsOf(obj(p).ts) ?? NaN, source: null }))
          .filter((p) => Number.isFinite(p.ts)),
        disruption: null,
        snapshot: null,
        findingId: null,
        cause: null,
      };
      byId.set(id, w);
    }
    w.findingId = f.id;
    w.cause = f.cause;
    const r = obj(d.restart);
    const rts = tsOf(r.ts);
    if (rts !== null) w.disruption = { event: str(r.event) ?? 'restart', process: str(r.process) ?? null, ts: rts };
  }
  for (const w of byId.values()) {
    if (w.steps.length === 0) continue;
    const first = w.steps[0].ts;
    const last = w.steps[w.steps.length - 1].ts;
    const committed = w.steps.find((s) => s.phase === 'committed');
    if (!w.disruption) {
      const l = lifecycle.find((e) => e.ts >= first && (!committed || e.ts <= committed.ts));
      if (l && (!committed || l.ts < committed.ts)) w.disruption = { event: String(l.body.event), process: str(l.body.process) ?? null, ts: l.ts };
    }
    const snap = snapshots.find((e) => e.ts >= last);
    if (snap) {
      const ids = arr(snap.body.memory_ids)
        .map(String)
        .concat(arr(snap.body.records).map((r) => String(obj(r).id)));
      const has = arr(snap.body.memory_ids).length || arr(snap.body.records).length ? w.memory_id !== null && ids.includes(w.memory_id) : null;
      w.snapshot = { ts: snap.ts, contains: has, store: str(snap.body.store) ?? null };
    }
  }
  return [...byId.values()].filter((w) => w.steps.length > 0 || w.findingId);
}

function stateData(events: SessionEvent[], findings: Finding[]): StateData[] {
  const byKey = new Map<string, StateData>();
  for (const e of events) {
    if (!isKind(e, 'state')) continue;
    const key = e.body.key;
    let s = byKey.get(key);
    if (!s) byKey.set(key, (s = { key, ops: [], findingIds: [] }));
    s.ops.push({
      actor: e.actor ?? str(e.body.actor) ?? '?',
      op: e.body.op,
      version: e.body.version ?? null,
      expected: e.body.expected_version ?? null,
      value: e.body.value,
      ts: e.ts,
      source: e.source,
      mark: null,
    });
  }
  for (const f of findings) {
    if (f.analyzer !== 'concurrent-overwrite') continue;
    const d = obj(f.detail);
    const key =
      str(d.key) ??
      steps(f)
        .map((x) => str(obj(x.detail).key))
        .find((x) => x) ??
      null;
    if (!key) continue;
    const s = byKey.get(key);
    if (!s) continue;
    s.findingIds.push(f.id);
    let marked = false;
    for (const step of steps(f)) {
      const sd = obj(step.detail);
      const op = s.ops.find((o) => o.source === step.source);
      if (!op) continue;
      if (sd.lost === true) {
        op.mark = 'lost';
        marked = true;
      } else if (sd.overwrote === true) {
        op.mark = 'overwrote';
        marked = true;
      }
    }
    if (!marked) {
      // e.g. an owner violation: the finding's last write overwrote the write before it
      const writes = steps(f)
        .map((x) => s.ops.find((o) => o.source === x.source && o.op === 'write'))
        .filter((o): o is StateOp => !!o);
      if (writes.length) writes[writes.length - 1].mark = 'overwrote';
      if (writes.length > 1) writes[writes.length - 2].mark ??= 'lost';
    }
  }
  return [...byKey.values()];
}

function styleData(events: SessionEvent[], findings: Finding[]): StyleData | null {
  const points: StylePoint[] = [];
  let tool: string | null = null;
  for (const e of events) {
    if (e.kind === 'tool_call' || e.kind === 'tool_result') tool = str(e.body.name) ?? tool ?? 'tool';
    else if (e.kind === 'request' && e.request) {
      const lastMsg = e.request.messages[e.request.messages.length - 1];
      if (lastMsg && (lastMsg.role === 'tool' || lastMsg.role === 'function')) tool = str(lastMsg.raw.name) ?? tool ?? 'tool';
    } else if (e.kind === 'response') {
      // the text tool-drift measures (parts joined by newlines), so the picture and the finding count alike
      const text = contentText(e.body.content);
      points.push({ source: e.source, turn: e.turn, ts: e.ts, ...styleOf(text), tool });
      tool = null;
    }
  }
  if (points.length === 0) return null;
  const drift: StyleData['drift'] = [];
  for (const f of findings) {
    if (f.analyzer !== 'tool-drift') continue;
    const resp = steps(f).filter((s) => s.role === 'response');
    const last = resp[resp.length - 1];
    let index = last ? points.findIndex((p) => p.source === last.source) : -1;
    if (index < 0) index = points.findIndex((p) => p.ts === Date.parse(f.ts));
    if (index < 0) continue;
    const d = obj(f.detail);
    const metric = str(d.metric);
    // the answer before is the one the evidence names (a compliant response), never an empty
    // tool-call response; else the last response before the drift that said something
    // the analyzer's own counts for the responses its evidence names (title and picture agree)
    for (const s of resp) {
      const at = points.findIndex((p) => p.source === s.source);
      const st = obj(obj(s.detail).style);
      if (at < 0) continue;
      for (const k of ['words', 'emoji', 'exclamations'] as const) {
        const v = num(st[k]);
        if (v !== null) points[at][k] = v;
      }
    }
    const ok = resp.filter((s) => obj(s.detail).complies === true).pop();
    let before = ok ? points.findIndex((p) => p.source === ok.source) : -1;
    if (before < 0) before = points.slice(0, index).findLastIndex((p) => p.words > 0 && !p.tool);
    drift.push({
      index,
      findingId: f.id,
      label: `${str(d.label) ?? 'a preference'} broken${metric ? ` (${metric.replace(/_/g, ' ')})` : ''}`,
      before: before >= 0 ? before : null,
    });
  }
  return { points, drift };
}

export function buildPictures(session: SessionData, findings: Finding[]): Pictures {
  const ev = session.events;
  return {
    fill: fillData(ev, findings),
    retrievals: retrievalData(ev, findings),
    writes: writeData(ev, findings),
    states: stateData(ev, findings),
    style: styleData(ev, findings),
  };
}

/** How many items (requests, retrievals, writes, keys, responses) a picture can step through. */
export function itemCount(p: Pictures, kind: PictureKind): number {
  switch (kind) {
    case 'fill':
      return p.fill?.points.length ?? 0;
    case 'retrieval':
      return p.retrievals.length;
    case 'write':
      return p.writes.length;
    case 'state':
      return p.states.length;
    case 'style':
      return p.style?.points.length ?? 0;
  }
}

/** The pictures this session has data for, in PICTURE_KINDS order. */
export function availableKinds(p: Pictures): PictureKind[] {
  return PICTURE_KINDS.filter((k) => itemCount(p, k) > 0);
}

/** The picture and item that show a finding (or, without a finding, the first marked item). */
export function focusOf(p: Pictures, kind: PictureKind, findingId?: string): number {
  switch (kind) {
    case 'fill': {
      const m = p.fill?.vanish.find((v) => !findingId || v.findingId === findingId);
      return m?.index ?? Math.max(0, (p.fill?.points.length ?? 1) - 1);
    }
    case 'retrieval':
      return Math.max(
        0,
        p.retrievals.findIndex((r) => (findingId ? r.findingIds.includes(findingId) : r.findingIds.length > 0)),
      );
    case 'write':
      return Math.max(
        0,
        p.writes.findIndex((w) => (findingId ? w.findingId === findingId : w.findingId !== null)),
      );
    case 'state':
      return Math.max(
        0,
        p.states.findIndex((s) => (findingId ? s.findingIds.includes(findingId) : s.findingIds.length > 0)),
      );
    case 'style': {
      const d = p.style?.drift.find((x) => !findingId || x.findingId === findingId);
      return d?.index ?? 0;
    }
  }
}

export { composition, type Composition };
