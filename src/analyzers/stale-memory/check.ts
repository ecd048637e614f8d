/**
 * stale-memory's walk over one session: the memories current at each moment (recall-mismatch's
 * Ledger: committed writes of this session and of the sessions before it, each replaced by a write
 * that supersedes it, a newer memory of its subject, or a newer version of its id), and every search
 * and prompt after a replacement that still served the memory it replaced.
 */
import type { EvidenceDraft, FindingDraft, StoreContext } from '../define.js';
import { logWords } from '../../findings/title.js';
import { injectedCandidates, type InjectedCandidate } from '../../events/retrieval.js';
import { contentText } from '../../events/validate.js';
import type { SessionData, SessionEvent } from '../../store/session.js';
import { tokenSet } from '../../text/relevance.js';
import { str } from '../../util/values.js';
import { Ledger, labelPrefix, namesSubject, normalizeText, ownerOf, type Version } from '../recall-mismatch/ledger.js';
import { longTermWrites, walkWithLongTerm } from '../recall-mismatch/long-term.js';
import { asksAboutPast } from './past.js';
import type { AnswerFollowed, Cause, Detail, ReplacedBy } from './types.js';

type Draft = FindingDraft<Cause, Detail>;

/**
 * A normalised memory text shorter than this is not looked for in a prompt (too likely to occur by
 * chance); a Han, kana or Hangul character counts twice (one says in 6 what a Latin script says in 12).
 */
const MIN_PROMPT_CHARS = 12;
const DENSE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const weight = (norm: string) => [...norm].reduce((n, c) => n + (DENSE.test(c) ? 2 : 1), 0);
/** roles whose messages are the conversation, not the application's memory block */
const CONVERSATION = new Set(['user', 'assistant', 'tool', 'function']);

export const FIX: Record<Cause, string> = {
  superseded_still_indexed:
    'The replacement was committed but the index still served the old memory: on an update, re-embed or delete the old entry in the same step (or mark it superseded and filter superseded memories out of every search), and check the index after a write, not only the store.',
  superseded_not_filtered:
    'The search returned the old memory beside its replacement and injected the old one: filter superseded memories out of the results (a valid-to or superseded-by field), or keep only the newest memory of each subject before the cut.',
  deleted_still_indexed:
    'The memory was deleted (forgotten) but a later search still served it: delete it from the vector index and every cache in the same step as from the store, and test that a forgotten memory cannot be retrieved.',
  superseded_in_prompt:
    "The prompt carried the old memory's text after its replacement was committed: rebuild the memory block of the prompt from the current memories on each turn (not from a cached profile or summary), and invalidate the cache on every update.",
};

interface Stale {
  memoryId: string;
  /** the superseded version (null: the log never showed its text) */
  old: Version | null;
  replacedBy: ReplacedBy;
  /** the replacing version (null for a delete) */
  replacement: Version | null;
  /** the commit that replaced or deleted it */
  commit: SessionEvent & { session?: string };
}

interface Open {
  draft: Draft;
  stale: Stale;
  norm: string;
  staleText: string;
  /** the turn (or seq) it was last served at */
  lastServed: string;
  /** waiting for the prompt that carries it and the answer after it */
  awaiting: boolean;
  carried: boolean;
}

/**
 * A text label that this many memories of one owner open with is a frame ("Speaker Gina says: …", the
 * verbatim turns an A-Mem store keeps), not a slot whose newer value replaces the older one.
 */
const FRAME_MIN = 5;

const servedAt = (ev: SessionEvent) => (ev.turn !== null ? `t${ev.turn}` : `s${ev.seq}`);

export class StaleCheck {
  private readonly ledger = new Ledger();
  private readonly open = new Map<string, Open>();
  private readonly out: Draft[] = [];
  private lastUser = '';
  /** owner|label -> the memories whose text opens with it */
  private readonly labels = new Map<string, Set<string>>();
  /** texts (normalised) that searches injected as current memories: a prompt holding them holds those */
  private readonly servedCurrent = new Set<string>();
  /** each turn's user message (the last one of its first prompt): a search runs before the prompt it feeds */
  private readonly turnUser = new Map<number, string>();

  constructor(
    private readonly session: SessionData,
    private readonly store?: StoreContext,
  ) {}

  run(): Draft[] {
    const events = this.session.events;
    if (!events.some((e) => e.kind === 'retrieval' || e.kind === 'request')) return [];
    for (const ev of events) {
      if (ev.kind === 'memory_write') this.ledger.merge(ev, this.session.session, false);
      else if (ev.kind === 'request' && ev.request && ev.turn !== null && !this.turnUser.has(ev.turn)) this.turnUser.set(ev.turn, lastUserText(ev));
    }
    const start = events.length ? events[0].ts : 0;
    const external = this.store ? longTermWrites(this.store, this.session.session, events, start, { scopes: true }) : [];
    for (const e of [...events, ...external]) this.countLabel(e);
    walkWithLongTerm(this.ledger, this.session.session, events, external, (ev) => {
      if (ev.kind === 'retrieval') this.retrieval(ev);
      else if (ev.kind === 'request' && ev.request) this.request(ev);
      else if (ev.kind === 'response') this.response(ev);
    });
    return this.out;
  }

  private countLabel(ev: SessionEvent): void {
    if (ev.kind !== 'memory_write' || typeof ev.body.text !== 'string') return;
    const label = labelPrefix(ev.body.text);
    const id = str(ev.body.memory_id) ?? str(ev.body.write_id);
    if (!label || !id) return;
    const k = `${ownerOf(ev.scope) ?? ''}|${label}`;
    const ids = this.labels.get(k);
    if (ids) ids.add(id);
    else this.labels.set(k, new Set([id]));
  }

  /** A replacement by a text's label only, where the label is a frame many memories share. */
  private framed(by: Version): boolean {
    if (namesSubject(by.write)) return false;
    const label = labelPrefix(by.text);
    return label !== null && (this.labels.get(`${ownerOf(by.write.scope) ?? ''}|${label}`)?.size ?? 0) >= FRAME_MIN;
  }

  /** The memory a candidate id stands for, when it is no longer current or was served in an old version. */
  private staleOf(memoryId: string, text: string | undefined): Stale | null {
    const cur = this.ledger.current.get(memoryId);
    if (cur) {
      // the same memory, served with the text of an earlier version
      if (!text) return null;
      const n = normalizeText(text);
      if (!n || n === cur.norm) return null;
      const old = (this.ledger.earlier.get(memoryId) ?? []).find((v) => v.norm === n);
      const prev = str(cur.write.fields.previous_text);
      if (!old && !(prev && normalizeText(prev) === n)) return null;
      return { memoryId, old: old ?? null, replacedBy: 'version', replacement: cur, commit: cur.commit };
    }
    const by = this.ledger.replacedBy.get(memoryId);
    if (by) {
      const named = [by.write.fields.supersedes, by.write.fields.replaces].flat().some((v) => str(v) === memoryId);
      if (!named && this.framed(by)) return null;
      return { memoryId, old: this.ledger.lastVersion.get(memoryId) ?? null, replacedBy: named ? 'supersedes' : 'subject', replacement: by, commit: by.commit };
    }
    const del = this.ledger.deleted.get(memoryId);
    if (del) return { memoryId, old: del.last, replacedBy: 'deleted', replacement: null, commit: del.commit };
    return null;
  }

  private retrieval(ev: SessionEvent): void {
    const b = ev.body;
    const query = str(b.query) ?? '';
    // a question about the past ("where did I live before?") is answered by the superseded memory
    const user = ev.turn !== null ? (this.turnUser.get(ev.turn) ?? this.lastUser) : this.lastUser;
    if (asksAboutPast(query) || asksAboutPast(str(b.rewritten_query)) || asksAboutPast(user)) return;
    const known = (id: string) => this.ledger.current.has(id) || this.ledger.replacedBy.has(id) || this.ledger.deleted.has(id);
    const cands = injectedCandidates(b, known);
    for (const c of cands) {
      if (!c.injected) continue;
      const mid = c.parent ?? c.id;
      const stale = this.staleOf(mid, c.text);
      if (!stale) {
        if (c.text) this.servedCurrent.add(normalizeText(c.text));
        continue;
      }
      // a memory current under the same text (a duplicate of the old one that stayed) is not stale
      const text = c.text ?? stale.old?.text ?? '';
      if (this.currentHolds(normalizeText(text))) continue;
      const rep = stale.replacement && stale.replacedBy !== 'version' ? cands.find((x) => (x.parent ?? x.id) === stale.replacement!.memoryId) : undefined;
      const cause: Cause = stale.replacedBy === 'deleted' ? 'deleted_still_indexed' : rep ? 'superseded_not_filtered' : 'superseded_still_indexed';
      this.serve(ev, stale, cause, text, { query, rank: c.rank, replacementRank: rep?.rank ?? null, cands });
    }
  }

  /** Some current memory holds this text (a duplicate that stayed, or an update that only added to it). */
  private currentHolds(norm: string): boolean {
    if (!norm) return true;
    // the same text, or a longer one holding it (an update that added to the old text)
    for (const v of this.ledger.current.values()) if (v.norm.includes(norm)) return true;
    return false;
  }

  private request(ev: SessionEvent): void {
    const msgs = ev.request!.messages;
    this.lastUser = lastUserText(ev) || this.lastUser;
    // the searches before this prompt: does it carry what they served?
    for (const o of this.open.values()) {
      if (!o.awaiting || o.carried) continue;
      const at = msgs.findIndex((m) => normalizeText(m.text).includes(o.norm));
      if (at < 0) continue;
      o.carried = true;
      o.draft.evidence.push({
        role: 'context',
        event: ev,
        text: `The prompt carried it: message ${at + 1} of ${msgs.length} (${msgs[at].role})`,
        detail: { position: at + 1, messages: msgs.length, role: msgs[at].role },
      });
    }
    if (asksAboutPast(this.lastUser)) return;
    const candidates = this.staleTexts();
    if (!candidates.length) return;
    msgs.forEach((m, i) => {
      if (CONVERSATION.has(m.role)) return;
      const norm = normalizeText(m.text);
      for (const s of candidates) {
        if (!norm.includes(s.norm)) continue;
        if ([...this.servedCurrent].some((t) => t.includes(s.norm))) continue;
        // shown as history ("previously: lives in Berlin") on its line: the prompt says it is not current
        const line = m.text.split(/\r?\n/).find((l) => normalizeText(l).includes(s.norm));
        if (line && asksAboutPast(line)) continue;
        this.serve(ev, s.stale, 'superseded_in_prompt', s.text, { query: null, role: m.role, position: i + 1, messages: msgs.length });
      }
    });
  }

  /** Every superseded or deleted text the log knows, long enough to be looked for in a prompt. */
  private staleTexts(): { stale: Stale; text: string; norm: string }[] {
    const out: { stale: Stale; text: string; norm: string }[] = [];
    const add = (stale: Stale | null, text: string | undefined) => {
      if (!stale || !text) return;
      const norm = normalizeText(text);
      if (weight(norm) < MIN_PROMPT_CHARS || this.currentHolds(norm)) return;
      out.push({ stale, text, norm });
    };
    for (const id of this.ledger.replacedBy.keys()) if (!this.ledger.current.has(id)) add(this.staleOf(id, undefined), this.ledger.lastVersion.get(id)?.text);
    for (const [id, d] of this.ledger.deleted) add(this.staleOf(id, undefined), d.last.text);
    for (const [id, vs] of this.ledger.earlier) {
      const cur = this.ledger.current.get(id);
      if (cur) for (const v of vs) add(this.staleOf(id, v.text), v.text);
    }
    return out;
  }

  private serve(
    ev: SessionEvent,
    stale: Stale,
    cause: Cause,
    text: string,
    at: {
      query: string | null;
      rank?: number;
      replacementRank?: number | null;
      cands?: InjectedCandidate[];
      role?: string;
      position?: number;
      messages?: number;
    },
  ): void {
    const key = `${stale.memoryId}>${stale.replacement ? `${stale.replacement.memoryId}@${normalizeText(stale.replacement.text).slice(0, 40)}` : 'deleted'}`;
    const seen = this.open.get(key);
    if (seen) {
      if (seen.lastServed !== servedAt(ev)) {
        seen.lastServed = servedAt(ev);
        seen.draft.detail!.served_again++;
      }
      return;
    }
    const replacedAt = new Date(stale.commit.ts).toISOString();
    const where = at.role ? `message ${at.position} of ${at.messages} (${at.role})` : `search "${at.query}"`;
    const evidence: EvidenceDraft[] = [];
    const old =
      stale.replacedBy === 'version' ? ((this.ledger.earlier.get(stale.memoryId) ?? []).find((v) => v.norm === normalizeText(text)) ?? null) : stale.old;
    if (old)
      evidence.push({ role: 'write', event: old.commit, text: `Memory ${stale.memoryId} committed: ${old.text}`, detail: { memory_id: stale.memoryId } });
    evidence.push({
      role: 'write',
      event: stale.commit,
      text: stale.replacement
        ? `Replaced by ${stale.replacement.memoryId === stale.memoryId ? 'a newer version of it' : stale.replacement.memoryId} (${stale.replacedBy}): ${stale.replacement.text}`
        : `Memory ${stale.memoryId} deleted`,
      detail: { memory_id: stale.replacement?.memoryId ?? stale.memoryId, replaced_by: stale.replacedBy },
    });
    if (at.role)
      evidence.push({
        role: 'context',
        event: ev,
        text: `The prompt still carried it at ${where}: ${text}`,
        detail: { position: at.position, messages: at.messages, role: at.role },
      });
    else {
      const rep =
        at.replacementRank != null ? `; its replacement ranked ${at.replacementRank}` : stale.replacement ? '; its replacement was not a candidate' : '';
      evidence.push({
        role: 'retrieval',
        event: ev,
        text: `Search "${at.query}" injected ${stale.memoryId} (rank ${at.rank})${rep}: ${text}`,
        detail: {
          query: at.query,
          rank: at.rank,
          replacement_rank: at.replacementRank ?? null,
          candidates: (at.cands ?? []).slice(0, 10).map((c) => ({ id: c.id, score: c.score, rank: c.rank, injected: c.injected })),
        },
      });
    }
    const turn = ev.turn !== null ? ` at turn ${ev.turn}` : '';
    const what = stale.replacement
      ? `superseded by ${stale.replacement.memoryId === stale.memoryId ? 'a newer version' : logWords(stale.replacement.memoryId)}`
      : 'deleted';
    const how = at.role
      ? `the prompt carried it (${where})`
      : cause === 'superseded_not_filtered'
        ? 'a search injected it beside its replacement'
        : 'a search still injected it';
    const draft: Draft = {
      cause,
      key,
      title: `Memory ${logWords(stale.memoryId)} "${logWords(short(text))}" was ${what} at ${replacedAt}, and${turn} ${how}`,
      fix: FIX[cause],
      turn: ev.turn,
      ts: ev.ts,
      evidence,
      detail: {
        memory_id: stale.memoryId,
        stale_text: text,
        replaced_by: stale.replacedBy,
        replacement: stale.replacement ? { memory_id: stale.replacement.memoryId, text: stale.replacement.text } : null,
        replaced_at: replacedAt,
        replaced_in: { session: stale.commit.session ?? this.session.session },
        served_by: at.role ? 'prompt' : 'retrieval',
        query: at.role ?? at.query,
        rank: at.rank ?? null,
        replacement_rank: at.replacementRank ?? null,
        served_again: 0,
        answer: null,
        layer: cause === 'superseded_in_prompt' ? 'injection' : cause === 'superseded_not_filtered' ? 'retrieval' : 'index',
      },
    };
    this.open.set(key, { draft, stale, norm: normalizeText(text), staleText: text, lastServed: servedAt(ev), awaiting: true, carried: !!at.role });
    this.out.push(draft);
  }

  private response(ev: SessionEvent): void {
    const text = contentText(ev.body.content);
    if (!text.trim()) return;
    for (const o of this.open.values()) {
      if (!o.awaiting) continue;
      o.awaiting = false;
      const followed = followedOf(text, o.staleText, o.stale.replacement?.text ?? null);
      o.draft.detail!.answer = { turn: ev.turn, followed };
      o.draft.evidence.push({ role: 'response', event: ev, text, detail: { followed } });
      if (followed === 'stale') {
        o.draft.severity = 'error';
        o.draft.title += '; the answer followed it';
      }
    }
  }
}

function lastUserText(ev: SessionEvent): string {
  const msgs = ev.request?.messages ?? [];
  for (let i = msgs.length - 1; i >= 0; i--) if (msgs[i].role === 'user') return msgs[i].text;
  return '';
}

/** What the answer followed: words only the old memory has, or only the replacement has. */
export function followedOf(answer: string, stale: string, replacement: string | null): AnswerFollowed {
  const a = terms(answer);
  const s = terms(stale);
  const r = replacement ? terms(replacement) : new Set<string>();
  const onlyOld = [...s].filter((t) => !r.has(t));
  const onlyNew = [...r].filter((t) => !s.has(t));
  const hitOld = onlyOld.filter((t) => a.has(t)).length;
  const hitNew = onlyNew.filter((t) => a.has(t)).length;
  // a deleted memory has no replacement to tell it apart: half its words, at least two
  const oldEnough = replacement ? hitOld > 0 : hitOld >= Math.max(2, Math.ceil(onlyOld.length / 2));
  if (oldEnough && hitNew === 0) return 'stale';
  if (hitNew > 0 && hitOld === 0) return 'current';
  return 'unclear';
}

/** A text's content words and its numbers (a date, a house number: "3 de marzo" against "17 de marzo"). */
function terms(text: string): Set<string> {
  const t = tokenSet(text);
  for (const m of text.normalize('NFKC').matchAll(/\p{N}+/gu)) t.add(m[0]);
  return t;
}

function short(text: string, max = 80): string {
  const t = text.replace(/\s+/g, ' ').trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
}
