/**
 * memory-conflict's walk over one session: the memories current at each moment (recall-mismatch's
 * Ledger, this session's and the earlier sessions' committed writes), and each turn where two
 * contradicting memories reached the prompt (one search's injected candidates, or the prompt's memory
 * block) with no line of the prompt saying which wins, and the answer followed the older one.
 * A memory the log shows replaced, deleted or marked superseded is stale-memory's, never this one's.
 */
import type { EvidenceDraft, FindingDraft, StoreContext } from '../define.js';
import { logWords } from '../../findings/title.js';
import { injectedCandidates } from '../../events/retrieval.js';
import { contentText } from '../../events/validate.js';
import type { SessionData, SessionEvent } from '../../store/session.js';
import { detectPreferences } from '../../text/index.js';
import { violates } from '../../text/checks.js';
import { stanceTaken } from '../../text/stance.js';
import { isObject, str } from '../../util/values.js';
import { Ledger, normalizeText, ownerOf, SUBJECT_FIELDS, type Version } from '../recall-mismatch/ledger.js';
import { longTermWrites, walkWithLongTerm } from '../recall-mismatch/long-term.js';
import { followedOf } from '../stale-memory/check.js';
import { contradiction, type Contradiction, NOTE } from './contradict.js';
import { statedRule } from './cues.js';
import type { Cause, ConflictMemory, Detail } from './types.js';

type Draft = FindingDraft<Cause, Detail>;

export const FIX: Record<Cause, string> = {
  unresolved_at_write:
    'Both memories stayed current: when a new memory contradicts a current one of the same subject, supersede the older in the same write (Mem0: UPDATE or DELETE, not ADD), or keep one current memory per subject.',
  conflict_retrieved:
    'The search served two contradicting memories and the prompt did not say which wins: drop the older of two candidates on one subject before the cut, or inject each with its date and state the rule ("if two memories conflict, the newest wins").',
  conflict_in_prompt:
    'The prompt\'s memory block carried two contradicting memories with no rule: resolve conflicts before the block is built, or give each memory its date and state the rule ("if two memories conflict, the newest wins").',
};

/** roles whose messages are the conversation, not the application's memory block */
const CONVERSATION = new Set(['user', 'assistant', 'tool', 'function']);
/** a memory block's line shorter than this (a Han or kana character counting two) is not compared */
const MIN_LINE = 12;
const DENSE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const weight = (norm: string) => [...norm].reduce((n, c) => n + (DENSE.test(c) ? 2 : 1), 0);
/** lines of one prompt compared pairwise, at most */
const MAX_LINES = 200;
const DATE = /\b(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}:\d{2}(?::\d{2})?))?(?:\s*UTC|Z)?/u;
/** a line that opens a list item */
const BULLET = /^\s*(?:[-*•·]|\d+[.)])\s+\S/mu;
const CANDIDATE_TIME = ['updated_at', 'created_at', 'stored_at', 'timestamp', 'ts', 'date'];

interface Item {
  id: string | null;
  text: string;
  norm: string;
  ts: number;
  from: ConflictMemory['time_from'];
  owner: string | null;
  subject: string | null;
  version?: Version;
  rank?: number;
}

interface Pair {
  older: Item;
  newer: Item;
  c: Contradiction;
  served: SessionEvent;
  servedBy: 'retrieval' | 'prompt';
  query: string | null;
  /** the prompt that carried both with no rule (null until one does) */
  carried: { ev: SessionEvent; position: string } | null;
  ruled: boolean;
}

const pairKey = (a: Item, b: Item) => `${a.norm.slice(0, 60)}>${b.norm.slice(0, 60)}`;

function timeOf(v: unknown): number | null {
  if (typeof v === 'number' && Number.isFinite(v) && v > 0) return v < 1e12 ? v * 1000 : v;
  if (typeof v === 'string') {
    const t = Date.parse(v);
    return Number.isFinite(t) ? t : null;
  }
  return null;
}

/** The subject a write or a candidate's metadata declares, lower case. */
function declared(fields: Record<string, unknown> | undefined): string | null {
  if (!fields) return null;
  const meta = isObject(fields.metadata) ? fields.metadata : {};
  for (const k of SUBJECT_FIELDS) {
    const v = str(fields[k]) ?? str(meta[k]);
    if (v) return v.toLowerCase();
  }
  return null;
}

/** A candidate (or its metadata) marks itself no longer current. */
function markedSuperseded(c: Record<string, unknown>): boolean {
  const meta = isObject(c.metadata) ? c.metadata : {};
  for (const o of [c, meta]) {
    if (str(o.superseded_by) || str(o.replaced_by) || o.superseded === true || o.valid_to || o.invalid_at || o.expired === true) return true;
    if (/^(superseded|replaced|deleted|invalid|archived|expired)$/i.test(str(o.status) ?? str(o.state) ?? '')) return true;
  }
  return false;
}

export class ConflictCheck {
  private readonly ledger = new Ledger();
  private pending: Pair[] = [];
  private readonly seen = new Map<string, { draft: Draft; turn: number | null }>();
  private readonly out: Draft[] = [];

  constructor(
    private readonly session: SessionData,
    private readonly store?: StoreContext,
  ) {}

  run(): Draft[] {
    const events = this.session.events;
    if (!events.some((e) => e.kind === 'retrieval' || e.kind === 'request')) return [];
    for (const ev of events) if (ev.kind === 'memory_write') this.ledger.merge(ev, this.session.session, false);
    const start = events.length ? events[0].ts : 0;
    // the users of its requests too, not only of its searches: a prompt's memory block may come with no search in the session
    const external = this.store ? longTermWrites(this.store, this.session.session, events, start, { scopes: true }) : [];
    walkWithLongTerm(this.ledger, this.session.session, events, external, (ev) => {
      if (ev.kind === 'retrieval') this.retrieval(ev);
      else if (ev.kind === 'request' && ev.request) this.request(ev);
      else if (ev.kind === 'response') this.response(ev);
    });
    return this.out;
  }

  /** A current memory as an item, or null when the log shows it replaced or deleted (stale-memory's). */
  private fromVersion(v: Version): Item {
    return {
      id: v.memoryId,
      text: v.text,
      norm: v.norm,
      ts: v.commit.ts,
      from: 'commit',
      owner: ownerOf(v.write.scope),
      subject: declared(v.write.fields),
      version: v,
    };
  }

  private retrieval(ev: SessionEvent): void {
    const b = ev.body;
    const known = (id: string) => this.ledger.current.has(id) || this.ledger.replacedBy.has(id) || this.ledger.deleted.has(id);
    const raw = new Map<string, Record<string, unknown>>();
    if (Array.isArray(b.candidates))
      for (const c of b.candidates) if (isObject(c) && (str(c.id) ?? str(c.memory_id))) raw.set((str(c.id) ?? str(c.memory_id))!, c);
    const items: Item[] = [];
    for (const c of injectedCandidates(b, known)) {
      if (!c.injected) continue;
      const mid = c.parent ?? c.id;
      const cand = raw.get(c.id) ?? {};
      if (markedSuperseded(cand)) continue;
      const cur = this.ledger.current.get(mid);
      if (!cur && (this.ledger.replacedBy.has(mid) || this.ledger.deleted.has(mid))) continue;
      const text = c.text ?? cur?.text;
      if (!text) continue;
      const norm = normalizeText(text);
      // an earlier version of a current memory: stale-memory's
      if (cur && !cur.norm.includes(norm) && (this.ledger.earlier.get(mid) ?? []).some((v) => v.norm === norm)) continue;
      if (cur) {
        items.push({ ...this.fromVersion(cur), text, norm, rank: c.rank });
        continue;
      }
      const meta = isObject(cand.metadata) ? cand.metadata : {};
      const ts = CANDIDATE_TIME.map((k) => timeOf(cand[k]) ?? timeOf(meta[k])).find((t) => t !== null);
      if (ts == null) continue;
      const owner = str(cand.user_id) ?? str(meta.user_id) ?? str(meta.user) ?? null;
      items.push({ id: mid, text, norm, ts, from: 'candidate', owner, subject: declared(cand), rank: c.rank });
    }
    for (const p of this.pairs(items)) this.pending.push({ ...p, served: ev, servedBy: 'retrieval', query: str(b.query) ?? null, carried: null, ruled: false });
  }

  /** Contradicting pairs among items, the older first; each pair once. */
  private pairs(items: readonly Item[]): { older: Item; newer: Item; c: Contradiction }[] {
    const out: { older: Item; newer: Item; c: Contradiction }[] = [];
    const keys = new Set(this.pending.map((p) => pairKey(p.older, p.newer)));
    for (let i = 0; i < items.length; i++)
      for (let j = i + 1; j < items.length; j++) {
        const [older, newer] = items[i].ts <= items[j].ts ? [items[i], items[j]] : [items[j], items[i]];
        if (older.ts === newer.ts || older.norm === newer.norm || (older.id && older.id === newer.id)) continue;
        // two people (or tenants): no conflict
        if (older.owner !== null && newer.owner !== null && older.owner !== newer.owner) continue;
        if (keys.has(pairKey(older, newer))) continue;
        const c = contradiction(older, newer);
        if (!c) continue;
        keys.add(pairKey(older, newer));
        out.push({ older, newer, c });
      }
    return out;
  }

  /** The memory block's lines that carry a time (their own date, or a current memory's commit). */
  private promptItems(text: string): Item[] {
    const out: Item[] = [];
    const current = [...this.ledger.current.values()].filter((v) => weight(v.norm) >= MIN_LINE);
    // texts the log shows replaced or deleted, that no current memory holds: stale-memory's ground
    const stale = [...this.ledger.lastVersion.values(), ...[...this.ledger.earlier.values()].flat()]
      .map((v) => v.norm)
      .filter((n) => weight(n) >= MIN_LINE && !current.some((v) => v.norm.includes(n)));
    for (const raw of text.split(/\r?\n/).slice(0, MAX_LINES)) {
      const line = raw.replace(/^\s*(?:[-*•·]|\d+[.)])\s*/u, '').trim();
      const norm = normalizeText(line);
      if (weight(norm) < MIN_LINE) continue;
      const v = current.find((x) => norm.includes(x.norm));
      if (v) {
        out.push(this.fromVersion(v));
        continue;
      }
      const d = DATE.exec(line);
      if (!d || stale.some((n) => norm.includes(n))) continue;
      const ts = Date.parse(`${d[1]}T${d[2] ?? '00:00'}${d[2]?.length === 5 ? ':00' : ''}Z`);
      // the date with what its brackets hold ("(fact, stated by the user, 2026-04-01 10:00 UTC)", "[2026-04-01]"), else the date alone
      const bracketed = /[([][^()[\]]*\d{4}-\d{2}-\d{2}[^()[\]]*[)\]]/u;
      const bare = (bracketed.test(line) ? line.replace(bracketed, ' ') : line.replace(d[0], ' '))
        .replace(/\s+/g, ' ')
        .replace(/^[\s:—–-]+|[\s:—–-]+$/gu, '')
        .trim();
      if (!Number.isFinite(ts) || weight(normalizeText(bare)) < MIN_LINE) continue;
      out.push({ id: null, text: bare, norm: normalizeText(bare), ts, from: 'prompt', owner: null, subject: null });
    }
    return out;
  }

  private request(ev: SessionEvent): void {
    const msgs = ev.request!.messages;
    // a rule holds for the memories of its own message ("Pinned constraints…: if two of them conflict, the newest wins" is about
    // the pinned ones), and for every memory when it stands in a message of its own, with no list of items
    const rules = msgs.map((m) => (m.role === 'assistant' || m.role === 'tool' || m.role === 'function' ? false : statedRule(m.text) !== null));
    const standing = msgs.some((m, i) => rules[i] && !BULLET.test(m.text));
    const norms = msgs.map((m) => normalizeText(m.text));
    for (const m of msgs) {
      if (CONVERSATION.has(m.role)) continue;
      for (const p of this.pairs(this.promptItems(m.text)))
        this.pending.push({ ...p, served: ev, servedBy: 'prompt', query: m.role, carried: null, ruled: false });
    }
    for (const p of this.pending) {
      if (p.carried || p.ruled) continue;
      const a = norms.findIndex((n) => n.includes(p.older.norm));
      const b = norms.findIndex((n) => n.includes(p.newer.norm));
      if (a < 0 || b < 0) continue;
      if (standing || rules[a] || rules[b]) {
        p.ruled = true;
        continue;
      }
      const position =
        a === b
          ? `message ${a + 1} of ${msgs.length} (${msgs[a].role})`
          : `messages ${a + 1} and ${b + 1} of ${msgs.length} (${msgs[a].role}, ${msgs[b].role})`;
      p.carried = { ev, position };
    }
  }

  private response(ev: SessionEvent): void {
    const text = contentText(ev.body.content);
    if (!text.trim()) return;
    const pending = this.pending;
    this.pending = [];
    for (const p of pending) if (p.carried && !p.ruled && followedOlder(text, p)) this.report(p, ev, text);
  }

  private report(p: Pair, answer: SessionEvent, text: string): void {
    const key = pairKey(p.older, p.newer);
    const seen = this.seen.get(key);
    if (seen) {
      if (seen.turn !== answer.turn) {
        seen.turn = answer.turn;
        seen.draft.detail!.served_again++;
      }
      return;
    }
    const cause: Cause =
      p.older.from === 'commit' && p.newer.from === 'commit' ? 'unresolved_at_write' : p.servedBy === 'retrieval' ? 'conflict_retrieved' : 'conflict_in_prompt';
    const evidence: EvidenceDraft[] = [];
    for (const it of [p.older, p.newer])
      if (it.version)
        evidence.push({
          role: 'write',
          event: it.version.commit,
          text: `Memory ${it.id} committed: ${it.version.text}`,
          detail: { memory_id: it.id, subject: it.subject },
        });
    const ranks: [number, number] | null = p.servedBy === 'retrieval' ? [p.older.rank ?? 0, p.newer.rank ?? 0] : null;
    if (p.servedBy === 'retrieval')
      evidence.push({
        role: 'retrieval',
        event: p.served,
        text: `Search "${p.query ?? ''}" injected both: ${p.older.id} (rank ${ranks![0]}) "${p.older.text}" and ${p.newer.id} (rank ${ranks![1]}) "${p.newer.text}"`,
        detail: { query: p.query, ranks },
      });
    evidence.push({
      role: 'context',
      event: p.carried!.ev,
      text: `The prompt carried both (${p.carried!.position}) and no line says which wins; they disagree on ${p.c.subject}: "${p.c.values[0]}" against "${p.c.values[1]}"`,
      detail: { position: p.carried!.position, kind: p.c.kind, rule: null },
    });
    evidence.push({ role: 'response', event: answer, text, detail: { followed: 'older' } });
    const mem = (it: Item): ConflictMemory => ({ memory_id: it.id, text: it.text, stored_at: new Date(it.ts).toISOString(), time_from: it.from });
    const turn = answer.turn !== null ? ` at turn ${answer.turn}` : '';
    const draft: Draft = {
      cause,
      key,
      title: `Two memories disagree on ${logWords(p.c.subject)} ("${logWords(short(p.older.text))}", then "${logWords(short(p.newer.text))}"); both reached the prompt${turn} with no rule, and the answer followed the older`,
      fix: FIX[cause],
      turn: answer.turn,
      ts: answer.ts,
      evidence,
      detail: {
        kind: p.c.kind,
        subject: p.c.subject,
        values: p.c.values,
        older: mem(p.older),
        newer: mem(p.newer),
        served_by: p.servedBy,
        query: p.query,
        ranks,
        served_again: 0,
        answer: { turn: answer.turn },
        layer: cause === 'unresolved_at_write' ? 'update' : cause === 'conflict_retrieved' ? 'retrieval' : 'injection',
      },
    };
    this.seen.set(key, { draft, turn: answer.turn });
    this.out.push(draft);
  }
}

/**
 * Did the answer follow the older memory? Preferences by their checkers; a statement and its denial by the
 * stance the answer takes; every other kind (and a denial the answer does not speak of) by the words only
 * one of them has.
 */
function followedOlder(answer: string, p: Pair): boolean {
  if (p.c.kind === 'preference') {
    const older = detectPreferences(p.older.text, NOTE).find((x) => x.key === p.c.values[0]);
    const newer = detectPreferences(p.newer.text, NOTE).find((x) => x.key === p.c.values[1]);
    return !!older && !!newer && violates(newer, answer) !== null && violates(older, answer) === null;
  }
  // one affirms what the other denies: the stance the answer takes where it speaks of what both share
  const taken = p.c.stance ? stanceTaken(answer, p.c.stance) : null;
  if (taken) return taken === 'first';
  return followedOf(answer, p.older.text, p.newer.text) === 'stale';
}

function short(text: string, max = 60): string {
  const t = text.replace(/\s+/g, ' ').trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
}
