import fs from 'node:fs';
import path from 'node:path';
import { InputError } from '../../errors.js';
import { DEFAULT_DB, openStore } from '../../store/connection.js';
import { resolveInputs } from '../../ingest/inputs.js';
import { ingest } from '../../ingest/pipeline.js';
import type { AnalysisPlan } from '../../analysis/plan.js';
import { commandPlan } from '../../analysis/flags.js';
import { palette } from '../../report/colors.js';
import { reporter } from '../../report/reporters.js';
import { EXIT } from '../ctx.js';
import { sessionArg } from '../../analysis/session-arg.js';
import { withTempStore } from '../../store/temp-store.js';
import { replayStore } from '../../lab/index.js';
import { presentEvent, presentReplay } from '../../report/replay.js';
import { colorEnabled, type Io } from '../io.js';
import { writeAll } from '../../util/streams.js';

export interface ReplayFlags {
  db?: string;
  session?: string;
  format?: string;
  events?: string;
  config?: string;
  redact?: boolean;
  inputFormat?: string;
}

/**
 * `amnesia replay`: re-run sessions through the reference engine. Logs given as paths (without
 * --db) are read into a temporary store, removed at the end or on an interrupt, as triage does.
 */
export async function replayAction(paths: string[], flags: ReplayFlags, io: Io): Promise<number> {
  const report = reporter('replay', flags.format);
  const plan = commandPlan(flags);
  const inputs = paths.length ? await resolveInputs(paths, flags.inputFormat) : null;
  const run = (file: string, temporary: boolean) => replayFrom(file, temporary, { inputs, flags, plan, report, io });
  return inputs && !flags.db ? withTempStore('amnesia-replay-', (file) => run(file, true)) : run(flags.db ?? DEFAULT_DB, false);
}

interface ReplayRun {
  inputs: Awaited<ReturnType<typeof resolveInputs>> | null;
  flags: ReplayFlags;
  plan: AnalysisPlan;
  report: ReturnType<typeof reporter<'replay'>>;
  io: Io;
}

/** Replay the sessions of the store at `file` (after reading the given logs into it, if any). */
async function replayFrom(file: string, temporary: boolean, { inputs, flags, plan, report, io }: ReplayRun): Promise<number> {
  const db = inputs ? openStore(file, { disposable: temporary }) : openStore(file, { readonly: true });
  try {
    if (inputs) {
      const s = await ingest(db, { inputs, models: plan.models, stdin: io.in, sink: io, progress: false });
      io.err.write(`ingested ${s.events} events from ${s.files.length} file(s) into ${temporary ? 'a temporary store' : file}\n`);
    }
    const reports = [
      // the findings judged are those the plan shows: the TUI's Replay pane judges with the same plan
      ...replayStore(db, { session: sessionArg(db, flags.session), plan, keepEvents: !!flags.events }),
    ];
    if (!reports.length) {
      throw new InputError(
        flags.session !== undefined
          ? `no session "${flags.session}" in ${temporary ? 'the given logs' : file}; \`amnesia sessions\` lists them`
          : `no sessions in ${file}`,
      );
    }
    const { redact } = plan;
    if (flags.events) {
      fs.mkdirSync(path.dirname(path.resolve(flags.events)), { recursive: true });
      // the engine's session is named after the recorded one, which is hidden as well
      const events = reports.flatMap((r) => (r.events ?? []).map((e) => presentEvent(e, redact, [r.session])));
      fs.writeFileSync(flags.events, events.map((e) => JSON.stringify(e)).join('\n') + '\n');
      io.err.write(`wrote the reference engine's events to ${flags.events}${redact ? ' (redacted)' : ''}\n`);
    }
    const shown = reports.map(({ events: _events, ...r }) => presentReplay(r, redact));
    await writeAll(io.out, report(shown, palette(colorEnabled(io.out, io.env))));
    return EXIT.ok;
  } finally {
    db.close();
  }
}
