/**
 * Fixture generators reproduce the files committed beside them: each is run on a copy of its
 * folder and every file of the folder must then equal the committed one (the hand-written fixtures
 * beside the generated ones are left as they are). The deterministic generators are
 * listed here; the others (fixtures/formats, fixtures/real, scripts/memsys-samples, eval's and
 * bench's) are not held yet.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers.js';

const GENERATORS = [
  'src/analyzers/tool-drift/fixtures/generate.mjs',
  'src/analyzers/window-overflow/fixtures/generate.mjs',
  'fixtures/incidents/tool-drift/generate.mjs',
  'fixtures/incidents/window-overflow/generate.mjs',
];

const files = (dir: string, base = dir): string[] =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((d) => (d.isDirectory() ? files(path.join(dir, d.name), base) : [path.relative(base, path.join(dir, d.name))]));

describe('fixture generators reproduce the committed fixtures', () => {
  for (const g of GENERATORS) {
    it(g, () => {
      const from = path.join(ROOT, path.dirname(g));
      const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'amnesia-gen-'));
      try {
        const to = path.join(tmp, 'copy');
        fs.cpSync(from, to, { recursive: true });
        execFileSync(process.execPath, [path.join(to, path.basename(g))], { stdio: 'pipe', timeout: 60_000 });
        const differ = files(from).filter((f) => !fs.readFileSync(path.join(from, f)).equals(fs.readFileSync(path.join(to, f))));
        expect(differ).toEqual([]);
      } finally {
        fs.rmSync(tmp, { recursive: true, force: true });
      }
    });
  }
});
