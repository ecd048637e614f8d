/**
 * expired-state's picture in the TUI: for each finding, the memory and its lifetime, where it was
 * served and how long after it expired, what it crowded out, and whether the answer used it. Data
 * only, from the finding's detail; the TUI draws a kind it has no chart for as these lines.
 */
import { type FindingItem, findingsPicture } from '../views.js';
import type { Cause, Detail } from './types.js';

export type ExpiredItem = FindingItem<Cause, Detail>;

export function expiredLines(it: ExpiredItem): string[] {
  const d = it.detail;
  const life = d.lifetime ? (d.lifetime.from === 'ttl_s' ? `ttl_s ${d.lifetime.ttl_s}` : 'expires_at') : '?';
  return [
    `turn ${it.turn ?? '?'} · ${it.cause} · layer ${d.layer ?? '?'}`,
    `  written   ${d.written_at ?? '?'}: ${d.memory_id ?? '?'} ${d.memory_text ?? ''}`,
    `  expired   ${d.lifetime?.expires_at ?? '?'} (${life})`,
    `✖ served    ${d.overdue_s ?? '?'} s later by ${d.served_by === 'prompt' ? `the prompt (${d.query ?? '?'} message)` : `search "${d.query ?? '?'}", rank ${d.rank ?? '?'}`}${d.served_again ? `, and ${d.served_again} more time${d.served_again === 1 ? '' : 's'}` : ''}`,
    `  crowded   ${d.crowded_out?.length ? d.crowded_out.map((c) => `${c.id} (rank ${c.rank})`).join(', ') : 'nothing left out'}`,
    d.answer ? `answer (turn ${d.answer.turn ?? '?'}): ${d.answer.used ? 'used it' : 'did not use it'}` : 'no answer after it',
  ];
}

export const picture = findingsPicture<Cause, Detail>('expired-state', 'Expired memories served', expiredLines);
