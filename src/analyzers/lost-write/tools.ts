/**
 * Which tool calls write memory: by name (a write verb with a memory noun, `upsert_user_fact`,
 * `saveNote`, `remember`), by a configured list of names, or by arguments that carry what the
 * user just said (`kv_put({ value: "<the user's words>" })`).
 */
import { tokens } from '../../text/relevance.js';

const WRITE_VERBS = new Set([
  'add',
  'save',
  'store',
  'upsert',
  'remember',
  'persist',
  'write',
  'put',
  'set',
  'update',
  'create',
  'insert',
  'record',
  'memorize',
  'memorise',
  'keep',
  'commit',
  'append',
  'log',
]);
const MEMORY_NOUNS = new Set([
  'memory',
  'memories',
  'mem',
  'fact',
  'facts',
  'note',
  'notes',
  'profile',
  'preference',
  'preferences',
  'pref',
  'prefs',
  'knowledge',
  'recollection',
  'attribute',
  'attributes',
]);
/** names that are a memory write on their own */
const MEMORY_WORDS = new Set(['remember', 'memorize', 'memorise', 'memorize_this']);
/** verbs of tools that read or act on something else: their arguments hold the user's words, not a memory */
const READ_VERBS = new Set([
  'search',
  'find',
  'get',
  'read',
  'list',
  'query',
  'fetch',
  'lookup',
  'retrieve',
  'recall',
  'browse',
  'translate',
  'summarize',
  'summarise',
  'send',
  'email',
  'delete',
  'remove',
  'run',
  'execute',
  'open',
  'download',
  'upload',
  'call',
]);
/** things other than memory that tools save: a call on them is not a memory write whatever its arguments */
const OTHER_OBJECTS = new Set([
  'file',
  'files',
  'pdf',
  'doc',
  'document',
  'documents',
  'backup',
  'backups',
  'image',
  'images',
  'photo',
  'report',
  'attachment',
  'draft',
  'email',
  'mail',
  'message',
  'calendar',
  'event',
  'ticket',
  'issue',
  'order',
  'cart',
  'bucket',
  'blob',
  's3',
  'disk',
  'csv',
  'sheet',
  'spreadsheet',
  'code',
  'cache',
]);
const CJK_MEMORY = /记忆|記憶|记住|記住|メモリ|記憶/;
/** argument keys whose value is the remembered content */
const CONTENT_KEYS = new Set(['text', 'content', 'memory', 'fact', 'note', 'value', 'statement', 'data', 'preference', 'body', 'info']);

/** The words of an identifier: upsertUserFact / upsert_user_fact / upsert-user.fact -> upsert, user, fact. */
export function nameWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

export type MemoryToolReason = 'name' | 'configured' | 'arguments';

/** Parse a comma-separated list of tool names (the `memory_tools` option). */
export function toolList(option: unknown): Set<string> {
  return new Set(
    String(option ?? '')
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
  );
}

function argsObject(args: unknown): Record<string, unknown> | null {
  if (typeof args === 'string') {
    try {
      const v = JSON.parse(args) as unknown;
      return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
    } catch {
      return null;
    }
  }
  return args && typeof args === 'object' && !Array.isArray(args) ? (args as Record<string, unknown>) : null;
}

/** The text a memory tool call carries (its content-like arguments, joined). */
export function rememberedText(args: unknown): string {
  const o = argsObject(args);
  if (!o) return typeof args === 'string' ? args : '';
  const parts: string[] = [];
  for (const [k, v] of Object.entries(o)) if (CONTENT_KEYS.has(k.toLowerCase()) && typeof v === 'string') parts.push(v);
  return parts.join('\n');
}

/**
 * Does this tool call write memory? `userText` is the user's latest message, for the arguments
 * test: a call whose name has a write verb (and no read verb) and whose content argument shares
 * at least two content words, or half of its own, with what the user said.
 */
export function memoryTool(name: string, args: unknown, configured: Set<string>, userText: string | null): MemoryToolReason | null {
  if (!name) return null;
  if (configured.has(name.toLowerCase())) return 'configured';
  const words = nameWords(name);
  if (words.some((w) => MEMORY_WORDS.has(w)) || CJK_MEMORY.test(name)) return 'name';
  const hasVerb = words.some((w) => WRITE_VERBS.has(w));
  if (hasVerb && words.some((w) => MEMORY_NOUNS.has(w) || /^mem(or|0$)/.test(w))) return 'name';
  if (!hasVerb || words.some((w) => READ_VERBS.has(w) || OTHER_OBJECTS.has(w)) || !userText) return null;
  const said = saidWords(userText);
  // at least half of the carried words must be the user's: past twice as many words as the user said
  // that cannot be, so a long argument (a whole file given to an editor's Write) is not read to its end
  const carried = wordsUpTo(rememberedText(args), 2 * said.size);
  if (!carried || carried.size === 0) return null;
  let shared = 0;
  for (const t of carried) if (said.has(t)) shared++;
  return shared >= Math.min(2, carried.size) && shared / carried.size >= 0.5 ? 'arguments' : null;
}

/** The words of the user's latest message: the same text is asked about for every tool call of its turn. */
let lastSaid: { text: string; words: Set<string> } | null = null;
function saidWords(text: string): Set<string> {
  if (lastSaid?.text !== text) lastSaid = { text, words: new Set(tokens(text)) };
  return lastSaid.words;
}

/** Chunks this long are read at a time by wordsUpTo (cut at a line break, which no word spans). */
const CHUNK = 1024;

/** The distinct words of `text`, or null once there are more than `max` of them. */
function wordsUpTo(text: string, max: number): Set<string> | null {
  if (text.length <= CHUNK) {
    const all = new Set(tokens(text));
    return all.size > max ? null : all;
  }
  const out = new Set<string>();
  for (let i = 0; i < text.length; ) {
    let end = text.indexOf('\n', i + CHUNK);
    if (end < 0) end = text.length;
    for (const t of tokens(text.slice(i, end))) out.add(t);
    if (out.size > max) return null;
    i = end + 1;
  }
  return out;
}

/** Did a memory tool's result report a failure? (`is_error`, `ok: false`, an `error`, a failed status, an error text) */
export function toolFailed(body: Record<string, unknown>): string | null {
  if (body.is_error === true) return typeof body.content === 'string' ? body.content : 'error';
  let c: unknown = body.content;
  if (typeof c === 'string') {
    const t = c.trim();
    if (t.startsWith('{')) {
      try {
        c = JSON.parse(t) as unknown;
      } catch {
        /* plain text */
      }
    }
  }
  if (typeof c === 'string') return /^\s*(error|failed|failure|exception)\b|timed? ?out|dead.?letter|rejected|denied/i.test(c) ? c : null;
  if (c && typeof c === 'object' && !Array.isArray(c)) {
    const o = c as Record<string, unknown>;
    if (o.ok === false || o.success === false || o.saved === false || o.stored === false) return typeof o.error === 'string' ? o.error : 'failed';
    if (typeof o.error === 'string' && o.error) return o.error;
    if (o.error && typeof o.error === 'object') return JSON.stringify(o.error);
    const st = typeof o.status === 'string' ? o.status : '';
    if (/fail|error|dead|reject|denied|timeout|timed.out/i.test(st)) return st;
  }
  return null;
}
