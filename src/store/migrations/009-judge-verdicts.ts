import type { Migration } from './types.js';

/**
 * The model judge's verdicts (src/judge/, issue 33), so a second run asks nothing and `ci` is
 * reproducible: keyed by the sha256 of (question, prompt version, model, inputs).
 */
export const migration: Migration = {
  version: 9,
  name: 'judge-verdicts',
  up: `
    CREATE TABLE judge_verdicts (
      key       TEXT    PRIMARY KEY,
      question  TEXT    NOT NULL,
      prompt    TEXT    NOT NULL,
      model     TEXT    NOT NULL,
      verdict   TEXT    NOT NULL,
      reason    TEXT    NOT NULL,
      at        TEXT    NOT NULL
    ) STRICT;
  `,
};
