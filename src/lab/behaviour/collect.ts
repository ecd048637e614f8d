/**
 * The answers of a store, each with the question it answers: the tag the log gives (`tag` on the
 * response or on its request, as `amnesia check --events` and the probe write it), else the last user
 * message of the request it answers. Read one session at a time.
 */
import type { Db } from '../../store/connection.js';
import { SessionReader, type SessionEvent } from '../../store/session.js';
import { contentText } from '../../events/validate.js';

export interface Answer {
  /** what groups answers to the same question: `tag:<tag>` or `q:<the question, whitespace folded>` */
  key: string;
  /** the question's words (or the tag), for reports */
  question: string;
  session: string;
  turn: number | null;
  /** file:line of the response */
  source: string;
  text: string;
}

const fold = (s: string) => s.replace(/\s+/g, ' ').trim();
const str = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);

function lastUser(request: SessionEvent | undefined): string | undefined {
  const msgs = request?.request?.messages ?? [];
  for (let i = msgs.length - 1; i >= 0; i--) if (msgs[i].role === 'user') return fold(msgs[i].text);
  return undefined;
}

/** The answers of one session in order. */
export function sessionAnswers(session: string, events: readonly SessionEvent[]): Answer[] {
  const byId = new Map<string, SessionEvent>();
  let latest: SessionEvent | undefined;
  const out: Answer[] = [];
  for (const e of events) {
    const body = e.body as Record<string, unknown>;
    if (e.kind === 'request') {
      latest = e;
      const id = str(body.request_id);
      if (id) byId.set(id, e);
      continue;
    }
    if (e.kind !== 'response') continue;
    const text = contentText(body.content);
    if (!text.trim()) continue; // a tool call, no answer to measure
    const rid = str(body.request_id);
    const request = (rid && byId.get(rid)) || latest;
    const tag = str(body.tag) ?? str((request?.body as Record<string, unknown> | undefined)?.tag);
    const question = tag ?? lastUser(request);
    if (question === undefined) continue;
    out.push({ key: tag ? `tag:${tag}` : `q:${question}`, question, session, turn: e.turn, source: e.source, text });
  }
  return out;
}

/** Every answer of the store, session by session. */
export function* storeAnswers(db: Db): Generator<Answer> {
  const reader = new SessionReader(db);
  for (const id of reader.sessionIds()) yield* sessionAnswers(id, reader.load(id).events);
}
