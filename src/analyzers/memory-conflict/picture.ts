/**
 * memory-conflict's picture in the TUI: for each finding, the two memories (older, newer, when each
 * was stored), where they met and what they disagree on. Data only, from the finding's detail; the
 * TUI draws a kind it has no chart for as these lines.
 */
import { type FindingItem, findingsPicture } from '../views.js';
import type { Cause, Detail } from './types.js';

export type ConflictItem = FindingItem<Cause, Detail>;

export function conflictLines(it: ConflictItem): string[] {
  const d = it.detail;
  const where =
    d.served_by === 'prompt' ? `the prompt (${d.query ?? '?'} message)` : `search "${d.query ?? '?'}"${d.ranks ? `, ranks ${d.ranks.join(' and ')}` : ''}`;
  return [
    `turn ${it.turn ?? '?'} · ${it.cause} · layer ${d.layer ?? '?'}`,
    `  older  ${d.older?.memory_id ?? '(prompt line)'} ${d.older?.stored_at ?? '?'}: ${d.older?.text ?? '?'}`,
    `  newer  ${d.newer?.memory_id ?? '(prompt line)'} ${d.newer?.stored_at ?? '?'}: ${d.newer?.text ?? '?'}`,
    `✖ ${d.kind ?? '?'} on ${d.subject ?? '?'}: "${d.values?.[0] ?? '?'}" against "${d.values?.[1] ?? '?'}"`,
    `▶ both in ${where}, no rule${d.served_again ? `; again ${d.served_again} more time${d.served_again === 1 ? '' : 's'}` : ''}`,
    `answer (turn ${d.answer?.turn ?? '?'}): followed the older`,
  ];
}

export const picture = findingsPicture<Cause, Detail>('memory-conflict', 'Conflicting memories', conflictLines);
