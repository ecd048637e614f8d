/**
 * scope-leak's picture in the TUI: for each finding, whose the memory was, whose the search or
 * prompt that held it was, the filter between them, and whether the answer repeated it. Data only,
 * from the finding's detail; the TUI draws a kind it has no chart for as these lines.
 */
import { type FindingItem, findingsPicture } from '../views.js';
import type { Cause, Detail, Owner } from './types.js';

export type LeakItem = FindingItem<Cause, Detail>;

const who = (o: Partial<Owner> | undefined) =>
  o
    ? [o.tenant && `tenant ${o.tenant}`, o.user && `user ${o.user}`, o.team && `team ${o.team}`, o.agent && `agent ${o.agent}`].filter(Boolean).join(', ') ||
      '?'
    : '?';

export function leakLines(it: LeakItem): string[] {
  const d = it.detail;
  return [
    `turn ${it.turn ?? '?'} · ${it.cause} · ${d.dimension ?? '?'} · layer ${d.layer ?? '?'}`,
    `  written   for ${who(d.written?.scope)} (${d.written?.by ?? '?'}): ${d.memory_id ?? '?'} ${d.memory_text ?? ''}`,
    `  filter    ${d.filter ? `${d.dimension} ${d.filter}` : 'none'}`,
    `✖ served    to ${who(d.served?.scope)} by ${d.served?.by === 'prompt' ? `the prompt (${d.served.query ?? '?'} message)` : `search "${d.served?.query ?? '?'}", rank ${d.served?.rank ?? '?'}`}${d.served_again ? `, and ${d.served_again} more time${d.served_again === 1 ? '' : 's'}` : ''}`,
    d.answer ? `answer (turn ${d.answer.turn ?? '?'}): ${d.answer.used ? 'repeated it' : 'did not repeat it'}` : 'no answer after it',
  ];
}

export const picture = findingsPicture<Cause, Detail>('scope-leak', 'Scope leaks', leakLines);
