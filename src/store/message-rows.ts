// The rows of message bodies (the messages table), found again by content without hashing where the
// same history is repeated request after request, and the token counts each row still needs.
import type { Statement } from 'better-sqlite3';
import type { Db } from './connection.js';
import type { ChatMessage } from '../events/types.js';
import type { EncodingName } from '../tokens/models.js';
import type { TokenJob } from '../tokens/pool.js';
import { isPlain, plainKeyHead, sha1 } from './message-key.js';

/** Characters of message text kept in the recent-message cache (~2 bytes each). */
const MESSAGE_CACHE_CHARS = 8 * 1024 * 1024;

export interface CachedMessage {
  id: number;
  /** role, name and tool call id of a plain message (its content is the cache key) */
  role?: unknown;
  name?: unknown;
  toolCallId?: unknown;
  /** another message with the same content but another prefix */
  next?: CachedMessage;
  /** its count in this encoding is stored or queued */
  o200k: boolean;
  cl100k: boolean;
}

/** Message rows by content and by object, and the token counts queued for them (see EvidenceWriter). */
export class MessageRows {
  private readonly findMessage: Statement;
  private readonly insertMessage: Statement;
  /** plain messages by content (see row()), richer ones by their key */
  private readonly cache = new Map<string, CachedMessage>();
  private readonly richCache = new Map<string, CachedMessage>();
  /** Messages by the object: transcript readers send the same objects, never changed once sent, in every
   * request (ingest/transcript/history.ts); keyed once, not per request (a JSON.stringify each: quadratic) */
  private readonly byObject = new WeakMap<ChatMessage, CachedMessage>();
  private cacheChars = 0;
  private jobs: TokenJob[] = [];

  constructor(db: Db) {
    this.findMessage = db.prepare('SELECT id, tokens_o200k IS NOT NULL AS o200k, tokens_cl100k IS NOT NULL AS cl100k FROM messages WHERE hash = ?');
    this.insertMessage = db.prepare('INSERT INTO messages (hash, role, json, chars) VALUES (?, ?, ?, ?) RETURNING id');
  }

  /**
   * The message's row, created on first sight; its tokens queued once per encoding (see EvidenceWriter.takeJobs).
   * A plain message repeated in request after request is found by its content string alone: no
   * key is built and nothing hashed but by the Map (the history a log repeats is most of its bytes).
   */
  row(m: ChatMessage, enc: EncodingName): CachedMessage {
    let c = this.byObject.get(m);
    if (!c) {
      c = this.rowOf(m);
      this.byObject.set(m, c);
    }
    if (enc === 'o200k_base' ? !c.o200k : !c.cl100k) {
      if (enc === 'o200k_base') c.o200k = true;
      else c.cl100k = true;
      this.jobs.push({ id: c.id, encoding: enc, message: m });
    }
    return c;
  }

  /** The row of a message not seen as this object before: by content, else by hash, else a new row. */
  private rowOf(m: ChatMessage): CachedMessage {
    const plain = isPlain(m);
    const cacheKey = plain ? ((m.content ?? '') as string) : `j\0${JSON.stringify(m)}`;
    const head = (plain ? this.cache : this.richCache).get(cacheKey);
    let c = head;
    if (plain) while (c && (c.role !== m.role || c.name !== m.name || c.toolCallId !== m.tool_call_id)) c = c.next;
    if (!c) {
      const hash = plain ? sha1(plainKeyHead(m), (m.content ?? '') as string) : sha1(cacheKey);
      const found = this.findMessage.get(hash) as { id: number; o200k: number; cl100k: number } | undefined;
      const same = plain ? { role: m.role, name: m.name, toolCallId: m.tool_call_id } : {};
      if (found) c = { id: found.id, ...same, o200k: !!found.o200k, cl100k: !!found.cl100k };
      else {
        const json = plain ? JSON.stringify(m) : cacheKey.slice(2); // a rich key is `j\0` and the JSON
        const text = typeof m.content === 'string' ? m.content : json;
        const id = (this.insertMessage.get(hash, m.role, json, text.length) as { id: number }).id;
        c = { id, ...same, o200k: false, cl100k: false };
      }
      if (head) {
        c.next = head.next;
        head.next = c;
      } else this.remember(plain ? this.cache : this.richCache, cacheKey, c);
    }
    return c;
  }

  /** Messages whose tokens are to be counted, queued since the last call. */
  takeJobs(): TokenJob[] {
    const jobs = this.jobs;
    this.jobs = [];
    return jobs;
  }

  /** Forget cached ids and queued counts: they may name rows an undone source took with it. */
  forget(): void {
    this.cache.clear();
    this.richCache.clear();
    this.cacheChars = 0;
    this.jobs = [];
  }

  /**
   * Recently seen message bodies (no hashing for the common case of history repeated request
   * after request). Bounded by characters, oldest out first.
   */
  private remember(cache: Map<string, CachedMessage>, key: string, c: CachedMessage): void {
    cache.set(key, c);
    this.cacheChars += key.length;
    if (this.cacheChars > MESSAGE_CACHE_CHARS) {
      for (const m of [this.cache, this.richCache]) {
        for (const k of m.keys()) {
          m.delete(k);
          this.cacheChars -= k.length;
          if (this.cacheChars <= MESSAGE_CACHE_CHARS / 2) return;
        }
      }
    }
  }
}
