import { defineAnalyzer, type EvidenceDraft, type FindingDraft, type StoreContext } from '../define.js';
import { logWords } from '../../findings/title.js';
import type { SessionEvent } from '../../store/session.js';
import { factLoss, factsOf, holdsFact, isNegated, sameStatement, type Fact, withoutNames } from '../../text/facts.js';
import { sentences } from '../../text/sentences.js';
import { str } from '../../util/values.js';
import { MemoryLedger, type Replacement } from './memories.js';
import { views } from './views.js';
import type { Cause, Detail, LostFact } from './types.js';

export type { Cause, Detail };

type Draft = FindingDraft<Cause, Detail>;

const FIX: Record<Cause, string> = {
  fact_lost:
    "Merge an update into the memory instead of replacing it: carry every date, number and name of the old text into the new one unless the user changed that value, keep the old text as a version, and check an update's text against its previous text before committing it.",
  negation_lost:
    'An update dropped the "not" of the memory: check that an update keeps the polarity of the statement it rewrites unless the user reversed it, and keep the old text as a version so the reversal can be undone.',
};

const KIND_WORD: Record<Fact['kind'], string> = { number: 'number', date: 'date', name: 'name', negation: 'negation' };

export const analyzer = defineAnalyzer<Cause, Detail>({
  meta: {
    id: 'destructive-update',
    description: 'An update replaced a memory with text that lost a fact the old text held, and no other memory keeps it',
    summary: {
      happened: 'an update rewrote a memory and dropped a date, number, name or "not" that the old text held and no other memory keeps',
      fix: 'merge updates instead of replacing; keep the old text as a version; check an update against the text it replaces',
    },
    severity: 'warning',
    causes: {
      fact_lost:
        "the new text lacks a number, date or name of the old text, gives none of its kind in place of it, and no other memory of the user's store holds it",
      negation_lost:
        'the old text negated its statement and the new text states the same thing without the negation, and no other memory keeps the negated one',
    },
    // the texts are the log's; what a fact is and whether a text holds it are read from words by rules
    confidence: { fact_lost: 'likely', negation_lost: 'likely' },
    // the write path rewrote the memory: the update stage failed
    layers: { fact_lost: 'update', negation_lost: 'update' },
  },
  ...views,
  run({ session, store }) {
    const ledger = new MemoryLedger();
    /** the last user message at or before each event, by event seq */
    const lastUser: (SessionEvent | null)[] = [];
    const userText = new Map<number, string>();
    /** the user's last message in each turn's requests: a memory layer may write as the message arrives, before the request that carries it is logged */
    const turnSaid = new Map<number, string[]>();
    let user: SessionEvent | null = null;
    for (const ev of session.events) {
      if (ev.kind === 'request' && ev.request) {
        const msgs = ev.request.messages;
        for (let i = msgs.length - 1; i >= 0; i--) {
          if (msgs[i].role !== 'user') continue;
          user = ev;
          userText.set(ev.seq, msgs[i].text);
          if (ev.turn !== null) turnSaid.set(ev.turn, [...(turnSaid.get(ev.turn) ?? []), msgs[i].text]);
          break;
        }
      }
      lastUser[ev.seq] = user;
      ledger.read(ev);
    }
    const out: Draft[] = [];
    let elsewhere: LongTermMemory[] | null = null;
    // the user's memories written in other sessions (long-term memory), read once and only when an update lost something
    const longTerm = () => (elsewhere ??= otherSessions(session.session, ledger, store));
    for (const r of ledger.replacements) {
      const d = judge(ledger, r, lastUser[r.ev.seq] ?? null, userText, r.ev.turn === null ? [] : (turnSaid.get(r.ev.turn) ?? []), longTerm);
      if (d) out.push(d);
    }
    return out;
  },
});

/** A memory of the session's users as other sessions of the store left it. */
interface LongTermMemory {
  id: string;
  text: string;
}

/**
 * The memories of the session's users written in other sessions of the store, each as its last
 * committed write left it (a write's fields gathered over its steps: the text may be on the
 * `requested` step alone), deleted ones left out.
 */
function otherSessions(session: string, ledger: MemoryLedger, store: StoreContext | undefined): LongTermMemory[] {
  if (!store) return [];
  const users = new Set(ledger.versions.map((v) => v.user).filter((u): u is string => u !== null));
  if (!users.size) return [];
  const writes = new Map<string, { id: string | null; text: string | null; op: string | null; user: string | null; at: number | null }>();
  for (const e of store.memoryWritesNaming(users, new Set())) {
    if (e.session === session) continue;
    const k = `${e.session}\u0000${str(e.body.write_id) ?? e.rowid}`;
    let w = writes.get(k);
    if (!w) writes.set(k, (w = { id: null, text: null, op: null, user: null, at: null }));
    w.id ??= str(e.body.memory_id) ?? null;
    w.text = str(e.body.text) ?? w.text;
    w.op ??= str(e.body.op)?.toLowerCase() ?? null;
    w.user ??= str(e.scope?.user) ?? null;
    if (e.body.phase === 'committed') w.at ??= e.ts;
  }
  const last = new Map<string, { at: number; text: string | null }>();
  for (const [k, w] of writes) {
    if (w.at === null || (w.user !== null && !users.has(w.user))) continue;
    const id = w.id ?? k;
    const deleted = w.op === 'delete' || w.op === 'forget';
    if (!deleted && !w.text) continue;
    const prev = last.get(id);
    if (!prev || prev.at <= w.at) last.set(id, { at: w.at, text: deleted ? null : w.text });
  }
  return [...last].flatMap(([id, m]) => (m.text ? [{ id, text: m.text }] : []));
}

function judge(
  ledger: MemoryLedger,
  r: Replacement,
  user: SessionEvent | null,
  userText: Map<number, string>,
  sameTurn: readonly string[],
  longTerm: () => LongTermMemory[],
): Draft | null {
  const loss = factLoss(r.oldText, r.newText);
  let negation = loss.negationLost;
  if (!loss.lost.length && !negation) return null;
  // the memory the update rewrote, as another session left it, keeps nothing: it is what was replaced
  const elsewhere = longTerm().filter((m) => m.id !== r.memoryId && m.id !== r.replacedId);
  const keepers = [...ledger.keepers(r), ...elsewhere.map((m) => m.text)];
  const keeperFacts = keepers.map((t) => ({ t, facts: factsOf(t) }));
  const lost = loss.lost.filter((f) => !keeperFacts.some((k) => holdsFact(k.t, k.facts, f)));
  // another memory still states the negated statement, or the user's own words state the new one
  if (negation && keepers.some((t) => isNegated(t) && sameStatement(r.oldText, t))) negation = false;
  const said = [...(user ? [userText.get(user.seq) ?? ''] : []), ...sameTurn];
  // "Ich esse jetzt wieder Fleisch": the user said it without a negation, about what both texts say
  // (the message before the update, or one of the update's own turn)
  if (negation && said.some((t) => t && !isNegated(t) && reverses(t, r.oldText, r.newText))) negation = false;
  if (!lost.length && !negation) return null;

  const cause: Cause = lost.length ? 'fact_lost' : 'negation_lost';
  const lostFacts: LostFact[] = lost.map((f) => ({ kind: f.kind, text: f.text }));
  const what = [...lostFacts.map((f) => `the ${KIND_WORD[f.kind]} "${logWords(f.text)}"`), ...(negation ? ['its negation'] : [])];
  const memory = r.memoryId ?? r.replacedId ?? r.writeId;
  const others = ledger.othersAt(r) + elsewhere.filter((m) => !ledger.versions.some((v) => v.id === m.id)).length;
  const evidence: EvidenceDraft[] = [];
  if (r.oldEv) evidence.push({ role: 'write', event: r.oldEv, text: r.oldText, detail: { memory_id: r.replacedId, text: r.oldText } });
  if (user && user.seq < r.ev.seq && (!r.oldEv || user.seq > r.oldEv.seq))
    evidence.push({ role: 'user_input', event: user, text: userText.get(user.seq) ?? '', detail: {} });
  evidence.push({
    role: 'write',
    event: r.textEv,
    text: `${r.oldText} → ${r.newText}`,
    detail: { write_id: r.writeId, memory_id: r.memoryId, old_text: r.oldText, new_text: r.newText, lost: lostFacts, negation_lost: negation },
  });
  if (r.ev !== r.textEv) evidence.push({ role: 'write', event: r.ev, text: `committed: ${r.newText}`, detail: { write_id: r.writeId, phase: 'committed' } });
  evidence.sort((a, b) => a.event.seq - b.event.seq);
  const via = r.how === 'supersede' ? ` (write ${logWords(r.writeId)} superseded it with ${logWords(r.memoryId ?? 'a new memory')})` : '';
  return {
    cause,
    key: `${r.writeId}:${r.replacedId ?? ''}`,
    title: `Update of memory ${logWords(r.replacedId ?? memory)}${via} lost ${what.join(', ')}: "${clip(r.oldText)}" became "${clip(r.newText)}", and none of the ${others} other memories keeps it`,
    fix: FIX[cause],
    turn: r.ev.turn,
    ts: r.ev.ts,
    evidence,
    detail: {
      write_id: r.writeId,
      memory_id: r.memoryId,
      replaced_id: r.replacedId !== r.memoryId ? r.replacedId : null,
      how: r.how,
      old_text: r.oldText,
      new_text: r.newText,
      lost: lostFacts,
      negation_lost: negation,
      replaced: loss.replaced.map((f) => ({ kind: f.kind, text: f.text })),
      other_memories: others,
    },
  };
}

/**
 * Whether a message states the negated statement the update kept without its negation: it holds at
 * least half of the terms of a negated sentence of the old text that the new text states (the measure
 * the loss itself is read by). "Ich esse jetzt wieder Fleisch" states "Der Nutzer isst kein Fleisch";
 * a message that is the source of what the update added and names the statement's subject or place
 * on the way ("A Júlia agora também quer almoçar na escola" before "A Júlia não come amendoim na escola"
 * became "A Júlia come amendoim na escola e quer almoçar lá") states nothing of it.
 */
function reverses(said: string, oldText: string, newText: string): boolean {
  // what the negated sentence says of whom it names: "A Lívia agora também faz…" names her and states none of it
  return sentences(oldText).some((s) => isNegated(s) && sameStatement(s, newText) && sameStatement(withoutNames(s), said));
}

function clip(s: string, max = 80): string {
  const t = s.replace(/\s+/g, ' ').trim();
  return logWords(t.length > max ? `${t.slice(0, max - 1)}…` : t);
}
