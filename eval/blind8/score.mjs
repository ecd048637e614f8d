#!/usr/bin/env node
// Scores the analyzers on the blind8 cases, as a black box through the built binary (eval/lib/blind-score.mjs):
//   node eval/blind8/score.mjs --bin bin/amnesia.js [--group core|new] [--out results.json] [--only id,id] [--jobs 2]
// Two groups, scored apart (as blind7's):
//   core (default): the six older analyzers, on the cases labelled for them;
//   new: stale-memory, scope-leak, destructive-update, never-extracted (issue 31), on their own cases only; a finding
//        of a core analyzer on these cases is not counted (no column), a finding of a new analyzer on a look-alike is.
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { scoreBlind } from '../lib/blind-score.mjs';

const GROUPS = {
  core: ['window-overflow', 'recall-mismatch', 'lost-write', 'concurrent-overwrite', 'tool-drift', 'ignored-in-context'],
  new: ['stale-memory', 'scope-leak', 'destructive-update', 'never-extracted'],
};
const i = process.argv.indexOf('--group');
const group = i >= 0 ? process.argv[i + 1] : 'core';
if (!GROUPS[group]) {
  process.stderr.write(`unknown --group ${group} (core or new)\n`);
  process.exit(2);
}
await scoreBlind(dirname(fileURLToPath(import.meta.url)), `blind8 (${group})`, {
  analyzers: GROUPS[group],
  select: (label) => label.group === group,
});
