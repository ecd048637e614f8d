import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/** An analyzer's README (copied beside the compiled analyzer at build time; read from src/ in development). */
export function analyzerReadme(id: string): string {
  for (const p of [path.join(here, id, 'README.md'), path.join(here, '..', '..', 'src', 'analyzers', id, 'README.md')]) {
    if (fs.existsSync(p)) return fs.readFileSync(p, 'utf8');
  }
  return '';
}
