/**
 * The pinned section within its budget (design §4.2, injection): constraints and preferences are
 * pinned, but the section never takes more than its share of the prompt's budget, and a
 * preference decays like any memory (90-day half-life) unless the user made it a constraint. Past
 * the share, the lowest items leave the section and compete in retrieval like other memories.
 */
import { pinnedText, type TokenCounter } from './prompt.js';
import { belowInjection } from './rank.js';
import { type Memory, SOURCE_RANK } from './types.js';

/** The pinned section's share of the budget (the window minus the answer's reserve). */
export const PINNED_SHARE = 0.25;

/** Held while pinned: a constraint always; a preference until it decays below injection (MIN_RECENCY). */
export function stillPinned(m: Memory, now: number): boolean {
  return m.type === 'constraint' || !belowInjection(m, now);
}

/** Constraints before preferences, the user's own words before confirmed, inferred or tool ones, then the newest. */
export function pinPriority(a: Memory, b: Memory): number {
  const t = (m: Memory) => (m.type === 'constraint' ? 0 : 1);
  return (
    t(a) - t(b) ||
    (SOURCE_RANK[b.source] ?? 0) - (SOURCE_RANK[a.source] ?? 0) ||
    b.createdAt - a.createdAt ||
    b.version - a.version ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}

/**
 * The pinned items that fit `cap` tokens, in priority order (pinPriority), and those left out.
 * Each line is counted once; the section as a whole is counted at the end and trimmed if framing
 * made it go over.
 */
export function selectPinned(pinned: readonly Memory[], cap: number, counter: TokenCounter, hierarchy: boolean): { kept: Memory[]; left: Memory[] } {
  const order = [...pinned].sort(pinPriority);
  const kept: Memory[] = [];
  const left: Memory[] = [];
  let used = counter.message({ role: 'system', content: pinnedText([], hierarchy) });
  for (const m of order) {
    const line = counter.text(`\n${pinnedText([m], false).split('\n').slice(1).join('\n')}`);
    if (used + line <= cap) {
      kept.push(m);
      used += line;
    } else left.push(m);
  }
  while (kept.length && counter.message({ role: 'system', content: pinnedText(kept, hierarchy) }) > cap) left.unshift(kept.pop() as Memory);
  return { kept, left };
}
