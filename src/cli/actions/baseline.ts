import fs from 'node:fs';
import { loadConfig } from '../../config/index.js';
import { openStore } from '../../store/connection.js';
import { resolveInputs } from '../../ingest/inputs.js';
import { ingest } from '../../ingest/pipeline.js';
import { storeAnswers, type Answer } from '../../lab/behaviour/collect.js';
import { compareBaseline, recordBaseline, type BehaviourComparison } from '../../lab/behaviour/baseline.js';
import { comparedOrThrow, readBaselineFile, shownComparison } from '../../lab/behaviour/file.js';
import { commandPlan } from '../../analysis/flags.js';
import { InputError } from '../../errors.js';
import { reporter } from '../../report/reporters.js';
import { palette } from '../../report/colors.js';
import { inert } from '../../util/sanitize.js';
import { VERSION } from '../../version.js';
import { colorEnabled, type Io } from '../io.js';
import { write, writeAll } from '../../util/streams.js';
import { withTempStore } from '../../store/temp-store.js';
import { requireEvents, unreadNotes } from '../../analysis/unread.js';
import { EXIT } from '../ctx.js';

interface ReadFlags {
  inputFormat?: string;
  config?: string;
  progress?: boolean;
  redact?: boolean;
}

/** The answers in some logs (ingested into a temporary store), with what could not be read said on stderr. */
async function withAnswers<T>(paths: string[], flags: ReadFlags, io: Io, fn: (answers: Answer[]) => T): Promise<T> {
  const config = loadConfig(flags.config);
  const inputs = await resolveInputs(paths, flags.inputFormat);
  return withTempStore('amnesia-baseline-', async (file) => {
    const db = openStore(file, { disposable: true });
    try {
      const s = await ingest(db, { inputs, models: config.models, stdin: io.in, sink: io, progress: flags.progress !== false });
      const notes = unreadNotes(s);
      for (const l of notes) io.err.write(`${l}\n`);
      requireEvents(db, notes);
      const answers = [...storeAnswers(db)];
      if (answers.length === 0) throw new InputError('no answers in the logs: a behaviour baseline needs `response` events with text');
      return fn(answers);
    } finally {
      db.close();
    }
  });
}

/** `amnesia baseline record <logs> --out baseline.json` */
export async function baselineRecordAction(paths: string[], flags: ReadFlags & { out: string }, io: Io): Promise<number> {
  const { redact } = commandPlan({ config: flags.config, redact: flags.redact });
  const doc = await withAnswers(paths, flags, io, (answers) =>
    recordBaseline(answers, { version: VERSION, inputs: paths.map((p) => (redact ? '‹input›' : p)), redact }),
  );
  const json = `${JSON.stringify(doc, null, 1)}\n`;
  if (flags.out === '-') await write(io.out, json);
  else {
    try {
      fs.writeFileSync(flags.out, json);
    } catch (e) {
      throw new InputError(`cannot write ${flags.out}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
    }
  }
  const small = doc.questions.filter((q) => q.answers < 8).length;
  io.err.write(
    `recorded ${doc.made.answers} answers to ${doc.questions.length} question(s)${flags.out === '-' ? '' : ` into ${inert(flags.out)}`}${small ? `; ${small} question(s) have fewer than 8 answers and will not be compared` : ''}\n`,
  );
  return EXIT.ok;
}

export interface CompareFlags extends ReadFlags {
  against: string;
  alpha?: number;
  minAnswers?: number;
  format?: string;
}

/** Compare logs with a baseline: the comparison, or an InputError when nothing could be compared. */
export async function compareLogs(paths: string[], flags: CompareFlags, io: Io): Promise<BehaviourComparison> {
  const baseline = readBaselineFile(flags.against);
  return withAnswers(paths, flags, io, (answers) =>
    comparedOrThrow(compareBaseline(baseline, answers, { alpha: flags.alpha, minAnswers: flags.minAnswers }), flags.against),
  );
}

/** `amnesia baseline compare <logs> --against baseline.json`: exit 1 on a shift. */
export async function baselineCompareAction(paths: string[], flags: CompareFlags, io: Io): Promise<number> {
  const report = reporter('behaviour', flags.format);
  const { redact } = commandPlan({ config: flags.config, redact: flags.redact });
  const r = await compareLogs(paths, flags, io);
  await writeAll(io.out, report(shownComparison(r, redact), palette(colorEnabled(io.out, io.env))));
  return r.shifted ? EXIT.findings : EXIT.ok;
}
