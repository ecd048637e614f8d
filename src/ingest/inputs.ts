import fs from 'node:fs';
import path from 'node:path';
import { InputError, UsageError } from '../errors.js';
import { detectFormat, formatByName, FORMATS } from './formats.js';
import { byNumberedName, readHead, readTextHead } from './read.js';
import { detectSqliteFormats, isEvidenceStore, isSqliteHead, parseTarget } from './database.js';
import type { DatabaseTarget, InputFormat } from './types.js';

export interface InputFile {
  /** path on disk, or '-' for standard input */
  path: string;
  /** how the file is named in provenance (file:line): relative to the working directory */
  display: string;
  size: number;
  format: InputFormat;
  /** set when the input is a database (the format has a `database` reader) */
  db?: DatabaseTarget;
  /** a named pipe (`mkfifo`, `<(cmd)`): read once, as a stream, like standard input */
  stream?: boolean;
}

/** Extensions looked at inside a folder (a .gz of any of them too). Named files are read whatever their name. */
export const LOG_EXTENSIONS = ['.jsonl', '.ndjson', '.json', '.log', '.csv', '.txt', '.multipart'];

/** Database files looked at inside a folder: read when their tables are a database format's, named as skipped when not. */
export const DB_EXTENSIONS = ['.db', '.sqlite', '.sqlite3'];

function isLogName(name: string): boolean {
  const lower = name.toLowerCase();
  const base = lower.replace(/\.gz$/, '');
  return LOG_EXTENSIONS.some((e) => base.endsWith(e)) || DB_EXTENSIONS.some((e) => lower.endsWith(e));
}

/**
 * A database file met in a folder: the formats whose tables it holds, or why it is skipped. amnesia's
 * own evidence store (a `--db` kept beside the logs) is no log and no skip: null.
 */
function folderDatabase(file: string): InputFormat[] | { reason: string } | null {
  if (!isSqliteHead(readHead(file, 16))) return { reason: 'not an SQLite database, though named like one' };
  if (isEvidenceStore(file)) return null;
  try {
    return detectSqliteFormats(file, displayPath(file), FORMATS);
  } catch (err) {
    if (!(err instanceof InputError)) throw err;
    return { reason: err.message.replace(`${displayPath(file)}: `, '') };
  }
}

function walk(dir: string, out: string[]): void {
  const entries = fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => byNumberedName(a.name, b.name));
  for (const e of entries) {
    if (e.name.startsWith('.') || e.name === 'node_modules') continue;
    const p = path.join(dir, e.name);
    if (e.isDirectory()) walk(p, out);
    else if (e.isFile() && isLogName(e.name)) out.push(p);
  }
}

export function displayPath(p: string): string {
  if (p === '-') return '<stdin>';
  const rel = path.relative(process.cwd(), path.resolve(p));
  return rel.startsWith('..') || path.isAbsolute(rel) ? path.resolve(p) : rel.split(path.sep).join('/');
}

/**
 * Expand the command's paths into files with their formats, before anything is written:
 * a missing path, a folder without logs, an undetectable or unknown format is an InputError (exit 2).
 * Inside folders, a file whose format cannot be detected is skipped and reported in `skipped`.
 */
export interface ResolvedInputs {
  files: InputFile[];
  skipped: { path: string; reason: string }[];
  /** files in a folder that a format reads beside another (`of`), not on their own: neither read alone nor unread */
  companions?: { path: string; of: string; format: string }[];
  /** the format for standard input when '-' was given (an "auto" marker when it is to be detected) */
  stdin: InputFormat | null;
}

export async function resolveInputs(paths: string[], forced?: string): Promise<ResolvedInputs> {
  let format: InputFormat | undefined;
  if (forced) {
    format = formatByName(forced);
    if (!format) throw new UsageError(`unknown format "${forced}"; known formats: ${FORMATS.map((f) => f.name).join(', ')}`);
  }
  const files: InputFile[] = [];
  const skipped: { path: string; reason: string }[] = [];
  const companions: { path: string; of: string; format: string }[] = [];
  let stdin: InputFormat | null = null;
  const seen = new Set<string>();
  for (const p of paths) {
    if (p === '-') {
      stdin = format ?? nativeOrDetectLater;
      continue;
    }
    const scheme = /^([a-z][a-z0-9-]*):(.+)$/.exec(p);
    const dbFormat = scheme ? formatByName(scheme[1]) : undefined;
    if (scheme && dbFormat?.database && !fs.existsSync(p)) {
      files.push(databaseInput(scheme[2], dbFormat));
      continue;
    }
    let st: fs.Stats;
    try {
      st = fs.statSync(p);
    } catch {
      throw new InputError(`${p}: no such file or directory`);
    }
    if (st.isFIFO()) {
      // a pipe can be read only once: hashed while it is read, its format detected from its first bytes
      files.push({ path: p, display: displayPath(p), size: 0, format: format ?? nativeOrDetectLater, stream: true });
      continue;
    }
    if (!st.isFile() && !st.isDirectory()) {
      throw new InputError(`${p}: not a regular file, folder or pipe (devices and sockets are not read)`);
    }
    const candidates: string[] = [];
    if (st.isDirectory()) {
      walk(p, candidates);
    } else candidates.push(p);
    let found = 0;
    for (const file of candidates) {
      const abs = path.resolve(file);
      if (seen.has(abs)) continue;
      seen.add(abs);
      let size: number;
      try {
        size = fs.statSync(file).size;
        fs.accessSync(file, fs.constants.R_OK);
      } catch (err) {
        throw new InputError(`${displayPath(file)}: cannot read (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
      }
      let f = format;
      if (st.isDirectory() && !f && DB_EXTENSIONS.some((e) => file.toLowerCase().endsWith(e))) {
        const dbs = size > 0 ? folderDatabase(file) : { reason: 'an empty file named like a database' };
        if (dbs === null) continue;
        if (!Array.isArray(dbs)) {
          skipped.push({ path: displayPath(file), reason: dbs.reason });
          continue;
        }
        for (const each of dbs) files.push(databaseInput(file, each));
        found++;
        continue;
      }
      if (!st.isDirectory() && size > 0 && isSqliteHead(readHead(file, 16))) {
        // an SQLite file given by name: every database format whose tables it holds, from its tables
        if (f && !f.database) throw new InputError(`${displayPath(file)}: an SQLite database, not ${f.name} logs`);
        for (const each of f ? [f] : detectSqliteFormats(file, displayPath(file), FORMATS)) files.push(databaseInput(file, each));
        found++;
        continue;
      }
      if (f?.database) throw new InputError(`${displayPath(file)}: not an SQLite database (the ${f.name} format reads one)`);
      // in a folder, a file read beside another (or a copy of others: OpenHands' event_cache pages) is
      // listed with it, whatever its own content looks like
      const owner = !f && st.isDirectory() ? companionOwner(file) : undefined;
      if (owner) {
        companions.push({ path: displayPath(file), of: displayPath(owner.of), format: owner.format.name });
        continue;
      }
      if (!f) {
        const head = size === 0 ? '' : await readTextHead(file);
        f = detectFormat(head);
        if (!f && size === 0) f = formatByName('native');
      }
      if (!f) {
        const alone = st.isDirectory() ? undefined : companionOwner(file);
        const reason = alone
          ? `read with ${displayPath(alone.of)} (${alone.format.name}), not on its own: name that file or its folder`
          : `cannot detect the format (known: ${FORMATS.map((x) => x.name).join(', ')}); use --input-format`;
        if (st.isDirectory()) {
          skipped.push({ path: displayPath(file), reason });
          continue;
        }
        throw new InputError(`${displayPath(file)}: ${reason}`);
      }
      files.push({ path: file, display: displayPath(file), size, format: f });
      found++;
    }
    if (st.isDirectory() && found === 0) {
      const why = skipped.length ? ` (${skipped.length} file(s) of unknown format)` : '';
      throw new InputError(`${p}: no readable logs in this folder${why} (looked for ${LOG_EXTENSIONS.join(' ')} and .gz, ${DB_EXTENSIONS.join(' ')})`);
    }
  }
  return { files, skipped, companions, stdin };
}

/** The format that reads this file beside another one, and that file. */
function companionOwner(file: string): { format: InputFormat; of: string } | undefined {
  for (const format of FORMATS) {
    const of = format.companionOf?.(file);
    if (of) return { format, of };
  }
  return undefined;
}

/** `mem0:history.db?session=s7`, `langgraph:postgres://...`: checked here, read by the format. */
function databaseInput(spec: string, format: InputFormat): InputFile {
  const db = parseTarget(spec, format.name);
  if (db.path !== null) {
    let size: number;
    try {
      size = fs.statSync(db.path).size;
      fs.accessSync(db.path, fs.constants.R_OK);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      throw new InputError(`${displayPath(db.path)}: ${code === 'ENOENT' ? 'no such file' : `cannot read (${code ?? 'error'})`}`);
    }
    db.display = displayPath(db.path);
    return { path: db.path, display: db.display, size, format, db };
  }
  return { path: db.url!, display: db.display, size: 0, format, db };
}

/** Marker: standard input's format is detected from its first bytes when reading starts. */
const nativeOrDetectLater = {
  name: 'auto',
  description: 'detected from the first bytes',
  detect: () => 0,
  read() {
    throw new Error('unreachable');
  },
} as InputFormat;

export function isAutoFormat(f: InputFormat): boolean {
  return f === nativeOrDetectLater;
}
