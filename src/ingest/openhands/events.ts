import type { ChatMessage, NativeEvent, ParsedEvent } from '../../events/types.js';
import { InvalidEvent, validateEvent } from '../../events/validate.js';
import { decoded, messagesOf, toolCall } from '../chat-shapes.js';
import { isObj, type Obj } from '../fields.js';
import { actionOf } from '../transcript/actions.js';
import { Conversation, requestEvent } from '../transcript/history.js';

/**
 * OpenHands' events, V0 (`{id, timestamp, source, action | observation, args | extras, cause,
 * tool_call_metadata}`) and V1 (the agent SDK's `{kind: "MessageEvent" | "ActionEvent" |
 * "ObservationEvent" | "SystemPromptEvent" | "Condensation", ...}`), as one conversation: the history
 * the model sees is rebuilt event by event, keyed by event id, so a `Condensation` (V1) or
 * `condensation` action (V0) removes exactly its `forgotten_event_ids` (or its id range) and puts its
 * summary at `summary_offset`, as OpenHands' View does.
 */

const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
const textOf = (v: unknown): string =>
  typeof v === 'string'
    ? v
    : Array.isArray(v)
      ? v.map((p) => (isObj(p) && typeof p.text === 'string' ? p.text : typeof p === 'string' ? p : '')).join('\n')
      : isObj(v) && typeof v.text === 'string'
        ? v.text
        : '';

export class OpenHandsConversation {
  private readonly conv = new Conversation();
  /** history messages by the event that brought them, in order */
  private readonly byEvent: { id: string; msg: ChatMessage }[] = [];
  private turn = -1;
  private lastCall: string | undefined;
  private calls = 0;
  /** a condensation was asked for (V0 `condensation_request`, V1 `CondensationRequest`) */
  private requested = false;

  constructor(
    private readonly session: string,
    private readonly actor = 'openhands',
  ) {}

  private env(ts: unknown) {
    if (typeof ts !== 'string' && typeof ts !== 'number') throw new InvalidEvent('missing "timestamp"');
    return { ts, session: this.session, actor: this.actor, ...(this.turn >= 0 ? { turn: this.turn } : {}) };
  }

  private push(eventId: string, msg: ChatMessage): void {
    this.conv.push(msg);
    this.byEvent.push({ id: eventId, msg });
  }

  /** A model call seen from its response id: a new one opens a request with the history so far. */
  private call(responseId: string | undefined, e: Obj, model: string | undefined, usage: Obj | undefined): ParsedEvent[] {
    if (responseId !== undefined && responseId === this.lastCall) return [];
    this.calls++;
    this.lastCall = responseId ?? `${this.session}:call:${this.calls}`;
    const body = {
      kind: 'request',
      ...this.env(e.timestamp),
      id: `${this.session}:${this.lastCall}:request`,
      request_id: this.lastCall,
      model: model ?? 'unknown',
      ...(usage && typeof usage.prompt_tokens === 'number' ? { usage: { input_tokens: usage.prompt_tokens } } : {}),
    };
    return [requestEvent(body as NativeEvent, this.conv.snapshot())];
  }

  event(e: Obj): ParsedEvent[] {
    if (typeof e.kind === 'string') return this.v1(e);
    if (e.id === undefined || e.timestamp === undefined) throw new InvalidEvent('expected an OpenHands event (id, timestamp, source, action or observation)');
    const id = `${this.session}:${String(e.id)}`;
    const args = isObj(e.args) ? e.args : {};
    if (typeof e.action === 'string') return this.action(e, id, e.action, args);
    if (typeof e.observation === 'string') return this.observation(e, id);
    throw new InvalidEvent('an OpenHands event with neither "action" nor "observation"');
  }

  private action(e: Obj, id: string, action: string, args: Obj): ParsedEvent[] {
    if (action === 'system') {
      this.push(id, { role: 'system', content: textOf(args.content) });
      return [];
    }
    if (action === 'condensation_request') this.requested = true;
    if (action === 'condensation') return [this.condense(e, id, args)];
    const tcm = isObj(e.tool_call_metadata) ? e.tool_call_metadata : undefined;
    if (action === 'message' && e.source === 'user') {
      this.turn++;
      const content = textOf(args.content);
      this.push(id, { role: 'user', content });
      return [];
    }
    if (e.source !== 'agent') return []; // state changes, recalls: no conversation
    const mr = tcm && isObj(tcm.model_response) ? tcm.model_response : undefined;
    const out = this.call(str(mr?.id), e, str(mr?.model), isObj(mr?.usage) ? (mr.usage as Obj) : undefined);
    const env = this.env(e.timestamp);
    if (action === 'message' || (!tcm && !['run', 'edit', 'write'].includes(action))) {
      const content = textOf(args.content ?? e.message);
      this.push(id, { role: 'assistant', content });
      out.push(validateEvent({ kind: 'response', ...env, id: `${id}:response`, request_id: this.lastCall, content }));
      return out;
    }
    const callId = String(tcm?.tool_call_id ?? id);
    const name = String(tcm?.function_name ?? action);
    const choice = Array.isArray(mr?.choices) && isObj(mr.choices[0]) && isObj(mr.choices[0].message) ? (mr.choices[0].message as Obj) : undefined;
    const raw = Array.isArray(choice?.tool_calls) ? (choice.tool_calls as unknown[]).find((c) => isObj(c) && c.id === callId) : undefined;
    const fnArgs = isObj(raw) && isObj(raw.function) ? decoded(raw.function.arguments) : args;
    const thought = textOf(args.thought) || (out.length ? textOf(choice?.content) : '');
    this.push(id, { role: 'assistant', content: thought || null, tool_calls: [toolCall(callId, name, fnArgs)] });
    if (thought) out.push(validateEvent({ kind: 'response', ...env, id: `${id}:response`, request_id: this.lastCall, content: thought }));
    const act = actionOf(name, fnArgs);
    const command = act.command ?? (action === 'run' && typeof args.command === 'string' ? args.command : undefined);
    const files = act.files ?? (['edit', 'write'].includes(action) && typeof args.path === 'string' ? [args.path] : undefined);
    out.push(
      validateEvent({
        kind: 'tool_call',
        ...env,
        id: `${id}:call`,
        call_id: callId,
        name,
        arguments: fnArgs,
        ...(command ? { command } : {}),
        ...(files ? { files } : {}),
      }),
    );
    return out;
  }

  private observation(e: Obj, id: string): ParsedEvent[] {
    const tcm = isObj(e.tool_call_metadata) ? e.tool_call_metadata : undefined;
    if (!tcm || e.observation === 'agent_condensation') return []; // not a tool's answer
    const callId = String(tcm.tool_call_id ?? e.cause ?? id);
    const content = textOf(e.content ?? e.message);
    this.push(id, { role: 'tool', tool_call_id: callId, content });
    return [validateEvent({ kind: 'tool_result', ...this.env(e.timestamp), id: `${id}:result`, call_id: callId, content })];
  }

  /** A condensation: the forgotten events leave the history, the summary goes in at its offset. */
  private condense(e: Obj, id: string, c: Obj): ParsedEvent {
    const own = (x: string) => x.slice(this.session.length + 1);
    let forgotten: string[] = Array.isArray(c.forgotten_event_ids) ? c.forgotten_event_ids.map((x) => `${this.session}:${String(x)}`) : [];
    const start = c.forgotten_events_start_id;
    const end = c.forgotten_events_end_id;
    if (!forgotten.length && Number.isSafeInteger(start) && Number.isSafeInteger(end))
      forgotten = this.byEvent
        .filter((x) => /^\d+$/.test(own(x.id)) && Number(own(x.id)) >= (start as number) && Number(own(x.id)) <= (end as number))
        .map((x) => x.id);
    const gone = new Set(forgotten);
    const before = this.conv.length;
    const kept = this.conv.messages().filter((m) => !this.byEvent.some((x) => x.msg === m && gone.has(x.id)));
    const summary = str(c.summary);
    const offset = Number.isSafeInteger(c.summary_offset) ? (c.summary_offset as number) : undefined;
    if (summary && offset !== undefined) kept.splice(Math.min(offset, kept.length), 0, { role: 'user', content: summary });
    this.conv.reset(kept);
    for (let i = this.byEvent.length - 1; i >= 0; i--) if (gone.has(this.byEvent[i].id)) this.byEvent.splice(i, 1);
    if (summary && offset !== undefined) this.byEvent.push({ id: `${id}-summary`, msg: kept[Math.min(offset, kept.length - 1)] });
    this.lastCall = undefined;
    const trigger = this.requested ? 'manual' : 'auto';
    this.requested = false;
    return validateEvent({
      kind: 'compaction',
      ...this.env(e.timestamp),
      id: `${id}:compaction`,
      // OpenHands' condenser runs when the history passes its limits; a user's request for one is its own event before it
      trigger,
      strategy: summary ? 'summary' : 'truncation',
      messages_before: before,
      messages_after: kept.length,
      removed: forgotten.map(own).map((x) => (/^\d+$/.test(x) ? Number(x) : x)),
      ...(summary ? { summary } : {}),
    });
  }

  /** V1 (agent SDK) events. */
  private v1(e: Obj): ParsedEvent[] {
    if (e.id === undefined || e.id === '') throw new InvalidEvent('an OpenHands event without "id"');
    const id = `${this.session}:${String(e.id)}`;
    const ev = { ...e, timestamp: e.timestamp };
    switch (e.kind) {
      case 'SystemPromptEvent':
        this.push(id, { role: 'system', content: textOf(e.system_prompt) });
        return [];
      case 'MessageEvent': {
        const [m] = messagesOf(e.llm_message, 'llm_message');
        if (!m) return [];
        if (m.role === 'user' && e.source === 'user') this.turn++;
        if (m.role !== 'assistant') {
          this.push(id, m);
          return [];
        }
        const out = this.call(str(e.llm_response_id), ev, undefined, undefined);
        this.push(id, m);
        out.push(validateEvent({ kind: 'response', ...this.env(e.timestamp), id: `${id}:response`, request_id: this.lastCall, content: textOf(m.content) }));
        return out;
      }
      case 'ActionEvent': {
        const out = this.call(str(e.llm_response_id), ev, undefined, undefined);
        const tc = isObj(e.tool_call) ? e.tool_call : {};
        const callId = String(e.tool_call_id ?? tc.id ?? id);
        const name = String(e.tool_name ?? tc.name ?? '');
        const args = isObj(e.action) ? e.action : decoded(tc.arguments);
        const thought = textOf(e.thought);
        this.push(id, { role: 'assistant', content: thought || null, tool_calls: [toolCall(callId, name, args)] });
        if (thought) out.push(validateEvent({ kind: 'response', ...this.env(e.timestamp), id: `${id}:response`, request_id: this.lastCall, content: thought }));
        out.push(
          validateEvent({ kind: 'tool_call', ...this.env(e.timestamp), id: `${id}:call`, call_id: callId, name, arguments: args, ...actionOf(name, args) }),
        );
        return out;
      }
      case 'ObservationEvent': {
        const callId = String(e.tool_call_id ?? '');
        const o = isObj(e.observation) ? e.observation : {};
        const content = textOf(o.content ?? o.output ?? '');
        this.push(id, { role: 'tool', tool_call_id: callId, content });
        return [validateEvent({ kind: 'tool_result', ...this.env(e.timestamp), id: `${id}:result`, call_id: callId, content })];
      }
      case 'CondensationRequest':
        this.requested = true;
        return [];
      case 'Condensation':
        return [this.condense(ev, id, e)];
      default:
        return []; // state updates, errors, pauses: no conversation
    }
  }
}
