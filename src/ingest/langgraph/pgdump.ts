import fs from 'node:fs';
import readline from 'node:readline';
import { InputError } from '../../errors.js';
import type { Backend, CheckpointRow, WriteRow } from './backend.js';

/**
 * A `pg_dump` of PostgresSaver's tables, read without a server: the COPY blocks pg_dump writes by
 * default, or its `--inserts` / `--column-inserts` statements (one row or several per statement).
 *   pg_dump --no-owner -t checkpoints -t checkpoint_blobs -t checkpoint_writes app > checkpoints.pg.sql
 * The three tables' rows are held in memory (the dump is read once, line by line); other tables in
 * the dump are skipped. A dump that ends early (inside a COPY block or a statement, or without pg_dump's
 * closing comment), a row with the wrong number of fields, or a LangGraph table without its key
 * columns is refused in one line naming the file and the line.
 */

const TABLES = ['checkpoints', 'checkpoint_writes', 'checkpoint_blobs'] as const;
type Table = (typeof TABLES)[number];
/** the columns each table must have (PostgresSaver 1.0.5's migrations), and their order when a statement names none */
const COLUMNS: Record<Table, string[]> = {
  checkpoints: ['thread_id', 'checkpoint_ns', 'checkpoint_id', 'parent_checkpoint_id', 'type', 'checkpoint', 'metadata'],
  checkpoint_writes: ['thread_id', 'checkpoint_ns', 'checkpoint_id', 'task_id', 'idx', 'channel', 'type', 'blob'],
  checkpoint_blobs: ['thread_id', 'checkpoint_ns', 'channel', 'version', 'type', 'blob'],
};
const REQUIRED: Record<Table, string[]> = {
  checkpoints: ['thread_id', 'checkpoint_id', 'checkpoint'],
  checkpoint_writes: ['thread_id', 'checkpoint_id', 'task_id', 'idx', 'channel', 'blob'],
  checkpoint_blobs: ['thread_id', 'channel', 'version', 'blob'],
};

/** The first bytes of a pg_dump plain-format file (or of a file of COPY / INSERT statements). */
export function looksLikeDump(head: string): boolean {
  return /^(--|SET |COPY |INSERT INTO |CREATE TABLE |\\restrict )/m.test(head.slice(0, 4096));
}

/** `public.checkpoints`, `"public"."checkpoints"`, `checkpoints` -> `checkpoints` */
function tableName(q: string): string {
  const last = q.split('.').pop() ?? q;
  return last.replace(/^"|"$/g, '').replace(/""/g, '"');
}

function columnList(s: string): string[] {
  return s.split(',').map((c) => c.trim().replace(/^"|"$/g, ''));
}

/** COPY's text format: `\N` is NULL; backslash escapes (\t \n \\ \ooo \xHH ...) in every other field. */
function copyField(f: string): string | null {
  if (f === '\\N') return null;
  if (!f.includes('\\')) return f;
  return f.replace(/\\(x[0-9a-fA-F]{1,2}|[0-7]{1,3}|.)/g, (_, e: string) => {
    if (e[0] === 'x' && e.length > 1) return String.fromCharCode(Number.parseInt(e.slice(1), 16));
    if (/^[0-7]/.test(e)) return String.fromCharCode(Number.parseInt(e, 8));
    return ({ b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v' } as Record<string, string>)[e] ?? e;
  });
}

class DumpError extends Error {}

/** bytea's hex output (`\x7b22…`, Postgres' default) as bytes. */
function bytea(v: string): Buffer {
  if (!/^\\x([0-9a-fA-F]{2})*$/.test(v)) throw new DumpError('a bytea value that is not in hex form (\\x…)');
  return Buffer.from(v.slice(2), 'hex');
}

/**
 * The tuples of an INSERT's VALUES list: `('a', NULL, 3), (...)`. Literals as pg_dump writes them
 * with standard_conforming_strings on: '…' with '' for a quote, NULL, numbers, and casts (`'{}'::jsonb`).
 * Returns null when the statement is not complete yet (a literal or the list still open).
 */
function insertTuples(s: string, from: number): (string | null)[][] | null {
  const tuples: (string | null)[][] = [];
  let i = from;
  const skipWs = () => {
    while (i < s.length && /\s/.test(s[i])) i++;
  };
  for (;;) {
    skipWs();
    if (i >= s.length) return null;
    if (s[i] !== '(') throw new DumpError(`expected "(" in VALUES, found "${s.slice(i, i + 20)}"`);
    i++;
    const row: (string | null)[] = [];
    for (;;) {
      skipWs();
      if (i >= s.length) return null;
      let value: string | null;
      if (s[i] === "'" || ((s[i] === 'E' || s[i] === 'e') && s[i + 1] === "'")) {
        if (s[i] !== "'") throw new DumpError("an E'…' literal (dump with standard_conforming_strings on, pg_dump's default)");
        let out = '';
        i++;
        for (;;) {
          const q = s.indexOf("'", i);
          if (q < 0) return null;
          out += s.slice(i, q);
          if (s[q + 1] === "'") {
            out += "'";
            i = q + 2;
            continue;
          }
          i = q + 1;
          break;
        }
        value = out;
      } else {
        const m = /^(NULL|[-+]?[0-9.eE+-]+|true|false)/i.exec(s.slice(i, i + 64));
        if (!m) throw new DumpError(`a value that is not a literal: "${s.slice(i, i + 20)}"`);
        value = m[1].toUpperCase() === 'NULL' ? null : m[1];
        i += m[1].length;
      }
      const cast = /^::[\w." ]+?(?=[,)\s])/.exec(s.slice(i, i + 64));
      if (cast) i += cast[0].length;
      row.push(value);
      skipWs();
      if (i >= s.length) return null;
      if (s[i] === ',') {
        i++;
        continue;
      }
      if (s[i] === ')') {
        i++;
        break;
      }
      throw new DumpError(`expected "," or ")" in VALUES, found "${s.slice(i, i + 20)}"`);
    }
    tuples.push(row);
    skipWs();
    if (i >= s.length) return null;
    if (s[i] === ',') {
      i++;
      continue;
    }
    if (s[i] === ';') return tuples;
    throw new DumpError(`expected "," or ";" after a row, found "${s.slice(i, i + 20)}"`);
  }
}

/** key columns: never NULL in a row PostgresSaver wrote */
const KEYS = new Set(['thread_id', 'checkpoint_id', 'task_id', 'idx', 'channel', 'version']);

interface Rows {
  checkpoints: Map<string, CheckpointRow[]>;
  writes: Map<string, WriteRow[]>;
  blobs: Map<string, { type: string | null; value: unknown }>;
  threads: [string, string][];
}

const k = (...parts: string[]) => parts.join('\0');

const QNAME = String.raw`((?:"(?:[^"]|"")+"|[\w$]+)(?:\.(?:"(?:[^"]|"")+"|[\w$]+))?)`;
const COPY_RE = new RegExp(String.raw`^COPY\s+${QNAME}\s*(?:\(([^)]*)\))?\s+FROM\s+stdin;\s*$`, 'i');
const INSERT_RE = new RegExp(String.raw`^INSERT INTO\s+${QNAME}\s*(?:\(([^)]*)\))?\s*VALUES\s*`, 'i');
const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The dump read line by line: what block or statement a line is in, and the rows kept so far. */
class DumpParser {
  readonly rows: Rows = { checkpoints: new Map(), writes: new Map(), blobs: new Map(), threads: [] };
  private readonly threadSet = new Set<string>();
  /** CREATE TABLE columns, by table */
  private readonly defined = new Map<string, string[]>();
  /** every table the dump holds rows or a definition of, and its first line */
  private readonly seen = new Map<string, number>();
  private lineNo = 0;
  private pgDump = false;
  private complete = false;
  private copy: { table: Table | null; name: string; cols: string[]; line: number } | null = null;
  private create: { table: string; cols: string[]; line: number } | null = null;
  private insert: { text: string; line: number } | null = null;

  constructor(private readonly display: string) {}

  private fail(reason: string, at = this.lineNo): never {
    throw new InputError(`${this.display}:${at}: ${reason}`);
  }

  private asTable(name: string, at: number): Table | null {
    if (!this.seen.has(name)) this.seen.set(name, at);
    return (TABLES as readonly string[]).includes(name) ? (name as Table) : null;
  }

  private columnsOf(t: Table, cols: string[], at: number): void {
    const missing = REQUIRED[t].filter((c) => !cols.includes(c));
    if (missing.length) this.fail(`${t} has no ${missing.join(', ')} column${missing.length > 1 ? 's' : ''}: not PostgresSaver's ${t} table`, at);
  }

  private add(t: Table, cols: string[], values: (string | null)[], at: number): void {
    if (values.length !== cols.length) this.fail(`a ${t} row with ${values.length} fields, the table has ${cols.length}`, at);
    const r: Record<string, string | null> = {};
    cols.forEach((c, i) => {
      r[c] = values[i];
    });
    for (const c of REQUIRED[t]) if (r[c] === null && KEYS.has(c)) this.fail(`a ${t} row whose ${c} is NULL`, at);
    let blob: Buffer | null = null;
    try {
      blob = r.blob !== undefined && r.blob !== null ? bytea(r.blob) : null;
    } catch (err) {
      this.fail(`a ${t} row: ${(err as Error).message}`, at);
    }
    const thread = r.thread_id as string;
    const ns = r.checkpoint_ns ?? '';
    const push = <T>(map: Map<string, T[]>, key: string, v: T) => {
      const list = map.get(key);
      if (list) list.push(v);
      else map.set(key, [v]);
    };
    if (t === 'checkpoints') {
      const key = k(thread, ns);
      const id = r.checkpoint_id as string;
      push(this.rows.checkpoints, key, {
        thread,
        ns,
        id,
        parent: r.parent_checkpoint_id ?? null,
        type: r.type ?? null,
        checkpoint: r.checkpoint,
        metadata: r.metadata ?? '{}',
      });
      if (!this.threadSet.has(key)) {
        this.threadSet.add(key);
        this.rows.threads.push([thread, ns]);
      }
    } else if (t === 'checkpoint_writes') {
      const idx = Number(r.idx);
      if (!Number.isInteger(idx)) this.fail(`a checkpoint_writes row whose idx is not an integer ("${r.idx}")`, at);
      push(this.rows.writes, k(thread, ns, r.checkpoint_id as string), {
        taskId: r.task_id as string,
        idx,
        channel: r.channel as string,
        type: r.type ?? null,
        value: blob,
      });
    } else {
      this.rows.blobs.set(k(thread, ns, r.channel as string, r.version as string), { type: r.type ?? null, value: blob });
    }
  }

  line(line: string): void {
    this.lineNo++;
    if (this.copy) this.copyLine(line);
    else if (this.create) this.createLine(line);
    else if (this.insert) {
      this.insert.text += `\n${line}`;
      this.insertLine();
    } else if (line.startsWith('--')) {
      if (/^-- PostgreSQL database dump\s*$/.test(line)) this.pgDump = true;
      if (/^-- PostgreSQL database dump complete\s*$/.test(line)) this.complete = true;
    } else if (line.startsWith('COPY ')) {
      const m = COPY_RE.exec(line) ?? this.fail('a COPY statement that is not COPY … FROM stdin (only the data a dump carries is read)');
      const name = tableName(m[1]);
      const t = this.asTable(name, this.lineNo);
      const cols = m[2] ? columnList(m[2]) : (this.defined.get(name) ?? (t ? COLUMNS[t] : []));
      if (t) this.columnsOf(t, cols, this.lineNo);
      this.copy = { table: t, name, cols, line: this.lineNo };
    } else if (line.startsWith('CREATE TABLE ')) {
      const m = /^CREATE TABLE\s+(\S+)\s*\($/.exec(line);
      if (m) {
        const name = tableName(m[1]);
        this.asTable(name, this.lineNo);
        this.create = { table: name, cols: [], line: this.lineNo };
      }
    } else if (line.startsWith('INSERT INTO ')) {
      this.insert = { text: line, line: this.lineNo };
      this.insertLine();
    }
  }

  private copyLine(line: string): void {
    const copy = this.copy!;
    if (line === '\\.') {
      this.copy = null;
      return;
    }
    if (!copy.table) return;
    this.add(
      copy.table,
      copy.cols,
      line.split('\t').map((f) => copyField(f)),
      this.lineNo,
    );
  }

  private createLine(line: string): void {
    const create = this.create!;
    if (/^\);/.test(line)) {
      this.defined.set(create.table, create.cols);
      this.create = null;
      return;
    }
    const m = /^\s+("(?:[^"]|"")+"|\w+)\s/.exec(line);
    if (m && !/^\s+(CONSTRAINT|PRIMARY|UNIQUE|CHECK|FOREIGN)\b/i.test(line)) create.cols.push(m[1].replace(/^"|"$/g, ''));
  }

  /** an INSERT statement, possibly over several lines (a literal holding a newline): read once it is whole */
  private insertLine(): void {
    const insert = this.insert!;
    const m = INSERT_RE.exec(insert.text) ?? this.fail('an INSERT statement that is not INSERT INTO … VALUES (…)', insert.line);
    const name = tableName(m[1]);
    const t = this.asTable(name, insert.line);
    let tuples: (string | null)[][] | null;
    try {
      tuples = insertTuples(insert.text, m[0].length);
    } catch (err) {
      if (err instanceof DumpError) this.fail(err.message, insert.line);
      throw err;
    }
    if (tuples === null) return;
    this.insert = null;
    if (!t) return; // another table's rows: skipped once the statement is whole
    const cols = m[2] ? columnList(m[2]) : (this.defined.get(name) ?? COLUMNS[t]);
    this.columnsOf(t, cols, insert.line);
    for (const tuple of tuples) this.add(t, cols, tuple, insert.line);
  }

  finish(): Rows {
    if (this.copy) this.fail(`the dump ends inside the COPY block of ${this.copy.name} begun at line ${this.copy.line} (no "\\." line): truncated`);
    if (this.insert) this.fail(`the dump ends inside the INSERT statement begun at line ${this.insert.line}: truncated`);
    if (this.create) this.fail(`the dump ends inside the CREATE TABLE ${this.create.table} begun at line ${this.create.line}: truncated`);
    if (this.pgDump && !this.complete) this.fail('the dump has no "-- PostgreSQL database dump complete" line, which pg_dump writes last: truncated');
    if (!this.seen.has('checkpoints') || !this.seen.has('checkpoint_writes')) {
      const others = [...this.seen].filter(([n]) => !(TABLES as readonly string[]).includes(n));
      const what = others.length
        ? ` (tables: ${others
            .slice(0, 6)
            .map(([n, at]) => `${n} at line ${at}`)
            .join(', ')})`
        : ' (no table definitions or rows)';
      throw new InputError(`${this.display}: not a pg_dump of LangGraph's checkpoints and checkpoint_writes tables${what}`);
    }
    const { rows } = this;
    for (const list of rows.checkpoints.values()) list.sort((a, b) => cmp(a.id, b.id));
    for (const list of rows.writes.values()) list.sort((a, b) => cmp(a.taskId, b.taskId) || a.idx - b.idx);
    rows.threads.sort((a, b) => cmp(a[0], b[0]) || cmp(a[1], b[1]));
    return rows;
  }
}

/** Read the dump's LangGraph rows; an InputError `file:line: …` when it is not whole. */
export async function readDump(file: string, display: string): Promise<Rows> {
  const parser = new DumpParser(display);
  const input = fs.createReadStream(file, { encoding: 'utf8' });
  input.on('error', () => undefined); // reported by the iteration below
  const lines = readline.createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY });
  try {
    for await (const line of lines) {
      try {
        parser.line(line);
      } catch (err) {
        if (err instanceof DumpError) throw new InputError(`${display}: ${err.message}`);
        throw err;
      }
    }
  } catch (err) {
    if (err instanceof InputError) throw err;
    throw new InputError(`${display}: cannot read (${(err as Error).message})`);
  }
  return parser.finish();
}

/** The dump as a Backend: the same pages and lookups map.ts makes on a server. */
export async function dumpBackend(file: string, display: string): Promise<Backend> {
  const rows = await readDump(file, display);
  return {
    tables: { checkpoints: 'checkpoints', writes: 'checkpoint_writes', blobs: 'checkpoint_blobs' },
    threads: async (after, limit) =>
      rows.threads.filter((t) => after === null || cmp(t[0], after[0]) > 0 || (t[0] === after[0] && cmp(t[1], after[1]) > 0)).slice(0, limit),
    checkpoints: async (thread, ns, after, limit) => (rows.checkpoints.get(k(thread, ns)) ?? []).filter((c) => after === null || c.id > after).slice(0, limit),
    writes: async (thread, ns, id) => rows.writes.get(k(thread, ns, id)) ?? [],
    blob: async (thread, ns, channel, version) => rows.blobs.get(k(thread, ns, channel, version)),
    close: async () => undefined,
  };
}
