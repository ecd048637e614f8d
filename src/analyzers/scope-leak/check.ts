/**
 * scope-leak's walk over one session: whose each memory is (the scope of its write, in this session
 * or an earlier one, else its candidate's metadata), whose each search and prompt is (its own scope,
 * else its turn's, else the session's), and every search or prompt that held another's memory.
 */
import type { EvidenceDraft, FindingDraft, StoreContext } from '../define.js';
import { logWords } from '../../findings/title.js';
import { injectedCandidates } from '../../events/retrieval.js';
import { contentText } from '../../events/validate.js';
import type { SessionData, SessionEvent } from '../../store/session.js';
import { tokenSet } from '../../text/relevance.js';
import { isObject, str } from '../../util/values.js';
import { Ledger, normalizeText, type Version } from '../recall-mismatch/ledger.js';
import { longTermWrites, walkWithLongTerm } from '../recall-mismatch/long-term.js';
import type { Cause, Detail, Dimension, Owner } from './types.js';

type Draft = FindingDraft<Cause, Detail>;

/** As stale-memory: a normalised text shorter than this (a Han, kana or Hangul character counting two) is not looked for in a prompt. */
const MIN_PROMPT_CHARS = 12;
const DENSE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const weight = (norm: string) => [...norm].reduce((n, c) => n + (DENSE.test(c) ? 2 : 1), 0);
const CONVERSATION = new Set(['user', 'assistant', 'tool', 'function']);
const DIMS = ['tenant', 'user', 'agent'] as const;
/** The most other users of a tenant whose memories are read for a session's prompts (each is read per session). */
const NEIGHBOURS_MAX = 64;

export const FIX: Record<Cause, string> = {
  unscoped_search:
    "The search ran over every owner's memories: pass the user (and tenant) as a filter on every search, enforce it in the store (a namespace or a row-level policy per user), and never let a search run without one.",
  wrong_scope_filter:
    "The search was scoped to another owner than the one it answered: take the user id from the authenticated request of this turn, not from a cache, a global or the previous request, and check that the filter's owner is the prompt's owner.",
  filter_not_enforced:
    "The search named the right owner and the store still returned another's memory: store the owner with every memory (and every chunk) when it is indexed, apply the filter inside the index rather than after the cut, and test a search of one user against another's memories.",
  leaked_into_prompt:
    "The prompt's memory block held another owner's memory that no search of this turn returned: build the block from this owner's memories only, key any cached profile or summary by user and tenant, and clear it between users.",
};

const LAYER: Record<Cause, Detail['layer']> = {
  unscoped_search: 'retrieval',
  wrong_scope_filter: 'retrieval',
  filter_not_enforced: 'index',
  leaked_into_prompt: 'injection',
};

const none = (): Owner => ({ tenant: null, user: null, agent: null });

/** The owner a scope object names (`{ user, tenant, agent }`, or `user_id`, `tenant_id`, `agent_id`). */
export function ownerIn(s: unknown): Owner {
  if (!isObject(s)) return none();
  const team = str(s.team) ?? str(s.team_id);
  return {
    tenant: str(s.tenant) ?? str(s.tenant_id) ?? null,
    user: str(s.user) ?? str(s.user_id) ?? null,
    agent: str(s.agent) ?? str(s.agent_id) ?? null,
    ...(team !== undefined ? { team } : {}),
  };
}

const named = (o: Owner) => o.tenant !== null || o.user !== null || o.team !== undefined;
const ownerKey = (o: Owner) => `${o.tenant ?? ''}/${o.user ?? ''}/${o.agent ?? ''}/${o.team ?? ''}`;
const ownerText = (o: Owner) =>
  [o.tenant && `tenant ${o.tenant}`, o.user && `user ${o.user}`, o.team && `team ${o.team}`, o.agent && `agent ${o.agent}`].filter(Boolean).join(', ') ||
  'no scope';

/** Per dimension, the one value the scopes agree on (null where they name none, or several). */
function agreed(scopes: Owner[]): Owner {
  const out = none();
  for (const d of DIMS) {
    const vals = new Set(scopes.map((s) => s[d]).filter((v): v is string => v !== null));
    out[d] = vals.size === 1 ? [...vals][0] : null;
  }
  const teams = new Set(scopes.map((s) => s.team).filter((v): v is string => v !== undefined));
  if (teams.size === 1) out.team = [...teams][0];
  return out;
}

/** The owners a filter value admits: one value, a list, `{ $eq }` or `{ $in: [...] }` (EVENTS.md `filters`); null for a shape it cannot read. */
function admitted(v: unknown): string[] | null {
  const one = str(v);
  if (one !== undefined) return [one];
  const list = Array.isArray(v) ? v : isObject(v) ? (Array.isArray(v.$in) ? v.$in : '$eq' in v ? [v.$eq] : null) : null;
  const vals = list?.map(str).filter((x): x is string => x !== undefined);
  return vals?.length ? vals : null;
}

/** A search's filter on one dimension: `filters.user`, `filters.user_id` or `filters.scope.user`, as the owners it admits. */
function filterOf(ev: SessionEvent, d: Dimension): string[] | null {
  const f = isObject(ev.body.filters) ? ev.body.filters : {};
  const fs = isObject(f.scope) ? f.scope : {};
  return admitted(f[d]) ?? admitted(f[`${d}_id`]) ?? admitted(fs[d]);
}

const filterText = (f: string[] | null) => (f === null ? null : f.join(' | '));

interface Mem {
  id: string;
  text: string;
  owner: Owner;
  by: 'write' | 'metadata';
  version: Version | null;
}

interface Open {
  draft: Draft;
  text: string;
  lastServed: string;
  awaiting: boolean;
  carried: boolean;
}

const servedAt = (ev: SessionEvent) => (ev.turn !== null ? `t${ev.turn}` : `s${ev.seq}`);

export class LeakCheck {
  private readonly ledger = new Ledger();
  private readonly open = new Map<string, Open>();
  private readonly out: Draft[] = [];
  /** each turn's owner, from its requests' and answers' scopes */
  private readonly turnOwner = new Map<number, Owner>();
  private sessionOwner: Owner = none();
  /** memory ids searches injected since the last answer */
  private servedNow = new Set<string>();
  private lastUser = '';

  constructor(
    private readonly session: SessionData,
    private readonly store?: StoreContext,
  ) {}

  run(): Draft[] {
    const events = this.session.events;
    if (!events.some((e) => e.kind === 'retrieval' || e.kind === 'request')) return [];
    const byTurn = new Map<number, Owner[]>();
    const all: Owner[] = [];
    for (const ev of events) {
      if (ev.kind === 'memory_write') this.ledger.merge(ev, this.session.session, false);
      else if ((ev.kind === 'request' || ev.kind === 'response') && ev.scope) {
        const o = ownerIn(ev.scope);
        all.push(o);
        if (ev.turn !== null) {
          const l = byTurn.get(ev.turn);
          if (l) l.push(o);
          else byTurn.set(ev.turn, [o]);
        }
      }
    }
    for (const [t, l] of byTurn) this.turnOwner.set(t, agreed(l));
    this.sessionOwner = agreed(all);
    const start = events.length ? events[0].ts : 0;
    const external = this.store ? longTermWrites(this.store, this.session.session, events, start, { scopes: true, others: this.neighbours(events) }) : [];
    walkWithLongTerm(this.ledger, this.session.session, events, external, (ev) => {
      if (ev.kind === 'retrieval') this.retrieval(ev);
      else if (ev.kind === 'request' && ev.request) this.request(ev);
      else if (ev.kind === 'response') this.response(ev);
    });
    return this.out;
  }

  /**
   * The other users of the session's tenant, when a prompt carries a memory block (a system or developer
   * message): a cached block can hold their memories with no search naming them. Past NEIGHBOURS_MAX users
   * they are not read (a search that names another user is still followed at any size). A session that
   * names no tenant reads none this way: the store's users without one are no tenant, only strangers whose
   * generic memories ("The user lives in Munich") match a prompt by chance (4 false findings in chaos seed 2).
   */
  private neighbours(events: readonly SessionEvent[]): string[] {
    const me = this.sessionOwner;
    if (!this.store || me.user === null || me.tenant === null) return [];
    if (!events.some((e) => e.kind === 'request' && e.request?.messages.some((m) => !CONVERSATION.has(m.role)))) return [];
    const users = this.store.memoryUsers(me.tenant, NEIGHBOURS_MAX + 2).filter((u) => u !== me.user);
    return users.length > NEIGHBOURS_MAX ? [] : users;
  }

  /** Whose a search or prompt is: its own scope, else its turn's, else the session's (dimension by dimension). */
  private ownerOf(ev: SessionEvent): Owner {
    const own = ownerIn(ev.scope);
    const turn = ev.turn !== null ? this.turnOwner.get(ev.turn) : undefined;
    const out = none();
    for (const d of DIMS) out[d] = own[d] ?? turn?.[d] ?? this.sessionOwner[d];
    // a scope of its own that names no team is not a team's read; without one, the turn's or the session's
    const team = named(own) || own.agent !== null ? own.team : (turn?.team ?? this.sessionOwner.team);
    if (team !== undefined) out.team = team;
    return out;
  }

  private memory(id: string, text: string | undefined, metadata: unknown): Mem | null {
    const v = this.ledger.current.get(id) ?? this.ledger.lastVersion.get(id);
    if (v?.write.scope) {
      const owner = ownerIn(v.write.scope);
      if (named(owner) || owner.agent) return { id, text: text ?? v.text, owner, by: 'write', version: v };
    }
    if (!isObject(metadata)) return null;
    const owner = isObject(metadata.scope) ? ownerIn(metadata.scope) : ownerIn(metadata);
    return named(owner) || owner.agent ? { id, text: text ?? '', owner, by: 'metadata', version: null } : null;
  }

  private retrieval(ev: SessionEvent): void {
    const b = ev.body;
    const meta = new Map<string, unknown>();
    if (Array.isArray(b.candidates)) for (const c of b.candidates) if (isObject(c) && str(c.id)) meta.set(str(c.id)!, c.metadata);
    const known = (id: string) => this.ledger.current.has(id) || this.ledger.lastVersion.has(id);
    const served = this.ownerOf(ev);
    for (const c of injectedCandidates(b, known)) {
      if (!c.injected) continue;
      const mid = c.parent ?? c.id;
      this.servedNow.add(mid);
      const mem = this.memory(mid, c.text, meta.get(c.id));
      if (!mem) continue;
      const leak = this.compare(ev, mem.owner, served);
      if (!leak) continue;
      this.serve(ev, mem, served, leak.dim, leak.cause, leak.filter, { query: str(b.query) ?? '', rank: c.rank });
    }
  }

  /** The dimension on which a memory is another's than the search's, and why the search held it. */
  private compare(ev: SessionEvent, mem: Owner, served: Owner): { dim: Dimension; cause: Cause; filter: string | null } | null {
    for (const d of ['tenant', 'user'] as const) {
      const have = mem[d];
      if (have === null) continue;
      const f = filterOf(ev, d);
      // the memory is the search's own: its owner's, else (no owner known) one its filter admits
      if (served[d] !== null ? served[d] === have : f === null || f.includes(have)) continue;
      if (f === null) return { dim: d, cause: 'unscoped_search', filter: null };
      return { dim: d, cause: f.includes(have) ? 'wrong_scope_filter' : 'filter_not_enforced', filter: filterText(f) };
    }
    // a team's memory (its scope names the team, not a user) is read by that team's searches only
    if (mem.team !== undefined) {
      const ft = filterOf(ev, 'team');
      if (served.team !== undefined ? served.team !== mem.team : !ft?.includes(mem.team)) {
        if (ft === null) return { dim: 'team', cause: 'unscoped_search', filter: null };
        return { dim: 'team', cause: ft.includes(mem.team) ? 'wrong_scope_filter' : 'filter_not_enforced', filter: filterText(ft) };
      }
    }
    // agents of one user often share memory by design: only a search filtered to an agent (or to a list of agents) is held to it
    const fa = filterOf(ev, 'agent');
    if (fa !== null && mem.agent !== null && !fa.includes(mem.agent)) return { dim: 'agent', cause: 'filter_not_enforced', filter: filterText(fa) };
    return null;
  }

  private request(ev: SessionEvent): void {
    const msgs = ev.request!.messages;
    for (let i = msgs.length - 1; i >= 0; i--)
      if (msgs[i].role === 'user') {
        this.lastUser = msgs[i].text;
        break;
      }
    for (const o of this.open.values()) {
      if (!o.awaiting || o.carried) continue;
      const norm = normalizeText(o.text);
      const at = norm ? msgs.findIndex((m) => normalizeText(m.text).includes(norm)) : -1;
      if (at < 0) continue;
      o.carried = true;
      o.draft.evidence.push({
        role: 'context',
        event: ev,
        text: `The prompt carried it: message ${at + 1} of ${msgs.length} (${msgs[at].role})`,
        detail: { position: at + 1, messages: msgs.length, role: msgs[at].role },
      });
    }
    const owner = this.ownerOf(ev);
    if (!named(owner)) return;
    const others: { v: Version; owner: Owner; norm: string }[] = [];
    const mine: string[] = [];
    for (const v of this.ledger.current.values()) {
      const o = ownerIn(v.write.scope);
      // another tenant's or user's, or a team's this prompt is not the team's (its owner names another team or none)
      const other =
        (o.team !== undefined && o.team !== owner.team) || (['tenant', 'user'] as const).some((d) => o[d] !== null && owner[d] !== null && o[d] !== owner[d]);
      if (!other) mine.push(v.norm);
      else if (weight(v.norm) >= MIN_PROMPT_CHARS && !this.servedNow.has(v.memoryId)) others.push({ v, owner: o, norm: v.norm });
    }
    if (!others.length) return;
    msgs.forEach((m, i) => {
      if (CONVERSATION.has(m.role)) return;
      const norm = normalizeText(m.text);
      for (const x of others) {
        // a memory this owner holds too (the same words in both stores) is not another's
        if (!norm.includes(x.norm) || mine.some((n) => n.includes(x.norm))) continue;
        const differs = (d: 'tenant' | 'user') => x.owner[d] !== null && owner[d] !== null && x.owner[d] !== owner[d];
        const dim: Dimension = differs('tenant') ? 'tenant' : !differs('user') && x.owner.team !== undefined ? 'team' : 'user';
        const mem: Mem = { id: x.v.memoryId, text: x.v.text, owner: x.owner, by: 'write', version: x.v };
        this.serve(ev, mem, owner, dim, 'leaked_into_prompt', null, { query: null, role: m.role, position: i + 1, messages: msgs.length });
      }
    });
  }

  private serve(
    ev: SessionEvent,
    mem: Mem,
    served: Owner,
    dim: Dimension,
    cause: Cause,
    filter: string | null,
    at: { query: string | null; rank?: number; role?: string; position?: number; messages?: number },
  ): void {
    const key = `${mem.id}>${ownerKey(served)}`;
    const seen = this.open.get(key);
    if (seen) {
      if (seen.lastServed !== servedAt(ev)) {
        seen.lastServed = servedAt(ev);
        seen.draft.detail!.served_again++;
      }
      return;
    }
    const evidence: EvidenceDraft[] = [];
    const v = mem.version;
    if (v)
      evidence.push({
        role: 'write',
        event: v.commit,
        text: `Memory ${mem.id} written under ${ownerText(mem.owner)}: ${v.text}`,
        detail: { memory_id: mem.id, scope: mem.owner, session: v.write.session },
      });
    if (at.role)
      evidence.push({
        role: 'context',
        event: ev,
        text: `The prompt of ${ownerText(served)} held it at message ${at.position} of ${at.messages} (${at.role}): ${mem.text}`,
        detail: { position: at.position, messages: at.messages, role: at.role, scope: served },
      });
    else
      evidence.push({
        role: 'retrieval',
        event: ev,
        text: `Search "${at.query}" for ${ownerText(served)} (${filter ? `filter ${dim} ${filter}` : `no ${dim} filter`}) injected ${mem.id} (rank ${at.rank})${mem.by === 'metadata' ? `, whose metadata names ${ownerText(mem.owner)}` : ''}: ${mem.text}`,
        detail: { query: at.query, rank: at.rank, filter, dimension: dim, scope: served, memory: { memory_id: mem.id, scope: mem.owner } },
      });
    const turn = ev.turn !== null ? ` at turn ${ev.turn}` : '';
    const how = at.role ? 'the prompt' : 'a search';
    const draft: Draft = {
      cause,
      key,
      title: `Memory ${logWords(mem.id)} of ${dim} ${logWords(mem.owner[dim] ?? '?')} "${logWords(short(mem.text))}" reached ${how} of ${dim} ${logWords(served[dim] ?? filter ?? (dim === 'team' ? 'none' : '?'))}${turn}`,
      fix: FIX[cause],
      turn: ev.turn,
      ts: ev.ts,
      evidence,
      detail: {
        memory_id: mem.id,
        memory_text: mem.text,
        written: { scope: mem.owner, by: mem.by, session: v?.write.session ?? null },
        served: { scope: served, by: at.role ? 'prompt' : 'retrieval', query: at.role ?? at.query, rank: at.rank ?? null },
        dimension: dim,
        filter,
        served_again: 0,
        answer: null,
        layer: LAYER[cause],
      },
    };
    this.open.set(key, { draft, text: mem.text, lastServed: servedAt(ev), awaiting: true, carried: !!at.role });
    this.out.push(draft);
  }

  private response(ev: SessionEvent): void {
    const text = contentText(ev.body.content);
    if (!text.trim()) return;
    this.servedNow = new Set();
    for (const o of this.open.values()) {
      if (!o.awaiting) continue;
      o.awaiting = false;
      const used = repeats(text, o.text, this.lastUser);
      o.draft.detail!.answer = { turn: ev.turn, used };
      o.draft.evidence.push({ role: 'response', event: ev, text, detail: { used } });
      if (used) o.draft.title += '; the answer repeated it';
    }
  }
}

/** Does the answer repeat the memory: at least two, and a third, of its words (numbers included) that the user's own message did not hold? */
export function repeats(answer: string, memory: string, asked: string): boolean {
  const terms = (t: string) => {
    const s = tokenSet(t);
    for (const m of t.normalize('NFKC').matchAll(/\p{N}+/gu)) s.add(m[0]);
    return s;
  };
  const a = terms(answer);
  const q = terms(asked);
  const own = [...terms(memory)].filter((t) => !q.has(t));
  const hits = own.filter((t) => a.has(t)).length;
  return hits >= 2 && hits * 3 >= own.length;
}

function short(text: string, max = 80): string {
  const t = text.replace(/\s+/g, ' ').trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
}
