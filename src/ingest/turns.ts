import type { Ready } from './otlp/assemble.js';
import type { IngestItem } from './types.js';

/**
 * Events of a trace without an explicit turn take the trace as their turn key: the store numbers a
 * session's traces by start time, across files (EvidenceWriter.assignTurns), instead of the order a
 * file happens to list them in. An explicit turn (the draft's, or an event's own) is kept.
 */
export function traceTurns(r: Ready, items: IngestItem[]): IngestItem[] {
  if (r.draft.turn !== undefined) return items;
  return items.map((item) => {
    if (item.type !== 'event' || r.draft.events[item.sub]?.turn !== undefined) return item;
    const { turn: _t, ...body } = item.event.body;
    void _t;
    return { ...item, event: { ...item.event, turn: null, body: body as typeof item.event.body }, turnKey: `trace:${r.draft.traceId}` };
  });
}
