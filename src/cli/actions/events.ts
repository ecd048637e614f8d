import { openStore } from '../../store/connection.js';
import { SessionReader, type SessionEvent } from '../../store/session.js';
import { InputError } from '../../errors.js';
import { write, type Io } from '../io.js';
import { loadConfig } from '../../config/index.js';
import { presentation } from '../../findings/present.js';
import { presentEvent } from '../../report/replay.js';
import { EXIT } from '../ctx.js';
import { sessionArg } from '../session-arg.js';

/**
 * One stored event as a native `amnesia.events/v1` object: the envelope from the store's columns (the
 * turn as numbered at ingest, the time as ISO-8601), the body as read, a request's messages put back.
 */
export function nativeEvent(e: SessionEvent, session: string): Record<string, unknown> {
  const { kind: _k, ts: _t, session: _s, turn: _u, id: _i, actor: _a, scope: _c, ...rest } = e.body;
  void _k, _t, _s, _u, _i, _a, _c;
  return {
    kind: e.kind,
    ts: new Date(e.ts).toISOString(),
    session,
    ...(e.turn !== null ? { turn: e.turn } : {}),
    ...(e.eventId !== null ? { id: e.eventId } : {}),
    ...(e.actor !== null ? { actor: e.actor } : {}),
    ...(e.scope !== null ? { scope: e.scope } : {}),
    ...rest,
    ...(e.request ? { messages: e.request.messages.map((m) => m.raw) } : {}),
  };
}

/** `amnesia events`: the store's events as native JSON Lines; under --redact as every surface shows them. */
export async function eventsAction(flags: { db: string; session?: string; config?: string; redact?: boolean }, io: Io): Promise<number> {
  const { redact } = presentation(loadConfig(flags.config), flags.redact);
  const db = openStore(flags.db, { readonly: true });
  try {
    const reader = new SessionReader(db);
    const session = sessionArg(db, flags.session);
    const ids = session !== undefined ? [session] : reader.sessionIds();
    let n = 0;
    for (const id of ids) {
      const { events } = reader.load(id);
      if (events.length === 0) throw new InputError(`no session "${id}" in ${flags.db} (amnesia sessions lists them)`);
      let chunk = '';
      for (const e of events) {
        chunk += `${JSON.stringify(presentEvent(nativeEvent(e, id), redact))}\n`;
        n++;
        if (chunk.length > 1 << 20) {
          await write(io.out, chunk);
          chunk = '';
        }
      }
      await write(io.out, chunk);
    }
    if (n === 0) io.err.write('the store has no events\n');
    return EXIT.ok;
  } finally {
    db.close();
  }
}
