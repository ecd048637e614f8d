import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Analyzer } from './define.js';

const here = path.dirname(fileURLToPath(import.meta.url));

/** An analyzer's README (copied beside the compiled analyzer at build time; read from src/ in development). */
export function analyzerReadme(id: string): string {
  for (const p of [path.join(here, id, 'README.md'), path.join(here, '..', '..', 'src', 'analyzers', id, 'README.md')]) {
    if (fs.existsSync(p)) return fs.readFileSync(p, 'utf8');
  }
  return '';
}

/** The markers between which the top-level README holds the analyzers table. */
export const TABLE_START =
  "<!-- analyzers table: written by `npm run build` from each analyzer's meta.summary (src/analyzers/<id>/index.ts); edit it there -->";
export const TABLE_END = '<!-- end of the analyzers table -->';

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');

/** The README's table of analyzers, one row per analyzer of the registry in its order. */
export function analyzersTable(analyzers: readonly Analyzer[]): string {
  const rows = analyzers.map((a) => `| \`${a.meta.id}\` | ${cell(a.meta.summary.happened)} | ${cell(a.meta.summary.fix)} |`);
  return ['| analyzer | what happened | the usual fix |', '|---|---|---|', ...rows].join('\n');
}

/**
 * `readme` with the text between its table markers replaced by `table`; throws when the markers are
 * missing or out of order, so a README that lost them is noticed, not silently left stale.
 */
export function withAnalyzersTable(readme: string, table: string): string {
  const start = readme.indexOf(TABLE_START);
  const end = readme.indexOf(TABLE_END);
  if (start < 0 || end < start) throw new Error(`README.md: the analyzers table markers are missing (${TABLE_START} ... ${TABLE_END})`);
  return `${readme.slice(0, start + TABLE_START.length)}\n${table}\n${readme.slice(end)}`;
}
