import { describe, expect, it } from 'vitest';
import { FORMATS } from './formats.js';
import { INPUT_FORMAT_NAMES } from './names.js';

describe('input format names', () => {
  it('are the format registry, in its order (help text and --input-format are generated from them)', () => {
    expect([...INPUT_FORMAT_NAMES]).toEqual(FORMATS.map((f) => f.name));
  });
});
