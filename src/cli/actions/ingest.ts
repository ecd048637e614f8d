import { loadConfig } from '../../config/index.js';
import { UsageError } from '../../errors.js';
import { FORMATS } from '../../ingest/formats.js';
import { ingest } from '../../ingest/pipeline.js';
import { resolveInputs } from '../../ingest/inputs.js';
import { openStore } from '../../store/connection.js';
import { ingestJson, ingestText } from '../../report/ingest.js';
import { palette } from '../../report/colors.js';
import { colorEnabled, write, type Io } from '../io.js';
import { outputFormat, OUTPUT_FORMATS } from '../options.js';

export interface IngestFlags {
  db: string;
  format?: string;
  inputFormat?: string;
  maxLineBytes?: number;
  config?: string;
  progress?: boolean;
}

/** `--format` takes input format names and output format names; split them. */
export function splitFormat(
  value: string | undefined,
  inputFormat: string | undefined,
  outputs: readonly string[] = OUTPUT_FORMATS,
): { input?: string; output: string } {
  let input = inputFormat;
  let output: string | undefined;
  for (const v of (value ?? '').split(',').map((s) => s.trim()).filter(Boolean)) {
    if (outputs.includes(v)) output = v;
    else if (input && input !== v) throw new UsageError(`two input formats given: ${input} and ${v}`);
    else input = v;
  }
  if (input && !FORMATS.some((f) => f.name === input)) {
    throw new UsageError(
      `unknown format "${input}"; input formats: ${FORMATS.map((f) => f.name).join(', ')}; output formats: ${outputs.join(', ')}`,
    );
  }
  return { input, output: outputFormat(output, outputs) };
}

export async function ingestAction(paths: string[], flags: IngestFlags, io: Io): Promise<number> {
  const { input, output } = splitFormat(flags.format, flags.inputFormat);
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
      signal,
      progress: flags.progress !== false,
    });
    await write(io.out, output === 'json' ? ingestJson(summary) : ingestText(summary, palette(colorEnabled(io.out, io.env))));
    return summary.interrupted ? 130 : 0;
  } finally {
    process.off('SIGINT', onSigint);
    db.close();
  }
}
