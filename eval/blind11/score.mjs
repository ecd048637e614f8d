#!/usr/bin/env node
// Scores the analyzers on the blind11 cases, as a black box through the built binary (eval/lib/blind-score.mjs):
//   node eval/blind11/score.mjs --bin bin/amnesia.js [--group core|new] [--out results.json] [--only id,id] [--jobs 2]
// Two groups, scored apart (as blind7 to blind10):
//   core (default): the six older analyzers, on the cases labelled for them;
//   new: stale-memory, scope-leak, destructive-update, never-extracted, and issue 31's memory-conflict and
//        expired-state, on their own cases only; a finding of a core analyzer on these cases is not counted (no
//        column), a finding of a new analyzer on a look-alike is.
// An analyzer id the binary does not have (or that finds nothing on any case) keeps its column: its faults count
// as misses (recall 0), never as skipped. After the shared report, a table per analyzer and variant: how many
// faults of the variant were found, how many look-alikes of it drew a finding of the analyzer they were written
// against (or of any analyzer of the group).
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { scoreBlindGroups } from '../lib/blind-score.mjs';

const GROUPS = {
  core: ['window-overflow', 'recall-mismatch', 'lost-write', 'concurrent-overwrite', 'tool-drift', 'ignored-in-context'],
  new: ['stale-memory', 'scope-leak', 'destructive-update', 'never-extracted', 'memory-conflict', 'expired-state'],
};
await scoreBlindGroups(dirname(fileURLToPath(import.meta.url)), 'blind11', GROUPS);
