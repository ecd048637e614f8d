import type { EvidenceDraft, FindingDraft } from '../define.js';
import { logWords } from '../../findings/title.js';
import type { SessionEvent } from '../../store/session.js';
import { contentText } from '../../events/validate.js';
import { shortQuote } from '../../text/index.js';
import { str } from '../../util/values.js';
import type { CompactionDetail, CompactionLoss } from './compaction.js';
import type { Cut, CutDetail, CutShape } from './cuts.js';

/** The findings of instructions that left the prompt: across a recorded compaction, or in a cut that was not oldest-first. */

const fmt = (n: number) => n.toLocaleString('en-US');

/** What the step that broke a lost instruction adds to its finding: an evidence link, the title's tail, the detail's violation. */
function brokenStep(l: CompactionLoss) {
  if (!l.broken) return null;
  const b = l.broken.ev;
  const reason = l.broken.reason;
  const evidence: EvidenceDraft = {
    role: b.kind === 'tool_call' ? 'tool' : 'response',
    event: b,
    text: b.kind === 'tool_call' ? (str(b.body.command) ?? JSON.stringify(b.body.files ?? b.body.arguments ?? '')) : contentText(b.body.content),
    detail: { violation: reason, key: l.stated.pref.key },
  };
  const brokeAt = b.turn != null ? ` at turn ${b.turn}` : '';
  return { evidence, titleTail: `; then the agent broke it${brokeAt}: ${reason}`, violation: { turn: b.turn, reason, kind: b.kind } };
}

/**
 * What a compaction's and a cut's findings share: the instruction as the title quotes it, with the
 * turn it was stated in, and when the finding shows, how bad and how sure it is (the prompts are
 * recorded; an instruction no checker reads is read from text).
 */
function lossHead(l: CompactionLoss) {
  const s = l.stated;
  const q = `"${logWords(shortQuote({ sentence: s.sentence, clause: s.clause, label: s.pref.label }))}"`;
  return {
    instruction: `Instruction ${q}${s.ev.turn !== null ? ` (turn ${s.ev.turn})` : ''}`,
    turn: l.after.turn,
    ts: l.after.ts,
    severity: l.broken ? ('error' as const) : ('warning' as const),
    confidence: s.pref.checkable ? ('certain' as const) : ('likely' as const),
  };
}

/** The finding of one instruction a compaction dropped. */
export function compactionDraft(l: CompactionLoss & { compaction: SessionEvent }): FindingDraft<'compacted_away', CompactionDetail> {
  const s = l.stated;
  const c = l.compaction.body;
  const { instruction, ...head } = lossHead(l);
  const trigger = str(c.trigger);
  const tokens = typeof c.tokens_before === 'number' ? `, ${fmt(c.tokens_before)} tokens before` : '';
  const what = `${trigger ? `${trigger} ` : ''}compaction${l.compaction.turn !== null ? ` at turn ${l.compaction.turn}` : ''}${tokens}`;
  const summary = str(c.summary);
  const evidence: EvidenceDraft[] = [
    { role: 'user_input', event: s.ev, text: s.sentence, detail: { key: s.pref.key, label: s.pref.label } },
    {
      role: 'context',
      event: l.before,
      text: `Last prompt before the compaction, still holding it: ${fmt(l.before.request!.promptTokens)} tokens, ${l.before.request!.messages.length} messages`,
      detail: { prompt_tokens: l.before.request!.promptTokens, messages: l.before.request!.messages.length },
    },
    {
      role: 'context',
      event: l.compaction,
      text: `The ${what}: ${summary ? `the summary does not state it: "${summary.length > 300 ? `${summary.slice(0, 297)}...` : summary}"` : 'no summary recorded'}`,
      detail: {
        compaction: true,
        trigger: trigger ?? null,
        tokens_before: c.tokens_before ?? null,
        tokens_after: c.tokens_after ?? null,
        messages_before: c.messages_before ?? null,
        messages_after: c.messages_after ?? null,
      },
    },
    {
      role: 'context',
      event: l.after,
      text: `First prompt after it, without the instruction (neither the user's words nor a restatement): ${fmt(l.after.request!.promptTokens)} tokens, ${l.after.request!.messages.length} messages`,
      detail: { prompt_tokens: l.after.request!.promptTokens, messages: l.after.request!.messages.length, survival: 'absent' },
    },
  ];
  const broke = brokenStep(l);
  if (broke) evidence.push(broke.evidence);
  return {
    cause: 'compacted_away',
    key: `${s.pref.key}@compaction:${l.compaction.eventId ?? l.compaction.source}`,
    title: `${instruction} did not survive the ${what}${broke?.titleTail ?? ''}`,
    fix: 'Keep standing instructions out of what compaction summarises: put them in the project instructions the agent reloads after every compaction (CLAUDE.md, AGENTS.md, GEMINI.md), or give /compact instructions to keep them; check what the summary kept before going on.',
    ...head,
    evidence,
    detail: {
      constraint: s.pref.key,
      label: s.pref.label,
      stated_turn: s.ev.turn,
      survival: 'absent',
      compaction: { trigger: trigger ?? null, tokens_before: c.tokens_before ?? null, tokens_after: c.tokens_after ?? null, summary: summary ?? null },
      violation: broke?.violation ?? null,
    },
  };
}

const SHAPE: Record<CutShape, string> = {
  middle: 'a cut from the middle of the history (older messages stayed)',
  system_prompt: 'the system prompt removed (the history after it stayed)',
  first_request: "the user's first request removed (the answer to it stayed)",
};

/** The finding of one instruction a cut that was not oldest-first took out of the prompt. */
export function cutDraft(l: CompactionLoss & { cut: Cut }): FindingDraft<'cut_out', CutDetail> {
  const s = l.stated;
  const { instruction, ...head } = lossHead(l);
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
  const broke = brokenStep(l);
  if (broke) evidence.push(broke.evidence);
  const at = l.after.turn !== null ? ` at turn ${l.after.turn}` : '';
  return {
    cause: 'cut_out',
    key: `${s.pref.key}@cut:${l.after.eventId ?? l.after.source}`,
    title: `${instruction} was cut out of the prompt${at}: ${SHAPE[l.cut.shape]}, no compaction recorded${broke?.titleTail ?? ''}`,
    fix: 'Find what edits the history between requests: a trimmer that drops messages from the middle, the system prompt or the first request is not trimming oldest-first. Pin standing instructions (system prompt, project instructions) and trim whole old turns, oldest first, or summarize them.',
    ...head,
    evidence,
    detail: {
      constraint: s.pref.key,
      label: s.pref.label,
      stated_turn: s.ev.turn,
      source: s.role === 'user' ? 'user' : 'system',
      cut: { shape: l.cut.shape, removed_messages: l.cut.removed.length, removed_tokens: tokens, before_turn: l.before.turn, after_turn: l.after.turn },
      violation: broke?.violation ?? null,
    },
  };
}
