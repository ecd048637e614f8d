#!/usr/bin/env node
// Scores the analyzers on the blind6 cases, as a black box through the built binary (eval/lib/blind-score.mjs):
//   node eval/blind6/score.mjs --bin bin/amnesia.js [--out results.json] [--only id,id] [--jobs 2]
// blind5's with its paths changed, and the sixth analyzer (ignored-in-context) given a column: this set labels it.
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { scoreBlind } from '../lib/blind-score.mjs';

await scoreBlind(dirname(fileURLToPath(import.meta.url)), 'blind6', {
  analyzers: ['window-overflow', 'recall-mismatch', 'lost-write', 'concurrent-overwrite', 'tool-drift', 'ignored-in-context'],
});
