/**
 * ignored-in-context's picture in the TUI: for each finding, the final prompt of its turn as three
 * bands (before the constraint, the constraint, after it) with the tokens after it, the longest
 * message there, a competing instruction and the answer's break. Data only, from the finding's detail;
 * the TUI draws a kind it has no chart for as these lines.
 */
import { type FindingItem, findingsPicture } from '../views.js';
import type { Cause, Detail } from './types.js';

export type PlaceItem = FindingItem<Cause, Detail>;

const fmt = (n: unknown) => (typeof n === 'number' ? n.toLocaleString('en-US') : '?');

export function placeLines(it: PlaceItem): string[] {
  const d = it.detail;
  const pos = typeof d.position === 'number' ? d.position : null;
  const n = typeof d.messages === 'number' ? d.messages : null;
  const out = [`turn ${it.turn ?? '?'} · ${it.cause} · final prompt: ${fmt(n)} messages, ${fmt(d.tokens_total)} tokens`];
  if (pos !== null && pos > 1) out.push(`  1-${pos - 1}   before it`);
  out.push(`▶ ${fmt(pos)}     the constraint (${d.carrier_role ?? '?'}): ${d.label ?? d.constraint ?? '?'}`);
  if (pos !== null && n !== null && pos < n) {
    const l = d.longest_after;
    out.push(
      `  ${pos + 1}-${n}   ${fmt(d.tokens_after)} tokens after it${l ? `; the longest: #${l.position} ${l.role}${l.name ? ` (${l.name})` : ''}, ${fmt(l.tokens)} tokens` : ''}`,
    );
  } else out.push('  (nothing after it)');
  if (d.competing) out.push(`✖ #${d.competing.position} ${d.competing.role} says otherwise: ${d.competing.sentence}`);
  if (d.violation) out.push(`answer: ${d.violation.reason}`);
  return out;
}

export const picture = findingsPicture<Cause, Detail>('prompt-place', 'Where it sat', placeLines);
