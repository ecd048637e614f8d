import { describe, expect, it } from 'vitest';
import { PackedEld, type EldData } from './eld-packed.js';
import { filesUnder, sampleText } from '../../test/texts.js';
import { EXHAUSTIVE, sized } from '../../test/tier.js';

// eld itself, as the oracle: its own detector loaded with its own data
const ELD = import.meta.resolve('eld/small');
const { createEld } = (await import(new URL('../languageDetector.js', ELD).href)) as {
  createEld: () => {
    instance: { detect(t: string): { language: string; isReliable(): boolean; getScores(): Record<string, number> } };
    loadData(d: unknown): void;
  };
};
const { ngramsData } = (await import(new URL('../ngrams/small.js', ELD).href)) as { ngramsData: EldData };
const reference = createEld();
reference.loadData(ngramsData);
const packed = PackedEld.fromData(ngramsData);

/** Every string value in the JSON lines and cases of the repository's fixtures and blind sets: texts none of this code chose. */
function corpus(): string[] {
  const out = new Set<string>();
  const strings = (v: unknown): void => {
    if (typeof v === 'string') {
      if (v.length >= 3) out.add(v);
    } else if (Array.isArray(v)) v.forEach(strings);
    else if (v && typeof v === 'object') Object.values(v).forEach(strings);
  };
  for (const p of filesUnder(['fixtures', 'eval'], 2, 4 << 20).filter((f) => /\.(jsonl|json)$/.test(f))) {
    for (const line of sampleText(p).split('\n')) {
      try {
        strings(JSON.parse(line));
      } catch {
        /* not a JSON line */
      }
    }
  }
  return [...out];
}

describe('PackedEld', () => {
  it(
    'gives eld 2.1.0 its own guesses, reliability and scores on every text of the fixtures and blind sets (npm test: a seeded sample of the files, every folder and language)',
    EXHAUSTIVE,
    () => {
      const texts = corpus();
      expect(texts.length).toBeGreaterThan(sized(500, 2000));
      const edge = [
        '',
        '   ',
        '12345 678',
        '🎉🎉🎉 🚀',
        'x'.repeat(5000),
        `${'Grüße aus München. '.repeat(80)}`,
        'don’t won’t can’t',
        'a\u0000b',
        '\ud83d lone',
        'Привет, как дела? Всё хорошо.',
        'مرحبا كيف حالك',
        'Hello 你好 こんにちは 안녕하세요',
      ];
      let differ = 0;
      const examples: string[] = [];
      for (const t of [...texts, ...edge]) {
        const a = reference.instance.detect(t);
        const b = packed.detect(t);
        const same =
          a.language === b.language && a.isReliable() === b.isReliable() && JSON.stringify(a.getScores()) === JSON.stringify((b as typeof a).getScores());
        if (!same) {
          differ++;
          if (examples.length < 5) examples.push(t.slice(0, 80));
        }
      }
      expect(examples).toEqual([]);
      expect(differ).toBe(0);
    },
  );

  it('is a real detector, not an echo: English, German, French and Russian are told apart', () => {
    expect(packed.detect('The quick brown fox jumps over the lazy dog every morning.').language).toBe('en');
    expect(packed.detect('Bitte antworte mir immer auf Deutsch und ohne Emojis.').language).toBe('de');
    expect(packed.detect('Merci de toujours répondre en français, sans listes.').language).toBe('fr');
    expect(packed.detect('Пожалуйста, всегда отвечай по-русски.').language).toBe('ru');
    expect(packed.detect('12345').language).toBe('');
  });
});
