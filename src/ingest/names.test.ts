import { describe, expect, it } from 'vitest';
import { FORMATS } from './formats.js';
import { INPUT_FORMAT_NAMES } from './names.js';

describe('input format names', () => {
  it('are the format registry, in its order (help text and --input-format are generated from them)', () => {
    expect([...INPUT_FORMAT_NAMES]).toEqual(FORMATS.map((f) => f.name));
  });
});

describe('the docs list every input format', () => {
  it("README's formats table and docs/formats.md have each name", async () => {
    const fs = await import('node:fs');
    const readme = fs.readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const docs = fs.readFileSync(new URL('../../docs/formats.md', import.meta.url), 'utf8');
    for (const name of INPUT_FORMAT_NAMES) {
      expect(readme, name).toMatch(new RegExp(`^\\| \`${name}\` \\|`, 'm'));
      expect(docs, name).toMatch(new RegExp(`^#{2,3} \`${name}\``, 'm'));
    }
  });
});
