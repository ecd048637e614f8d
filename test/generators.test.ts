/**
 * Fixture generators reproduce the files committed beside them: each is run on a copy of its
 * folder (or of the tree it reads from, for one that reads fixtures elsewhere) and every file of its
 * folder must then equal the committed one, with no file added (the hand-written fixtures beside
 * the generated ones are left as they are). The deterministic generators are listed here; the
 * others need packages or servers this test does not install (fixtures/real, scripts/memsys-samples)
 * or write what no test compares (eval's and bench's).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers.js';

/** A generator, and the folder copied to run it in when it reads outside its own (its own by default). */
const GENERATORS: readonly (string | { script: string; tree: string })[] = [
  'src/analyzers/recall-mismatch/fixtures/generate-long.mjs',
  'src/analyzers/recall-mismatch/fixtures/generate-store.mjs',
  'src/analyzers/tool-drift/fixtures/generate.mjs',
  'src/analyzers/window-overflow/fixtures/generate.mjs',
  'fixtures/incidents/tool-drift/generate.mjs',
  'fixtures/incidents/window-overflow/generate.mjs',
  'fixtures/real/vendor-compaction/write.mjs',
  // these read the incidents and each other (langfuse and openinference import otlp-genai's)
  { script: 'fixtures/formats/langfuse/generate.mjs', tree: 'fixtures' },
  { script: 'fixtures/formats/openinference/generate.mjs', tree: 'fixtures' },
  { script: 'fixtures/formats/otlp-genai/generate.mjs', tree: 'fixtures' },
];

const files = (dir: string, base = dir): string[] =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((d) => (d.isDirectory() ? files(path.join(dir, d.name), base) : [path.relative(base, path.join(dir, d.name))]));

describe('fixture generators reproduce the committed fixtures', () => {
  for (const entry of GENERATORS) {
    const g = typeof entry === 'string' ? entry : entry.script;
    const tree = typeof entry === 'string' ? path.dirname(g) : entry.tree;
    it(g, () => {
      const from = path.join(ROOT, path.dirname(g));
      const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'amnesia-gen-'));
      try {
        const copy = path.join(tmp, 'copy');
        fs.cpSync(path.join(ROOT, tree), copy, { recursive: true });
        const to = path.join(copy, path.relative(tree, path.dirname(g)));
        execFileSync(process.execPath, [path.join(to, path.basename(g))], { stdio: 'pipe', timeout: 60_000 });
        const differ = files(from).filter((f) => !fs.readFileSync(path.join(from, f)).equals(fs.readFileSync(path.join(to, f))));
        expect(differ).toEqual([]);
        expect(files(to).filter((f) => !fs.existsSync(path.join(from, f)))).toEqual([]);
      } finally {
        fs.rmSync(tmp, { recursive: true, force: true });
      }
    });
  }
});
