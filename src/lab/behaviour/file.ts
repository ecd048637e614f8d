/** A behaviour baseline read from its file, and a comparison as the commands give it: checked, and shown under --redact. */
import fs from 'node:fs';
import { InputError } from '../../errors.js';
import { parseBaseline, type BehaviourComparison } from './baseline.js';

/** A behaviour baseline file, checked; a one-line error naming the file otherwise. */
export function readBaselineFile(file: string) {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (e) {
    throw new InputError(`cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new InputError(`${file}: not JSON; a behaviour baseline is what amnesia baseline record writes`);
  }
  try {
    return parseBaseline(json, file);
  } catch (e) {
    throw new InputError((e as Error).message);
  }
}

/** The comparison shown under --redact: no question words, no example answers. */
export function shownComparison(r: BehaviourComparison, redact: boolean): BehaviourComparison {
  if (!redact) return r;
  return {
    ...r,
    skipped: r.skipped.map(({ question: _q, ...s }) => s),
    tests: r.tests.map(({ question: _q, ...t }) => ({ ...t, examples: t.examples.map((e) => ({ ...e, text: '‹redacted›', session: '‹redacted›' })) })),
  };
}

/** A comparison that compared nothing is an error (exit 2), never a pass. */
export function comparedOrThrow(r: BehaviourComparison, file: string): BehaviourComparison {
  if (r.compared === 0)
    throw new InputError(
      `no question has ${r.options.minAnswers} or more answers both in ${file} and in the logs (${r.skipped.length} question(s) seen): nothing to compare`,
    );
  return r;
}
