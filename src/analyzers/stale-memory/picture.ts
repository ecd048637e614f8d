/**
 * stale-memory's picture in the TUI: for each finding, the memory's life as three steps (the old
 * memory, the replacement and when it was committed, where the old one was served after it) and
 * what the answer followed. Data only, from the finding's detail; the TUI draws a kind it has no
 * chart for as these lines.
 */
import type { SessionEvent } from '../../store/session.js';
import type { FindingOf, PictureSpec } from '../views.js';
import type { Cause, Detail } from './types.js';

type F = FindingOf<Cause, Detail>;

export interface StaleItem {
  findingId: string;
  turn: number | null;
  cause: Cause;
  detail: Partial<Detail>;
}

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

export const picture: PictureSpec<Cause, Detail, StaleItem[]> = {
  kind: 'stale-memory',
  title: 'Stale memories',
  build: (_events: readonly SessionEvent[], findings: readonly F[]) =>
    findings.map((f) => ({ findingId: f.id, turn: f.turn, cause: f.cause, detail: (f.detail ?? {}) as Partial<Detail> })),
  count: (p) => p.length,
  focus: (p, id) =>
    Math.max(
      0,
      p.findIndex((x) => x.findingId === id),
    ),
  lines: (p, item) => (p[item] ? staleLines(p[item]) : []),
};
