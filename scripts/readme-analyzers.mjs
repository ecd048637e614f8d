// Build step: the top-level README's table of analyzers, written from the registry (each analyzer's
// meta.summary), so adding an analyzer is its folder and its registry line, never a README edit.
// test/readme-tables.test.ts holds the committed table to the registry; .ci/run fails when the build
// changed README.md (a table that was not committed).
import fs from 'node:fs';
import { analyzersTable, withAnalyzersTable } from '../dist/analyzers/docs.js';
import { ANALYZERS } from '../dist/analyzers/registry.js';

const file = 'README.md';
const before = fs.readFileSync(file, 'utf8');
const after = withAnalyzersTable(before, analyzersTable(ANALYZERS));
if (after !== before) {
  fs.writeFileSync(file, after);
  console.error(`${file}: analyzers table rewritten from the registry (commit it)`);
}
