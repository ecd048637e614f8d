import { describe, expect, it } from 'vitest';
import { splitFormats } from './options.js';
import { reporter } from '../report/reporters.js';
import { OUTPUT_FORMATS } from '../report/formats.js';
import { REPORTERS } from '../report/reporters.js';

describe('--format is the output format, --input-format the input format', () => {
  it('an input format name in --format still works, with one deprecation line', () => {
    const notes: string[] = [];
    expect(splitFormats('findings', { format: 'openai' }, (l) => notes.push(l))).toEqual({ input: 'openai', output: 'text' });
    expect(splitFormats('ingest', { format: 'csv,json' }, (l) => notes.push(l))).toEqual({ input: 'csv', output: 'json' });
    expect(notes).toHaveLength(2);
    expect(notes[0]).toMatch(/--format openai is deprecated.*--input-format openai/);
  });
  it('no note for the new spelling; unknown and conflicting names are usage errors', () => {
    const notes: string[] = [];
    expect(splitFormats('findings', { format: 'markdown', inputFormat: 'langfuse' }, (l) => notes.push(l))).toEqual({ input: 'langfuse', output: 'markdown' });
    expect(notes).toEqual([]);
    expect(() => splitFormats('findings', { format: 'yaml' }, () => {})).toThrow(/unknown format "yaml"/);
    expect(() => splitFormats('findings', { inputFormat: 'json' }, () => {})).toThrow(/--input-format: unknown input format "json"/);
    expect(() => splitFormats('findings', { format: 'csv', inputFormat: 'openai' }, () => {})).toThrow(/two input formats/);
  });
});

describe('the reporter map', () => {
  it('has a reporter for every output format each report lists, and refuses any other', () => {
    for (const [kind, names] of Object.entries(OUTPUT_FORMATS)) {
      expect(Object.keys(REPORTERS[kind as keyof typeof REPORTERS]).sort()).toEqual([...names].sort());
    }
    expect(() => reporter('replay', 'markdown')).toThrow(/unknown output format "markdown"; use one of: text, json/);
    expect(() => reporter('findings', 'constructor')).toThrow(/unknown output format/);
  });
});
