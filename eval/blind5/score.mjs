#!/usr/bin/env node
// Scores the analyzers on the blind5 cases, as a black box through the built binary (eval/lib/blind-score.mjs):
//   node eval/blind5/score.mjs --bin bin/amnesia.js [--out results.json] [--only id,id] [--jobs 2]
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { scoreBlind } from '../lib/blind-score.mjs';

await scoreBlind(dirname(fileURLToPath(import.meta.url)), 'blind5');
