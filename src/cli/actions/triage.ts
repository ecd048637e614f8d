import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../config/index.js';
import { openStore } from '../../store/connection.js';
import { resolveInputs } from '../../ingest/inputs.js';
import { ingest } from '../../ingest/pipeline.js';
import { parseSeverity, selectAnalyzers } from '../../analyzers/select.js';
import type { Io } from '../io.js';
import { outputFormat } from '../options.js';
import { reportStore, REPORT_FORMATS, type AnalyzeFlags } from './analyze.js';
import { splitFormat } from './ingest.js';
import { requireEvents, unreadNotes } from './unread.js';

export interface TriageFlags extends Omit<AnalyzeFlags, 'db'> {
  db?: string;
  inputFormat?: string;
  maxLineBytes?: number;
  progress?: boolean;
}

/** ingest + analyze: into a temporary store (removed afterwards) unless --db is given. */
export async function triageAction(paths: string[], flags: TriageFlags, io: Io): Promise<number> {
  const { input, output } = splitFormat(flags.format, flags.inputFormat, REPORT_FORMATS);
  outputFormat(output, REPORT_FORMATS);
  selectAnalyzers(flags.analyzer);
  parseSeverity('--severity', flags.severity);
  parseSeverity('--fail-on', flags.failOn);
  const config = loadConfig(flags.config);
  const inputs = await resolveInputs(paths, input);
  const tmp = flags.db ? null : fs.mkdtempSync(path.join(os.tmpdir(), 'amnesia-triage-'));
  const file = flags.db ?? path.join(tmp!, 'evidence.db');
  try {
    const db = openStore(file);
    try {
      const s = await ingest(db, { inputs, maxLineBytes: flags.maxLineBytes, models: config.models, stdin: io.in, progress: flags.progress !== false });
      const bad = s.bad_lines ? `, ${s.bad_lines} bad line(s) (first: ${s.bad_samples[0]?.source}: ${s.bad_samples[0]?.reason})` : '';
      io.err.write(`ingested ${s.events} events from ${s.files.length} file(s) into ${tmp ? 'a temporary store' : file}${bad}\n`);
      const notes = unreadNotes(s);
      for (const l of notes) io.err.write(`${l}\n`);
      requireEvents(db, notes);
      return await reportStore(db, { ...flags, db: file }, io, output);
    } finally {
      db.close();
    }
  } finally {
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  }
}
