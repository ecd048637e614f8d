// SECURITY.md's promise "SQL injection through log content or flags": every statement is prepared with bound
// parameters, and the only SQL built from strings is built from constants and placeholder lists. This test
// reads every source file's syntax tree, finds each statement given to SQLite (`prepare`, `pragma`, and
// `exec` on a database), and holds every piece spliced into its text to a safe shape or to the reviewed list
// below. A new `${value}` in SQL fails here until someone has checked where the value comes from.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers.js';

interface Splice {
  file: string;
  /** the spliced expression's text, or `<whole> text` when the statement itself is not a literal */
  expr: string;
}

/** Receivers of `.exec(...)` that are SQLite databases (elsewhere `.exec` is RegExp's). */
const DB_RECEIVER = /(^|\.)(db|database|conn|connection|sqlite)$/i;

function sqlSplices(file: string, source: string): Splice[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const out: Splice[] = [];
  const visit = (n: ts.Node): void => {
    if (ts.isCallExpression(n) && ts.isPropertyAccessExpression(n.expression) && n.arguments.length > 0) {
      const method = n.expression.name.text;
      const receiver = n.expression.expression.getText(sf);
      const isSql = method === 'prepare' || method === 'pragma' || (method === 'exec' && DB_RECEIVER.test(receiver));
      const arg = n.arguments[0];
      if (isSql) {
        if (ts.isTemplateExpression(arg)) for (const s of arg.templateSpans) out.push({ file, expr: s.expression.getText(sf) });
        else if (!ts.isStringLiteral(arg) && !ts.isNoSubstitutionTemplateLiteral(arg)) out.push({ file, expr: `<whole> ${arg.getText(sf)}` });
      }
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return out;
}

/** Shapes that cannot carry a value from a log or a flag into the statement's text. */
const SAFE_SHAPES: [RegExp, string][] = [
  [/^(<whole> )?[A-Z][A-Z0-9_]*$/, 'a module constant (a spliced piece, or the whole statement)'],
  [/^[\w.]+\.map\(\(\) => '\?'\)\.join\('[^']*'\)$/, 'a placeholder list: one ? per bound value'],
  [/^[\w.]+ \? '[^'$`]*' : '[^'$`]*'$/, 'a choice between two literals'],
];

/** Every other splice, reviewed: file, expression, and where its text comes from. */
const REVIEWED: Record<string, Record<string, string>> = {
  'src/db/migrate.ts': { '<whole> m.up': "the migrations' own SQL, constants in src/db/", 'm.version': 'a migration number, a constant' },
  'src/engine/erase.ts': { who: 'a string literal two lines above (bound ? for tenant and user)' },
  'src/engine/memories.ts': {
    'w.sql': 'scopeWhere: literal column tests with bound parameters',
    "filters.join(' AND ')": 'literal column tests with bound parameters',
    '<whole> sql': 'SELECT built from scopeWhere and literal clauses',
  },
  'src/ingest/mastra/index.ts': {
    'read.map((c) => `"${c}"`).join(\', \')': "Mastra's span column names: a constant list, kept where the table has them, quoted",
    "cols.has('endedAt') ? '\"endedAt\", ' : ''": 'a choice between a quoted constant column name and nothing',
  },
  'src/ingest/mem0/index.ts': {
    "read.map((c) => `CASE WHEN _bytes > ${Math.floor(maxBytes)} THEN NULL ELSE ${q(c)} END AS ${q(c)}`).join(', ')":
      "Mem0's mapped column names (constants met in the table) quoted by q, and an integer",
    "read.map(q).join(', ')": "Mem0's mapped column names, quoted",
    size: "the same columns' octet_length sum",
    'schema.table': "one of Mem0's known history table names (a constant schema), quoted",
  },
  'src/store/bad-lines.ts': { "filter.source ? 'WHERE instr(s.path, @source) > 0' : ''": 'a literal; the path is bound' },
  'src/store/connection.ts': {
    "<whole> opts.disposable ? 'synchronous = OFF' : 'synchronous = NORMAL'": 'a choice between two literals',
    '-1024 * Math.max(1, Math.floor(opts.cacheMb ?? 8))': 'an integer',
  },
  'src/store/queries.ts': {
    where: 'a literal; the text searched for is bound (@contains)',
    "filter.maxIdChars ? 'substr(e.session, 1, @maxId) AS shown, length(e.session) AS id_length,' : ''": 'a literal; the length is bound',
  },
  'src/store/writer.ts': {
    "<whole> finalizeSql('')": 'a literal statement with a literal clause',
    "<whole> finalizeSql('AND session = ?')": 'a literal statement with a literal clause',
    "<whole> finalizeEmptySql('')": 'a literal statement with a literal clause',
    "<whole> finalizeEmptySql('AND session = ?')": 'a literal statement with a literal clause',
    before: 'the integer PRAGMA wal_autocheckpoint returned',
  },
};

function sourceFiles(): string[] {
  return fs
    .readdirSync(path.join(ROOT, 'src'), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
    .map((f) => path.join('src', f).split(path.sep).join('/'))
    .sort();
}

const safe = (expr: string) => SAFE_SHAPES.some(([re]) => re.test(expr));

describe('SQL is never built from a value (SECURITY.md: SQL injection)', () => {
  const splices = sourceFiles().flatMap((f) => sqlSplices(f, fs.readFileSync(path.join(ROOT, f), 'utf8')));

  it('finds the statements: prepare, pragma and a database exec, spliced or whole', () => {
    // the scanner itself must see what it is meant to hold; if it stopped finding these, the next test proves nothing
    expect(splices.length).toBeGreaterThan(30);
    expect(splices).toContainEqual({ file: 'src/store/session.ts', expr: 'SESSION_PAGE' });
    expect(splices).toContainEqual({ file: 'src/db/migrate.ts', expr: '<whole> m.up' });
  });

  it('splices only constants, placeholder lists, literal choices and the reviewed expressions', () => {
    const unreviewed = splices.filter((s) => !safe(s.expr) && !REVIEWED[s.file]?.[s.expr]);
    expect(unreviewed, 'a value spliced into SQL: bind it with ?, or review it and add it to REVIEWED').toEqual([]);
  });

  it('lists no reviewed splice the code no longer has', () => {
    const stale = Object.entries(REVIEWED).flatMap(([file, exprs]) =>
      Object.keys(exprs)
        .filter((e) => !splices.some((s) => s.file === file && s.expr === e))
        .map((e) => `${file}: ${e}`),
    );
    expect(stale).toEqual([]);
  });

  it('catches a log value spliced into a statement, whole or in part, and leaves bound parameters and RegExp.exec alone', () => {
    const bad = [
      // biome-ignore lint/suspicious/noTemplateCurlyInString: source text the scanner reads
      "db.prepare(`SELECT * FROM events WHERE session = '${session}'`).all();",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: source text the scanner reads
      'this.db.exec(`DELETE FROM findings WHERE id = ${id}`);',
      'db.prepare(query).run();',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: source text the scanner reads
      'conn.pragma(`user_version = ${flags.version}`);',
    ];
    for (const line of bad) {
      const found = sqlSplices('src/x.ts', line);
      expect(found.length, line).toBe(1);
      expect(safe(found[0].expr), line).toBe(false);
    }
    const good = [
      "db.prepare('SELECT * FROM events WHERE session = ?').all(session);",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: source text the scanner reads
      "db.prepare(`SELECT * FROM e WHERE id IN (${ids.map(() => '?').join(',')})`).all(...ids);",
      'CUE_RE.exec(text);',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: source text the scanner reads
      'db.prepare(`SELECT * FROM e LIMIT ${PAGE}`);',
    ];
    for (const line of good)
      expect(
        sqlSplices('src/x.ts', line).filter((s) => !safe(s.expr)),
        line,
      ).toEqual([]);
  });
});
