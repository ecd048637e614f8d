/** Where a constraint sat in a prompt: its last carrier, what came after it, and an instruction after it that says otherwise. */
import type { MessageView } from '../../store/session.js';
import { detectPreferences, isPermission, type ConstraintRef, type Preference, type Presence, type PromptScanner } from '../../text/index.js';
import { str } from '../../util/values.js';
import type { AfterMessage, Competing, Placement } from './types.js';

/**
 * Roles whose text is an instruction that may compete with the user's: the application's own. Not
 * the user (a later word of theirs replaces the rule), not the assistant's answers, not tool output
 * (data, whose words are not read as rules: a page about tables is no instruction to use them).
 */
const INSTRUCTING = new Set(['system', 'developer']);

/**
 * The last message of the prompt that carries the constraint: the scanner's answer read from the
 * end, then any later message that states the same rule.
 */
export function lastCarrier(scanner: PromptScanner, c: ConstraintRef, messages: readonly MessageView[]): { index: number; presence: Presence } | null {
  const reversed = [...messages].reverse();
  const p = scanner.presence(c, reversed);
  if (!p.present) return null;
  let index = messages.findIndex((m) => m.id === p.messageId);
  for (let i = messages.length - 1; i > index; i--) {
    if (scanner.keysOf(messages[i]).has(c.key))
      return { index: i, presence: { present: true, via: 'restatement', messageId: messages[i].id, role: messages[i].role } };
  }
  if (index < 0) index = messages.length - 1;
  return { index, presence: p };
}

/**
 * A later system or developer message on the same subject that says otherwise (another rule, or a
 * permission) and that the answer followed: a compatible rule the answer broke as well ("concise" and
 * "at most 50 words") is no competitor.
 */
function competingAfter(pref: Preference, messages: readonly MessageView[], from: number, honours: (p: Preference) => boolean): Competing | null {
  for (let i = from + 1; i < messages.length; i++) {
    const m = messages[i];
    if (!INSTRUCTING.has(m.role)) continue;
    for (const p of detectPreferences(m.text.slice(0, 20_000), 'system')) {
      if (p.topic !== pref.topic || (p.key === pref.key && !isPermission(p))) continue;
      if (!isPermission(p) && !honours(p)) continue;
      return { position: i + 1, role: m.role, key: p.key, label: p.label, sentence: p.sentence };
    }
  }
  return null;
}

/** Where the constraint sat; `honours(p)`: does the answer keep rule p (for a competing instruction it followed). */
export function placement(
  pref: Preference,
  at: { index: number; presence: Presence },
  messages: readonly MessageView[],
  honours: (p: Preference) => boolean,
): Placement {
  let after = 0;
  let total = 0;
  let tools = 0;
  let longest: AfterMessage | null = null;
  messages.forEach((m, i) => {
    total += m.tokens;
    if (i <= at.index) return;
    after += m.tokens;
    if (m.role === 'tool' || m.role === 'function') tools++;
    if (!longest || m.tokens > longest.tokens) longest = { position: i + 1, role: m.role, tokens: m.tokens, name: str(m.raw.name) ?? null };
  });
  return {
    position: at.index + 1,
    messages: messages.length,
    carrier_role: at.presence.role ?? messages[at.index]?.role ?? 'unknown',
    via: at.presence.via ?? 'message',
    tokens_after: after,
    tokens_total: total,
    longest_after: longest,
    tools_after: tools,
    competing: competingAfter(pref, messages, at.index, honours),
  };
}
