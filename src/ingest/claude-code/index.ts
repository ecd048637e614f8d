import type { Readable } from 'node:stream';
import type { ChatMessage, NativeEvent, ParsedEvent } from '../../events/types.js';
import { InvalidEvent, validateEvent } from '../../events/validate.js';
import { messagesOf } from '../chat-shapes.js';
import { isObj, type Obj } from '../fields.js';
import { isBad, linesLike, PassedOver, readJsonLines } from '../jsonl.js';
import { Conversation, lineItems, requestEvent } from '../transcript/history.js';
import { actionOf, userTurnText } from '../transcript/actions.js';
import type { IngestItem, InputFormat, ReadOptions } from '../types.js';

/**
 * Claude Code's session transcripts: `~/.claude/projects/<project>/<session>.jsonl`, and each
 * sub-agent's in `<session>/subagents/agent-<id>.jsonl`. One JSON object per line: `user` and
 * `assistant` entries holding the API message (`message`), `system` entries (a `compact_boundary`
 * at each compaction, with `compactMetadata {trigger, preTokens}`), and bookkeeping (`progress`,
 * `file-history-snapshot`, `queue-operation`, `summary` titles) that carries no conversation and is
 * read and passed over. Mapping: docs/formats.md#claude-code.
 */

const ENTRY_TYPES = /"type"\s*:\s*"(user|assistant|system|progress|summary|file-history-snapshot|queue-operation|attachment)"/;

/** Block types the model saw that carry no text worth keeping whole (images, documents): a placeholder. */
function placeholders(content: unknown): unknown {
  if (!Array.isArray(content)) return content;
  return content.map((b) => {
    if (!isObj(b)) return b;
    if (b.type === 'image' || b.type === 'document') return { type: 'text', text: `[${b.type}]` };
    if (b.type === 'tool_result' && Array.isArray(b.content)) return { ...b, content: placeholders(b.content) };
    return b;
  });
}

interface Actor {
  conv: Conversation;
  /** entry uuid -> its message, for the messages a compaction preserves */
  byUuid: Map<string, ChatMessage>;
  /** message.id of the last model call that opened a request */
  lastCall: string | null;
  lastRequestId: string | null;
  /**
   * Where each entry left the history (since the last compaction): its length then, and the entry
   * that brought the message at its end. A user prompt whose `parentUuid` is an entry further back
   * is a rewind or an edit: the branch after that entry was abandoned.
   */
  at: Map<string, { len: number; owner: string | undefined }>;
  /** the entry uuid that brought each history message (parallel to the history) */
  owners: (string | undefined)[];
}

/** The envelope every event of an entry carries. */
interface Envelope {
  ts: string;
  session: string;
  actor: string;
  turn?: number;
}

interface PendingCompaction {
  line: number;
  raw: string;
  body: NativeEvent;
}

class ClaudeSession {
  private readonly actors = new Map<string, Actor>();
  private turn = -1;
  private pending: PendingCompaction | null = null;
  /** the args of the last `/compact` command: the user's instructions for the summary */
  private compactArgs: string | undefined;

  private actor(name: string): Actor {
    let a = this.actors.get(name);
    if (!a) {
      a = { conv: new Conversation(), byUuid: new Map(), lastCall: null, lastRequestId: null, at: new Map(), owners: [] };
      this.actors.set(name, a);
    }
    return a;
  }

  /** The items of one entry (and of a compaction waiting for its summary). */
  entry(e: Obj, line: number, raw: string): IngestItem[] {
    const out: IngestItem[] = [];
    const type = e.type;
    // an entry with no type at all is not Claude Code's (a file forced as claude-code): a bad line, not dropped unseen
    if (typeof type !== 'string' || !type) throw new InvalidEvent('expected a Claude Code entry: no "type"');
    if (this.pending && !(type === 'user' && e.isCompactSummary === true)) out.push(...this.flush());
    const actorName = typeof e.agentId === 'string' && e.agentId ? `agent-${e.agentId}` : e.isSidechain === true ? 'sidechain' : 'claude-code';
    if (type !== 'user' && type !== 'assistant' && !(type === 'system' && e.subtype === 'compact_boundary')) {
      // bookkeeping: no conversation, but a later prompt may hang from it
      if (typeof e.uuid === 'string' && this.actors.has(actorName)) this.mark(this.actor(actorName), e.uuid);
      return out;
    }
    const session = typeof e.sessionId === 'string' && e.sessionId ? e.sessionId : undefined;
    if (!session) throw new InvalidEvent('missing "sessionId"');
    if (e.timestamp === undefined) throw new InvalidEvent('missing "timestamp"');
    // a sub-agent is a conversation of its own (its prompt is the parent agent's, not the user's):
    // its own session, named after the parent's, and its own actor
    const env: Envelope = {
      ts: e.timestamp as string,
      session: actorName === 'claude-code' ? session : `${session}:${actorName}`,
      actor: actorName,
      ...(actorName === 'claude-code' && this.turn >= 0 ? { turn: this.turn } : {}),
    };
    const a = this.actor(actorName);
    if (type === 'system') {
      this.compaction(e, a, env, line, raw);
      return out;
    }
    const msg = isObj(e.message) ? e.message : undefined;
    if (!msg) throw new InvalidEvent('missing "message"');
    const events = type === 'user' ? this.user(e, msg, a, env) : this.assistant(e, msg, a, env);
    if (typeof e.uuid === 'string') this.mark(a, e.uuid);
    return [...out, ...lineItems(line, raw, events)];
  }

  /** Note where an entry left its actor's history, and which entry brought the messages it added. */
  private mark(a: Actor, uuid: string): void {
    while (a.owners.length < a.conv.length) a.owners.push(uuid);
    a.at.set(uuid, { len: a.conv.length, owner: a.owners[a.conv.length - 1] });
  }

  /**
   * A user prompt hung from an entry further back than where the history stands (the user rewound,
   * or edited an earlier message): the history goes back to that entry, so later prompts hold only
   * the live branch, and the cut is a `compaction` of trigger `rewind` (it loses nothing: the user
   * went back on purpose). The abandoned branch's events stay: its calls were made, its tools ran.
   * Not a rewind: a tool result pointing at its own `tool_use` (parallel calls), a prompt whose
   * parent is unknown or before a compaction, a tail holding no prompt of the user's (only a
   * prompt can be rewound to or edited).
   */
  private rewind(e: Obj, a: Actor, env: Envelope): ParsedEvent[] {
    // an edit of the first prompt hangs from nothing, as the first prompt did
    const pos = typeof e.parentUuid === 'string' ? a.at.get(e.parentUuid) : e.parentUuid === null ? { len: 0, owner: undefined } : undefined;
    if (!pos || pos.len >= a.conv.length || a.owners[pos.len - 1] !== pos.owner) return [];
    const tail = a.conv.messages().slice(pos.len);
    if (!tail.some((m) => m.role === 'user')) return [];
    const before = a.conv.reset(a.conv.messages().slice(0, pos.len));
    a.owners.length = pos.len;
    a.lastCall = null;
    return [
      validateEvent({
        kind: 'compaction',
        ...env,
        ...(typeof e.uuid === 'string' ? { id: `${e.uuid}:rewind` } : {}),
        trigger: 'rewind',
        strategy: 'truncation',
        messages_before: before,
        messages_after: pos.len,
        removed_count: before - pos.len,
      }),
    ];
  }

  private user(e: Obj, msg: Obj, a: Actor, env: Envelope): ParsedEvent[] {
    const content = placeholders(msg.content);
    const prompt = userTurnText(content, e);
    // what the harness wrote in the user's place (hook output, reminders, command output, the
    // compaction summary) is sent as a user message but is not the user's words: a developer message
    // (tool results become tool messages whatever the role)
    const role = prompt === undefined ? 'developer' : 'user';
    const messages = messagesOf({ role, content }, 'message');
    const uuid = typeof e.uuid === 'string' ? e.uuid : '';
    const events: ParsedEvent[] = prompt !== undefined ? this.rewind(e, a, env) : [];
    if (prompt !== undefined && env.actor === 'claude-code') {
      this.turn++;
      env.turn = this.turn;
      const cmd = /<command-name>\/compact<\/command-name>[\s\S]*?<command-args>([\s\S]*?)<\/command-args>/.exec(prompt);
      if (cmd) this.compactArgs = cmd[1].trim() || undefined;
    }
    if (e.isCompactSummary === true && this.pending) {
      const summary = messages.map((m) => (typeof m.content === 'string' ? m.content : '')).join('\n');
      this.pending.body.summary = summary;
      this.pending.body.messages_after = a.conv.length + messages.length;
    }
    for (const m of messages) {
      a.conv.push(m);
      if (uuid) a.byUuid.set(uuid, m);
      if (m.role === 'tool') {
        const block = Array.isArray(content) ? content.find((b) => isObj(b) && b.tool_use_id === m.tool_call_id) : undefined;
        events.push(
          validateEvent({
            kind: 'tool_result',
            ...env,
            ...(uuid ? { id: `${uuid}:${m.tool_call_id}:result` } : {}),
            call_id: m.tool_call_id,
            content: m.content,
            ...(isObj(block) && block.is_error === true ? { is_error: true } : {}),
          }),
        );
      }
    }
    return events;
  }

  private assistant(e: Obj, msg: Obj, a: Actor, env: Envelope): ParsedEvent[] {
    const events: ParsedEvent[] = [];
    const callId = typeof msg.id === 'string' ? msg.id : typeof e.requestId === 'string' ? e.requestId : `line:${e.uuid}`;
    const uuid = typeof e.uuid === 'string' ? e.uuid : '';
    const model = typeof msg.model === 'string' && msg.model ? msg.model : 'claude';
    if (a.lastCall !== callId) {
      // a new model call: the request is the history as it stands
      a.lastCall = callId;
      a.lastRequestId = typeof e.requestId === 'string' ? e.requestId : callId;
      const usage = promptUsage(msg.usage);
      events.push(
        requestEvent(
          {
            kind: 'request',
            ...env,
            ...(uuid ? { id: `${callId}:request` } : {}),
            request_id: a.lastRequestId,
            model,
            ...(usage ? { usage } : {}),
          } as NativeEvent,
          a.conv.snapshot(),
        ),
      );
    }
    const content = placeholders(msg.content);
    const [m] = messagesOf({ role: 'assistant', content }, 'message');
    if (!m) return events;
    a.conv.push(m, callId);
    if (uuid) a.byUuid.set(uuid, m);
    const text = typeof m.content === 'string' ? m.content : '';
    const calls = (m.tool_calls as Obj[] | undefined) ?? [];
    if (text || calls.length) {
      const out = isObj(msg.usage) && typeof msg.usage.output_tokens === 'number' ? { usage: { output_tokens: msg.usage.output_tokens } } : {};
      events.push(
        validateEvent({
          kind: 'response',
          ...env,
          ...(uuid ? { id: `${uuid}:response` } : {}),
          request_id: a.lastRequestId,
          content: text,
          ...(calls.length ? { tool_calls: calls } : {}),
          ...out,
          ...(typeof msg.stop_reason === 'string' ? { finish_reason: msg.stop_reason } : {}),
        }),
      );
    }
    for (const c of calls) {
      const f = c.function as Obj;
      const input = Array.isArray(content) ? content.find((b) => isObj(b) && b.type === 'tool_use' && b.id === c.id) : undefined;
      const args = isObj(input) ? input.input : undefined;
      events.push(
        validateEvent({
          kind: 'tool_call',
          ...env,
          ...(uuid ? { id: `${uuid}:${c.id}:call` } : {}),
          call_id: c.id,
          name: f.name,
          arguments: args ?? f.arguments,
          ...actionOf(String(f.name), args),
        }),
      );
    }
    return events;
  }

  private compaction(e: Obj, a: Actor, env: Envelope, line: number, raw: string): void {
    const meta = isObj(e.compactMetadata) ? e.compactMetadata : {};
    const preserved = isObj(meta.preservedMessages) && Array.isArray(meta.preservedMessages.uuids) ? (meta.preservedMessages.uuids as unknown[]) : [];
    const kept = preserved.flatMap((u) => (typeof u === 'string' && a.byUuid.has(u) ? [a.byUuid.get(u)!] : []));
    const before = a.conv.reset(kept);
    a.byUuid.clear();
    a.at.clear();
    a.owners = kept.map(() => undefined);
    a.lastCall = null;
    const count = (v: unknown) => (Number.isSafeInteger(v) && (v as number) >= 0 ? (v as number) : undefined);
    const trigger = typeof meta.trigger === 'string' ? meta.trigger : undefined;
    const body: NativeEvent = {
      kind: 'compaction',
      ...env,
      ...(typeof e.uuid === 'string' ? { id: e.uuid } : {}),
      ...(trigger ? { trigger } : {}),
      strategy: 'summary',
      ...(count(meta.preTokens) !== undefined ? { tokens_before: count(meta.preTokens) } : {}),
      ...(count(meta.postTokens) !== undefined ? { tokens_after: count(meta.postTokens) } : {}),
      messages_before: before,
      removed_count: before - kept.length,
      ...(preserved.length ? { kept: preserved.filter((u) => typeof u === 'string') } : {}),
      ...(trigger === 'manual' && this.compactArgs ? { instructions: this.compactArgs } : {}),
    };
    this.compactArgs = undefined;
    this.pending = { line, raw, body };
  }

  /** The compaction waiting for its summary, as an item (at the boundary's line). */
  flush(): IngestItem[] {
    const p = this.pending;
    if (!p) return [];
    this.pending = null;
    return lineItems(p.line, p.raw, [validateEvent(p.body)]);
  }
}

/** The prompt's size as the API counted it: uncached, cache-written and cache-read input together. */
function promptUsage(u: unknown): Obj | undefined {
  if (!isObj(u)) return undefined;
  const n = (k: string) => (typeof u[k] === 'number' ? (u[k] as number) : 0);
  const input = n('input_tokens') + n('cache_creation_input_tokens') + n('cache_read_input_tokens');
  return input > 0 ? { input_tokens: input } : undefined;
}

/** A line that is a Claude Code transcript entry (a head may start mid-line: only whole objects vote). */
function looksLikeEntry(line: string): boolean {
  if (!/^\s*\{/.test(line) || !ENTRY_TYPES.test(line)) return false;
  return /"sessionId"\s*:/.test(line) ? /"(parentUuid|uuid|leafUuid|messageId)"\s*:/.test(line) : /"leafUuid"\s*:|"messageId"\s*:\s*"/.test(line);
}

export const claudeCodeFormat: InputFormat = {
  name: 'claude-code',
  description: 'Claude Code session transcripts (~/.claude/projects/<project>/<session>.jsonl, subagents/agent-*.jsonl)',
  detect(head) {
    return linesLike(head, looksLikeEntry) > 0 ? 11 : 0;
  },
  async *read(content: Readable, opts: ReadOptions): AsyncGenerator<IngestItem> {
    const s = new ClaudeSession();
    const passed = new PassedOver('a Claude Code entry', looksLikeEntry);
    for await (const x of readJsonLines(content, opts)) {
      if (isBad(x)) {
        yield x;
        continue;
      }
      let items: IngestItem[];
      try {
        if (!isObj(x.value)) throw new InvalidEvent('expected a JSON object');
        items = s.entry(x.value, x.no, x.text);
        passed.line(x.no, x.text, items.length > 0, x.value.type);
      } catch (err) {
        if (!(err instanceof InvalidEvent)) throw err;
        yield { type: 'bad', line: x.no, reason: err.message, raw: Buffer.from(x.text) };
        continue;
      }
      yield* items;
    }
    yield* s.flush();
    yield* passed.end(opts.note);
  },
};
