/**
 * expired-state's walk over one session: the memories current at each moment (recall-mismatch's
 * Ledger, this session's writes and the earlier sessions' of its users), each with the lifetime its
 * write stated (`expires_at`, else `ttl_s` from its commit), and every search and prompt that served
 * one after its lifetime ended; the answer after it says whether it was set aside or used.
 */
import type { EvidenceDraft, FindingDraft, StoreContext } from '../define.js';
import { logWords } from '../../findings/title.js';
import { injectedCandidates, type InjectedCandidate } from '../../events/retrieval.js';
import { contentText } from '../../events/validate.js';
import type { SessionData, SessionEvent } from '../../store/session.js';
import { shareWord, tokenSet } from '../../text/relevance.js';
import { str } from '../../util/values.js';
import { Ledger, lifetimeEnd, normalizeText, type Version } from '../recall-mismatch/ledger.js';
import { longTermWrites, walkWithLongTerm } from '../recall-mismatch/long-term.js';
import { repeats } from '../scope-leak/check.js';
import { setsAside } from './aside.js';
import type { Cause, Detail, Lifetime } from './types.js';

type Draft = FindingDraft<Cause, Detail>;

/** Served within this long after its expiry, a memory is not reported: a store's sweep, a clock a minute off. */
export const GRACE_MS = 60_000;
/** As stale-memory: a normalised text shorter than this (a Han, kana or Hangul character counting two) is not looked for in a prompt. */
const MIN_PROMPT_CHARS = 12;
const DENSE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const weight = (norm: string) => [...norm].reduce((n, c) => n + (DENSE.test(c) ? 2 : 1), 0);
const CONVERSATION = new Set(['user', 'assistant', 'tool', 'function']);

export const FIX: Record<Cause, string> = {
  expired_retrieved:
    'The search served a memory past the lifetime its write stated: filter expired memories out of every search (expires_at before now), evict them from the index when they expire, and let the next memory take the slot.',
  expired_in_prompt:
    "The prompt's memory block carried a memory past its lifetime: rebuild the block from the memories current now on each turn (not from a cached profile), and drop a memory from it when it expires.",
};

/** When a memory stops being true, as its write states it (recall-mismatch's lifetimeEnd), with where that came from. */
export function lifetimeOf(v: Version): { at: number; lifetime: Lifetime } | null {
  const end = lifetimeEnd(v);
  return end && { at: end.at, lifetime: { expires_at: new Date(end.at).toISOString(), from: end.from, ttl_s: end.ttl_s } };
}

interface Open {
  draft: Draft;
  text: string;
  lastServed: string;
  awaiting: boolean;
  setAside: boolean;
}

const servedAt = (ev: SessionEvent) => (ev.turn !== null ? `t${ev.turn}` : `s${ev.seq}`);

export class ExpiredCheck {
  private readonly ledger = new Ledger();
  private readonly open = new Map<string, Open>();
  /** memory ids searches injected since the last answer: a prompt holding them holds a search's result */
  private servedNow = new Set<string>();
  private lastUser = '';

  constructor(
    private readonly session: SessionData,
    private readonly store?: StoreContext,
  ) {}

  run(): Draft[] {
    const events = this.session.events;
    if (!events.some((e) => e.kind === 'retrieval' || e.kind === 'request')) return [];
    for (const ev of events) if (ev.kind === 'memory_write') this.ledger.merge(ev, this.session.session, false);
    const start = events.length ? events[0].ts : 0;
    const external = this.store ? longTermWrites(this.store, this.session.session, events, start, { scopes: true }) : [];
    walkWithLongTerm(this.ledger, this.session.session, events, external, (ev) => {
      if (ev.kind === 'retrieval') this.retrieval(ev);
      else if (ev.kind === 'request' && ev.request) this.request(ev);
      else if (ev.kind === 'response') this.response(ev);
    });
    return [...this.open.values()].filter((o) => !o.setAside).map((o) => o.draft);
  }

  /** The memory, its lifetime, when it is past it at `ts` (grace included). */
  private expired(v: Version | undefined, ts: number): { v: Version; at: number; lifetime: Lifetime } | null {
    if (!v) return null;
    const life = lifetimeOf(v);
    return life && ts > life.at + GRACE_MS ? { v, ...life } : null;
  }

  private retrieval(ev: SessionEvent): void {
    const b = ev.body;
    const cands = injectedCandidates(b, (id) => this.ledger.current.has(id));
    for (const c of cands) {
      if (!c.injected) continue;
      const mid = c.parent ?? c.id;
      this.servedNow.add(mid);
      const x = this.expired(this.ledger.current.get(mid), ev.ts);
      if (!x) continue;
      const crowded = cands
        .filter((o) => !o.injected && o.rank > 0)
        .filter((o) => {
          const v = this.ledger.current.get(o.parent ?? o.id);
          return !v || !this.expired(v, ev.ts);
        })
        .map((o) => ({ id: o.parent ?? o.id, rank: o.rank }));
      this.serve(ev, x, 'expired_retrieved', c.text ?? x.v.text, { query: str(b.query) ?? '', rank: c.rank, crowded, cands });
    }
  }

  private request(ev: SessionEvent): void {
    const msgs = ev.request!.messages;
    for (let i = msgs.length - 1; i >= 0; i--)
      if (msgs[i].role === 'user') {
        this.lastUser = msgs[i].text;
        break;
      }
    const expired: { v: Version; at: number; lifetime: Lifetime }[] = [];
    for (const v of this.ledger.current.values()) {
      if (this.servedNow.has(v.memoryId) || weight(v.norm) < MIN_PROMPT_CHARS) continue;
      const x = this.expired(v, ev.ts);
      if (x) expired.push(x);
    }
    if (!expired.length) return;
    msgs.forEach((m, i) => {
      if (CONVERSATION.has(m.role)) return;
      const norm = normalizeText(m.text);
      for (const x of expired) {
        if (!norm.includes(x.v.norm)) continue;
        this.serve(ev, x, 'expired_in_prompt', x.v.text, { query: m.role, role: m.role, position: i + 1, messages: msgs.length, crowded: [] });
      }
    });
  }

  private serve(
    ev: SessionEvent,
    x: { v: Version; at: number; lifetime: Lifetime },
    cause: Cause,
    text: string,
    at: {
      query: string;
      rank?: number;
      crowded: { id: string; rank: number }[];
      cands?: InjectedCandidate[];
      role?: string;
      position?: number;
      messages?: number;
    },
  ): void {
    const { v, lifetime } = x;
    const key = v.memoryId;
    const seen = this.open.get(key);
    if (seen) {
      if (seen.lastServed !== servedAt(ev)) {
        seen.lastServed = servedAt(ev);
        seen.draft.detail!.served_again++;
      }
      return;
    }
    const overdue = Math.round((ev.ts - x.at) / 1000);
    const life = lifetime.from === 'ttl_s' ? `its ttl_s ${lifetime.ttl_s} from the commit` : `expires_at ${lifetime.expires_at}`;
    const evidence: EvidenceDraft[] = [
      {
        role: 'write',
        event: v.commit,
        text: `Memory ${v.memoryId} committed with a lifetime (${life}): ${v.text}`,
        detail: { memory_id: v.memoryId, expires_at: lifetime.expires_at, ttl_s: lifetime.ttl_s },
      },
    ];
    if (at.role)
      evidence.push({
        role: 'context',
        event: ev,
        text: `The prompt carried it ${span(overdue)} after it expired, at message ${at.position} of ${at.messages} (${at.role}): ${text}`,
        detail: { position: at.position, messages: at.messages, role: at.role, overdue_s: overdue },
      });
    else
      evidence.push({
        role: 'retrieval',
        event: ev,
        text: `Search "${at.query}" injected ${v.memoryId} (rank ${at.rank}) ${span(overdue)} after it expired${at.crowded.length ? `; left out: ${at.crowded.map((c) => `${c.id} (rank ${c.rank})`).join(', ')}` : ''}: ${text}`,
        detail: {
          query: at.query,
          rank: at.rank,
          overdue_s: overdue,
          crowded_out: at.crowded,
          candidates: (at.cands ?? []).slice(0, 10).map((c) => ({ id: c.id, score: c.score, rank: c.rank, injected: c.injected })),
        },
      });
    const turn = ev.turn !== null ? ` at turn ${ev.turn}` : '';
    const how = at.role ? `the prompt carried it (message ${at.position}, ${at.role})` : 'a search injected it';
    const draft: Draft = {
      cause,
      key,
      title: `Memory ${logWords(v.memoryId)} "${logWords(short(text))}" expired at ${lifetime.expires_at}, and${turn}, ${span(overdue)} later, ${how}`,
      fix: FIX[cause],
      turn: ev.turn,
      ts: ev.ts,
      evidence,
      detail: {
        memory_id: v.memoryId,
        memory_text: text,
        memory_type: v.write.type ?? null,
        lifetime,
        written_at: new Date(v.commit.ts).toISOString(),
        written_in: { session: v.write.session },
        overdue_s: overdue,
        served_by: at.role ? 'prompt' : 'retrieval',
        query: at.query,
        rank: at.rank ?? null,
        crowded_out: at.crowded,
        served_again: 0,
        answer: null,
        layer: at.role ? 'injection' : 'retrieval',
      },
    };
    this.open.set(key, { draft, text, lastServed: servedAt(ev), awaiting: true, setAside: false });
  }

  private response(ev: SessionEvent): void {
    const text = contentText(ev.body.content);
    if (!text.trim()) return;
    this.servedNow = new Set();
    for (const o of this.open.values()) {
      if (!o.awaiting) continue;
      o.awaiting = false;
      // the answer names the memory and says it no longer holds: the model set it aside
      if (setsAside(text) && names(text, o.text)) {
        o.setAside = true;
        continue;
      }
      const used = repeats(text, o.text, this.lastUser);
      o.draft.detail!.answer = { turn: ev.turn, used };
      o.draft.evidence.push({ role: 'response', event: ev, text, detail: { used } });
      if (used) {
        o.draft.severity = 'error';
        o.draft.title += '; the answer used it';
      }
    }
  }
}

/** Does the answer name the memory: one of its content words (in any inflection: "стекольщика" names "стекольщик"), or one of its numbers? */
function names(answer: string, memory: string): boolean {
  if (shareWord(tokenSet(memory), tokenSet(answer))) return true;
  const nums = new Set([...answer.normalize('NFKC').matchAll(/\p{N}+/gu)].map((m) => m[0]));
  return [...memory.normalize('NFKC').matchAll(/\p{N}+/gu)].some((m) => nums.has(m[0]));
}

/** A duration as a person reads it: "3 d", "5 h", "12 min", "40 s". */
function span(s: number): string {
  if (s >= 172800) return `${Math.round(s / 86400)} d`;
  if (s >= 7200) return `${Math.round(s / 3600)} h`;
  if (s >= 120) return `${Math.round(s / 60)} min`;
  return `${s} s`;
}

function short(text: string, max = 80): string {
  const t = text.replace(/\s+/g, ' ').trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
}
