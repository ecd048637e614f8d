import type { Readable } from 'node:stream';
import type { ChatMessage, NativeEvent, ParsedEvent } from '../../events/types.js';
import { InvalidEvent, validateEvent } from '../../events/validate.js';
import { toolCall } from '../chat-shapes.js';
import { isObj, type Obj } from '../fields.js';
import { isBad, linesLike, PassedOver, readJsonLines } from '../jsonl.js';
import { actionOf } from '../transcript/actions.js';
import { Conversation, lineItems, requestEvent } from '../transcript/history.js';
import type { IngestItem, InputFormat, ReadOptions } from '../types.js';

/**
 * GitHub Copilot CLI's sessions: `$COPILOT_HOME/session-state/<id>/events.jsonl` (COPILOT_HOME
 * defaults to ~/.copilot). One `{type, data, id, timestamp, parentId}` per line: `session.start`,
 * `system.message`, `user.message`, `assistant.message` (with `toolRequests`), `tool.execution_*`,
 * `session.usage_record` (each model call's tokens), `session.compaction_start` / `_complete` (the
 * summary replaces the history the compaction started from; what came during it is kept),
 * `session.truncation` (messages dropped, oldest first, with Copilot's counts), `subagent.*`.
 * Mapping: docs/formats.md#copilot-cli.
 */

const TYPES =
  /"type"\s*:\s*"(session\.start|session\.resume|user\.message|assistant\.message|assistant\.turn_start|system\.message|tool\.execution_start|tool\.execution_complete|session\.[a-z_]+)"/;

const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
const count = (v: unknown) => (Number.isSafeInteger(v) && (v as number) >= 0 ? (v as number) : undefined);

class CopilotSession {
  private readonly conv = new Conversation();
  private session: string | null = null;
  private model = 'copilot';
  private window: number | undefined;
  private turn = -1;
  private usage: number | undefined;
  /** messages in the history when the running compaction started */
  private compactFrom: number | null = null;
  private startBody: Obj | null = null;

  private env(o: Obj) {
    if (!this.session) throw new InvalidEvent('a Copilot CLI event before session.start (no session id)');
    if (o.timestamp === undefined) throw new InvalidEvent('missing "timestamp"');
    const agent = str(o.agentId);
    return { ts: o.timestamp as string, session: this.session, actor: agent ? `copilot:${agent}` : 'copilot', ...(this.turn >= 0 ? { turn: this.turn } : {}) };
  }

  line(o: Obj): ParsedEvent[] {
    // an event with no type at all is not Copilot CLI's (a file forced as copilot-cli): a bad line, not dropped unseen
    if (typeof o.type !== 'string' || !o.type) throw new InvalidEvent('expected a Copilot CLI session event ({type, data, timestamp}): no "type"');
    const d = isObj(o.data) ? o.data : {};
    const id = str(o.id) ?? '';
    switch (o.type) {
      case 'session.start':
      case 'session.resume':
        this.session = str(d.sessionId) ?? this.session;
        this.model = str(d.selectedModel) ?? this.model;
        return [];
      case 'session.model_change':
        this.model = str(d.newModel) ?? this.model;
        return [];
      case 'system.message': {
        // written after the user's first message, sent before it
        const msgs = this.conv.messages();
        if (msgs[0]?.role !== 'system') this.conv.reset([{ role: 'system', content: String(d.content ?? '') }, ...msgs]);
        return [];
      }
      case 'user.message': {
        this.env(o);
        this.turn++;
        // transformedContent is what the model was sent (the user's words with Copilot's additions)
        this.conv.push({ role: 'user', content: String(d.transformedContent ?? d.content ?? '') });
        return [];
      }
      case 'session.usage_record':
        if (isObj(d.usage) && typeof d.usage.inputTokens === 'number') this.usage = d.usage.inputTokens;
        return [];
      case 'assistant.message':
        return this.answer(o, d, id);
      case 'tool.execution_complete': {
        const callId = String(d.toolCallId ?? '');
        const r = isObj(d.result) ? d.result : {};
        const content = String(r.content ?? r.detailedContent ?? (typeof d.error === 'object' ? JSON.stringify(d.error) : ''));
        this.conv.push({ role: 'tool', tool_call_id: callId, content });
        return [
          validateEvent({
            kind: 'tool_result',
            ...this.env(o),
            id: `${id}:result`,
            call_id: callId,
            content,
            ...(d.success === false ? { is_error: true } : {}),
          }),
        ];
      }
      case 'session.compaction_start':
        this.compactFrom = this.conv.length;
        this.startBody = d;
        if (count(d.tokenLimit)) this.window = count(d.tokenLimit);
        return [];
      case 'session.compaction_complete':
        return this.compacted(o, d, id);
      case 'session.truncation':
        return this.truncated(o, d, id);
      default:
        return []; // turn markers, shutdown, hooks, skills, mode changes: no conversation
    }
  }

  private answer(o: Obj, d: Obj, id: string): ParsedEvent[] {
    const env = this.env(o);
    const model = str(d.model) ?? this.model;
    const reqId = str(d.messageId) ?? id;
    const body = {
      kind: 'request',
      ...env,
      id: `${id}:request`,
      request_id: reqId,
      model,
      ...(this.usage !== undefined ? { usage: { input_tokens: this.usage } } : {}),
      ...(this.window ? { context_limit: this.window } : {}),
    };
    const out: ParsedEvent[] = [requestEvent(body as NativeEvent, this.conv.snapshot())];
    this.usage = undefined;
    const reqs = Array.isArray(d.toolRequests) ? d.toolRequests.filter(isObj) : [];
    const calls = reqs.map((t) => toolCall(t.toolCallId, t.name, t.arguments));
    const text = String(d.content ?? '');
    const m: ChatMessage = { role: 'assistant', content: text || (calls.length ? null : ''), ...(calls.length ? { tool_calls: calls } : {}) };
    this.conv.push(m);
    if (text || calls.length)
      out.push(
        validateEvent({ kind: 'response', ...env, id: `${id}:response`, request_id: reqId, content: text, ...(calls.length ? { tool_calls: calls } : {}) }),
      );
    for (const t of reqs) {
      const name = String(t.name ?? '');
      out.push(
        validateEvent({
          kind: 'tool_call',
          ...env,
          id: `${id}:${String(t.toolCallId)}:call`,
          call_id: String(t.toolCallId),
          name,
          arguments: t.arguments ?? {},
          ...actionOf(name, t.arguments),
        }),
      );
    }
    return out;
  }

  /** The summary replaces what the history held when the compaction started; what came during it stays. */
  private compacted(o: Obj, d: Obj, id: string): ParsedEvent[] {
    const from = this.compactFrom;
    const start = this.startBody ?? {};
    this.compactFrom = null;
    this.startBody = null;
    if (d.success === false || from === null) return [];
    const msgs = this.conv.messages();
    const system = msgs[0]?.role === 'system' ? [msgs[0]] : [];
    const summary = str(d.summaryContent);
    const kept = [...system, ...(summary ? [{ role: 'user', content: summary } as ChatMessage] : []), ...msgs.slice(from)];
    const before = msgs.length;
    this.conv.reset(kept);
    return [
      validateEvent({
        kind: 'compaction',
        ...this.env(o),
        id: `${id}:compaction`,
        trigger: str(d.trigger) ?? str(start.trigger) ?? 'auto',
        strategy: 'summary',
        ...(count(d.preCompactionTokens) !== undefined ? { tokens_before: count(d.preCompactionTokens) } : {}),
        ...(count(d.postCompactionTokens) !== undefined ? { tokens_after: count(d.postCompactionTokens) } : {}),
        ...(count(d.tokenLimit) ? { context_limit: count(d.tokenLimit) } : {}),
        messages_before: before,
        messages_after: kept.length,
        removed_count: from - system.length,
        ...(summary ? { summary } : {}),
      }),
    ];
  }

  /** A truncation drops the oldest messages after the system prompt, as many as Copilot counted. */
  private truncated(o: Obj, d: Obj, id: string): ParsedEvent[] {
    const n = count(d.messagesRemovedDuringTruncation) ?? 0;
    const msgs = this.conv.messages();
    const system = msgs[0]?.role === 'system' ? 1 : 0;
    const kept = [...msgs.slice(0, system), ...msgs.slice(system + n)];
    // a tool result without its call is not sent
    while (kept[system]?.role === 'tool') kept.splice(system, 1);
    const before = msgs.length;
    if (n > 0) this.conv.reset(kept);
    return [
      validateEvent({
        kind: 'compaction',
        ...this.env(o),
        id: `${id}:truncation`,
        trigger: 'auto',
        strategy: 'truncation',
        ...(count(d.preTruncationTokensInMessages) !== undefined ? { tokens_before: count(d.preTruncationTokensInMessages) } : {}),
        ...(count(d.postTruncationTokensInMessages) !== undefined ? { tokens_after: count(d.postTruncationTokensInMessages) } : {}),
        ...(count(d.tokenLimit) ? { context_limit: count(d.tokenLimit) } : {}),
        messages_before: before,
        messages_after: n > 0 ? kept.length : before,
        removed_count: n,
      }),
    ];
  }
}

function looksLike(line: string): boolean {
  return /^\s*\{/.test(line) && TYPES.test(line) && /"data"\s*:/.test(line) && /"timestamp"\s*:/.test(line) && /"(id|parentId)"\s*:/.test(line);
}

export const copilotFormat: InputFormat = {
  name: 'copilot-cli',
  description: 'GitHub Copilot CLI sessions ($COPILOT_HOME/session-state/<id>/events.jsonl)',
  detect(head) {
    return /"type"\s*:\s*"session\.start"[\s\S]*"(copilotVersion|producer)"/.test(head.slice(0, 4096)) || linesLike(head, looksLike) > 1 ? 11 : 0;
  },
  async *read(content: Readable, opts: ReadOptions): AsyncGenerator<IngestItem> {
    const s = new CopilotSession();
    const passed = new PassedOver('a Copilot CLI session event', looksLike);
    for await (const x of readJsonLines(content, opts)) {
      if (isBad(x)) {
        yield x;
        continue;
      }
      try {
        if (!isObj(x.value)) throw new InvalidEvent('expected a JSON object');
        const events = s.line(x.value);
        passed.line(x.no, x.text, events.length > 0, x.value.type);
        yield* lineItems(x.no, x.text, events);
      } catch (err) {
        if (!(err instanceof InvalidEvent)) throw err;
        yield { type: 'bad', line: x.no, reason: err.message, raw: Buffer.from(x.text) };
      }
    }
    yield* passed.end(opts.note);
  },
};
