import type { Draft } from './assemble.js';
import { isObj } from './span.js';

/**
 * Tool spans matched to the model's call of the tool. A tool span that names no call id of its own
 * (OpenInference's TOOL spans, OpenLLMetry's `withTool`, Mastra's `tool.execute`) was read with its
 * span id as the call id, so its call and result named no call the model made: the response asked for
 * `toolu_weather_1`, the next prompt answered `toolu_weather_1`, and the tool's events said
 * `69d3b3a835591684`. Such a tool draft takes the id of a call of a response of its session (of its
 * trace when the span names no session: a tool traced apart from the model call, OpenInference
 * without a turn span, is in another trace) with the same tool name and arguments (else the only
 * such call of that name). Exporters write a tool span
 * before the model call that asked for it ends (and a model call waits for its nested spans), so a
 * tool draft with no call to match yet is held until one comes, or until the end of the file, where it
 * goes on as it is. Bounded: past `max` held, the oldest goes on.
 *
 * The calls also repair prompts: Mastra cuts values deeper than its limit to `"[MaxDepth]"`, so a
 * step's prompt repeats an earlier tool call with its id but neither name nor arguments; a call a
 * response of the file made with that id gives them back.
 */
interface Call {
  id: string;
  name: string;
  args: string;
  taken?: boolean;
}

/** What Mastra writes for a value deeper than it serialises. */
const MAX_DEPTH = '[MaxDepth]';

/** Arguments as canonical JSON (keys sorted), whether given as JSON text or as a value. */
function canonical(v: unknown): string {
  let value = v;
  if (typeof v === 'string') {
    try {
      value = JSON.parse(v);
    } catch {
      return v;
    }
  }
  const sort = (x: unknown): unknown =>
    Array.isArray(x)
      ? x.map(sort)
      : isObj(x)
        ? Object.fromEntries(
            Object.keys(x)
              .sort()
              .map((k) => [k, sort(x[k])]),
          )
        : x;
  return JSON.stringify(sort(value ?? {}));
}

/** Where a draft's calls are looked for: its session, else its trace (a call is noted under both). */
const keyOf = (d: Draft): string => (d.session !== undefined ? `session\0${d.session}` : `trace\0${d.traceId}`);
const keysOf = (d: Draft): string[] => [`trace\0${d.traceId}`, ...(d.session !== undefined ? [`session\0${d.session}`] : [])];

/** The span id a tool draft's events use as their call id when the span named none, else undefined. */
function ownId(d: Draft): string | undefined {
  const call = d.events.find((e) => e.kind === 'tool_call');
  if (!call || typeof call.fields.call_id !== 'string' || call.id !== `${call.fields.call_id}:tool_call`) return undefined;
  return call.fields.call_id;
}

export class ToolCallIds {
  /** session (or trace) -> calls the model made that no tool span took yet */
  private readonly calls = new Map<string, Call[]>();
  /** session (or trace) -> tool drafts waiting for their call */
  private readonly held = new Map<string, Draft[]>();
  /** call id -> the function the model called (name and arguments as it wrote them), for cut prompts */
  private readonly byId = new Map<string, { name: string; arguments: unknown }>();
  private count = 0;

  constructor(private readonly max = 10_000) {}

  /** The drafts to place now: this one (unless held) and the held tool drafts it matched. */
  apply(given: Draft): Draft[] {
    const d = this.repair(given);
    const made = this.noteCalls(d);
    if (ownId(d) !== undefined) {
      const matched = this.match(d);
      if (matched) return [matched];
      return this.hold(d);
    }
    if (!made) return [d];
    const out = [d];
    for (const key of keysOf(d)) {
      const waiting = this.held.get(key) ?? [];
      const still = waiting.filter((t) => {
        const m = this.match(t);
        if (m) out.push(m);
        return !m;
      });
      this.count -= waiting.length - still.length;
      if (still.length) this.held.set(key, still);
      else this.held.delete(key);
    }
    return out;
  }

  /** Every held tool draft, as it is (the end of the file). */
  release(): Draft[] {
    const out = [...this.held.values()].flat();
    this.held.clear();
    this.count = 0;
    return out;
  }

  private noteCalls(d: Draft): boolean {
    let made = false;
    for (const e of d.events) {
      if (e.kind !== 'response' || !Array.isArray(e.fields.tool_calls)) continue;
      for (const c of e.fields.tool_calls) {
        if (!isObj(c) || typeof c.id !== 'string' || !isObj(c.function) || typeof c.function.name !== 'string') continue;
        const call: Call = { id: c.id, name: c.function.name, args: canonical(c.function.arguments) };
        this.byId.set(c.id, { name: c.function.name, arguments: c.function.arguments });
        if (this.byId.size > 100_000) this.byId.delete(this.byId.keys().next().value as string);
        for (const k of keysOf(d)) {
          const list = this.calls.get(k) ?? [];
          if (list.some((x) => x.id === c.id)) continue;
          list.push(call);
          this.calls.set(k, list);
          made = true;
        }
      }
    }
    if (this.calls.size > 100_000) this.calls.delete(this.calls.keys().next().value as string);
    return made;
  }

  /** A draft whose prompts repeat a call cut to "[MaxDepth]", with the call's name and arguments back. */
  private repair(d: Draft): Draft {
    const cut = (c: unknown) =>
      isObj(c) && typeof c.id === 'string' && isObj(c.function) && (c.function.name === MAX_DEPTH || c.function.arguments === MAX_DEPTH);
    const fix = (c: unknown) => {
      const known = cut(c) ? this.byId.get((c as { id: string }).id) : undefined;
      return known ? { ...(c as object), function: known } : c;
    };
    if (!d.events.some((e) => e.kind === 'request' && Array.isArray(e.fields.messages))) return d;
    let changed = false;
    const events = d.events.map((e) => {
      if (e.kind !== 'request' || !Array.isArray(e.fields.messages)) return e;
      const messages = e.fields.messages.map((m: unknown) => {
        if (!isObj(m) || !Array.isArray(m.tool_calls) || !m.tool_calls.some((c) => cut(c) && this.byId.has((c as { id: string }).id))) return m;
        changed = true;
        return { ...m, tool_calls: m.tool_calls.map(fix) };
      });
      return { ...e, fields: { ...e.fields, messages } };
    });
    return changed ? { ...d, events } : d;
  }

  /** The draft with the model's call id, when a call of its trace fits (taken: one call, one tool span). */
  private match(d: Draft): Draft | undefined {
    const span = ownId(d);
    const call = d.events.find((e) => e.kind === 'tool_call');
    if (!span || !call) return undefined;
    const name = call.fields.name;
    const args = canonical(call.fields.arguments);
    let found: Call | undefined;
    for (const k of keysOf(d)) {
      const named = (this.calls.get(k) ?? []).filter((c) => !c.taken && c.name === name);
      found = named.find((c) => c.args === args) ?? (named.length === 1 ? named[0] : undefined);
      if (found) break;
    }
    if (!found) return undefined;
    found.taken = true;
    return { ...d, events: d.events.map((e) => (e.fields.call_id === span ? { ...e, fields: { ...e.fields, call_id: found.id } } : e)) };
  }

  private hold(d: Draft): Draft[] {
    const list = this.held.get(keyOf(d)) ?? [];
    list.push(d);
    this.held.set(keyOf(d), list);
    this.count++;
    if (this.count <= this.max) return [];
    const [trace, oldest] = this.held.entries().next().value as [string, Draft[]];
    const first = oldest.shift() as Draft;
    if (!oldest.length) this.held.delete(trace);
    this.count--;
    return [first];
  }
}
