import { defineAnalyzer, type EvidenceDraft, type FindingDraft, type StoreContext } from '../define.js';
import { contentText } from '../../events/validate.js';
import { logWords } from '../../findings/title.js';
import type { SessionEvent } from '../../store/session.js';
import { detectPreferences, findSavePromise } from '../../text/index.js';
import { durableStatements, type DurableStatement } from '../../text/durable.js';
import { str } from '../../util/values.js';
import { memoryTool, rememberedText, toolList } from '../lost-write/tools.js';
import { toolArgs, toolName } from '../lost-write/writes.js';
import { about } from './about.js';
import { views } from './views.js';
import type { Cause, Detail, Options } from './types.js';

export type { Cause, Detail };

type Draft = FindingDraft<Cause, Detail>;

const FIX: Record<Cause, string> = {
  preference_not_extracted:
    'The memory system wrote other things and never this standing preference: make extraction keep every preference the user states for later answers ("from now on", "always"), whatever else the turn is about, and check each turn\'s user message against what was written.',
  remember_not_extracted:
    'The user asked to remember it and the memory system never wrote it: treat an explicit "remember that…" as a write the extraction must make (or a memory tool call the agent must make), and confirm it in the answer only after the write.',
  lasting_not_extracted:
    'The user said this would last ("that is not going to change", "we have decided… from now on") and the memory system never wrote it: make extraction keep facts and decisions the user marks as lasting, whatever else the turn is about, and check each turn\'s user message against what was written.',
};

/** One user message's turn: its request, the events up to the next new user message. */
interface Turn {
  req: SessionEvent;
  turn: number | null;
  statements: DurableStatement[];
  /** every preference topic the user's words name, a withdrawal ("*") included: a later one replaces an earlier statement */
  topics: Set<string>;
  userText: string;
  writes: Written[];
  /** a memory tool was called in it */
  tool: boolean;
  /** an answer of it promised a save: lost-write's to judge (promised_not_written, or its write's fate) */
  promised: boolean;
  response: SessionEvent | null;
}

interface Written {
  ev: SessionEvent;
  text: string | null;
}

export const analyzer = defineAnalyzer<Cause, Detail, Options>({
  meta: {
    id: 'never-extracted',
    description: 'The user stated a durable preference or asked to remember something, the session has a memory system, and no write was ever attempted for it',
    summary: {
      happened: 'the user said "from now on…", "remember that…" or "that is not going to change", the memory system wrote other things, and never this',
      fix: "extraction, not retrieval: make the extractor keep standing preferences and explicit requests to remember; check each turn's user message against what was written",
    },
    severity: 'warning',
    causes: {
      preference_not_extracted:
        'the user stated a standing preference with a word that makes it last ("from now on", "always"), and no memory write or memory tool call of the session is about it',
      remember_not_extracted:
        'the user asked to remember something about themselves ("remember that my…"), and no memory write or memory tool call of the session is about it',
      lasting_not_extracted:
        'the user stated a fact or decision of their own as lasting ("that is not going to change", "we have decided… from now on"), and no memory write or memory tool call of the session is about it',
    },
    // the statement and whether a write is about it are read from words by rules; the writes are the log's
    confidence: { preference_not_extracted: 'likely', remember_not_extracted: 'likely', lasting_not_extracted: 'likely' },
    // nothing was written: the extraction stage failed
    layers: { preference_not_extracted: 'extraction', remember_not_extracted: 'extraction', lasting_not_extracted: 'extraction' },
    options: {
      memory_tools: { default: '', description: 'more tool names that write memory (comma-separated)' },
    },
  },
  ...views,
  run({ session, options, store }) {
    const events = session.events;
    // a memory system: the session writes memories (a chat app with none has nothing to extract into)
    if (!events.some((e) => e.kind === 'memory_write')) return [];
    const turns = scan(events, toolList(options.memory_tools));
    if (!turns.some((t) => t.statements.length)) return [];
    const known = longTerm(events, session.session, store);
    const out: Draft[] = [];
    const reported = new Set<string>();
    for (let k = 0; k < turns.length; k++) {
      const t = turns[k];
      for (const s of t.statements) {
        const id = s.key ?? `remember:${s.what}`;
        if (reported.has(id)) continue;
        const d = judge(turns, k, s, known);
        if (!d) continue;
        reported.add(id);
        out.push(d);
      }
    }
    return out;
  },
});

/** What the user's long-term memory held from other sessions (their memory writes' texts), when a store is read. */
function longTerm(events: SessionEvent[], session: string, store: StoreContext | undefined): string[] {
  if (!store) return [];
  const users = new Set(events.map((e) => e.scope?.user).filter((u): u is string => typeof u === 'string' && u.length > 0));
  if (!users.size) return [];
  return store
    .memoryWritesNaming(users, new Set())
    .filter((w) => w.session !== session)
    .map((w) => str(w.body.text))
    .filter((t): t is string => !!t);
}

/** The session's user turns, each with its durable statements, its writes, its memory tool calls and its answer. */
function scan(events: SessionEvent[], tools: Set<string>): Turn[] {
  const turns: Turn[] = [];
  const seen = new Set<number | string>();
  const texts = new Map<string, Written>();
  let cur: Turn | null = null;
  for (const ev of events) {
    const b = ev.body;
    if (ev.kind === 'request' && ev.request) {
      const fresh = ev.request.messages.filter((m) => m.role === 'user' && !seen.has(m.id));
      for (const m of fresh) seen.add(m.id);
      if (fresh.length) {
        const userText = fresh.map((m) => m.text).join('\n');
        const topics = new Set(fresh.flatMap((m) => detectPreferences(m.text, 'user').map((p) => p.topic)));
        cur = {
          req: ev,
          turn: ev.turn,
          statements: fresh.flatMap((m) => durableStatements(m.text)),
          topics,
          userText,
          writes: [],
          tool: false,
          promised: false,
          response: null,
        };
        turns.push(cur);
      }
      continue;
    }
    if (!cur) {
      // writes before any user message belong to no turn, but count as writes of the session
      if (ev.kind === 'memory_write') turns.push((cur = emptyTurn(ev)));
      else continue;
    }
    if (ev.kind === 'memory_write') {
      const wid = str(b.write_id) ?? ev.source;
      const text = str(b.text) ?? null;
      const known = texts.get(wid);
      if (known) {
        known.text ??= text;
        continue;
      }
      const w: Written = { ev, text };
      texts.set(wid, w);
      cur.writes.push(w);
    } else if (ev.kind === 'response') {
      cur.response ??= ev;
      if (findSavePromise(contentText(b.content))) cur.promised = true;
      if (Array.isArray(b.tool_calls) && b.tool_calls.some((c) => memoryTool(toolName(c), toolArgs(c), tools, cur!.userText) !== null)) cur.tool = true;
    } else if (ev.kind === 'tool_call' && typeof b.name === 'string' && memoryTool(b.name, b.arguments, tools, cur.userText) !== null) {
      cur.tool = true;
      cur.writes.push({ ev, text: rememberedText(b.arguments) || null });
    }
  }
  return turns;
}

function emptyTurn(ev: SessionEvent): Turn {
  return { req: ev, turn: ev.turn, statements: [], topics: new Set(), userText: '', writes: [], tool: false, promised: false, response: null };
}

function judge(turns: Turn[], k: number, s: DurableStatement, known: readonly string[]): Draft | null {
  const t = turns[k];
  // an answer that promised the save is lost-write's (promised_not_written, or the fate of its write)
  if (t.promised || t.tool) return null;
  // a later word on the same subject (another preference, a permission, "forget what I said") replaces this one
  if (s.topic !== null && turns.slice(k + 1).some((u) => u.topics.has(s.topic!) || u.topics.has('*'))) return null;
  // the memory already held it (written before: the user said it again)
  if (turns.slice(0, k).some((u) => u.writes.some((w) => w.text !== null && about(s, w.text, false)))) return null;
  if (known.some((x) => about(s, x, false))) return null;
  const near = [...t.writes, ...(turns[k + 1]?.writes ?? [])];
  // a write near it with no text: what it wrote is unknown, so it may be this
  if (near.some((w) => w.text === null || about(s, w.text, true))) return null;
  const after = turns.slice(k + 1).flatMap((u) => u.writes);
  if (after.some((w) => w.text !== null && about(s, w.text, false))) return null;
  // the memory system must have written after it, or have written in an earlier turn and let a whole
  // user turn pass after this one: extraction that runs after the log ends is not seen
  const later = [...t.writes, ...after];
  const turnsAfter = turns.slice(k + 1).filter((u) => u.req.kind === 'request').length;
  const before = later.length
    ? null
    : turns
        .slice(0, k)
        .flatMap((u) => u.writes)
        .at(-1);
  if (!later.length && (!before || turnsAfter === 0)) return null;
  const cause = CAUSE[s.kind];
  const first = later[0] ?? before!;
  const evidence: EvidenceDraft[] = [{ role: 'user_input', event: t.req, text: s.sentence, detail: { key: s.key, label: s.label, what: s.what } }];
  if (t.response) evidence.push({ role: 'response', event: t.response, text: contentText(t.response.body.content), detail: {} });
  const wrote = first.text !== null ? `"${first.text}"` : 'a memory';
  evidence.push({
    role: 'write',
    event: first.ev,
    text: later.length
      ? `the memory system wrote ${wrote}${later.length > 1 ? ` and ${later.length - 1} more` : ''}, none of them about this`
      : `the memory system wrote ${wrote} before it, and nothing in the ${turnsAfter} user turn${turnsAfter === 1 ? '' : 's'} after it`,
    detail: { write_id: str(first.ev.body.write_id) ?? null, writes_after: later.length, turns_after: turnsAfter },
  });
  evidence.sort((a, b) => a.event.seq - b.event.seq);
  const at = t.turn !== null ? `Turn ${t.turn}: the` : 'The';
  const what = s.kind === 'preference' ? `stated a standing preference (${s.label})` : s.kind === 'lasting' ? 'said this would last' : 'asked to remember it';
  const since = later.length
    ? `the memory system wrote ${later.length} memor${later.length === 1 ? 'y' : 'ies'} after it, none about it`
    : `the memory system, which wrote before it, wrote nothing in the ${turnsAfter} turn${turnsAfter === 1 ? '' : 's'} after it`;
  return {
    cause,
    key: `${s.key ?? s.kind}@${t.turn !== null ? `turn${t.turn}` : t.req.source}`,
    title: `${at} user ${what}: "${logWords(clip(s.sentence))}"; ${since}`,
    fix: FIX[cause],
    turn: t.turn,
    ts: t.req.ts,
    evidence,
    detail: {
      statement: s.sentence,
      what: s.what,
      key: s.key,
      label: s.label,
      turn: t.turn,
      writes_near: near.length,
      writes_after: later.length,
      turns_after: turnsAfter,
    },
  };
}

const CAUSE: Record<DurableStatement['kind'], Cause> = {
  preference: 'preference_not_extracted',
  remember: 'remember_not_extracted',
  lasting: 'lasting_not_extracted',
};

function clip(s: string, max = 90): string {
  const t = s.replace(/\s+/g, ' ').trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
}
