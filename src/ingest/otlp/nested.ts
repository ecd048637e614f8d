import type { Draft, DraftEvent } from './assemble.js';

/**
 * One model call described by nested spans is one request. An SDK that traces its own calls (the
 * Anthropic SDK's `anthropic.messages.create`: model and usage, no content unless asked) under an
 * instrumentation that traces the same call (OpenInference's `Anthropic Messages`, OpenLLMetry's
 * `chat <model>`: the messages), or a framework's model span over a provider instrumentation's,
 * would otherwise be two requests, one of them without messages.
 *
 * Exporters write a span when it ends (children first) but group a batch by instrumentation scope,
 * so within one export document a parent may come first. A model-call draft (one with a `request`
 * or `response`) is therefore held to the end of its document; there, a held draft whose parent is
 * a held model call is merged into it (the messages of the span that has more of them, every field
 * either has), and a draft whose parent has not been read yet waits for it across documents (merged
 * when it is a model call, let go otherwise). A model-call span with several model-call children (a
 * multi-step generation, an agent run logged as a generation) only repeats them: its request and
 * response are dropped, its children kept. What is still held at the end of the file (or past
 * `max`) goes on as it is.
 */

export interface Nested<T> {
  spanId: string;
  parentSpanId: string | null;
  draft: Draft;
  /** what the caller carries along (the span it was read from) */
  extra: T;
}

const CALL_KINDS = new Set(['request', 'response']);

export const isModelCall = (d: Draft): boolean => d.events.some((e) => CALL_KINDS.has(e.kind));

export class NestedCalls<T> {
  /** model calls of the current document, by span id */
  private doc = new Map<string, Nested<T>>();
  /** model calls whose parent was not read yet, by parent span id */
  private readonly waiting = new Map<string, Nested<T>[]>();
  private count = 0;
  /** spans already read (a call whose parent was read waits no longer than its document) */
  private readonly seen = new Set<string>();

  constructor(private readonly max = 10_000) {}

  /** Drafts that can go on now: this one unless it is a model call, and those it let go. */
  add(n: Nested<T>): Nested<T>[] {
    this.remember(n.spanId);
    const out: Nested<T>[] = [];
    let cur = n;
    const children = this.waiting.get(n.spanId);
    if (children) {
      this.waiting.delete(n.spanId);
      this.count -= children.length;
      if (isModelCall(cur.draft) && children.length === 1) cur = { ...cur, draft: mergeCall(cur.draft, children[0].draft) };
      else {
        if (isModelCall(cur.draft)) cur = { ...cur, draft: wrapper(cur.draft) };
        out.push(...children);
      }
    }
    if (!isModelCall(cur.draft)) {
      out.push(cur);
      return out;
    }
    this.doc.set(cur.spanId, cur);
    this.count++;
    if (this.count > this.max) out.push(...this.endOfDocument(), ...this.evict());
    return out;
  }

  /** The document is read: its nested calls merged; those whose parent is still to come wait. */
  endOfDocument(): Nested<T>[] {
    const doc = this.doc;
    this.doc = new Map();
    this.count -= doc.size;
    const depth = (n: Nested<T>): number => {
      let d = 0;
      for (let p = n.parentSpanId; p !== null && doc.has(p) && d < doc.size; p = doc.get(p)!.parentSpanId) d++;
      return d;
    };
    const out: Nested<T>[] = [];
    const children = new Map<string, number>();
    for (const n of doc.values()) if (n.parentSpanId !== null && doc.has(n.parentSpanId)) children.set(n.parentSpanId, (children.get(n.parentSpanId) ?? 0) + 1);
    // deepest first, so that a chain of three spans ends in its outermost
    for (const n of [...doc.values()].sort((a, b) => depth(b) - depth(a))) {
      const parent = n.parentSpanId !== null ? doc.get(n.parentSpanId) : undefined;
      if (!parent) continue;
      if (children.get(parent.spanId) !== 1) {
        // a call around several calls (an agent run, a multi-step generation): they are the calls
        doc.set(parent.spanId, { ...parent, draft: wrapper(parent.draft) });
        out.push(doc.get(n.spanId)!);
      } else doc.set(parent.spanId, { ...parent, draft: mergeCall(parent.draft, doc.get(n.spanId)!.draft) });
      doc.delete(n.spanId);
    }
    for (const n of doc.values()) {
      if (n.parentSpanId === null || this.seen.has(n.parentSpanId)) {
        out.push(n);
        continue;
      }
      const list = this.waiting.get(n.parentSpanId);
      if (list) list.push(n);
      else this.waiting.set(n.parentSpanId, [n]);
      this.count++;
    }
    return [...out, ...this.evict()];
  }

  /** Everything still held (the end of the file). */
  finish(): Nested<T>[] {
    const out = [...this.endOfDocument(), ...[...this.waiting.values()].flat()];
    this.waiting.clear();
    this.count = 0;
    return out;
  }

  private evict(): Nested<T>[] {
    const out: Nested<T>[] = [];
    while (this.count > this.max && this.waiting.size) {
      const [parent, oldest] = this.waiting.entries().next().value as [string, Nested<T>[]];
      this.waiting.delete(parent);
      this.count -= oldest.length;
      out.push(...oldest);
    }
    return out;
  }

  private remember(spanId: string): void {
    this.seen.add(spanId);
    if (this.seen.size > this.max * 10) this.seen.delete(this.seen.values().next().value as string);
  }
}

/** A span around several model calls, without the request and response its calls already are. */
function wrapper(d: Draft): Draft {
  return { ...d, events: d.events.filter((e) => !CALL_KINDS.has(e.kind)) };
}

function messageCount(e: DraftEvent | undefined): number {
  const m = e?.fields.messages;
  return Array.isArray(m) ? m.length : -1;
}

function hasAnswer(e: DraftEvent | undefined): boolean {
  if (!e) return false;
  const c = e.fields.content;
  return (
    (typeof c === 'string' && c !== '') || (Array.isArray(e.fields.tool_calls) && e.fields.tool_calls.length > 0) || (c !== undefined && typeof c !== 'string')
  );
}

/** `base` with every field of `other` it lacks (an unknown model is a lack). */
function fill(base: DraftEvent, other: DraftEvent | undefined): DraftEvent {
  if (!other) return base;
  const fields = { ...base.fields };
  for (const [k, v] of Object.entries(other.fields)) {
    if (k === 'request_id') continue;
    if (fields[k] === undefined || (k === 'model' && fields[k] === 'unknown') || (k === 'content' && fields[k] === '' && typeof v === 'string')) fields[k] = v;
  }
  return { ...base, fields };
}

/**
 * Two spans of one model call as one draft in the outer span's place: the request with more
 * messages (the outer's on a tie), the response with an answer, each completed by the other's
 * fields (model, usage, provider, finish reason...); every other event of both is kept.
 */
export function mergeCall(outer: Draft, inner: Draft): Draft {
  const pick = (kind: string, better: (a: DraftEvent | undefined, b: DraftEvent | undefined) => boolean) => {
    const a = outer.events.find((e) => e.kind === kind);
    const b = inner.events.find((e) => e.kind === kind);
    const [base, other] = better(b, a) ? [b, a] : [a, b];
    return base ? fill(base, other) : undefined;
  };
  // the innermost span's token counts are those of the call itself (an outer one may sum several steps)
  const innerUsage = (kind: string) => inner.events.find((e) => e.kind === kind)?.fields.usage;
  const withUsage = (e: DraftEvent | undefined, kind: string) =>
    e && innerUsage(kind) !== undefined ? { ...e, fields: { ...e.fields, usage: innerUsage(kind) } } : e;
  const request = withUsage(
    pick('request', (x, y) => messageCount(x) > messageCount(y)),
    'request',
  );
  const response = withUsage(
    pick('response', (x, y) => hasAnswer(x) && !hasAnswer(y)),
    'response',
  );
  const rest = [...outer.events, ...inner.events].filter((e) => !CALL_KINDS.has(e.kind));
  const requestId = request?.fields.request_id ?? response?.fields.request_id;
  const events = [request, response].filter((e): e is DraftEvent => e !== undefined);
  // the response answers the request that was kept
  if (request && response) events[1] = { ...response, fields: { ...response.fields, request_id: requestId } };
  const merged: Draft = {
    ...inner,
    ...outer,
    session: outer.session ?? inner.session,
    sessionKey: outer.session !== undefined ? outer.sessionKey : inner.sessionKey,
    actor: outer.actor ?? inner.actor,
    scope: outer.scope ?? inner.scope,
    events: [...events, ...rest],
    opensTurn: outer.opensTurn || inner.opensTurn,
  };
  if (outer.resolves || inner.resolves) merged.resolves = [...(outer.resolves ?? []), ...(inner.resolves ?? [])];
  const awaits = messageCount(request) <= 0 && !hasAnswer(response) && outer.awaitsContent === true && inner.awaitsContent === true;
  if (awaits) merged.awaitsContent = true;
  else delete merged.awaitsContent;
  return merged;
}
