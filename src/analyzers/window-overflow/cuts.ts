import type { EvidenceDraft, FindingDraft } from '../define.js';
import { logWords } from '../../findings/title.js';
import type { MessageView } from '../../store/session.js';
import { contentText } from '../../events/validate.js';
import { isSummary, shortQuote } from '../../text/index.js';
import { str } from '../../util/values.js';
import type { CompactionLoss } from './compaction.js';

/**
 * Truncation that is not oldest-first (cause `cut_out`): two consecutive prompts of one
 * conversation, no compaction recorded between them, and the later one lacks messages of the
 * earlier one while keeping messages that came after them. Which messages left is read by comparing
 * the two prompts (messages are content-addressed), never assumed to be the oldest:
 * - `middle`: a history message left while an older history message stayed;
 * - `system_prompt`: the system prompt left and no new one took its place;
 * - `first_request`: the user's first message left while the answer to it stayed.
 * Not a cut: a prompt that drops only its newest messages (a rewind, an edit of an earlier
 * message, Claude Code's branch by `parentUuid`), one that drops a prefix of the history (an
 * oldest-first trim: `constraint_evicted` under window pressure), one where a new summary took the
 * removed messages' place (a summary, `summarized_away`).
 */

export type CutShape = 'middle' | 'system_prompt' | 'first_request';

export interface Cut {
  shape: CutShape;
  /** the messages that left with a kept message after them, in prompt order */
  removed: MessageView[];
}

const isSystem = (m: MessageView) => m.role === 'system' || m.role === 'developer';
const isTool = (m: MessageView) => m.role === 'tool' || m.role === 'function';

/** How `next` cut `prev`, when it is a cut that is not oldest-first; null otherwise. */
export function cutShape(prev: readonly MessageView[], next: readonly MessageView[]): Cut | null {
  const kept = new Set(next.map((m) => m.id));
  const before = new Set(prev.map((m) => m.id));
  let lastKept = -1;
  prev.forEach((m, i) => {
    if (kept.has(m.id)) lastKept = i;
  });
  // only what left with a kept message after it was cut: a removed tail is a rewind or an edit
  const removed = prev.filter((m, i) => i < lastKept && !kept.has(m.id));
  if (!removed.length) return null;
  const added = next.filter((m) => !before.has(m.id));
  // a summary in the removed messages' place is a summary, its own cause
  if (added.some((m) => !isTool(m) && isSummary(m.text))) return null;
  const idx = new Map(prev.map((m, i) => [m.id, i]));
  const sys = prev.find(isSystem);
  if (sys && !kept.has(sys.id) && idx.get(sys.id)! < lastKept && !added.some(isSystem)) return { shape: 'system_prompt', removed };
  const history = removed.filter((m) => !isSystem(m));
  const olderKept = (i: number) => prev.some((m, j) => j < i && !isSystem(m) && kept.has(m.id));
  if (history.some((m) => olderKept(idx.get(m.id)!))) return { shape: 'middle', removed };
  const first = prev.findIndex((m) => m.role === 'user');
  const answer = prev[first + 1];
  if (first >= 0 && !kept.has(prev[first].id) && answer?.role === 'assistant' && kept.has(answer.id)) return { shape: 'first_request', removed };
  return null;
}

/** A cut_out finding's `detail`. */
export interface CutDetail {
  constraint: string;
  label: string;
  stated_turn: number | null;
  source: 'user' | 'system';
  cut: { shape: CutShape; removed_messages: number; removed_tokens: number; before_turn: number | null; after_turn: number | null };
  violation: { turn: number | null; reason: string; kind: string } | null;
}

const SHAPE: Record<CutShape, string> = {
  middle: 'a cut from the middle of the history (older messages stayed)',
  system_prompt: 'the system prompt removed (the history after it stayed)',
  first_request: "the user's first request removed (the answer to it stayed)",
};

const fmt = (n: number) => n.toLocaleString('en-US');

/** The finding of one instruction a cut that was not oldest-first took out of the prompt. */
export function cutDraft(l: CompactionLoss & { cut: Cut }): FindingDraft<'cut_out', CutDetail> {
  const s = l.stated;
  const q = `"${logWords(shortQuote({ sentence: s.sentence, clause: s.clause, label: s.pref.label }))}"`;
  const tokens = l.cut.removed.reduce((n, m) => n + m.tokens, 0);
  const before = l.before.request!;
  const after = l.after.request!;
  const evidence: EvidenceDraft[] = [
    {
      role: s.role === 'user' ? 'user_input' : 'context',
      event: s.ev,
      text: s.sentence,
      detail: { key: s.pref.key, label: s.pref.label, carrier_role: s.role },
    },
    {
      role: 'context',
      event: l.before,
      text: `Last prompt that held it: ${fmt(before.promptTokens)} tokens, ${before.messages.length} messages`,
      detail: { prompt_tokens: before.promptTokens, messages: before.messages.length },
    },
    {
      role: 'context',
      event: l.after,
      text: `Next prompt, no compaction recorded between them: ${SHAPE[l.cut.shape]}; ${l.cut.removed.length} messages (${fmt(tokens)} tokens) left: ${l.cut.removed.map((m) => m.role).join(', ')}`,
      detail: {
        prompt_tokens: after.promptTokens,
        messages: after.messages.length,
        shape: l.cut.shape,
        removed_messages: l.cut.removed.length,
        removed_tokens: tokens,
        removed_roles: l.cut.removed.map((m) => m.role),
      },
    },
  ];
  if (l.broken) {
    const b = l.broken.ev;
    evidence.push({
      role: b.kind === 'tool_call' ? 'tool' : 'response',
      event: b,
      text: b.kind === 'tool_call' ? (str(b.body.command) ?? JSON.stringify(b.body.files ?? b.body.arguments ?? '')) : contentText(b.body.content),
      detail: { violation: l.broken.reason, key: s.pref.key },
    });
  }
  const at = l.after.turn !== null ? ` at turn ${l.after.turn}` : '';
  const brokeAt = l.broken?.ev.turn != null ? ` at turn ${l.broken.ev.turn}` : '';
  return {
    cause: 'cut_out',
    key: `${s.pref.key}@cut:${l.after.eventId ?? l.after.source}`,
    title: `Instruction ${q}${s.ev.turn !== null ? ` (turn ${s.ev.turn})` : ''} was cut out of the prompt${at}: ${SHAPE[l.cut.shape]}, no compaction recorded${l.broken ? `; then the agent broke it${brokeAt}: ${l.broken.reason}` : ''}`,
    fix: 'Find what edits the history between requests: a trimmer that drops messages from the middle, the system prompt or the first request is not trimming oldest-first. Pin standing instructions (system prompt, project instructions) and trim whole old turns, oldest first, or summarize them.',
    turn: l.after.turn,
    ts: l.after.ts,
    severity: l.broken ? 'error' : 'warning',
    // both prompts are recorded and compared; an instruction no checker reads is read from text
    confidence: s.pref.checkable ? 'certain' : 'likely',
    evidence,
    detail: {
      constraint: s.pref.key,
      label: s.pref.label,
      stated_turn: s.ev.turn,
      source: s.role === 'user' ? 'user' : 'system',
      cut: { shape: l.cut.shape, removed_messages: l.cut.removed.length, removed_tokens: tokens, before_turn: l.before.turn, after_turn: l.after.turn },
      violation: l.broken ? { turn: l.broken.ev.turn, reason: l.broken.reason, kind: l.broken.ev.kind } : null,
    },
  };
}
