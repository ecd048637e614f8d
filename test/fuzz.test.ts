// Property-based fuzzing of every ingestor: random and mutated lines never crash the pipeline,
// every line is accounted for as an event or a bad line, and re-ingesting is idempotent.
// npm test runs a fixed-seed slice, npm run test:slow the full count (test/tier.ts); `npm run fuzz` runs
// these alone, longer (FUZZ_RUNS, FUZZ_SEED).
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import Database from 'better-sqlite3';
import fc from 'fast-check';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORMATS } from '../src/ingest/formats.js';
import { openStore } from '../src/store/connection.js';
import { ingest } from '../src/ingest/pipeline.js';
import { resolveInputs } from '../src/ingest/inputs.js';
import { SessionReader } from '../src/store/session.js';
import { FIXTURES, tmpdir } from './helpers.js';
import { cell, cellValue, mutate, readDatabase, readStream, samplesByFormat, samplesByFormatAndKind, textMutation } from './fuzz-readers.js';
import { loadDump, startPostgres, type PgServer } from './postgres.js';
import { EXHAUSTIVE, sized } from './tier.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? sized(60, 600));
const SEED = Number(process.env.FUZZ_SEED ?? 42);

const base = [
  { kind: 'request', ts: '2026-03-02T10:00:00Z', session: 's1', turn: 0, model: 'gpt-4o', messages: [{ role: 'user', content: 'never use XML' }] },
  { kind: 'response', ts: '2026-03-02T10:00:01Z', session: 's1', turn: 0, content: 'ok' },
  {
    kind: 'retrieval',
    ts: 1772445600000,
    session: 's1',
    query: 'format',
    top_k: 2,
    threshold: 0.5,
    candidates: [
      { id: 'm1', score: 0.9 },
      { id: 'm2', score: 0.4 },
    ],
  },
  { kind: 'memory_write', ts: '2026-03-02T10:00:02Z', session: 's1', write_id: 'w1', phase: 'acknowledged', memory_id: 'm1' },
  { kind: 'state', ts: '2026-03-02T10:00:03Z', session: 's2', actor: 'a', key: 'k', op: 'write', value: 1, version: 2, expected_version: 1 },
  { kind: 'lifecycle', ts: '2026-03-02T10:00:04Z', session: 's2', event: 'restart', process: 'worker' },
  {
    timestamp: '2026-04-10T08:00:00Z',
    request: { model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }] },
    response: { choices: [{ message: { content: 'yo' } }], usage: { prompt_tokens: 5 } },
    metadata: { session_id: 'o1' },
  },
];

/** A JSON object with an own key (also `__proto__`, which an object literal would take as the prototype). */
function own(key: string, value: unknown): Record<string, unknown> {
  return JSON.parse(`{${JSON.stringify(key)}:${JSON.stringify(value) ?? 'null'}}`) as Record<string, unknown>;
}

/** Keys an attacker picks: prototype members, and escapes. */
const hostileKey = fc.constantFrom('__proto__', 'constructor', 'toString', 'valueOf', 'hasOwnProperty', 'prototype', 'kind\u001b]0;x', '');

/** Ids an attacker picks: lone surrogates, escapes, workflow commands, invisible characters, long ones. */
const hostileId = fc.oneof(
  fc.constantFrom(
    '\ud800',
    'a\udc00b',
    '\udfff\ud83d',
    's\ud83d\ude00\ud800',
    '\u001b]52;c;aGk=\u0007',
    '::add-mask::x',
    '##[error]x',
    '\u202e\u061c\u2028',
    '__proto__',
    'constructor',
  ),
  fc.string({ unit: fc.constantFrom('\ud800', '\udc00', 'a', '\u0000', '\u001b', ':', '#', '[', '\u200b'), minLength: 1, maxLength: 12 }),
  fc.nat(5000).map((n) => 'L'.repeat(n + 1)),
);

/** Values of the wrong type where a string belongs: objects that break String(), arrays, numbers. */
const hostileValue = fc.oneof(
  fc.constantFrom<unknown>({ toString: 1 }, { valueOf: 1, toString: 2 }, { toJSON: 1 }, [], [1, 'a'], {}, 1e308, -0, true),
  hostileKey.chain((k) => fc.anything({ maxDepth: 1 }).map((v) => own(k, v))),
  hostileId,
);

const weird = fc.oneof(
  hostileValue,
  fc.string({ unit: 'grapheme' }),
  fc.string({ unit: fc.constantFrom('\u200b', '\u200f', '\u202e', '\u2066', 'ا', 'ب', '中', '\ufeff', '\u0000', '"', '\\', '{', '}', ',', ':') }),
  fc.integer(),
  fc.double(),
  fc.constant(null),
  fc.boolean(),
  fc.array(fc.integer(), { maxLength: 3 }),
);

/** A valid event, or one with a field removed, retyped or added. */
const mutatedEvent = fc.tuple(fc.constantFrom(...base), fc.nat(), fc.constantFrom('keep', 'remove', 'retype', 'add'), weird).map(([e, n, op, v]) => {
  const o: Record<string, unknown> = structuredClone(e);
  const keys = Object.keys(o);
  const k = keys[n % keys.length];
  if (op === 'remove') delete o[k];
  if (op === 'retype') o[k] = v;
  if (op === 'add') o[`x${n % 5}`] = v;
  return JSON.stringify(o);
});

/** A valid event whose ids (session, id, actor, model, metadata.*) or one own key are hostile. */
const hostileEvent = fc
  .tuple(fc.constantFrom(...base), fc.constantFrom('session', 'id', 'actor', 'model', 'request_id', 'metadata', 'kind', 'key'), hostileValue, hostileKey)
  .map(([e, field, v, key]) => {
    let text = JSON.stringify(e);
    const o: Record<string, unknown> = structuredClone(e);
    if (field === 'key') text = text.replace(/^\{/, `{${JSON.stringify(key)}:${JSON.stringify(v) ?? 'null'},`);
    else if (field === 'metadata') {
      o.metadata = { ...(o.metadata as object), session_id: v, agent: v };
      text = JSON.stringify(o);
    } else {
      if ('request' in o && (field === 'model' || field === 'session')) (o.request as Record<string, unknown>)[field] = v;
      o[field] = v;
      text = JSON.stringify(o);
    }
    return text;
  });

const line = fc.oneof(
  { weight: 5, arbitrary: mutatedEvent },
  { weight: 3, arbitrary: hostileEvent },
  { weight: 1, arbitrary: mutatedEvent.map((s) => s.slice(0, Math.max(1, Math.floor(s.length / 2)))) },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 80 }).map((b) => Buffer.from(b).toString('latin1').replace(/\n/g, ' ')) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 60 }).map((s) => s.replace(/[\r\n]/g, ' ')) },
);

async function countItems(formatName: string, content: Buffer) {
  const format = FORMATS.find((f) => f.name === formatName)!;
  const byLine = new Map<number, { events: number; bad: number }>();
  for await (const item of format.read(Readable.from([content]), { display: 'fuzz', maxLineBytes: 1 << 20 })) {
    const l = byLine.get(item.line) ?? { events: 0, bad: 0 };
    if (item.type === 'event') l.events++;
    else l.bad++;
    byLine.set(item.line, l);
  }
  return byLine;
}

function storeCounts(db: ReturnType<typeof openStore>) {
  return db.prepare('SELECT (SELECT count(*) FROM events) AS e, (SELECT count(*) FROM bad_lines) AS b, (SELECT count(*) FROM messages) AS m').get();
}

describe(`fuzzing the ingestors (${RUNS} runs, seed ${SEED})`, EXHAUSTIVE, () => {
  for (const formatName of ['native', 'openai']) {
    it(`${formatName}: every non-blank line is an event or one bad line, never both`, async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(line, { minLength: 1, maxLength: 25 }), async (lines) => {
          const content = Buffer.from(lines.join('\n') + '\n', 'latin1');
          const byLine = await countItems(formatName, content);
          const text = content.toString('utf8').split('\n');
          for (let i = 0; i < text.length - 1; i++) {
            const l = byLine.get(i + 1);
            if (text[i].trim() === '') continue;
            expect(l, `line ${i + 1}: ${JSON.stringify(text[i])}`).toBeDefined();
            expect(l!.bad, `line ${i + 1}: more than one bad item`).toBeLessThanOrEqual(1);
            if (l!.bad === 1) expect(l!.events, `line ${i + 1} is both an event and a bad line`).toBe(0);
            else expect(l!.events).toBeGreaterThan(0);
          }
        }),
        { numRuns: RUNS, seed: SEED },
      );
    });
  }

  it('csv: random rows never crash; every data row is in a retrieval or a bad line', async () => {
    const cell = fc.oneof(fc.string({ maxLength: 12 }), fc.double({ noNaN: true }).map(String), fc.constantFrom('', '"', '""', 'a,b', 'x\ny', '0.5', 'true'));
    const row = fc
      .array(cell, { minLength: 9, maxLength: 11 })
      .map((cells) => cells.map((c) => (/[",\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(','));
    await fc.assert(
      fc.asyncProperty(fc.array(row, { minLength: 1, maxLength: 20 }), fc.constantFrom('', '__proto__,', 'constructor,', 'toString,'), async (rows, extra) => {
        // a hostile extra column name first (its cells shift every row by one: rows become bad lines, never a crash)
        const header = `${extra}retrieval_id,session,ts,query,top_k,threshold,rank,candidate_id,score,text`;
        const content = Buffer.from([header, ...rows].join('\n') + '\n');
        const byLine = await countItems('csv', content);
        for (const l of byLine.values()) expect(l.events + l.bad).toBeGreaterThan(0);
      }),
      { numRuns: RUNS, seed: SEED },
    );
  });

  it('the whole pipeline: random files ingest without error, twice gives the same store', async () => {
    const dir = tmpdir('amnesia-fuzz-');
    let n = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(line, { minLength: 1, maxLength: 30 }), async (lines) => {
        const file = path.join(dir, `f${n++}.jsonl`);
        const bytes = Buffer.from(lines.join('\n') + '\n', 'latin1');
        fs.writeFileSync(file, bytes);
        const db = openStore(path.join(dir, `s${n}.db`));
        try {
          const inputs = { files: [{ path: file, display: path.basename(file), size: fs.statSync(file).size, format: FORMATS[0] }], skipped: [], stdin: null };
          const a = await ingest(db, { inputs, progress: false });
          const first = storeCounts(db);
          // lines as the bytes have them (a character above U+00FF written as latin1 can become a newline)
          const nonBlank = bytes
            .toString('latin1')
            .split('\n')
            .filter((l) => Buffer.from(l, 'latin1').toString('utf8').trim() !== '').length;
          expect(a.events + a.duplicates + a.bad_lines, JSON.stringify({ a, lines })).toBe(nonBlank);
          const again = await ingest(db, { inputs: await resolveInputs([file], 'native'), progress: false });
          expect(again.events).toBe(0);
          expect(storeCounts(db)).toEqual(first);
        } finally {
          db.close();
        }
      }),
      { numRuns: Math.max(10, Math.floor(RUNS / 3)), seed: SEED },
    );
  });

  it('hostile session ids: every session the store lists is found again by its id (none hidden)', async () => {
    const dir = tmpdir('amnesia-fuzz-ids-');
    let n = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(hostileId, { minLength: 1, maxLength: 8 }), async (ids) => {
        const file = path.join(dir, `f${n++}.jsonl`);
        fs.writeFileSync(file, ids.map((session, i) => JSON.stringify({ kind: 'response', ts: 1772445600000 + i, session, content: 'x' })).join('\n') + '\n');
        const db = openStore(path.join(dir, `s${n}.db`));
        try {
          const s = await ingest(db, { inputs: await resolveInputs([file], 'native'), progress: false });
          expect(s.events + s.bad_lines).toBe(ids.length);
          const reader = new SessionReader(db);
          let events = 0;
          for (const id of reader.sessionIds()) events += reader.load(id).events.length;
          expect(events).toBe(s.events);
        } finally {
          db.close();
        }
      }),
      { numRuns: Math.max(10, Math.floor(RUNS / 3)), seed: SEED },
    );
  });
});

// One target per reader: every format's real sample, mutated (a value or a key replaced by hostile JSON,
// nesting past the limit, a cut, a byte, a line dropped or doubled), and the database readers' real
// files with cells rewritten. A reader may refuse an input in one typed line (InputError); any other
// error is a crash. npm test runs a few seeded runs per reader, test:slow and npm run fuzz more.
const READER_RUNS = Math.max(3, Math.floor(RUNS / 10));
const SAMPLES = samplesByFormat();
const isItem = (i: { type: string }) => i.type === 'event' || i.type === 'bad';

describe(`fuzzing each reader (${READER_RUNS} runs each, seed ${SEED})`, EXHAUSTIVE, () => {
  it('every stream format has a real sample to fuzz', () => {
    expect(FORMATS.filter((f) => !f.database && !SAMPLES.has(f.name)).map((f) => f.name)).toEqual([]);
  });

  const KINDS = samplesByFormatAndKind();
  for (const [format, file] of FORMATS.filter((f) => !f.database).flatMap((f) => (KINDS.get(f.name) ?? []).map((file) => [f, file] as const))) {
    it(`${format.name}: a mutated real sample (${path.relative(FIXTURES, file)}) never crashes the reader`, async () => {
      const text = fs.readFileSync(file, 'utf8');
      await fc.assert(
        fc.asyncProperty(fc.array(textMutation, { minLength: 1, maxLength: 3 }), async (ms) => {
          const mutated = ms.reduce(mutate, text);
          const items = await readStream(format, Buffer.from(mutated), file);
          expect(items.every(isItem)).toBe(true);
        }),
        { numRuns: READER_RUNS, seed: SEED },
      );
    });
  }

  /** Rewrite cells of an SQLite copy: [row pick, column pick, value] each. */
  const sqliteEdits = fc.array(fc.tuple(fc.nat(), fc.nat(), fc.nat(), cellValue), { minLength: 1, maxLength: 4 });
  function editSqlite(file: string, tables: string[], edits: [number, number, number, Parameters<typeof cell>[0]][]) {
    const db = new Database(file);
    try {
      for (const [t, r, c, v] of edits) {
        const table = tables[t % tables.length];
        const cols = db.prepare('SELECT name FROM pragma_table_info(?)').pluck().all(table) as string[];
        const rowids = db.prepare(`SELECT rowid FROM "${table}"`).pluck().all() as number[];
        if (!rowids.length) continue;
        const rowid = rowids[r % rowids.length];
        const col = cols[c % cols.length];
        const current = db.prepare(`SELECT "${col}" FROM "${table}" WHERE rowid = ?`).pluck().get(rowid);
        try {
          db.prepare(`UPDATE "${table}" SET "${col}" = ? WHERE rowid = ?`).run(cell(v, current, false) as never, rowid);
        } catch {
          // a constraint (NOT NULL, a duplicate key) refused it: the next edit
        }
      }
    } finally {
      db.close();
    }
  }

  const SQLITE_TARGETS = [
    { format: 'mem0', file: path.join(FIXTURES, 'formats', 'mem0', 'js-sequential.db'), tables: ['memory_history'] },
    { format: 'mem0', file: path.join(FIXTURES, 'formats', 'mem0', 'py-two-writers.db'), tables: ['history'] },
    { format: 'langgraph', file: path.join(FIXTURES, 'real', 'generated-memsys', 'langgraph', 'checkpoints.sqlite'), tables: ['checkpoints', 'writes'] },
  ];
  for (const t of SQLITE_TARGETS) {
    it(`${t.format} (SQLite, ${path.basename(t.file)}): rewritten cells never crash the reader`, async () => {
      const dir = tmpdir('amnesia-fuzz-db-');
      const format = FORMATS.find((f) => f.name === t.format)!;
      let n = 0;
      await fc.assert(
        fc.asyncProperty(sqliteEdits, async (edits) => {
          const file = path.join(dir, `${n++}.db`);
          fs.copyFileSync(t.file, file);
          editSqlite(file, t.tables, edits);
          const items = await readDatabase(format, { path: file, url: null });
          expect(items.every(isItem)).toBe(true);
          fs.rmSync(file);
        }),
        { numRuns: READER_RUNS, seed: SEED },
      );
    });
  }

  describe('langgraph (Postgres)', () => {
    let server: PgServer | undefined;
    let base = '';
    beforeAll(async () => {
      server = startPostgres();
      base = await loadDump(server.url, path.join(FIXTURES, 'real', 'generated-memsys', 'langgraph', 'checkpoints.pg.sql'));
    });
    afterAll(() => server?.stop());

    it('checkpoints.pg.sql: rewritten cells never crash the reader', async () => {
      const format = FORMATS.find((f) => f.name === 'langgraph')!;
      const baseName = new URL(base).pathname.slice(1);
      const admin = new pg.Client({ connectionString: server!.url });
      await admin.connect();
      let n = 0;
      try {
        await fc.assert(
          fc.asyncProperty(sqliteEdits, async (edits) => {
            const name = `${baseName}_f${n++}`;
            await admin.query(`CREATE DATABASE ${name} TEMPLATE ${baseName}`);
            const url = new URL(base);
            url.pathname = `/${name}`;
            const c = new pg.Client({ connectionString: url.toString() });
            await c.connect();
            try {
              const tables = ['checkpoints', 'checkpoint_blobs', 'checkpoint_writes'];
              for (const [t, r, k, v] of edits) {
                const table = tables[t % tables.length];
                const cols = (
                  await c.query('SELECT column_name, data_type FROM information_schema.columns WHERE table_name = $1 ORDER BY ordinal_position', [table])
                ).rows as {
                  column_name: string;
                  data_type: string;
                }[];
                const rows = (await c.query(`SELECT ctid::text AS id FROM ${table}`)).rows as { id: string }[];
                if (!rows.length) continue;
                const col = cols[k % cols.length];
                const id = rows[r % rows.length].id;
                const current = (await c.query(`SELECT "${col.column_name}" AS v FROM ${table} WHERE ctid = $1::tid`, [id])).rows[0]?.v;
                let value = cell(
                  v,
                  col.data_type === 'bytea' ? current : typeof current === 'string' ? current : JSON.stringify(current),
                  col.data_type !== 'bytea',
                );
                if (typeof value === 'string') value = value.replace(/\0/g, '');
                if (typeof value === 'number' && col.data_type !== 'integer') value = String(value);
                await c.query(`UPDATE ${table} SET "${col.column_name}" = $1 WHERE ctid = $2::tid`, [value, id]).catch(() => undefined);
              }
            } finally {
              await c.end();
            }
            const items = await readDatabase(format, { path: null, url: url.toString() });
            expect(items.every(isItem)).toBe(true);
            await admin.query(`DROP DATABASE ${name}`);
          }),
          { numRuns: READER_RUNS, seed: SEED },
        );
      } finally {
        await admin.end();
      }
    });
  });
});
