import type { ChatMessage, NativeEvent, ParsedEvent } from '../../events/types.js';
import { InvalidEvent, validateEvent } from '../../events/validate.js';
import { decoded, messagesOf, toolCall } from '../chat-shapes.js';
import { isObj, scalarText, type Obj } from '../fields.js';
import { actionOf } from '../transcript/actions.js';
import type { DocRecord, TranscriptDocument } from '../transcript/document.js';
import { Conversation, lineItems, requestEvent } from '../transcript/history.js';
import type { IngestItem } from '../types.js';

/**
 * Cline's sessions as its SDK and CLI (3.x) keep them: `~/.cline/data/sessions/<id>/<id>.messages.json`,
 * `{version, updated_at, agent, sessionId, system_prompt, messages: [...]}`. The file is the history as
 * the model sees it now, rewritten after every change: Anthropic-style messages (`text`, `file`,
 * `tool_use`, `tool_result` blocks) with `ts`, `modelInfo` and per-call `metrics`. A compaction
 * rewrites it: the message that opens what is left carries `metadata.kind` `compaction` (a manual one:
 * the user's request and a `<SYSTEM_NOTICE>` of what was done, `messagesRemoved`) or
 * `compaction_summary` (the summary), and the answers kept from before are marked
 * `metadata.compaction: "preserved"` (their request, before the compaction, is not in the file).
 */

const NOTICE = /^\s*<SYSTEM_NOTICE>/;

/** Anthropic-style blocks as the model saw them: attached files as their text, images as a placeholder, tool results as text. */
export function clineBlocks(content: unknown): unknown {
  if (!Array.isArray(content)) return content;
  return content.flatMap((b) => {
    if (!isObj(b)) return [b];
    if (b.type === 'file')
      return [{ type: 'text', text: `<file path="${scalarText(b.path, 'path') ?? ''}">\n${typeof b.content === 'string' ? b.content : ''}\n</file>` }];
    if (b.type === 'image' || b.type === 'document') return [{ type: 'text', text: `[${b.type}]` }];
    if (b.type === 'thinking' || b.type === 'redacted_thinking') return [];
    if (b.type === 'tool_result' && typeof b.content !== 'string') return [{ ...b, content: resultText(b.content) }];
    return [b];
  });
}

function resultText(c: unknown): string {
  if (typeof c === 'string') return c;
  if (Array.isArray(c))
    return c
      .map((x) =>
        typeof x === 'string' ? x : isObj(x) ? (typeof x.text === 'string' ? x.text : typeof x.result === 'string' ? x.result : JSON.stringify(x)) : String(x),
      )
      .join('\n');
  return JSON.stringify(c ?? '');
}

/** The user's own words in a user message (not tool results, not the harness's notices), or undefined. */
export function userWords(content: unknown, harness: RegExp = NOTICE): string | undefined {
  if (typeof content === 'string') return content.trim() && !harness.test(content) ? content : undefined;
  if (!Array.isArray(content) || content.some((b) => isObj(b) && b.type === 'tool_result')) return undefined;
  const texts = content.flatMap((b) => (isObj(b) && b.type === 'text' && typeof b.text === 'string' && b.text.trim() && !harness.test(b.text) ? [b.text] : []));
  return texts.length ? texts.join('\n') : undefined;
}

/** Envelope of one message's events. */
interface Env {
  ts: string | number;
  session: string;
  actor: string;
  turn?: number;
}

/** The events of one conversation of Anthropic-style messages: requests rebuilt, responses, tool calls and results. */
export class BlockConversation {
  readonly conv = new Conversation();
  turn = -1;
  private calls = 0;
  private lastRequest: string | undefined;

  /**
   * `words`: the user's own words in a user message, or undefined when the harness wrote it;
   * `textCalls`: tool calls written in an answer's text (classic Cline's XML tool use).
   */
  constructor(
    private readonly session: string,
    private readonly actor: string,
    private readonly words: (content: unknown) => string | undefined = (c) => userWords(c),
    private readonly textCalls: (text: string) => { name: string; args: Obj }[] = () => [],
  ) {}

  env(ts: string | number): Env {
    return { ts, session: this.session, actor: this.actor, ...(this.turn >= 0 ? { turn: this.turn } : {}) };
  }

  /** A user message; `harness` when the agent wrote it in the user's place (a compaction's summary). */
  user(content: unknown, ts: string | number, id: string, harness = false): ParsedEvent[] {
    const words = harness ? undefined : this.words(content);
    if (words !== undefined) this.turn++;
    const env = this.env(ts);
    const msgs = messagesOf({ role: words === undefined ? 'developer' : 'user', content: clineBlocks(content) }, 'content');
    const out: ParsedEvent[] = [];
    for (const m of msgs) {
      this.conv.push(m);
      if (m.role === 'tool')
        out.push(validateEvent({ kind: 'tool_result', ...env, id: `${id}:${m.tool_call_id}:result`, call_id: m.tool_call_id, content: m.content }));
    }
    return out;
  }

  /** A model call's answer; `request` false for an answer whose request is not in the file. */
  assistant(content: unknown, ts: string | number, id: string, call: { model: string; usage?: Obj; request: boolean }): ParsedEvent[] {
    const env = this.env(ts);
    const out: ParsedEvent[] = [];
    if (call.request) {
      this.calls++;
      this.lastRequest = `${this.session}:${this.actor}:call:${this.calls}`;
      const body = {
        kind: 'request',
        ...env,
        id: `${id}:request`,
        request_id: this.lastRequest,
        model: call.model,
        ...(call.usage ? { usage: call.usage } : {}),
      };
      out.push(requestEvent(body as NativeEvent, this.conv.snapshot()));
    }
    const [m] = messagesOf({ role: 'assistant', content: clineBlocks(content) }, 'content');
    if (!m) return out;
    this.conv.push(m);
    const text = typeof m.content === 'string' ? m.content : '';
    const calls = (m.tool_calls as Obj[] | undefined) ?? [];
    if (!calls.length) for (const [k, x] of this.textCalls(text).entries()) calls.push(toolCall(`${id}:tool:${k}`, x.name, x.args));
    const req = call.request ? { request_id: this.lastRequest } : {};
    if (text || calls.length)
      out.push(validateEvent({ kind: 'response', ...env, id: `${id}:response`, ...req, content: text, ...(calls.length ? { tool_calls: calls } : {}) }));
    for (const c of calls) {
      const f = c.function as Obj;
      const block = Array.isArray(content) ? content.find((b) => isObj(b) && b.type === 'tool_use' && b.id === c.id) : undefined;
      const args = isObj(block) ? block.input : decoded(f.arguments);
      out.push(
        validateEvent({
          kind: 'tool_call',
          ...env,
          id: `${id}:${c.id}:call`,
          call_id: c.id,
          name: f.name,
          arguments: args,
          ...actionOf(scalarText(f.name, 'name') ?? 'undefined', args),
        }),
      );
    }
    return out;
  }
}

const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined);

/** Every event of a Cline SDK messages file. */
export function sdkItems(doc: TranscriptDocument): IngestItem[] {
  const session = str(doc.root.sessionId);
  if (!session) return [...doc.bad, { type: 'bad', line: 1, reason: 'a Cline messages file without "sessionId"', raw: Buffer.from('') }];
  if (!doc.listSeen) return [...doc.bad, { type: 'bad', line: 1, reason: 'a Cline messages file without "messages"', raw: Buffer.from('') }];
  const agent = str(doc.root.agent);
  const c = new BlockConversation(session, agent && agent !== 'lead' ? `cline:${agent}` : 'cline');
  const system = str(doc.root.system_prompt);
  if (system) c.conv.push({ role: 'system', content: system });
  const fallbackTs = str(doc.root.updated_at) ?? 0;
  const out: IngestItem[] = [...doc.bad];
  for (const r of doc.records) {
    try {
      out.push(...lineItems(r.line, r.raw, message(c, r, fallbackTs)));
    } catch (err) {
      if (!(err instanceof InvalidEvent)) throw err;
      out.push({ type: 'bad', line: r.line, reason: err.message, raw: Buffer.from(r.raw) });
    }
  }
  return out;
}

function message(c: BlockConversation, r: DocRecord, fallbackTs: string | number): ParsedEvent[] {
  const m = r.value;
  if (!isObj(m) || (m.role !== 'user' && m.role !== 'assistant')) throw new InvalidEvent('expected a message with role "user" or "assistant"');
  const ts = typeof m.ts === 'number' || typeof m.ts === 'string' ? m.ts : fallbackTs;
  const id = str(m.id) ?? `line${r.line}`;
  const meta = isObj(m.metadata) ? m.metadata : {};
  const out: ParsedEvent[] = [];
  if (meta.kind === 'compaction' || meta.kind === 'compaction_summary') out.push(compaction(c, m, meta, ts, id));
  if (m.role === 'user') return [...out, ...c.user(m.content, ts, id, meta.kind === 'compaction_summary')];
  const info = isObj(m.modelInfo) ? m.modelInfo : {};
  const metrics = isObj(m.metrics) ? m.metrics : undefined;
  const usage =
    metrics && typeof metrics.inputTokens === 'number'
      ? { input_tokens: metrics.inputTokens, ...(typeof metrics.outputTokens === 'number' ? { output_tokens: metrics.outputTokens } : {}) }
      : undefined;
  return [...out, ...c.assistant(m.content, ts, id, { model: str(info.id) ?? 'unknown', usage, request: meta.compaction !== 'preserved' })];
}

function compaction(c: BlockConversation, m: Obj, meta: Obj, ts: string | number, id: string): ParsedEvent {
  const blocks = Array.isArray(m.content) ? m.content : [];
  const notice = blocks.flatMap((b) => (isObj(b) && typeof b.text === 'string' && NOTICE.test(b.text) ? [b.text] : []));
  const text = typeof m.content === 'string' ? m.content : blocks.map((b) => (isObj(b) && typeof b.text === 'string' ? b.text : '')).join('\n');
  const summary = str(meta.summary) ?? (notice.length ? notice.join('\n') : text);
  const reason = str(meta.reason);
  const removed = Number.isSafeInteger(meta.messagesRemoved) ? (meta.messagesRemoved as number) : undefined;
  const before = c.conv.length;
  const system = c.conv.messages().filter((x: ChatMessage) => x.role === 'system');
  if (before > system.length) c.conv.reset(system);
  return validateEvent({
    kind: 'compaction',
    ...c.env(ts),
    id: `${id}:compaction`,
    ...(reason ? { trigger: reason === 'manual_compaction' ? 'manual' : reason === 'auto_compaction' ? 'auto' : reason } : {}),
    strategy: 'summary',
    ...(removed !== undefined ? { removed_count: removed } : {}),
    ...(summary.trim() ? { summary: summary.trim() } : {}),
  });
}
