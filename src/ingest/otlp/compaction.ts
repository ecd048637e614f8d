import { createHash } from 'node:crypto';
import type { ChatMessage } from '../../events/types.js';
import type { DraftEvent, Ready } from './assemble.js';
import type { Attrs, SpanInfo } from './span.js';

/**
 * Compaction as OpenTelemetry exports carry it, each read as a `compaction` event (the kind the coding
 * agents' transcripts give):
 * - semantic-conventions-genai: `gen_ai.conversation.compacted` (set only `true`) on a model call after
 *   the history was compacted, and message parts of type `compaction` (`{type, id?, content?}`: the
 *   compacted state sent to or received from the model, `content` the summary when it is not encrypted);
 * - Redpanda's `ai-sdk-go` (`plugins/otel/compaction.go`): a zero-length `redpanda.compaction` span per
 *   pass with `redpanda.compaction.phase`, `.pruned_results`, `.dropped_messages` and the context's
 *   breakdown before and after (`redpanda.compaction.before.tokens`, `.after.tokens`,
 *   `.before.max_context_size`, ...); it then marks every later model call of the conversation
 *   `gen_ai.conversation.compacted`, in later invocations too;
 * - eve: its summarising call is a Vercel AI SDK call with `ai.telemetry.functionId` `eve.compaction`
 *   (vercel.ts asks `isEveCompaction`);
 * - `lifecycle.window.drop` (acolyte's record of history dropped from the running window:
 *   `dropped_turns`, `dropped_tokens`, `kept_history_tokens`) as a span or a span event.
 * A flag or a part says a compaction happened, not when it was new: `CompactionMarks` keeps one per
 * session for a run of flagged calls and one per distinct part.
 */

const int = (v: unknown): number | undefined => {
  const n = typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v;
  return typeof n === 'number' && Number.isSafeInteger(n) && n >= 0 ? n : undefined;
};
const present = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

/** Why a compaction event was made: the store keeps none of this, CompactionMarks reads it. */
export type CompactionSource = { flag: true } | { part: string } | { explicit: true };
const SOURCE = new WeakMap<DraftEvent, CompactionSource>();

function marked(e: DraftEvent, source: CompactionSource): DraftEvent {
  SOURCE.set(e, source);
  return e;
}

/** The compaction a `gen_ai.conversation.compacted` flag on a model call stands for (kept once per run of flagged calls). */
export function flagCompaction(s: SpanInfo, attrs: Attrs): DraftEvent[] {
  const v = attrs['gen_ai.conversation.compacted'];
  if (v !== true && v !== 'true') return [];
  return [marked({ kind: 'compaction', ts: s.start, id: `${s.spanId}:compaction`, fields: {} }, { flag: true })];
}

/** Compaction parts in a model call's messages: the summary the model was sent (input) or gave back (output). */
export function partCompactions(s: SpanInfo, messages: readonly ChatMessage[], output: boolean, requestId?: string): DraftEvent[] {
  const out: DraftEvent[] = [];
  for (const m of messages) {
    if (!Array.isArray(m.content)) continue;
    for (const p of m.content as unknown[]) {
      if (typeof p !== 'object' || p === null || (p as { type?: unknown }).type !== 'compaction') continue;
      const { id, content } = p as { id?: unknown; content?: unknown };
      const summary = typeof content === 'string' && content ? content : undefined;
      const key = typeof id === 'string' && id ? `id:${id}` : summary ? `text:${createHash('sha256').update(summary).digest('hex').slice(0, 16)}` : 'opaque';
      const e: DraftEvent = {
        kind: 'compaction',
        ts: output ? (s.end ?? s.start) : s.start,
        id: `${s.spanId}:compaction:${key}`,
        fields: present({ summary, ...(output && requestId ? { request_id: requestId } : {}) }),
      };
      out.push(marked(e, { part: key }));
    }
  }
  return out;
}

export function isRedpandaCompaction(s: SpanInfo): boolean {
  return s.name === 'redpanda.compaction' || s.attrs['redpanda.compaction.phase'] !== undefined;
}

/** A `redpanda.compaction` span: one pass, its phase and the context's size before and after. */
export function redpandaCompaction(s: SpanInfo): DraftEvent[] {
  const a = s.attrs;
  const p = 'redpanda.compaction';
  const dropped = int(a[`${p}.dropped_messages`]);
  const pruned = int(a[`${p}.pruned_results`]);
  const fields = present({
    trigger: typeof a[`${p}.phase`] === 'string' && a[`${p}.phase`] ? a[`${p}.phase`] : undefined,
    // results pruned and messages dropped, nothing written in their place
    strategy: 'truncation',
    tokens_before: int(a[`${p}.before.tokens`]),
    tokens_after: int(a[`${p}.after.tokens`]),
    context_limit: int(a[`${p}.before.max_context_size`]) || int(a[`${p}.after.max_context_size`]) || undefined,
    removed_count: dropped !== undefined || pruned !== undefined ? (dropped ?? 0) + (pruned ?? 0) : undefined,
  });
  return [marked({ kind: 'compaction', ts: s.start, id: `${s.spanId}:compaction`, fields }, { explicit: true })];
}

const WINDOW_DROP = 'lifecycle.window.drop';

function windowDrop(id: string, ts: number, a: Attrs): DraftEvent {
  const fields = present({
    trigger: 'auto',
    strategy: 'truncation',
    removed_count: int(a.dropped_turns),
    tokens_after: int(a.kept_history_tokens),
  });
  return marked({ kind: 'compaction', ts, id, fields }, { explicit: true });
}

export function isWindowDropSpan(s: SpanInfo): boolean {
  return s.name === WINDOW_DROP;
}

/** `lifecycle.window.drop` as a span of its own. */
export function windowDropSpan(s: SpanInfo): DraftEvent[] {
  return [windowDrop(`${s.spanId}:compaction`, s.start, s.attrs)];
}

/** `lifecycle.window.drop` as events of any span. */
export function windowDropEvents(s: SpanInfo): DraftEvent[] {
  return s.events.flatMap((e, i) => (e.name === WINDOW_DROP ? [windowDrop(`${s.spanId}:compaction:${i}`, e.time, e.attrs)] : []));
}

/** eve's summarising call (Vercel AI SDK telemetry `functionId: "eve.compaction"`). */
export function isEveCompaction(a: Attrs): boolean {
  return (
    a['ai.telemetry.functionId'] === 'eve.compaction' ||
    a['resource.name'] === 'eve.compaction' ||
    a['ai.settings.context.eve.compaction.request'] !== undefined
  );
}

/** The compaction eve's summarising call made: its answer is the summary. */
export function eveCompaction(s: SpanInfo, summary: string | undefined, requestId: string): DraftEvent {
  return marked(
    { kind: 'compaction', ts: s.end ?? s.start, id: `${s.spanId}:compaction`, fields: present({ strategy: 'summary', summary, request_id: requestId }) },
    { explicit: true },
  );
}

/** Insert into a sorted list of [time, flag] pairs; returns the pair before `ts` (the previous call). */
function before<T>(list: [number, T][], ts: number): [number, T] | undefined {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (list[mid][0] < ts) lo = mid + 1;
    else hi = mid;
  }
  return lo > 0 ? list[lo - 1] : undefined;
}

function insert<T>(list: [number, T][], item: [number, T]): void {
  const prev = before(list, item[0] + 1);
  const at = prev ? list.indexOf(prev) + 1 : 0;
  list.splice(at, 0, item);
}

/**
 * One compaction per fact, per session, by time: a flagged model call whose previous call (by start time)
 * was flagged too, or after an explicit compaction since that call, is the same compaction (Redpanda
 * flags every later call); a part already seen in the session is the same compaction sent again. Drafts
 * come in export order, not time order (a call waits for its parent span), so calls and explicit
 * compactions are kept by time; an explicit compaction read after the flagged call it explains cannot
 * take that call's compaction back.
 */
export class CompactionMarks {
  private readonly state = new Map<string, { calls: [number, boolean][]; explicit: [number, true][]; parts: Set<string> }>();

  apply(r: Ready): Ready {
    const events = r.draft.events;
    if (!events.some((e) => e.kind === 'compaction' || e.kind === 'request')) return r;
    let st = this.state.get(r.session);
    if (!st) {
      if (this.state.size >= 100_000) this.state.clear();
      st = { calls: [], explicit: [], parts: new Set() };
      this.state.set(r.session, st);
    }
    const source = (e: DraftEvent) => (e.kind === 'compaction' ? SOURCE.get(e) : undefined);
    const explicit = new Set<DraftEvent>();
    let flag: DraftEvent | undefined;
    for (const e of events) {
      const src = source(e);
      if (!src) continue;
      if ('flag' in src) {
        flag = e;
        continue;
      }
      if ('part' in src) {
        if (st.parts.has(src.part)) continue;
        st.parts.add(src.part);
      }
      explicit.add(e);
    }
    const request = events.find((e) => e.kind === 'request');
    let keepFlag = false;
    if (flag && !explicit.size) {
      const at = request?.ts ?? flag.ts;
      const prev = before(st.calls, at);
      const since = before(st.explicit, at + 1);
      keepFlag = !prev?.[1] && !(since && (!prev || since[0] > prev[0]));
    }
    for (const e of explicit) insert(st.explicit, [e.ts, true]);
    if (request) insert(st.calls, [request.ts, !!flag]);
    const keep = events.filter((e) => !source(e) || explicit.has(e) || (e === flag && keepFlag));
    return keep.length === events.length ? r : { ...r, draft: { ...r.draft, events: keep } };
  }
}
