// The meta test: the registry, the analyzer folders, their READMEs, fixtures and tests stay in step
// (test/analyzer-folder.ts: what each folder must hold).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ANALYZERS } from '../src/analyzers/registry.js';
import { describeAnalyzerFolder } from './analyzer-folder.js';
import { ROOT } from './helpers.js';

const DIR = path.join(ROOT, 'src', 'analyzers');
const SPEC_IDS = ['window-overflow', 'recall-mismatch', 'lost-write', 'concurrent-overwrite', 'tool-drift'];

const folders = fs
  .readdirSync(DIR, { withFileTypes: true })
  .filter((d) => d.isDirectory() && fs.existsSync(path.join(DIR, d.name, 'index.ts')))
  .map((d) => d.name)
  .sort();

describe('analyzer registry', () => {
  it('holds every analyzer folder, sorted by id, and the five of FINDINGS.md', () => {
    const ids = ANALYZERS.map((a) => a.meta.id);
    expect(ids).toEqual([...ids].sort());
    expect(ids).toEqual(folders);
    for (const id of SPEC_IDS) expect(ids).toContain(id);
  });

  for (const a of ANALYZERS) describeAnalyzerFolder(a, path.join(DIR, a.meta.id));
});
