import fs from 'node:fs';
import { UsageError } from '../../errors.js';
import { openStore } from '../../store/connection.js';
import { analysisIsFresh, analyze, judgeAnalysis, prepareAnalysis } from '../../analysis/run.js';
import { commandPlan } from '../../analysis/flags.js';
import { openTuiStore, type TuiStore } from '../../tui/store.js';
import { colorEnabled, type Io } from '../io.js';
import { EXIT } from '../ctx.js';
import { loadInteractive } from '../../tui/interactive.js';
import { sourceBases } from '../../tui/actions.js';
import { whileAnalyzing, type AnalyzingEnd, type AnalyzingWatch } from '../../tui/analyzing.js';

export interface TuiFlags {
  db: string;
  config?: string;
  redact?: boolean;
  /** live tail: refresh by itself when the store changes */
  follow?: boolean;
  /** --judge <url>: the open steps asked about before the TUI starts, their verdicts shown in the evidence pane */
  judge?: string;
}

/** The store's file and its write-ahead log, sizes and times: another process's commit changes it (read every second while following). */
export function storeSignature(db: string): string {
  return [db, `${db}-wal`]
    .map((f) => {
      const s = fs.statSync(f, { throwIfNoEntry: false });
      return s ? `${s.size}:${s.mtimeMs}` : '-';
    })
    .join(' ');
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
  const first = await freshStore(
    flags.db,
    plan,
    (l) => io.err.write(`${l}\n`),
    (job) => whileAnalyzing(job, { stdin: input, stderr: io.err as NodeJS.WriteStream }),
  );
  if (first === 'quit') {
    io.err.write('amnesia: tui stopped during the analysis; nothing of it was stored (the next `amnesia tui` or `amnesia analyze` starts it again)\n');
    return EXIT.ok;
  }
  if (first === 'ctrl-c') {
    io.err.write('amnesia: tui stopped by Ctrl-C during the analysis; nothing of it was stored\n');
    return 128 + 2;
  }
  const store = openTuiStore(first, { plan, analyzers: ids });
  // every store a refresh (R) opened; each is closed once the next one shows, the last at the end
  const opened: TuiStore[] = [store];
  const reload = async (): Promise<TuiStore> => {
    // the screen is in use: the analysis says nothing (a failure is shown in the TUI's breadcrumb)
    const db = await freshStore(flags.db, plan, () => {});
    if (typeof db === 'string') throw new Error('the analysis stopped');
    const next = openTuiStore(db, { plan, analyzers: ids });
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
      tail: { watch: () => storeSignature(flags.db), follow: flags.follow === true },
    });
  } finally {
    for (const s of opened) s.close();
  }
  return EXIT.ok;
}

type Watched = (job: (watch: AnalyzingWatch) => Promise<void>) => Promise<AnalyzingEnd>;

/** R's analysis: the screen is in use, nothing is said and nothing stops it (a failure is shown in the breadcrumb). */
const quietly: Watched = async (job) => {
  await job({ progress: () => {}, signal: new AbortController().signal });
  return 'done';
};

/**
 * The store opened for reading, its findings fresh: when they are missing or stale (the store or the
 * analyzers changed since they were stored) the analysis runs first and stores them, watched by
 * `watched` (its progress, `q` and Ctrl-C: tui/analyzing.ts), which may stop it: then nothing is stored.
 */
async function freshStore(
  file: string,
  plan: ReturnType<typeof commandPlan>,
  log: (line: string) => void,
  watched: Watched = quietly,
): Promise<ReturnType<typeof openStore> | Exclude<AnalyzingEnd, 'done'>> {
  const db = openStore(file, { readonly: true });
  if (analysisIsFresh(db, plan)) {
    if (!plan.judge && !plan.judgeOff) return db;
    db.close();
    // the findings are stored: only the judge's open questions (cached ones cost nothing)
    const j = openStore(file, { mustExist: true });
    try {
      await judgeAnalysis(j, plan, { log });
    } finally {
      j.close();
    }
    return openStore(file, { readonly: true });
  }
  db.close();
  const w = openStore(file, { mustExist: true });
  let end: AnalyzingEnd;
  try {
    end = await watched(async ({ progress, signal }) => {
      const scope = { persist: true, log, progress, signal };
      // stored by the workers: nothing to read back; else the in-process run stores them
      if (!(await prepareAnalysis(w, plan, scope))) analyze(w, plan, scope);
    });
  } finally {
    w.close();
  }
  return end === 'done' ? openStore(file, { readonly: true }) : end;
}

/** React picks its build from NODE_ENV when it is loaded: the development build is several times slower per keypress, and this process only runs the TUI. */
async function importInteractive(): Promise<typeof import('../../tui/run.js')> {
  process.env.NODE_ENV ??= 'production';
  return loadInteractive();
}
