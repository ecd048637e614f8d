import type { Readable } from 'node:stream';
import type { ChatMessage, NativeEvent, ParsedEvent } from '../../events/types.js';
import { InvalidEvent, validateEvent } from '../../events/validate.js';
import { messagesOf, toolCall } from '../chat-shapes.js';
import { isObj, type Obj } from '../fields.js';
import { peek } from '../otlp/container.js';
import { isBad, readJsonLines } from '../jsonl.js';
import { actionOf } from '../transcript/actions.js';
import { readDocument } from '../transcript/document.js';
import { Conversation, lineItems, requestEvent } from '../transcript/history.js';
import type { IngestItem, InputFormat, ReadOptions } from '../types.js';

/**
 * Gemini CLI's chats: `~/.gemini/tmp/<project>/chats/session-<time>-<id>.jsonl` (`GEMINI_CLI_HOME`
 * moves `~`), a sub-agent's under `chats/<parent session>/`; older versions wrote one
 * `session-*.json` document. The first line holds `sessionId`, `projectHash`, `kind`; then message
 * records (`type` `user` / `gemini` / `info` / `error` / `warning`; a `gemini` record is written again
 * as its tool calls finish: the last copy wins), `{"$set": {...}}` updates and `{"$rewindTo": id}`.
 * A `$set` of `messages` is the history as the model holds it (Gemini writes it when it resumes,
 * masks tool output, or compresses): a compression is such a history holding a new `<state_snapshot>`
 * summary in place of what it dropped. Mapping: docs/formats.md#gemini-cli.
 */

const HARNESS = /^\s*(<session_context>|<state_snapshot>|System: |<tool_output_masked>)/;
const COMPRESSED = /(?:Chat history compressed from (\d+) to (\d+) tokens|Context compressed from (\d+)% to (\d+)%)/;

interface Rec {
  value: Obj;
  line: number;
  raw: string;
}

const partsOf = (c: unknown): unknown[] => (Array.isArray(c) ? c : typeof c === 'string' ? [{ text: c }] : isObj(c) ? [c] : []);
const textOf = (c: unknown) =>
  partsOf(c)
    .map((p) => (isObj(p) && typeof p.text === 'string' && p.thought !== true ? p.text : ''))
    .join('');

/** One record as the messages the model sees: functionResponse parts as tool messages, the harness's text as developer. */
function toMessages(r: Obj): ChatMessage[] {
  if (r.type === 'gemini') {
    const parts = partsOf(r.content).filter((p) => !(isObj(p) && p.thought === true));
    const calls = Array.isArray(r.toolCalls) ? r.toolCalls.filter(isObj).map((t) => toolCall(t.id, t.name, t.args)) : [];
    const [m] = messagesOf({ role: 'assistant', parts }, 'content');
    const msg = m ?? { role: 'assistant', content: '' };
    if (calls.length && !msg.tool_calls) msg.tool_calls = calls;
    if (msg.tool_calls && msg.content === '') msg.content = null;
    return [msg];
  }
  if (r.type !== 'user') return [];
  const msgs = messagesOf({ role: 'user', parts: partsOf(r.content) }, 'content');
  for (const m of msgs) if (m.role === 'user' && HARNESS.test(typeof m.content === 'string' ? m.content : '')) m.role = 'developer';
  return msgs;
}

class GeminiChat {
  private readonly conv = new Conversation();
  /** the messages of the history by record (type, id, content), so a `$set` that restates them keeps them */
  private readonly known = new Map<string, ChatMessage[]>();
  private session: string | null = null;
  private actor = 'gemini-cli';
  private turn = -1;
  private pending: Rec | null = null;
  private held: { rec: Rec; body: NativeEvent } | null = null;
  private lastTs: unknown = undefined;

  private env(ts: unknown) {
    if (!this.session) throw new InvalidEvent('a Gemini CLI record before its session metadata (no "sessionId")');
    if (typeof ts !== 'string' && typeof ts !== 'number') throw new InvalidEvent('missing "timestamp"');
    return { ts, session: this.session, actor: this.actor, ...(this.turn >= 0 ? { turn: this.turn } : {}) };
  }

  private key(r: Obj): string {
    return `${String(r.type)}\0${String(r.id)}\0${JSON.stringify(r.content)}`;
  }

  private messages(r: Obj): ChatMessage[] {
    const k = this.key(r);
    let m = this.known.get(k);
    if (!m) {
      m = toMessages(r);
      this.known.set(k, m);
    }
    return m;
  }

  /** What a file that gave no event held: its session and the history it restated, if any. */
  describe(): string {
    const n = this.conv.messages().length;
    const of = this.session ? `session ${this.session}` : 'no session';
    return n
      ? `${of}: a resume restating the history (${n} message(s)), with no model call after it`
      : `${of}: session metadata only, no message or model call`;
  }

  meta(o: Obj): void {
    if (typeof o.sessionId === 'string' && o.sessionId) this.session = o.sessionId;
    if (o.kind === 'subagent') this.actor = 'gemini-cli:subagent';
  }

  record(rec: Rec): ParsedEvent[] {
    const r = rec.value;
    if ('$set' in r || '$rewindTo' in r || (typeof r.sessionId === 'string' && r.type === undefined)) {
      // a metadata update (lastUpdated, sessionId) leaves a held model call held: its last copy may follow
      const history = (isObj(r.$set) && Array.isArray(r.$set.messages)) || typeof r.$rewindTo === 'string';
      const out = history ? this.flush() : [];
      if (isObj(r.$set)) {
        this.meta(r.$set);
        if (Array.isArray(r.$set.messages)) out.push(...this.replace(r.$set.messages.filter(isObj), rec));
      } else if (typeof r.$rewindTo === 'string') out.push(...this.rewind(r.$rewindTo, rec));
      else this.meta(r);
      return out;
    }
    if (typeof r.type !== 'string') throw new InvalidEvent('expected a Gemini CLI record (type, or $set / $rewindTo)');
    if (r.type === 'gemini') {
      if (this.pending && this.pending.value.id === r.id) {
        this.pending = rec; // written again as its tool calls finished: the last copy wins
        return [];
      }
      const out = this.flush();
      this.pending = rec;
      return out;
    }
    const out = this.flush();
    if (r.type === 'info' || r.type === 'warning' || r.type === 'error') return [...out, ...this.notice(r, rec)];
    this.env(r.timestamp);
    const msgs = this.messages(r);
    const words = msgs.some((m) => m.role === 'user');
    if (words) this.turn++;
    for (const m of msgs) {
      this.conv.push(m);
      if (m.role === 'tool')
        out.push(
          validateEvent({
            kind: 'tool_result',
            ...this.env(r.timestamp),
            id: `${String(r.id)}:${m.tool_call_id}:result`,
            call_id: m.tool_call_id,
            content: m.content,
          }),
        );
    }
    return out;
  }

  /** The model call held until its last copy: its request (the history before it), answer and tool calls. */
  flush(): ParsedEvent[] {
    const rec = this.pending;
    if (!rec) return [];
    this.pending = null;
    const r = rec.value;
    const env = this.env(r.timestamp);
    const tokens = isObj(r.tokens) ? r.tokens : undefined;
    const out: ParsedEvent[] = [];
    const id = String(r.id);
    const body = { kind: 'request', ...env, id: `${id}:request`, request_id: id, model: typeof r.model === 'string' ? r.model : 'gemini' };
    const usage =
      tokens && typeof tokens.input === 'number'
        ? { usage: { input_tokens: tokens.input, ...(typeof tokens.output === 'number' ? { output_tokens: tokens.output } : {}) } }
        : {};
    out.push(requestEvent({ ...body, ...usage } as NativeEvent, this.conv.snapshot()));
    const [m] = this.messages(r);
    this.conv.push(m);
    const text = textOf(r.content);
    const calls = (m.tool_calls as Obj[] | undefined) ?? [];
    if (text || calls.length)
      out.push(
        validateEvent({ kind: 'response', ...env, id: `${id}:response`, request_id: id, content: text, ...(calls.length ? { tool_calls: calls } : {}) }),
      );
    for (const t of Array.isArray(r.toolCalls) ? r.toolCalls.filter(isObj) : []) {
      const name = String(t.name ?? '');
      out.push(
        validateEvent({
          kind: 'tool_call',
          ...env,
          id: `${id}:${String(t.id)}:call`,
          call_id: String(t.id),
          name,
          arguments: t.args ?? {},
          ...actionOf(name, t.args),
        }),
      );
    }
    this.lastTs = r.timestamp;
    return lineItemsEvents(out, rec);
  }

  /** A `$set` of the history: a resume or a sync keeps it; a new summary in place of what it dropped is a compression. */
  private replace(list: Obj[], rec: Rec): ParsedEvent[] {
    const before = this.conv.messages();
    const next = list.flatMap((x) => this.messages(x));
    const kept = new Set(next);
    const dropped = before.filter((m) => !kept.has(m));
    const had = new Set(before);
    const summary = list.find((x) => x.type === 'user' && /<state_snapshot>/.test(textOf(x.content)) && !this.messages(x).every((m) => had.has(m)));
    this.conv.reset(next);
    if (!summary && !(dropped.some((m) => m.role === 'user') && next.length < before.length)) return [];
    const ts = summary?.timestamp ?? this.lastTs ?? list.at(-1)?.timestamp;
    const body: NativeEvent = {
      kind: 'compaction',
      ...this.env(ts),
      id: `${this.session}:${rec.line}:compaction`,
      // Gemini compresses on its own when the prompt passes its threshold (`/compress` is a UI command the chat does not record)
      trigger: 'auto',
      strategy: summary ? 'summary' : 'truncation',
      messages_before: before.length,
      messages_after: next.length,
      removed_count: dropped.length,
      ...(summary ? { summary: textOf(summary.content) } : {}),
    };
    this.held = { rec, body };
    return [];
  }

  private rewind(id: string, rec: Rec): ParsedEvent[] {
    const msgs = this.conv.messages();
    const at = msgs.findIndex((m) => [...this.known.entries()].some(([k, v]) => k.split('\0')[1] === id && v.includes(m)));
    if (at < 0) return [];
    const before = msgs.length;
    this.conv.reset(msgs.slice(0, at));
    return [
      validateEvent({
        kind: 'compaction',
        ...this.env(this.lastTs ?? rec.value.timestamp ?? 0),
        id: `${this.session}:${rec.line}:rewind`,
        trigger: 'rewind',
        strategy: 'truncation',
        messages_before: before,
        messages_after: at,
        removed_count: before - at,
      }),
    ];
  }

  /** The UI's notices: a compression notice gives the held compaction its token counts. */
  private notice(r: Obj, rec: Rec): ParsedEvent[] {
    const m = COMPRESSED.exec(textOf(r.content));
    if (!m) return [];
    const tokens = m[1] !== undefined ? { tokens_before: Number(m[1]), tokens_after: Number(m[2]) } : {};
    if (this.held) Object.assign(this.held.body, tokens);
    else this.held = { rec, body: { kind: 'compaction', ...this.env(r.timestamp), id: `${String(r.id)}:compaction`, strategy: 'summary', ...tokens } };
    return [];
  }

  /** The compaction waiting for its notice. */
  release(): IngestItem[] {
    const h = this.held;
    if (!h) return [];
    this.held = null;
    return lineItems(h.rec.line, h.rec.raw, [validateEvent(h.body)]);
  }
}

/** Events of a held model call carry its record's line: marked for the reader to place. */
const AT = new WeakMap<ParsedEvent, Rec>();
function lineItemsEvents(events: ParsedEvent[], rec: Rec): ParsedEvent[] {
  for (const e of events) AT.set(e, rec);
  return events;
}

function* emit(chat: GeminiChat, rec: Rec): Generator<IngestItem> {
  let events: ParsedEvent[];
  try {
    events = chat.record(rec);
  } catch (err) {
    if (!(err instanceof InvalidEvent)) throw err;
    yield { type: 'bad', line: rec.line, reason: err.message, raw: Buffer.from(rec.raw) };
    return;
  }
  const isMessage = !('$set' in rec.value) && !('$rewindTo' in rec.value) && rec.value.type !== undefined;
  if (isMessage) yield* chat.release();
  for (const e of events) {
    const at = AT.get(e) ?? rec;
    yield* lineItems(at.line, at.raw, [e]);
  }
}

const META = /"sessionId"\s*:\s*"[^"]*"/;
const looksLike = (head: string) => META.test(head) && /"projectHash"\s*:/.test(head);

export const geminiFormat: InputFormat = {
  name: 'gemini-cli',
  description: 'Gemini CLI chats (~/.gemini/tmp/<project>/chats/session-*.jsonl, older session-*.json)',
  detect(head) {
    return looksLike(head) ? 11 : 0;
  },
  async *read(content: Readable, opts: ReadOptions): AsyncGenerator<IngestItem> {
    const chat = new GeminiChat();
    const { head, stream } = await peek(content);
    const first = head.toString('utf8').split('\n', 1)[0];
    let document = false;
    try {
      const o = JSON.parse(first) as unknown;
      document = isObj(o) && Array.isArray(o.messages) && !('$set' in o);
    } catch {
      document = true; // a pretty-printed document: its first line is not a whole value
    }
    let events = 0;
    let bad = 0;
    const counted = function* (items: Iterable<IngestItem>): Generator<IngestItem> {
      for (const it of items) {
        if (it.type === 'bad') bad++;
        else events++;
        yield it;
      }
    };
    if (document) {
      const doc = await readDocument(stream, opts, 'messages');
      yield* counted(doc.bad);
      chat.meta(doc.root);
      for (const r of doc.records) if (isObj(r.value)) yield* counted(emit(chat, { value: r.value, line: r.line, raw: r.raw }));
    } else {
      for await (const x of readJsonLines(stream, opts)) {
        if (isBad(x)) yield* counted([x]);
        else if (!isObj(x.value)) yield* counted([{ type: 'bad', line: x.no, reason: 'expected a JSON object', raw: Buffer.from(x.text) }]);
        else yield* counted(emit(chat, { value: x.value, line: x.no, raw: x.text }));
      }
    }
    for (const e of chat.flush()) yield* counted(lineItems(AT.get(e)?.line ?? 1, AT.get(e)?.raw ?? '', [e]));
    yield* counted(chat.release());
    // read whole, nothing in it to store (Gemini writes a resume's history again in a file of its own): say so, so
    // the file counts as read, not as an input that gave nothing
    if (events === 0 && bad === 0) opts.note?.(chat.describe());
  },
};
