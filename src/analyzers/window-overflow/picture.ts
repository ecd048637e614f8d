/** window-overflow's picture in the TUI: the prompt's fill request by request, marked where a constraint left it. Data only: the TUI draws it (src/tui/charts/). */
import { composition, type Composition } from '../../store/composition.js';
import type { SessionEvent } from '../../store/session.js';
import { num, obj, steps, when } from '../picture-values.js';
import { str } from '../../util/values.js';
import type { FindingOf, PictureSpec } from '../views.js';
import type { Cause, Detail } from './types.js';

type F = FindingOf<Cause, Detail>;

export interface PromptPoint {
  source: string;
  turn: number | null;
  ts: number;
  tokens: number;
  limit: number | null;
  model: string;
  messages: number;
  composition: Composition | null;
  /** the fill a finding's evidence states for this request (its figure wins: title and picture agree) */
  fill?: number;
}
export interface FillMark {
  index: number;
  label: string;
  findingId: string;
}
/** A cliff: a compaction (or a cut found by comparing two prompts) between two requests, and what fell off it. */
export interface Cliff {
  /** the first request after it */
  index: number;
  /** "auto compaction, 168,012 tokens before", "a cut from the middle of the history" */
  what: string;
  /** messages of the request before that the request after no longer holds, and their tokens */
  removed: number;
  removedTokens: number;
  /** the instructions the findings say fell off here (their labels) */
  fell: string[];
  findingIds: string[];
}
export interface FillData {
  points: PromptPoint[];
  vanish: FillMark[];
  /** compactions and cuts, in request order (none when the session has neither) */
  cliffs?: Cliff[];
}

const fmtN = (n: number) => n.toLocaleString('en-US');
const CUT_SHAPES: Record<string, string> = {
  middle: 'a cut from the middle of the history',
  system_prompt: 'the system prompt cut',
  first_request: "the user's first request cut",
};

export function parseComposition(v: unknown): Composition | null {
  const o = obj(v);
  const keys = ['system', 'task_context', 'history', 'tool_results', 'latest_user'] as const;
  if (!keys.some((k) => num(o[k]) !== null)) return null;
  const c: Composition = { system: 0, task_context: 0, history: 0, tool_results: 0, latest_user: 0, total: 0 };
  for (const k of keys) c[k] = Math.max(0, num(o[k]) ?? 0);
  c.total = num(o.total) ?? keys.reduce((s, k) => s + c[k], 0);
  return c;
}

export function fillData(events: readonly SessionEvent[], findings: readonly F[]): FillData | null {
  const points: PromptPoint[] = [];
  const cliffs: Cliff[] = [];
  // the last request of each actor, and a compaction waiting for the actor's next request
  const last = new Map<string, SessionEvent>();
  let pending: SessionEvent | null = null;
  for (const e of events) {
    if (e.kind === 'compaction') pending = e;
    if (!e.request) continue;
    const actor = e.actor ?? '';
    const prev = last.get(actor);
    if (pending && prev?.request) {
      const kept = new Set(e.request.messages.map((m) => m.id));
      const gone = prev.request.messages.filter((m) => !kept.has(m.id));
      const b = pending.body;
      const trigger = str(b.trigger);
      const before = num(b.tokens_before);
      cliffs.push({
        index: points.length,
        what: `${trigger ? `${trigger} ` : ''}compaction${before !== null ? `, ${fmtN(before)} tokens before` : ''}`,
        removed: gone.length,
        removedTokens: gone.reduce((n, m) => n + m.tokens, 0),
        fell: [],
        findingIds: [],
      });
      pending = null;
    }
    last.set(actor, e);
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
    // what fell off a cliff: an instruction a compaction dropped, or a cut that was not oldest-first took out
    if (f.cause === 'compacted_away' || f.cause === 'cut_out') {
      let cliff = cliffs.find((c) => c.index === index);
      if (!cliff && f.cause === 'cut_out') {
        const cut = obj(d.cut);
        cliff = {
          index,
          what: CUT_SHAPES[str(cut.shape) ?? ''] ?? 'a cut',
          removed: num(cut.removed_messages) ?? 0,
          removedTokens: num(cut.removed_tokens) ?? 0,
          fell: [],
          findingIds: [],
        };
        cliffs.push(cliff);
        cliffs.sort((a, b) => a.index - b.index);
      }
      if (cliff) {
        cliff.fell.push(what);
        cliff.findingIds.push(f.id);
      }
    }
    // the analyzer's composition is the authority when the request has none
    if (!points[index].composition) points[index].composition = parseComposition(d.composition);
  }
  return { points, vanish, cliffs };
}

export const picture: PictureSpec<Cause, Detail, FillData | null> = {
  kind: 'fill',
  title: 'Prompt fill',
  build: fillData,
  count: (p) => p?.points.length ?? 0,
  focus(p, findingId) {
    const m = p?.vanish.find((v) => !findingId || v.findingId === findingId);
    return m?.index ?? Math.max(0, (p?.points.length ?? 1) - 1);
  },
  lines(p, item) {
    const pt = p?.points[item];
    if (!pt) return [];
    const fill = pt.limit ? ` (${Math.round(((pt.fill ?? pt.tokens / pt.limit) as number) * 100)}%)` : '';
    return [
      `turn ${pt.turn ?? '?'} · ${when(pt.ts)} · ${pt.model}: ${pt.tokens} tokens of ${pt.limit ?? '?'}${fill}, ${pt.messages} messages`,
      ...(p?.cliffs ?? [])
        .filter((c) => c.index === item)
        .map(
          (c) =>
            `▼ ${c.what}: ${c.fell.length ? `fell off: ${c.fell.map((f) => `"${f}"`).join(', ')}` : 'no instruction lost'}; ${c.removed} messages left the prompt`,
        ),
      ...(p?.vanish ?? []).filter((v) => v.index === item).map((v) => `▲ ${v.label}`),
    ];
  },
};
