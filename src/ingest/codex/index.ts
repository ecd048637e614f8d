import type { Readable } from 'node:stream';
import type { ChatMessage, NativeEvent, ParsedEvent } from '../../events/types.js';
import { InvalidEvent, validateEvent } from '../../events/validate.js';
import { decoded, messagesOf, toolCall } from '../chat-shapes.js';
import { isObj, type Obj } from '../fields.js';
import { isBad, linesLike, PassedOver, readJsonLines } from '../jsonl.js';
import { Conversation, lineItems, requestEvent } from '../transcript/history.js';
import { actionOf } from '../transcript/actions.js';
import type { IngestItem, InputFormat, ReadOptions } from '../types.js';

/**
 * Codex CLI's rollouts: `$CODEX_HOME/sessions/YYYY/MM/DD/rollout-<time>-<id>.jsonl` (CODEX_HOME
 * defaults to ~/.codex). One `{timestamp, type, payload}` per line: `session_meta`, `turn_context`
 * (the model), `response_item` (the history as the model sees it: messages, tool calls and their
 * output), `event_msg` (`token_count` with the prompt's tokens and the window, `user_message`, ...)
 * and `compacted` (the summary and `replacement_history`, the exact history after a compaction).
 * Mapping: docs/formats.md#codex.
 */

const LINE_TYPES = /"type"\s*:\s*"(session_meta|turn_context|response_item|event_msg|compacted)"/;

/** Items the model produces: the first after an input opens a model call. */
const OUTPUT_ITEMS = new Set(['function_call', 'custom_tool_call', 'local_shell_call', 'reasoning', 'web_search_call']);

/** User messages that the harness writes (environment, AGENTS.md, skills, shell output, the summary): not the user's words. */
const HARNESS_TEXT =
  /^\s*(<(environment_context|user_instructions|skills_instructions|user_shell_command|turn_aborted|permissions instructions|apps_instructions)>|# AGENTS\.md instructions|Another language model started to solve this problem)/;

const SUMMARY_PREFIX = /^Another language model started to solve this problem[\s\S]*?use the information in this summary to assist with your own analysis:\s*/;

const text = (m: ChatMessage) => (typeof m.content === 'string' ? m.content : Array.isArray(m.content) ? m.content.map((p) => p.text ?? '').join('\n') : '');

/** The envelope every event of a line carries. */
interface Envelope {
  ts: string;
  session: string;
  actor: string;
  turn?: number;
}

interface PendingRequest {
  line: number;
  raw: string;
  body: NativeEvent;
  messages: ChatMessage[];
}

class CodexRollout {
  private readonly conv = new Conversation();
  private session: string | null = null;
  private model = 'gpt-5';
  private window: number | undefined;
  private turn = -1;
  /** the last item was the model's: the next output belongs to the same call */
  private inCall = false;
  private pending: PendingRequest | null = null;
  private calls = 0;
  private lastRequestId: string | undefined;
  private lastPromptTokens: number | undefined;

  line(o: Obj, no: number, raw: string): IngestItem[] {
    // a line with no type at all is not a rollout item (a file forced as codex): a bad line, not dropped unseen
    if (typeof o.type !== 'string' || !o.type) throw new InvalidEvent('expected a Codex rollout item ({timestamp, type, payload}): no "type"');
    const p = isObj(o.payload) ? o.payload : undefined;
    if (o.type === 'session_meta' && p) {
      const id = p.id ?? p.session_id;
      if (typeof id !== 'string' || !id) throw new InvalidEvent('session_meta: missing "payload.id"');
      this.session = id;
      if (Number.isSafeInteger(p.context_window)) this.window = p.context_window as number;
      return [];
    }
    if (o.type === 'turn_context' && p) {
      if (typeof p.model === 'string' && p.model) this.model = p.model;
      if (Number.isSafeInteger(p.model_context_window)) this.window = p.model_context_window as number;
      return [];
    }
    if (o.type === 'event_msg' && p) return this.event(p);
    if (o.type !== 'response_item' && o.type !== 'compacted') return []; // world_state, token_usage_record, ...: no conversation
    if (!p) throw new InvalidEvent('missing "payload"');
    if (!this.session) throw new InvalidEvent('a rollout item before its session_meta (no session id)');
    if (o.timestamp === undefined) throw new InvalidEvent('missing "timestamp"');
    const env: Envelope = { ts: o.timestamp as string, session: this.session, actor: 'codex', ...(this.turn >= 0 ? { turn: this.turn } : {}) };
    if (o.type === 'compacted') return [...this.flush(), ...lineItems(no, raw, [this.compaction(p, env)])];
    return this.item(p, env, no, raw);
  }

  private event(p: Obj): IngestItem[] {
    if (p.type === 'task_started' && Number.isSafeInteger(p.model_context_window)) this.window = p.model_context_window as number;
    if (p.type === 'token_count' && isObj(p.info)) {
      const last = isObj(p.info.last_token_usage) ? p.info.last_token_usage : undefined;
      if (Number.isSafeInteger(p.info.model_context_window)) this.window = p.info.model_context_window as number;
      if (last && typeof last.input_tokens === 'number') {
        this.lastPromptTokens = last.input_tokens;
        if (this.pending) {
          this.pending.body.usage = {
            input_tokens: last.input_tokens,
            ...(typeof last.output_tokens === 'number' ? { output_tokens: last.output_tokens } : {}),
          };
          return this.flush();
        }
      }
    }
    return [];
  }

  /** One history item: an input joins the history; the first output after an input is a new model call. */
  private item(p: Obj, env: Envelope, no: number, raw: string): IngestItem[] {
    const out: IngestItem[] = [];
    const events: ParsedEvent[] = [];
    const type = p.type;
    const isOutput = OUTPUT_ITEMS.has(type as string) || (type === 'message' && p.role === 'assistant');
    if (isOutput && !this.inCall) {
      out.push(...this.flush());
      this.calls++;
      const id = `${this.session}:call:${this.calls}`;
      this.lastRequestId = id;
      this.pending = {
        line: no,
        raw,
        body: {
          kind: 'request',
          ...env,
          id,
          request_id: id,
          model: this.model,
          ...(this.window ? { context_limit: this.window } : {}),
        } as NativeEvent,
        messages: this.conv.snapshot(),
      };
    }
    this.inCall = isOutput;
    const idOf = (suffix: string) =>
      typeof p.id === 'string' ? { id: `${p.id}:${suffix}` } : typeof p.call_id === 'string' ? { id: `${p.call_id}:${suffix}` } : {};
    if (type === 'message') {
      const role = p.role === 'user' ? 'user' : p.role === 'assistant' ? 'assistant' : 'developer';
      const [m] = messagesOf({ role, content: p.content }, 'payload');
      if (!m) return out;
      if (role === 'user' && HARNESS_TEXT.test(text(m))) m.role = 'developer';
      else if (role === 'user') this.turn++;
      this.conv.push(m);
      if (role === 'assistant' && text(m))
        events.push(validateEvent({ kind: 'response', ...env, ...idOf('response'), request_id: this.lastRequestId, content: text(m) }));
    } else if (type === 'function_call' || type === 'custom_tool_call' || type === 'local_shell_call') {
      const name = type === 'local_shell_call' ? 'local_shell' : String(p.name ?? '');
      const args = type === 'function_call' ? decoded(p.arguments) : type === 'custom_tool_call' ? p.input : p.action;
      const callId = String(p.call_id ?? p.id ?? '');
      this.conv.push({ role: 'assistant', content: null, tool_calls: [toolCall(callId, name, args)] });
      const shell = isObj(args) && Array.isArray(args.command) ? { command: args.command } : args;
      events.push(validateEvent({ kind: 'tool_call', ...env, ...idOf('call'), call_id: callId, name, arguments: args, ...actionOf(name, shell) }));
    } else if (type === 'function_call_output' || type === 'custom_tool_call_output') {
      const output = decoded(p.output);
      const content =
        typeof output === 'string'
          ? output
          : Array.isArray(output)
            ? output.map((x) => (isObj(x) && typeof x.text === 'string' ? x.text : '')).join('\n')
            : isObj(output) && typeof output.content === 'string'
              ? output.content
              : JSON.stringify(output ?? '');
      const callId = String(p.call_id ?? '');
      this.conv.push({ role: 'tool', tool_call_id: callId, content });
      events.push(validateEvent({ kind: 'tool_result', ...env, ...idOf('result'), call_id: callId, content }));
    }
    // reasoning, web searches, snapshots: not part of what a later request shows in text
    return [...out, ...lineItems(no, raw, events)];
  }

  private compaction(p: Obj, env: Envelope): ParsedEvent {
    const history = Array.isArray(p.replacement_history) ? p.replacement_history : [];
    const kept: ChatMessage[] = [];
    for (const h of history) {
      if (!isObj(h) || h.type !== 'message') continue; // an opaque (encrypted) compaction item carries no text
      const role = h.role === 'user' ? 'user' : h.role === 'assistant' ? 'assistant' : 'developer';
      const [m] = messagesOf({ role, content: h.content }, 'replacement_history');
      if (!m) continue;
      if (role === 'user' && HARNESS_TEXT.test(text(m))) m.role = 'developer';
      kept.push(m);
    }
    const summaryMsg = [...kept].reverse().find((m) => SUMMARY_PREFIX.test(text(m)));
    const message = typeof p.message === 'string' ? p.message : '';
    const summary = summaryMsg ? text(summaryMsg).replace(SUMMARY_PREFIX, '') : message.replace(SUMMARY_PREFIX, '');
    const before = this.conv.reset(kept);
    this.inCall = false;
    return validateEvent({
      kind: 'compaction',
      ...env,
      strategy: 'summary',
      ...(this.lastPromptTokens !== undefined ? { tokens_before: this.lastPromptTokens } : {}),
      ...(this.window ? { context_limit: this.window } : {}),
      messages_before: before,
      messages_after: kept.length,
      ...(summary.trim() ? { summary: summary.trim() } : {}),
      kept,
    });
  }

  /** The model call waiting for its token count, as an item at its first output's line. */
  flush(): IngestItem[] {
    const r = this.pending;
    if (!r) return [];
    this.pending = null;
    return lineItems(r.line, r.raw, [requestEvent(r.body, r.messages)]);
  }
}

function looksLikeRollout(line: string): boolean {
  return /^\s*\{/.test(line) && LINE_TYPES.test(line) && /"payload"\s*:/.test(line) && /"timestamp"\s*:/.test(line);
}

export const codexFormat: InputFormat = {
  name: 'codex',
  description: 'Codex CLI rollouts ($CODEX_HOME/sessions/YYYY/MM/DD/rollout-*.jsonl)',
  detect(head) {
    return linesLike(head, looksLikeRollout) > 0 ? 11 : 0;
  },
  async *read(content: Readable, opts: ReadOptions): AsyncGenerator<IngestItem> {
    const r = new CodexRollout();
    const passed = new PassedOver('a Codex rollout item', looksLikeRollout);
    for await (const x of readJsonLines(content, opts)) {
      if (isBad(x)) {
        yield x;
        continue;
      }
      let items: IngestItem[];
      try {
        if (!isObj(x.value)) throw new InvalidEvent('expected a JSON object');
        items = r.line(x.value, x.no, x.text);
        passed.line(x.no, x.text, items.length > 0, x.value.type);
      } catch (err) {
        if (!(err instanceof InvalidEvent)) throw err;
        yield { type: 'bad', line: x.no, reason: err.message, raw: Buffer.from(x.text) };
        continue;
      }
      yield* items;
    }
    yield* r.flush();
    yield* passed.end(opts.note);
  },
};
