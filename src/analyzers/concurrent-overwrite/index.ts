import { defineAnalyzer, type EvidenceDraft, type FindingDraft } from '../define.js';
import { logWords as titleWords } from '../../findings/title.js';
import { views } from './views.js';
import type { SessionEvent } from '../../store/session.js';
import { isKind } from '../../events/validate.js';
import { clip } from '../../findings/redact.js';
import { fieldsOf, instanceOf, nonEmpty, overlap, refused, refusalSignal, spanUses } from './writes.js';

import type { Cause, Detail } from './types.js';
import { isConcurrentRefusal, refusedDrafts } from './refused.js';

export type { Cause, Detail };

type Draft = FindingDraft<Cause, Detail>;

interface Write {
  ev: SessionEvent;
  /** the actor instance (name, plus process / instance when replicas share the name) */
  actor: string | null;
  /** the actor's name as logged (what `owner` names) */
  name: string | null;
  fields: string[][] | null;
  value: unknown;
  /** version produced, when logged */
  version: number | null;
  /** version it was computed from: expected_version, else the version the actor last saw */
  base: number | null;
  /** the event the actor last saw the field at (its read, or its own write) */
  baseEv: SessionEvent | null;
  /** 1-based position among the writes of this key */
  n: number;
}

interface Seen {
  ev: SessionEvent;
  version: number | null;
}

interface KeyState {
  cur: number | null;
  owner: string | null;
  seen: Map<string, Seen>;
  last: Write | null;
  /** the latest read or accepted write: the value a write replaces */
  latest: SessionEvent | null;
  writes: number;
  /** findings still waiting for the read that shows the surviving value */
  pending: { draft: Draft; w: Write }[];
}

const int = (v: unknown): number | null => (typeof v === 'number' && Number.isInteger(v) ? v : null);

/** An actor (or an owner) as a title names it: the log's words, marked. */
const who = (a: string | null): string => (a === null ? String(a) : titleWords(a));

/** A value as a title quotes it: its log words marked (title.ts); `mark` false for evidence text. */
function show(v: unknown, max = 40, mark = true): string {
  const logWords = mark ? titleWords : (s: string) => s;
  if (v === undefined) return '(no value)';
  // a string keeps its quotes around the marked words; any other value is all log words
  if (typeof v === 'string') return `"${logWords(clip(v.replace(/\s+/g, ' '), max - 2))}"`;
  return logWords(clip(JSON.stringify(v).replace(/\s+/g, ' '), max));
}

function stepOf(e: SessionEvent, extra: Record<string, unknown> = {}): EvidenceDraft {
  const b = e.body;
  const version = int(b.version);
  const expected = int(b.expected_version);
  const who = e.actor ?? 'unknown actor';
  const vs = [version !== null ? `v${version}` : null, expected !== null ? `expected v${expected}` : null, nonEmpty(b.result) ?? refusalSignal(b)]
    .filter(Boolean)
    .join(', ');
  return {
    role: 'state',
    event: e,
    text: `${who} ${b.op === 'write' ? 'wrote' : 'read'} ${String(b.key)} = ${show(b.value, 120, false)}${vs ? ` (${vs})` : ''}`,
    detail: {
      key: b.key,
      op: b.op,
      actor: e.actor,
      value: b.value,
      version,
      expected_version: expected,
      ...(nonEmpty(b.owner) ? { owner: b.owner } : {}),
      ...(nonEmpty(b.result) ? { result: b.result } : {}),
      ...extra,
    },
  };
}

export const analyzer = defineAnalyzer<Cause, Detail>({
  meta: {
    id: 'concurrent-overwrite',
    description: 'Two writers updated the same state field from the same version, and one update was lost',
    summary: {
      happened: 'two sub-agents read the same version of shared state and both wrote; the first update vanished',
      fix: 'compare-and-set with versions, field owners',
    },
    severity: 'error',
    causes: {
      same_base_version: 'two actors wrote a field computed from the same version; the second write replaced the first',
      write_without_reread: 'no versions: an actor wrote a field it had read before another actor wrote it, without re-reading',
      owner_violation: 'an actor wrote a field whose owner is another actor',
      refused_concurrent_update:
        'several actors updated a field without a reducer in one step, and the store refused them all (LangGraph INVALID_CONCURRENT_GRAPH_UPDATE)',
    },
    // the log records the versions, or the owner: certain; without versions the loss is read from the order of reads and writes
    confidence: { same_base_version: 'certain', write_without_reread: 'likely', owner_violation: 'certain', refused_concurrent_update: 'likely' },
    // a write replaced another's, or the store refused the step's writes: the store's update path
    layers: { same_base_version: 'update', write_without_reread: 'update', owner_violation: 'update', refused_concurrent_update: 'update' },
  },
  ...views,
  run({ session }) {
    const keys = new Map<string, KeyState>();
    const spans = spanUses(session.events);
    const next = nextOfKey(session.events);
    const drafts: Draft[] = [];
    const usedKeys = new Set<string>();
    let turn: number | null = null;
    const refusedTogether: SessionEvent[] = [];
    const turnAt = new Map<number, number | null>();

    const uniqueKey = (k: string, n: number) => {
      const key = usedKeys.has(k) ? `${k}#w${n}` : k;
      usedKeys.add(key);
      return key;
    };

    for (const e of session.events) {
      if (e.turn !== null) turn = e.turn;
      if (e.kind !== 'state') continue;
      const b = e.body;
      const key = nonEmpty(b.key);
      if (!key || (b.op !== 'read' && b.op !== 'write')) continue;
      let st = keys.get(key);
      if (!st) keys.set(key, (st = { cur: null, owner: null, seen: new Map(), last: null, latest: null, writes: 0, pending: [] }));
      st.owner = nonEmpty(b.owner) ?? st.owner;
      const name = e.actor ?? nonEmpty(e.scope?.agent) ?? null;
      const actor = instanceOf(e, spans);
      const version = int(b.version);

      if (b.op === 'read') {
        if (actor) st.seen.set(actor, { ev: e, version });
        if (name && name !== actor) st.seen.set(name, { ev: e, version });
        if (version !== null && (st.cur === null || version > st.cur)) st.cur = version;
        for (const p of st.pending) {
          p.draft.evidence.push(stepOf(e, { surviving: true }));
          p.draft.detail!.surviving_value = b.value ?? null;
        }
        st.pending = [];
        st.latest = e;
        continue;
      }

      // a write
      st.writes++;
      if (isConcurrentRefusal(b)) {
        refusedTogether.push(e); // refused with the other updates of its step: refused.ts
        turnAt.set(e.seq, e.turn ?? turn);
        continue;
      }
      if (refused(e, st.cur, next.get(e.seq))) continue; // compare-and-set refused it: nothing was overwritten
      if (b.merged === true) continue; // the store merged it with the others (a reducer): nothing was replaced
      const seen = actor ? (st.seen.get(actor) ?? (name ? st.seen.get(name) : undefined)) : undefined;
      const w: Write = {
        ev: e,
        actor,
        name,
        fields: fieldsOf(b),
        value: b.value,
        version,
        base: int(b.expected_version) ?? seen?.version ?? null,
        baseEv: seen?.ev ?? null,
        n: st.writes,
      };
      const p = st.last;
      const owner = st.owner;
      let draft: Draft | null = null;

      const violates = owner !== null && name !== null && name !== owner;
      const restoresOwn = owner !== null && name === owner && p !== null && p.name !== owner;
      let unseen = false;
      let byVersion = false;
      // merge writes to different fields lose nothing
      if (p?.actor && actor && p.actor !== actor && !restoresOwn && overlap(p.fields, w.fields)) {
        if (w.base !== null && (p.version !== null || p.base !== null)) {
          byVersion = true;
          unseen = p.version !== null ? p.version > w.base : p.base! >= w.base;
        } else if (w.baseEv) {
          unseen = p.ev.seq > w.baseEv.seq;
        }
      }

      if (violates) draft = ownerDraft(key, st, w, owner!, turn);
      else if (unseen && p) draft = overwriteDraft(key, p, w, byVersion, turn, uniqueKey);
      if (draft) drafts.push(draft);
      st.pending = draft ? [{ draft, w }] : [];
      st.last = w;
      st.latest = e;
      if (actor) st.seen.set(actor, { ev: e, version }); // a writer knows what it wrote
      if (name && name !== actor) st.seen.set(name, { ev: e, version });
      if (version !== null && (st.cur === null || version > st.cur)) st.cur = version;
    }
    return [...drafts, ...refusedDrafts(refusedTogether, session.events, (e) => turnAt.get(e.seq) ?? null)];
  },
});

/** the next state event of the same key, for each state event (does a later read show the write?) */
function nextOfKey(events: SessionEvent[]): Map<number, SessionEvent> {
  const next = new Map<number, SessionEvent>();
  const lastOfKey = new Map<string, SessionEvent>();
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i];
    const k = isKind(e, 'state') ? nonEmpty(e.body.key) : null;
    if (!k) continue;
    const n = lastOfKey.get(k);
    if (n) next.set(e.seq, n);
    lastOfKey.set(k, e);
  }
  return next;
}

/** An actor wrote a field another actor owns (w.ev is the write; turn: the last turn seen). */
function ownerDraft(key: string, st: KeyState, w: Write, owner: string, turn: number | null): Draft {
  const e = w.ev;
  const actor = w.actor;
  const name = w.name;
  const prev = st.latest;
  const prevValue = prev ? (prev.body.value ?? null) : null;
  const ownerSeen = st.seen.get(owner)?.ev ?? null;
  const steps = new Map<number, EvidenceDraft>();
  for (const x of [ownerSeen, prev, w.baseEv]) if (x) steps.set(x.seq, stepOf(x));
  steps.set(e.seq, stepOf(e, { owner }));
  return {
    cause: 'owner_violation',
    key: `${key}:${actor}#w${w.n}`,
    // the key and the actors are the log's words: marked, as the values are (title.ts)
    title: `${titleWords(key)} is owned by ${who(owner)}, but ${who(actor)} wrote ${show(w.value)}${prev ? ` (replacing ${show(prevValue)})` : ''}`,
    fix: `Only ${owner} should write ${key}: have ${actor} send its change to ${owner} (a message or a queue), or give ${actor} its own field.`,
    turn: e.turn ?? turn,
    ts: e.ts,
    evidence: [...steps.entries()].sort((a, c) => a[0] - c[0]).map(([, x]) => x),
    detail: {
      key,
      owner,
      lost_value: prevValue,
      surviving_value: w.value ?? null,
      base_version: w.base,
      writers: [owner, name],
    },
  };
}

/** w replaced p's write without having seen it: same base version (byVersion), or no re-read. */
function overwriteDraft(key: string, p: Write, w: Write, byVersion: boolean, turn: number | null, uniqueKey: (k: string, n: number) => string): Draft {
  const e = w.ev;
  const actor = w.actor;
  const sameBase = byVersion;
  const cause: Cause = sameBase ? 'same_base_version' : 'write_without_reread';
  const from = (x: Write) => (x.base !== null ? `from version ${x.base}` : x.version !== null ? `as version ${x.version}` : '');
  const steps = new Map<number, EvidenceDraft>();
  for (const x of [p.baseEv, w.baseEv]) if (x && x.seq < w.ev.seq) steps.set(x.seq, stepOf(x));
  steps.set(p.ev.seq, stepOf(p.ev, { lost: true }));
  steps.set(e.seq, stepOf(e, { overwrote: true }));
  return {
    cause,
    key: uniqueKey(w.base !== null ? `${key}@v${w.base}` : `${key}#w${p.n}`, p.n),
    title: sameBase
      ? `${titleWords(key)}: ${who(actor)}'s write ${show(w.value)} (${from(w)}) replaced ${who(p.actor)}'s ${show(p.value)} (${from(p)}); ${who(p.actor)}'s update was lost`
      : `${titleWords(key)}: ${who(actor)} wrote ${show(w.value)} without re-reading after ${who(p.actor)} wrote ${show(p.value)}; ${who(p.actor)}'s update was lost`,
    fix: sameBase
      ? `Make writes to ${key} compare-and-set: reject a write whose expected_version is not the current version; the writer re-reads, then merges its change when the fields it changed did not change since, or else computes it again from the new value.`
      : `Version ${key} (or lock it) and re-read it right before writing; a write must be computed from the value it replaces.`,
    turn: e.turn ?? turn,
    ts: e.ts,
    evidence: [...steps.entries()].sort((a, c) => a[0] - c[0]).map(([, s]) => s),
    detail: {
      key,
      lost_value: p.value ?? null,
      surviving_value: w.value ?? null,
      base_version: w.base,
      writers: [p.actor, actor],
      lost_version: p.version,
      overwrite_version: w.version,
    },
  };
}
