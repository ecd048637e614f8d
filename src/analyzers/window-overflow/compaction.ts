import type { MessageView, SessionEvent } from '../../store/session.js';
import { contentText } from '../../events/validate.js';
import { detectPreferences, isPermission, type CheckOptions, type Preference } from '../../text/index.js';
import { measureStyle } from '../../text/style.js';
import { str } from '../../util/values.js';
import { commandBreaks, filesBreak, forbiddenWords } from './actions.js';
import { cutShape, type Cut } from './cuts.js';

/**
 * What each compaction lost (cause `compacted_away`): for every standing user instruction stated
 * before a `compaction` event, whether the first prompt after it still holds it verbatim (the
 * user's message, or its words, kept), holds it paraphrased (a message that states the same
 * instruction: the summary rewording it), or not at all. Keywords are not the instruction: a
 * summary that says "the main branch holds the release workflow" keeps "main" but not "never push
 * to main". An instruction absent after a compaction is a finding; it is an error when a later
 * answer breaks it (its checker) or a later action does (a shell command or a file write that the
 * prohibition forbids), until the instruction comes back into a prompt.
 */

export type Survival = 'verbatim' | 'paraphrased' | 'absent';

/** A compacted_away finding's `detail`. */
export interface CompactionDetail {
  constraint: string;
  label: string;
  stated_turn: number | null;
  survival: 'absent';
  compaction: { trigger: string | null; tokens_before: unknown; tokens_after: unknown; summary: string | null };
  violation: { turn: number | null; reason: string; kind: string } | null;
}

interface Stated {
  pref: Preference;
  /** the carrier's role: a user message, or (for a cut system prompt) a system / developer message */
  role: string;
  ev: SessionEvent;
  messageId: number;
  sentence: string;
  clause: string;
  /** the messages of the earlier instructions on its topic it replaced */
  replaces?: number[];
}

/** An instruction that left the prompt: across a recorded compaction, or in a cut that was not oldest-first (cuts.ts). */
export interface CompactionLoss {
  stated: Stated;
  compaction: SessionEvent | null;
  cut: Cut | null;
  before: SessionEvent;
  after: SessionEvent;
  broken: { ev: SessionEvent; reason: string } | null;
}

const norm = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').trim();

/** How the instruction fares in the prompt after a compaction. */
export function survival(s: Stated, after: readonly MessageView[]): Survival {
  if (after.some((m) => m.id === s.messageId)) return 'verbatim';
  const clause = norm(s.clause);
  if (clause.length >= 8 && after.some((m) => m.role !== 'tool' && norm(m.text).includes(clause))) return 'verbatim';
  for (const m of after) {
    if (m.role === 'tool' || m.role === 'function') continue;
    // a restatement is a directive of the same key, read as a summary or system text would state it
    if (detectPreferences(m.text, 'system').some((p) => p.key === s.pref.key)) return 'paraphrased';
  }
  return 'absent';
}

/** Why this event breaks the instruction, or null. */
function breaks(s: Stated, ev: SessionEvent, opts: CheckOptions): string | null {
  if (ev.kind === 'tool_call') {
    const words = forbiddenWords(s.pref);
    if (!words) return null;
    const command = str(ev.body.command);
    if (command) {
      const r = commandBreaks(words, command);
      if (r) return r;
    }
    const files = Array.isArray(ev.body.files) ? ev.body.files.filter((f): f is string => typeof f === 'string') : [];
    return files.length ? filesBreak(words, files) : null;
  }
  if (ev.kind === 'response' && s.pref.checkable) {
    const text = contentText(ev.body.content);
    return text.trim() ? s.pref.check(measureStyle(text), text, opts) : null;
  }
  return null;
}

/**
 * Every instruction a compaction dropped, and every one a cut that was not oldest-first took out
 * of the prompt (no compaction recorded), with the action or answer that broke it afterwards. A
 * rewind (a compaction whose trigger is `rewind`: the user went back on purpose) loses nothing.
 */
export function promptLosses(events: readonly SessionEvent[], opts: CheckOptions): CompactionLoss[] {
  const stated: Stated[] = [];
  const seen = new Set<number>();
  const systemSeen = new Map<number, SessionEvent>();
  const losses: CompactionLoss[] = [];
  const open: CompactionLoss[] = [];
  let lastReq: SessionEvent | null = null;
  let pending: SessionEvent | null = null;
  const lose = (loss: CompactionLoss) => {
    losses.push(loss);
    open.push(loss);
  };
  for (const ev of events) {
    if (ev.kind === 'compaction') {
      pending = ev;
      continue;
    }
    if (ev.kind === 'request' && ev.request) {
      const msgs = ev.request.messages;
      if (lastReq?.request && (lastReq.actor ?? null) === (ev.actor ?? null)) {
        if (pending && str(pending.body.trigger) !== 'rewind') {
          const beforeIds = new Set(lastReq.request.messages.map((m) => m.id));
          for (const s of stated) {
            // only what the prompt before the compaction still held can be the compaction's loss
            if (!beforeIds.has(s.messageId) && survival(s, lastReq.request.messages) === 'absent') continue;
            if (survival(s, msgs) !== 'absent') continue;
            lose({ stated: s, compaction: pending, cut: null, before: lastReq, after: ev, broken: null });
          }
        } else if (!pending) {
          const cut = cutShape(lastReq.request.messages, msgs);
          if (cut) {
            const removed = new Set(cut.removed.map((m) => m.id));
            const carried = stated.filter((s) => removed.has(s.messageId));
            for (const m of cut.removed) {
              if (m.role !== 'system' && m.role !== 'developer') continue;
              const from = systemSeen.get(m.id) ?? lastReq;
              for (const p of detectPreferences(m.text, 'system'))
                if (!isPermission(p)) carried.push({ pref: p, role: m.role, ev: from, messageId: m.id, sentence: p.sentence, clause: p.clause });
            }
            for (const s of carried) if (survival(s, msgs) === 'absent') lose({ stated: s, compaction: null, cut, before: lastReq, after: ev, broken: null });
          }
        }
      }
      pending = null;
      // an instruction back in a prompt is no longer lost; back in a later prompt of the turn it left in, before
      // any answer broke it, it was never lost for that turn (an answer that breaks it then is ignored-in-context's)
      for (let i = open.length - 1; i >= 0; i--) {
        if (survival(open[i].stated, msgs) === 'absent') continue;
        const back = open.splice(i, 1)[0];
        if (back.after.turn !== null && back.after.turn === ev.turn) losses.splice(losses.indexOf(back), 1);
      }
      for (const m of msgs) {
        if ((m.role === 'system' || m.role === 'developer') && !systemSeen.has(m.id)) systemSeen.set(m.id, ev);
        if (m.role !== 'user' || seen.has(m.id)) continue;
        seen.add(m.id);
        for (const p of detectPreferences(m.text, 'user')) {
          // a later instruction on the same topic replaces the earlier one
          const replaces: number[] = [];
          for (let i = stated.length - 1; i >= 0; i--) if (stated[i].pref.topic === p.topic || p.topic === '*') replaces.push(stated.splice(i, 1)[0].messageId);
          // a withdrawal or permission only ends the earlier one: there is nothing in it to lose
          if (isPermission(p)) continue;
          stated.push({ pref: p, role: 'user', ev, messageId: m.id, sentence: p.sentence, clause: p.clause, replaces });
        }
      }
      lastReq = ev;
      continue;
    }
    for (let i = open.length - 1; i >= 0; i--) {
      const reason = breaks(open[i].stated, ev, opts);
      if (!reason) continue;
      open[i].broken = { ev, reason };
      open.splice(i, 1);
    }
  }
  return losses;
}
