import { UsageError } from '../../errors.js';
import { openStore } from '../../store/connection.js';
import { analysisIsFresh, analyze, prepareAnalysis } from '../../analysis/run.js';
import { commandPlan } from '../../analysis/flags.js';
import { openTuiStore, type TuiStore } from '../../tui/store.js';
import { colorEnabled, type Io } from '../io.js';
import { EXIT } from '../ctx.js';
import { loadInteractive } from '../../tui/interactive.js';
import { sourceBases } from '../../tui/actions.js';

export interface TuiFlags {
  db: string;
  config?: string;
  redact?: boolean;
}

/**
 * `amnesia tui`: the interactive drill-down over the store's findings. Needs a terminal; when
 * the stored findings are missing or stale (the store or the analyzers changed) it runs the
 * analysis first and stores it, then starts Ink.
 */
export async function tuiAction(flags: TuiFlags, io: Io): Promise<number> {
  const input = io.in as NodeJS.ReadStream;
  if (!io.out.isTTY || !input.isTTY) {
    throw new UsageError('`amnesia tui` needs an interactive terminal; for a report on stdout use `amnesia analyze` (--format text, json or markdown)');
  }
  // a terminal that declares it cannot move the cursor: drawing a frame would print escape sequences as text
  if (io.env.TERM === 'dumb') {
    throw new UsageError('`amnesia tui` needs a terminal that can move the cursor, and TERM=dumb says this one cannot; use `amnesia analyze` for a report');
  }
  // the one plan: the analyzers, the config, --redact; the Replay pane judges under it as `amnesia replay` does
  const plan = commandPlan(flags);
  const ids = plan.analyzers.map((a) => a.meta.id);
  const store = openTuiStore(await freshStore(flags.db, plan, (l) => io.err.write(`${l}\n`)), { plan, analyzers: ids });
  // every store a refresh (R) opened; each is closed once the next one shows, the last at the end
  const opened: TuiStore[] = [store];
  const reload = async (): Promise<TuiStore> => {
    // the screen is in use: the analysis says nothing (a failure is shown in the TUI's breadcrumb)
    const next = openTuiStore(await freshStore(flags.db, plan, () => {}), { plan, analyzers: ids });
    while (opened.length > 1) opened.shift()!.close();
    opened.push(next);
    return next;
  };
  try {
    const { runTui } = await importInteractive();
    await runTui(store, {
      color: colorEnabled(io.out, io.env),
      styles: true,
      stdin: input,
      stdout: io.out as NodeJS.WriteStream,
      stderr: io.err as NodeJS.WriteStream,
      db: flags.db,
      env: io.env,
      sourceBases: sourceBases(process.cwd(), flags.db),
      reload,
    });
  } finally {
    for (const s of opened) s.close();
  }
  return EXIT.ok;
}

/**
 * The store opened for reading, its findings fresh: when they are missing or stale (the store or the
 * analyzers changed since they were stored) the analysis runs first and stores them.
 */
async function freshStore(file: string, plan: ReturnType<typeof commandPlan>, log: (line: string) => void): Promise<ReturnType<typeof openStore>> {
  const db = openStore(file, { readonly: true });
  if (analysisIsFresh(db, plan)) return db;
  db.close();
  log('analyzing...');
  const w = openStore(file, { mustExist: true });
  try {
    const scope = { persist: true, log };
    // stored by the workers: nothing to read back; else the in-process run stores them
    if (!(await prepareAnalysis(w, plan, scope))) analyze(w, plan, scope);
  } finally {
    w.close();
  }
  return openStore(file, { readonly: true });
}

/** React picks its build from NODE_ENV when it is loaded: the development build is several times slower per keypress, and this process only runs the TUI. */
async function importInteractive(): Promise<typeof import('../../tui/run.js')> {
  process.env.NODE_ENV ??= 'production';
  return loadInteractive();
}
