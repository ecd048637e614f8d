/**
 * Standing rules the grammar reads from their subject or their frame, in the ten languages of the
 * engine's design (en, zh-Hans, zh-Hant, es, de, fr, ja, pt, ko, ru), as language data:
 * - a system of measurement (the lexicon's `measures`): "Please use metric units" is about every
 *   answer's numbers, a standing rule (`units:metric`) like a format or a language;
 * - a reminder frame (the lexicon's `reminder`): "Remember to always write tests" asks for a standing
 *   rule; the frame's own negation ("don't forget", "n'oublie pas") is not the rule's.
 * Must-not cases: one-off requests, statements about the past, other people's habits, encouragement.
 */
import { describe, expect, it } from 'vitest';
import { REMIND_NOT, REMIND_PIN, UNITS_NOT, UNITS_PIN } from '../../test/standing-rules.js';
import { detectPreferences, remindsAlways, supersedes } from './index.js';

const keys = (t: string) => detectPreferences(t, 'user').map((p) => p.key);

describe('a system of measurement is a standing rule (lexicon `measures`)', () => {
  it.each(Object.entries(UNITS_PIN))('%s: an instruction about units is read as units:metric', (_lang, t) => {
    expect(keys(t)).toEqual(['units:metric']);
  });

  it.each(Object.entries(UNITS_NOT))('%s: one-off conversions, the past and other people’s habits state no rule', (_lang, ts) => {
    for (const t of ts) expect(keys(t), t).toEqual([]);
  });

  it('a later system on the same topic replaces the earlier one; a negation forbids; the rule has no checker', () => {
    const [metric] = detectPreferences('Please use metric units.', 'user');
    const [imperial] = detectPreferences('Use imperial units from now on.', 'user');
    expect([metric.topic, imperial.key]).toEqual(['units', 'units:imperial']);
    expect(supersedes(imperial, metric)).toBe(true);
    expect(keys('No Fahrenheit, please.')).toEqual(['units:not-imperial']);
    expect(metric.checkable).toBe(false);
  });

  it('a word that only looks like a unit system names nothing: metrics, "this metric"', () => {
    for (const t of ['Always report the latency metric.', 'Please track the metrics weekly.', 'Always keep the metrics dashboard open.'])
      expect(
        keys(t).filter((k) => k.startsWith('units:')),
        t,
      ).toEqual([]);
  });
});

describe('a reminder frame with a standing word is a standing rule (lexicon `reminder`)', () => {
  it.each(Object.entries(REMIND_PIN))('%s: "remember to always …" is a rule that requires, not one that forbids', (_lang, t) => {
    const prefs = detectPreferences(t, 'user');
    expect(prefs.map((p) => [p.key.split(':')[0], p.polarity])).toEqual([['directive', 'require']]);
    expect(remindsAlways(t)).toBe(true);
  });

  it.each(Object.entries(REMIND_NOT))('%s: a one-off reminder, the speaker’s or someone else’s habit, encouragement state no rule', (_lang, ts) => {
    for (const t of ts) expect(keys(t), t).toEqual([]);
  });

  it('the frame is transparent to the rule it holds: a topic keeps its key, a negation inside it still forbids', () => {
    expect(keys("Don't forget to always cite your sources.")).toEqual(['cite:required']);
    expect(keys("Don't forget to never use emoji.")).toEqual(['emoji:none']);
    expect(keys("N'oublie pas de toujours écrire des tests.")).not.toContain('directive:not écrire tests');
  });

  it('remindsAlways needs both the frame and a standing word', () => {
    for (const t of [
      'Remember to write tests.',
      'Remember to call mom tomorrow.',
      'I always remember to write tests.',
      'Remember that my sister is allergic to nuts.',
    ])
      expect(remindsAlways(t), t).toBe(false);
  });
});
