import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Issue 17: src/store/ owns every statement on the evidence store (src/db/ is the SQLite loader and
 * migration runner it shares with the engine). Elsewhere only the readers of
 * other programs' databases (ingest: mem0, langgraph, mastra) and the reference engine's own database (src/engine, and src/lab
 * where replay, chaos and eval drive it) may hold SQL.
 */
const ALLOWED = [
  'src/store/',
  'src/db/',
  'src/engine/',
  'src/lab/',
  'src/ingest/database.ts',
  'src/ingest/mem0/',
  'src/ingest/langgraph/',
  'src/ingest/mastra/',
];
const SQL =
  /\.prepare\(|\.pragma\(|\bdb\.exec\(|\.transaction\(|\b(SELECT\s+[\w*(]|INSERT\s+(OR\s+\w+\s+)?INTO|DELETE\s+FROM|UPDATE\s+\w+\s+SET|CREATE\s+(TABLE|INDEX))/;

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === '__tests__' ? [] : sources(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

describe('the store owns every SQL statement', () => {
  it('no statement on the evidence store outside src/store/', () => {
    const offenders: string[] = [];
    for (const file of sources('src')) {
      const rel = file.split(path.sep).join('/');
      if (ALLOWED.some((a) => rel.startsWith(a))) continue;
      fs.readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (SQL.test(line)) offenders.push(`${rel}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(offenders).toEqual([]);
  });

  it('the check sees a statement (it is not vacuous)', () => {
    expect(SQL.test("db.prepare('SELECT json FROM findings WHERE id = ?')")).toBe(true);
    expect(SQL.test('`SELECT count(*) AS n FROM events`')).toBe(true);
    expect(SQL.test('const m = /^(.*):(\\d+)$/.exec(ref);')).toBe(false);
  });
});
