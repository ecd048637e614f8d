import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../../config/index.js';
import { openStore } from '../../store/connection.js';
import { resolveInputs } from '../../ingest/inputs.js';
import { ingest } from '../../ingest/pipeline.js';
import { routedEvents, storeSources } from '../../store/shard.js';
import { storeStats } from '../../store/queries.js';
import { calibrationFactors } from '../../store/calibration.js';
import { MAX_SHARDS, parseShardBy, type ShardBy } from '../../events/shard.js';
import { SHARDS_SCHEMA, shardFolder, type ShardManifest } from '../../findings/merge.js';
import { InputError, UsageError } from '../../errors.js';
import { VERSION } from '../../version.js';
import type { Io } from '../io.js';
import { write } from '../../util/streams.js';
import { EXIT } from '../ctx.js';
import { requireEvents, unreadNotes } from '../../analysis/unread.js';
import { unreadInputs } from '../../ci/unread.js';
import { withTempStore } from '../../store/temp-store.js';
import { inert } from '../../util/sanitize.js';

export interface ShardFlags {
  out: string;
  shards: number;
  by?: string;
  db?: string;
  config?: string;
  inputFormat?: string;
  maxLineBytes?: number;
  progress?: boolean;
}

const CHUNK = 1 << 20;

/** One shard's file, written in chunks of about a megabyte. */
class ShardFile {
  private chunk = '';
  private readonly fd: number;
  sessions = new Set<string>();
  events = 0;
  context = 0;
  constructor(readonly file: string) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    this.fd = fs.openSync(file, 'w');
  }
  add(line: string, session: string, context: boolean): void {
    this.chunk += line;
    if (context) this.context++;
    else {
      this.events++;
      this.sessions.add(session);
    }
    if (this.chunk.length > CHUNK) this.flush();
  }
  flush(): void {
    if (this.chunk) fs.writeSync(this.fd, this.chunk);
    this.chunk = '';
  }
  close(): void {
    this.flush();
    fs.closeSync(this.fd);
  }
}

/** The folder shards are written to: new, or empty. */
function outFolder(dir: string): void {
  if (fs.existsSync(dir)) {
    if (!fs.statSync(dir).isDirectory()) throw new UsageError(`--out ${dir}: not a folder`);
    if (fs.readdirSync(dir).length) throw new UsageError(`--out ${dir}: the folder is not empty (shards are written to a new or empty folder)`);
  }
  fs.mkdirSync(dir, { recursive: true });
}

/**
 * `amnesia shard`: read the logs once and write one folder of native events per shard (each session
 * whole in its own shard, other sessions' memory writes wherever they are needed), then the
 * manifest, last: a folder with a manifest is complete.
 */
export async function shardAction(paths: string[], flags: ShardFlags, io: Io): Promise<number> {
  const n = flags.shards;
  if (!Number.isInteger(n) || n < 1 || n > MAX_SHARDS) throw new UsageError(`--shards must be 1 to ${MAX_SHARDS}`);
  const by: ShardBy = parseShardBy('--by', flags.by);
  if (paths.length === 0) throw new UsageError('shard: give the logs to cut (files, folders, or - for standard input)');
  const config = loadConfig(flags.config);
  const inputs = await resolveInputs(paths, flags.inputFormat);
  outFolder(flags.out);
  const run = async (file: string, temporary: boolean): Promise<number> => {
    const db = openStore(file, { disposable: temporary });
    try {
      const s = await ingest(db, {
        inputs,
        maxLineBytes: flags.maxLineBytes,
        models: config.models,
        stdin: io.in,
        sink: io,
        progress: flags.progress !== false,
      });
      io.err.write(`ingested ${s.events} events from ${s.files.length} file(s)${s.bad_lines ? `, ${s.bad_lines} bad line(s)` : ''}\n`);
      const notes = unreadNotes(s);
      for (const l of notes) io.err.write(`${l}\n`);
      requireEvents(db, notes);
      const files = Array.from({ length: n }, (_, k) => new ShardFile(path.join(flags.out, shardFolder(k, n), 'events.jsonl')));
      try {
        for (const r of routedEvents(db, n, by)) {
          let line: string | undefined;
          for (let k = 0; k < n; k++) {
            if (k !== r.owner && !r.context) continue;
            line ??= `${JSON.stringify(r.event.native(true))}\n`;
            files[k].add(line, r.event.session, k !== r.owner);
          }
        }
      } finally {
        for (const f of files) f.close();
      }
      const stats = storeStats(db);
      const manifest: ShardManifest = {
        schema: SHARDS_SCHEMA,
        version: VERSION,
        shards: n,
        by,
        summary: { sessions: stats.sessions, events: stats.events, bad_lines: stats.bad_lines },
        sources: storeSources(db),
        calibration: Object.fromEntries(calibrationFactors(db)),
        unread: unreadInputs(s, []).map(({ path: p, reason }) => ({ path: p, reason })),
        parts: files.map((f, k) => ({
          shard: k,
          events_file: path.relative(flags.out, f.file).split(path.sep).join('/'),
          sessions: f.sessions.size,
          events: f.events,
          context_events: f.context,
        })),
      };
      fs.writeFileSync(path.join(flags.out, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
      const sizes = files.map((f) => f.sessions.size);
      await write(
        io.out,
        `${n} shard(s) by ${by} in ${inert(flags.out)}: ${stats.sessions} session(s), ${Math.min(...sizes)} to ${Math.max(...sizes)} per shard; manifest.json lists them\n`,
      );
      return EXIT.ok;
    } finally {
      db.close();
    }
  };
  try {
    return flags.db ? await run(flags.db, false) : await withTempStore('amnesia-shard-', (file) => run(file, true));
  } catch (err) {
    if (err instanceof InputError || err instanceof UsageError) fs.rmSync(path.join(flags.out, 'manifest.json'), { force: true });
    throw err;
  }
}
