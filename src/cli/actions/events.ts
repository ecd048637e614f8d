import { openStore } from '../../store/connection.js';
import { SessionReader } from '../../store/session.js';
import { nativeEvent } from '../../store/export.js';
import { routedEvents } from '../../store/shard.js';
import { parseShard, parseShardBy } from '../../events/shard.js';
import { InputError, UsageError } from '../../errors.js';
import type { Io } from '../io.js';
import { write } from '../../util/streams.js';
import { commandPlan } from '../../analysis/flags.js';
import { presentEvent } from '../../report/replay.js';
import { EXIT } from '../ctx.js';
import { sessionArg } from '../../analysis/session-arg.js';

export interface EventsFlags {
  db: string;
  session?: string;
  config?: string;
  redact?: boolean;
  shard?: string;
  by?: string;
}

/** Lines are written in chunks of about a megabyte. */
class Chunked {
  private chunk = '';
  n = 0;
  constructor(private readonly out: Io['out']) {}
  async push(line: string): Promise<void> {
    this.chunk += line;
    this.n++;
    if (this.chunk.length > 1 << 20) await this.flush();
  }
  async flush(): Promise<void> {
    await write(this.out, this.chunk);
    this.chunk = '';
  }
}

/** `amnesia events`: the store's events as native JSON Lines; under --redact as every surface shows them. */
export async function eventsAction(flags: EventsFlags, io: Io): Promise<number> {
  const { redact } = commandPlan({ config: flags.config, redact: flags.redact });
  if (flags.by !== undefined && flags.shard === undefined) throw new UsageError('--by chooses how --shard cuts the store: give --shard K/N too');
  const shard = flags.shard !== undefined ? parseShard('--shard', flags.shard, parseShardBy('--by', flags.by)) : undefined;
  if (shard && flags.session !== undefined) throw new UsageError('--session and --shard choose sessions two ways: give one');
  const db = openStore(flags.db, { readonly: true });
  const out = new Chunked(io.out);
  try {
    if (shard) {
      // the owned sessions whole and the context every shard needs, each naming where it was first read
      for (const r of routedEvents(db, shard.n, shard.by)) {
        if (r.owner === shard.k || r.context) await out.push(`${JSON.stringify(presentEvent(r.event.native(true), redact))}\n`);
      }
    } else {
      const reader = new SessionReader(db);
      const session = sessionArg(db, flags.session);
      const ids = session !== undefined ? [session] : reader.sessionIds();
      for (const id of ids) {
        const { events } = reader.load(id);
        if (events.length === 0) throw new InputError(`no session "${id}" in ${flags.db} (amnesia sessions lists them)`);
        for (const e of events) await out.push(`${JSON.stringify(presentEvent(nativeEvent(e, id), redact))}\n`);
      }
    }
    await out.flush();
    if (out.n === 0) io.err.write(shard ? `shard ${shard.k}/${shard.n} has no events\n` : 'the store has no events\n');
    return EXIT.ok;
  } finally {
    db.close();
  }
}
