/**
 * stale-memory's picture in the TUI: for each finding, the memory's life as three steps (the old
 * memory, the replacement and when it was committed, where the old one was served after it) and
 * what the answer followed. Data only, from the finding's detail; the TUI draws a kind it has no
 * chart for as these lines.
 */
import { type FindingItem, findingsPicture } from '../views.js';
import type { Cause, Detail } from './types.js';

export type StaleItem = FindingItem<Cause, Detail>;

export function staleLines(it: StaleItem): string[] {
  const d = it.detail;
  const out = [`turn ${it.turn ?? '?'} · ${it.cause} · layer ${d.layer ?? '?'}`];
  out.push(`  old       ${d.memory_id ?? '?'}: ${d.stale_text ?? '?'}`);
  out.push(
    d.replaced_by === 'deleted'
      ? `✖ deleted   at ${d.replaced_at ?? '?'}`
      : `✔ replaced  by ${d.replacement?.memory_id ?? '?'} (${d.replaced_by ?? '?'}) at ${d.replaced_at ?? '?'}: ${d.replacement?.text ?? '?'}`,
  );
  const where =
    d.served_by === 'prompt'
      ? `the prompt (${d.query ?? '?'} message)`
      : `search "${d.query ?? '?'}", rank ${d.rank ?? '?'}${d.replacement_rank != null ? `, its replacement rank ${d.replacement_rank}` : ''}`;
  out.push(`▶ served    by ${where}${d.served_again ? `, and ${d.served_again} more time${d.served_again === 1 ? '' : 's'} after` : ''}`);
  out.push(d.answer ? `answer (turn ${d.answer.turn ?? '?'}): followed ${d.answer.followed}` : 'no answer after it');
  return out;
}

export const picture = findingsPicture<Cause, Detail>('stale-memory', 'Stale memories', staleLines);
