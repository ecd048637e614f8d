import { loadConfig } from '../../config/index.js';
import { ingest } from '../../ingest/pipeline.js';
import { resolveInputs } from '../../ingest/inputs.js';
import { openStore } from '../../store/connection.js';
import { reporter } from '../../report/reporters.js';
import { palette } from '../../report/colors.js';
import { colorEnabled, type Io } from '../io.js';
import { writeAll } from '../../util/streams.js';
import { splitFormats } from '../options.js';
import { EXIT } from '../ctx.js';

export interface IngestFlags {
  db: string;
  format?: string;
  inputFormat?: string;
  maxLineBytes?: number;
  config?: string;
  progress?: boolean;
}

export async function ingestAction(paths: string[], flags: IngestFlags, io: Io): Promise<number> {
  const { input, output } = splitFormats('ingest', flags, (l) => io.err.write(`${l}\n`));
  const report = reporter('ingest', output);
  const config = loadConfig(flags.config);
  // Every input is checked before the store is opened: a bad path leaves the store untouched.
  const inputs = await resolveInputs(paths, input);
  const db = openStore(flags.db);
  const signal = { stop: false };
  const onSigint = () => {
    if (signal.stop) {
      // quit now: the default action ends the process even while a read on a pipe is blocked
      process.off('SIGINT', onSigint);
      process.kill(process.pid, 'SIGINT');
      return;
    }
    signal.stop = true;
    io.err.write('\namnesia: stopping after the current batch (Ctrl-C again to quit now)\n');
  };
  process.on('SIGINT', onSigint);
  try {
    const summary = await ingest(db, {
      inputs,
      maxLineBytes: flags.maxLineBytes,
      models: config.models,
      stdin: io.in,
      sink: io,
      signal,
      progress: flags.progress !== false,
    });
    await writeAll(io.out, report(summary, palette(colorEnabled(io.out, io.env))));
    return summary.interrupted ? EXIT.interrupted : EXIT.ok;
  } finally {
    process.off('SIGINT', onSigint);
    db.close();
  }
}
