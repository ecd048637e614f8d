import { describe, expect, it } from 'vitest';
import { parseCheckSet } from './set.js';
import { judgeAnswer } from './run.js';

const ok = `version: 1
checks:
  - id: pnpm
    memory: preference
    layer: retrieval
    sessions:
      - - I always use pnpm.
      - - probe: Which package manager?
    expect:
      contains: pnpm
      not_contains: [npm install]
      honours: Never use XML.
`;

describe('check sets', () => {
  it('reads a check with its line, sessions, steps and expectations', () => {
    const set = parseCheckSet(ok, 'c.yaml');
    expect(set.checks).toHaveLength(1);
    const c = set.checks[0];
    expect(c.source).toBe('c.yaml:3');
    expect(c.sessions.map((s) => s.steps)).toEqual([[{ say: 'I always use pnpm.' }], [{ probe: 'Which package manager?' }]]);
    expect(c.expect.contains).toEqual(['pnpm']);
    expect(c.expect.honours[0].preferences.map((p) => p.key)).toEqual(['format:no-xml']);
  });

  it('names the file and line of every mistake', () => {
    const bad = (text: string) => {
      try {
        parseCheckSet(text, 'c.yaml');
      } catch (e) {
        return (e as Error).message;
      }
      return 'no error';
    };
    expect(bad('checks: [1,\n  2')).toMatch(/^c\.yaml:\d+: not valid YAML/);
    expect(bad(ok.replace('layer: retrieval', 'layer: memory'))).toBe(
      'c.yaml:5: layer "memory" is not one of extraction, update, index, retrieval, injection, generation',
    );
    expect(bad(ok.replace('    memory: preference\n', '    memory: preference\n    colour: red\n'))).toMatch(/^c\.yaml:5: unknown key "colour"/);
    expect(bad(ok.replace('      - - probe: Which package manager?', '      - - Which package manager?'))).toMatch(
      /^c\.yaml:7: a check has exactly one `probe:` step/,
    );
    expect(bad(ok.replace('honours: Never use XML.', 'honours: Keep shining!'))).toMatch(/^c\.yaml:12: "Keep shining!": no checkable instruction/);
    expect(bad(ok.replace('      - - I always use pnpm.', '      - - filler: 0'))).toMatch(/^c\.yaml:7: a step is/);
    expect(bad(`${ok}  - id: pnpm\n    memory: x\n    layer: update\n    sessions: [[probe: q]]\n    expect: {contains: a}\n`)).toMatch(
      /^c\.yaml:13: check id "pnpm" is used twice/,
    );
  });

  it('judges an answer: every part it missed is a reason, checked as the analyzers check', () => {
    const c = parseCheckSet(ok, 'c.yaml').checks[0];
    expect(judgeAnswer('Use PNPM:  pnpm add lodash', c.expect)).toEqual([]);
    expect(judgeAnswer('Run npm install lodash', c.expect)).toEqual(['does not contain "pnpm"', 'contains "npm install"']);
    const xml = judgeAnswer('<config><pm>pnpm</pm></config>', c.expect);
    expect(xml).toHaveLength(1);
    expect(xml[0]).toMatch(/^breaks "Never use XML\." \(never use XML\): answered in XML/);
  });
});
