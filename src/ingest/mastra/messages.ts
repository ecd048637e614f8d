import type Database from 'better-sqlite3';
import type { ChatMessage, NativeEvent, ParsedEvent } from '../../events/types.js';
import { InvalidEvent, validateEvent } from '../../events/validate.js';
import { toolCall } from '../chat-shapes.js';
import { isObj, type Obj } from '../fields.js';
import { parseJson } from '../json-parse.js';
import { Conversation, lineItems, requestEvent } from '../transcript/history.js';
import type { IngestItem } from '../types.js';

/**
 * What `mastra_messages` keeps of a thread whose agent runs left no AI span (tracing off, the default
 * before Mastra's observability is configured): each message as Mastra's memory stored it
 * (`{format: 2, parts, content, toolInvocations}`, one row per user message and per assistant answer).
 * Read as a coding agent's transcript is: a user message opens a turn; an answer is a model call whose
 * request is the thread's history so far (as the memory stored it: the agent's instructions and the
 * working memory it was sent are not in the table), one call for the tools it ran (each tool call with
 * its result) and one for its text. A working-memory update (`updateWorkingMemory`) is a memory write,
 * as in the spans. Mapping: docs/formats.md#mastra.
 */

export const WORKING_MEMORY = { memory_id: 'mastra:working-memory', memory_type: 'working_memory', store: 'mastra' } as const;
const WORKING_MEMORY_TOOL = 'updateWorkingMemory';

interface MessageRow {
  id: string;
  content: string;
  role: string;
  createdAt: string;
  resourceId: string | null;
}

interface Invocation {
  id: string;
  name: string;
  args: unknown;
  result: unknown;
  done: boolean;
}

/** The text and tool invocations of a stored message (format 2; a plain string is its text). */
function parse(raw: string): { text: string; invocations: Invocation[] } {
  const p = parseJson(raw);
  const v: unknown = p.ok ? p.value : raw;
  if (typeof v === 'string') return { text: v, invocations: [] };
  if (!isObj(v)) throw new InvalidEvent('content: expected a Mastra message (format 2) or text');
  const parts = Array.isArray(v.parts) ? (v.parts as unknown[]).filter(isObj) : [];
  const texts = parts.filter((x) => x.type === 'text' && typeof x.text === 'string').map((x) => x.text as string);
  const text = texts.length ? texts.join('\n') : typeof v.content === 'string' ? v.content : '';
  const byId = new Map<string, Invocation>();
  const add = (t: unknown) => {
    if (!isObj(t) || typeof t.toolName !== 'string') return;
    const id = typeof t.toolCallId === 'string' && t.toolCallId ? t.toolCallId : `${t.toolName}:${byId.size}`;
    if (!byId.has(id)) byId.set(id, { id, name: t.toolName, args: t.args ?? {}, result: t.result, done: t.state === 'result' });
  };
  for (const x of parts) if (x.type === 'tool-invocation') add(x.toolInvocation);
  if (Array.isArray(v.toolInvocations)) for (const t of v.toolInvocations) add(t);
  return { text, invocations: [...byId.values()] };
}

const asText = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v ?? null));

class ThreadReader {
  private readonly conv = new Conversation();
  private turn = -1;
  constructor(
    private readonly thread: string,
    private readonly user: string | undefined,
  ) {}

  private env(kind: string, ts: string, id: string): NativeEvent {
    return {
      kind,
      ts,
      session: this.thread,
      ...(this.turn >= 0 ? { turn: this.turn } : {}),
      id,
      actor: 'mastra',
      ...(this.user ? { scope: { user: this.user } } : {}),
    } as NativeEvent;
  }

  private call(id: string, ts: string, answer: ChatMessage): ParsedEvent[] {
    const req = requestEvent({ ...this.env('request', ts, `${id}:request`), request_id: id, model: 'unknown' }, this.conv.snapshot());
    const calls = answer.tool_calls as unknown[] | undefined;
    const res = validateEvent({
      ...this.env('response', ts, `${id}:response`),
      request_id: id,
      content: typeof answer.content === 'string' ? answer.content : '',
      ...(calls?.length ? { tool_calls: calls } : {}),
    });
    this.conv.push(answer);
    return [req, res];
  }

  message(r: MessageRow): ParsedEvent[] {
    if (typeof r.createdAt !== 'string' || !r.createdAt) throw new InvalidEvent('missing "createdAt"');
    const { text, invocations } = parse(r.content);
    if (r.role === 'user') {
      this.turn++;
      this.conv.push({ role: 'user', content: text });
      return [];
    }
    if (r.role === 'system') {
      this.conv.push({ role: 'system', content: text });
      return [];
    }
    if (r.role !== 'assistant') throw new InvalidEvent(`role "${r.role}": expected user, assistant or system`);
    const out: ParsedEvent[] = [];
    if (invocations.length) {
      // the step that ran the tools, then each tool with its result (a working-memory update is a memory write)
      const calls = invocations.map((t) => toolCall(t.id, t.name, t.args));
      out.push(...this.call(`${r.id}:tools`, r.createdAt, { role: 'assistant', content: null, tool_calls: calls }));
      for (const t of invocations) {
        out.push(validateEvent({ ...this.env('tool_call', r.createdAt, `${r.id}:tool_call:${t.id}`), call_id: t.id, name: t.name, arguments: t.args }));
        if (t.name === WORKING_MEMORY_TOOL) out.push(...this.workingMemory(r, t));
        if (!t.done) continue;
        out.push(validateEvent({ ...this.env('tool_result', r.createdAt, `${r.id}:tool_result:${t.id}`), call_id: t.id, content: asText(t.result) }));
        this.conv.push({ role: 'tool', tool_call_id: t.id, content: asText(t.result) });
      }
    }
    if (text || !invocations.length) out.push(...this.call(r.id, r.createdAt, { role: 'assistant', content: text }));
    return out;
  }

  private workingMemory(r: MessageRow, t: Invocation): ParsedEvent[] {
    const doc = isObj(t.args) ? (t.args as Obj).memory : undefined;
    const common = { write_id: `${r.id}:${t.id}`, ...WORKING_MEMORY };
    const out = [
      validateEvent({
        ...this.env('memory_write', r.createdAt, `${r.id}:${t.id}:requested`),
        ...common,
        op: 'update',
        ...(doc !== undefined && doc !== null ? { text: asText(doc) } : {}),
        phase: 'requested',
      }),
    ];
    if (t.done) {
      const failed = isObj(t.result) && (t.result as Obj).success === false;
      out.push(
        validateEvent({
          ...this.env('memory_write', r.createdAt, `${r.id}:${t.id}:${failed ? 'failed' : 'committed'}`),
          ...common,
          phase: failed ? 'failed' : 'committed',
        }),
      );
    }
    return out;
  }
}

/** The items of the threads' stored messages, numbered on from `line` (the rows read before them). */
export function* threadMessages(db: Database.Database, threads: readonly string[], line: number): Generator<IngestItem> {
  const rows = db.prepare('SELECT id, content, role, createdAt, resourceId FROM mastra_messages WHERE thread_id = ? ORDER BY createdAt, rowid');
  const owner = db.prepare('SELECT resourceId FROM mastra_threads WHERE id = ?').pluck();
  for (const thread of threads) {
    const user = owner.get(thread);
    const t = new ThreadReader(thread, typeof user === 'string' && user ? user : undefined);
    for (const r of rows.iterate(thread) as Iterable<MessageRow>) {
      line++;
      const raw = JSON.stringify(r);
      try {
        yield* lineItems(line, raw, t.message(r));
      } catch (err) {
        if (!(err instanceof InvalidEvent)) throw err;
        yield { type: 'bad', line, reason: `mastra_messages ${r.id}: ${err.message}`, raw: Buffer.from(raw) };
      }
    }
  }
}

/**
 * The working memory as stored (`mastra_resources.workingMemory` for resource scope, a thread's
 * `metadata.workingMemory` for thread scope): a committed memory write at the row's `updatedAt`, in the
 * owner's most recently updated thread, unless a write the spans or messages showed already holds that
 * text (a document written by a path no trace or message saw: the API, a template, another process).
 */
export function* storedWorkingMemory(
  db: Database.Database,
  tables: Map<string, Set<string>>,
  written: ReadonlySet<string>,
  line: number,
): Generator<IngestItem> {
  const docs: { owner: string; text: string; at: string; thread?: string }[] = [];
  const threads = tables.get('mastra_threads')!;
  if (tables.get('mastra_resources')?.has('workingMemory')) {
    for (const r of db.prepare('SELECT id, workingMemory, updatedAt FROM mastra_resources WHERE workingMemory IS NOT NULL ORDER BY updatedAt').all() as Obj[]) {
      if (typeof r.workingMemory === 'string' && r.workingMemory.trim()) docs.push({ owner: String(r.id), text: r.workingMemory, at: String(r.updatedAt) });
    }
  }
  if (threads.has('metadata')) {
    for (const t of db.prepare('SELECT id, resourceId, metadata, updatedAt FROM mastra_threads WHERE metadata IS NOT NULL').all() as Obj[]) {
      const m = typeof t.metadata === 'string' ? parseJson(t.metadata) : undefined;
      const wm = m?.ok && isObj(m.value) ? m.value.workingMemory : undefined;
      if (typeof wm === 'string' && wm.trim()) docs.push({ owner: String(t.resourceId), text: wm, at: String(t.updatedAt), thread: String(t.id) });
    }
  }
  const latest = db.prepare('SELECT id FROM mastra_threads WHERE resourceId = ? ORDER BY updatedAt DESC, rowid DESC LIMIT 1').pluck();
  for (const d of docs) {
    line++;
    if (written.has(d.text.trim())) continue;
    const session = d.thread ?? latest.get(d.owner);
    if (typeof session !== 'string') continue;
    const id = `mastra:working-memory:${d.thread ? `thread:${d.thread}` : `resource:${d.owner}`}:${d.at}`;
    const raw = JSON.stringify(d);
    try {
      const ev = validateEvent({
        kind: 'memory_write',
        ts: d.at,
        session,
        id,
        actor: 'mastra',
        scope: { user: d.owner },
        write_id: id,
        ...WORKING_MEMORY,
        op: 'update',
        text: d.text,
        phase: 'committed',
      });
      yield* lineItems(line, raw, [ev]);
    } catch (err) {
      if (!(err instanceof InvalidEvent)) throw err;
      yield {
        type: 'bad',
        line,
        reason: `working memory of ${d.thread ? `thread ${d.thread}` : `resource ${d.owner}`}: ${err.message}`,
        raw: Buffer.from(raw),
      };
    }
  }
}
