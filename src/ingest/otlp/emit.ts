import { InvalidEvent, validateEvent } from '../../events/validate.js';
import type { NativeEvent, ParsedEvent } from '../../events/types.js';
import type { IngestItem } from '../types.js';
import type { Draft, Ready } from './assemble.js';
import { iso } from './span.js';

/** Native events of a placed draft, validated; a draft with an invalid event is one bad item. */
export function readyItems(r: Ready): IngestItem[] {
  const d = r.draft;
  const parsed: ParsedEvent[] = [];
  try {
    for (const e of d.events) {
      const turn = e.turn ?? r.turn;
      const actor = e.actor ?? d.actor;
      const ev: NativeEvent = {
        kind: e.kind,
        ts: iso(e.ts),
        session: r.session,
        ...(turn !== undefined ? { turn } : {}),
        id: e.id,
        ...(actor !== undefined ? { actor } : {}),
        ...(d.scope ? { scope: d.scope } : {}),
        ...e.fields,
      };
      parsed.push(validateEvent(ev));
    }
  } catch (err) {
    if (!(err instanceof InvalidEvent)) throw err;
    return [bad(d.line, `${d.label}: ${err.message}`, rawOf(d))];
  }
  return parsed.map((event, i) => ({
    type: 'event',
    line: d.line,
    event,
    raw: d.events[i].id,
    sub: i,
    ...(i === 0 && d.resolves ? { resolves: d.resolves } : {}),
  }));
}

function rawOf(d: Draft): string {
  return d.raw || (JSON.stringify(d.source) ?? '');
}

export function bad(line: number, reason: string, raw: string | Buffer): IngestItem {
  return { type: 'bad', line, reason, raw: typeof raw === 'string' ? Buffer.from(raw) : raw };
}

export function noSession(d: Draft, looked: string): IngestItem {
  return bad(d.line, `${d.label}: no session id (looked at ${looked}, and the other spans of trace ${d.traceId})`, rawOf(d));
}

/**
 * Bad items of one line become one bad item (the store keeps one bad line per line): the reasons
 * are joined. Feed items in order; `flush` at the end.
 */
export class BadLines {
  private line = -1;
  private reasons: string[] = [];
  private raws: Buffer[] = [];

  /** Items to emit now (a finished line's bad item) before `item`, and `item` itself unless it is held. */
  push(item: IngestItem): IngestItem[] {
    const out: IngestItem[] = [];
    if (item.type !== 'bad') {
      if (this.line !== -1 && item.line !== this.line) out.push(...this.flush());
      out.push(item);
      return out;
    }
    if (item.line !== this.line) out.push(...this.flush());
    this.line = item.line;
    this.reasons.push(item.reason);
    this.raws.push(item.raw);
    return out;
  }

  flush(): IngestItem[] {
    if (this.line === -1) return [];
    const n = this.reasons.length;
    let reason = n === 1 ? this.reasons[0] : `${n} bad items on this line: ${this.reasons.join('; ')}`;
    if (reason.length > 2000) reason = `${reason.slice(0, 1999)}…`;
    const raw = n === 1 ? this.raws[0] : Buffer.concat(this.raws.flatMap((r, i) => (i ? [Buffer.from('\n'), r] : [r])));
    const item: IngestItem = { type: 'bad', line: this.line, reason, raw };
    this.line = -1;
    this.reasons = [];
    this.raws = [];
    return [item];
  }
}
