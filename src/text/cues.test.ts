import { describe, expect, it } from 'vitest';
import { AnyCue, Cues } from './lexicon.js';

const WORD = /[\p{L}\p{M}\p{N}]/u;
const JOINER = /[\p{L}\p{M}\p{N}./\\_-]/u;

/** The plain definition the compiled matcher must agree with: at each position, the longest cue that fits its boundaries. */
function reference(list: string[], latin: boolean, text: string): { index: number; text: string }[] {
  const cues = [...new Set(list.map((s) => s.toLowerCase()))].sort((a, b) => b.length - a.length);
  const t = text.toLowerCase();
  const out: { index: number; text: string }[] = [];
  for (let i = 0; i < t.length; i++) {
    const w = cues.find((c) => {
      if (!t.startsWith(c, i)) return false;
      if (!latin) return true;
      if (WORD.test(c[0]) && i > 0 && JOINER.test(t[i - 1])) return false;
      const j = i + c.length;
      return !(WORD.test(c[c.length - 1]) && j < t.length && (WORD.test(t[j]) || (/['’]/.test(t[j]) && WORD.test(t[j + 1] ?? ''))));
    });
    if (w) {
      out.push({ index: i, text: w });
      i += w.length - 1;
    }
  }
  return out;
}

describe('Cues (compiled cue lists)', () => {
  const latin = new Cues(['emoji', 'no emoji', 'xml', 'bullet points', 'points', "don't", 'don', '- ', '#', 'é'], true);

  it('finds the longest cue at word boundaries, left to right, without overlaps', () => {
    expect(latin.all('No emoji and bullet points, then points.')).toEqual([
      { index: 0, text: 'no emoji' },
      { index: 13, text: 'bullet points' },
      { index: 33, text: 'points' },
    ]);
    expect(latin.count('No emoji and bullet points, then points.')).toBe(3);
    expect(latin.first('say it: bullet points')).toEqual({ index: 8, text: 'bullet points' });
  });

  it('does not match inside a word, after a joiner, or before an apostrophe and a letter', () => {
    expect(latin.all('emojify the pom.xml file')).toEqual([]);
    expect(latin.all('my/emoji and x_xml')).toEqual([]);
    expect(latin.all("don's shop")).toEqual([]); // "don" followed by 's
    expect(latin.all("don' go")).toEqual([{ index: 0, text: 'don' }]);
    expect(latin.has("I don't know")).toBe(true);
    expect(latin.start('emojis')).toBeNull();
    expect(latin.start('emoji!')).toBe('emoji');
  });

  it('matches cues that start with a mark anywhere, and letters outside ASCII', () => {
    expect(latin.all('a#b - c')).toEqual([
      { index: 1, text: '#' },
      { index: 4, text: '-' },
    ]);
    expect(latin.all('café é')).toEqual([{ index: 5, text: 'é' }]);
  });

  it('matches CJK cues anywhere, longest first', () => {
    const cjk = new Cues(['表格', '表', '不要'], false);
    expect(cjk.all('不要表格，表')).toEqual([
      { index: 0, text: '不要' },
      { index: 2, text: '表格' },
      { index: 5, text: '表' },
    ]);
  });

  it('reads a combining mark as part of its word (Devanagari vowel signs, Arabic vowel marks)', () => {
    const hi = new Cues(['मत', 'कर'], true);
    expect(hi.all('कीमत')).toEqual([]); // "price": मत after the vowel sign ी is inside the word
    expect(hi.all('करो')).toEqual([]); // कर before the vowel sign ो is not a word
    expect(hi.all('मत करो, टेबल मत')).toEqual([
      { index: 0, text: 'मत' },
      { index: 13, text: 'मत' },
    ]);
  });

  it('a cue ending with * is a stem: it matches a word that starts with it', () => {
    const pl = new Cues(['tabel*', 'bez'], true);
    expect(pl.all('bez tabelami, tabel')).toEqual([
      { index: 0, text: 'bez' },
      { index: 4, text: 'tabel' },
      { index: 14, text: 'tabel' },
    ]);
    expect(pl.all('stabela')).toEqual([]); // still starts a word
    expect(pl.start('tabelę')).toBe('tabel');
    expect(new AnyCue([{ cues: ['tabel*'], wordStart: true, wordEnd: true }]).in('tabelami')).toBe(true);
  });

  it('with clitics, a cue also matches after them at the start of a word (Arabic)', () => {
    const ar = new Cues(['جداول', 'لا'], true, ['و', 'ب', 'ال']);
    expect(ar.all('لا تستخدم الجداول وبالجداول جداول')).toEqual([
      { index: 0, text: 'لا' },
      { index: 12, text: 'جداول' },
      { index: 22, text: 'جداول' }, // و + بال
      { index: 28, text: 'جداول' },
    ]);
    expect(ar.all('الاجتماع')).toEqual([]); // لا inside a word, not after a listed clitic
    expect(ar.start('ولا تستخدم')).toBe('ولا'); // with its clitic, as written
    expect(new Cues(['جداول'], true).all('بالجداول')).toEqual([]);
  });

  it('reads the Arabic letters people write either way as one (alef with or without hamza, final ya and ta marbuta)', () => {
    const ar = new Cues(['أجب', 'على', 'الإجابة'], true);
    expect(ar.all('اجب علي الاجابه').map((m) => m.index)).toEqual([0, 4, 8]);
    expect(new AnyCue([{ cues: ['أبدا'], wordStart: true }]).in('لا تستخدم الجداول ابدا')).toBe(true);
  });

  it('agrees with the plain definition on random texts', () => {
    let s = 7;
    const r = () => (s = (s * 1103515245 + 12345) >>> 0) / 2 ** 32;
    const alphabet = ['a', 'b', 'e', ' ', ' ', '.', '-', "'", 'é', 'x', 'm', 'l', '#'];
    const list = ['ab', 'a', 'b a', 'xml', 'x', "a'b", '-a', '#', 'é', 'ée', 'ml', 'a.b'];
    for (const isLatin of [true, false]) {
      const cues = new Cues(list, isLatin);
      for (let n = 0; n < 400; n++) {
        const text = Array.from({ length: 1 + Math.floor(r() * 30) }, () => alphabet[Math.floor(r() * alphabet.length)]).join('');
        const want = reference(list, isLatin, text);
        expect(cues.all(text)).toEqual(want);
        expect(cues.count(text)).toBe(want.length);
        expect(cues.first(text)).toEqual(want[0] ?? null);
      }
    }
  });
});

describe('AnyCue (could a cue be there at all)', () => {
  it('finds a cue at a word start, or anywhere for lists without that condition', () => {
    const any = new AnyCue([
      { cues: ['emoji', 'from now on'], wordStart: true },
      { cues: ['words'], wordStart: false },
    ]);
    expect(any.in('no emoji please')).toBe(true);
    expect(any.in('from\tnow on')).toBe(true); // whitespace read as the cue lists read it
    expect(any.in('at most 100words')).toBe(true);
    expect(any.in('emojify it')).toBe(true); // without wordEnd, the boundary after the cue is not checked
    expect(any.in('noemoji here')).toBe(false); // a letter right before
    expect(any.in('from now, on')).toBe(false);
    expect(any.in('nothing to see')).toBe(false);
  });

  it('with wordEnd, a cue that ends with a letter ends where a word ends, as in Cues', () => {
    const any = new AnyCue([
      { cues: ['emoji', 'di', 'c#'], wordStart: true, wordEnd: true },
      { cues: ['words'], wordStart: false },
    ]);
    expect(any.in('no emoji.')).toBe(true);
    expect(any.in('emojify it')).toBe(false);
    expect(any.in("the emoji's colour")).toBe(false); // an apostrophe and a letter go on with the word
    expect(any.in('did it')).toBe(false);
    expect(any.in('di lo')).toBe(true);
    expect(any.in('c#sharp')).toBe(true); // ends with a mark: no condition after it
    expect(any.in('100wordsmith')).toBe(true); // a list without wordEnd
    // listed both ways, the weaker condition stays
    expect(
      new AnyCue([
        { cues: ['di'], wordStart: true, wordEnd: true },
        { cues: ['di'], wordStart: true },
      ]).in('did'),
    ).toBe(true);
  });

  it('is true wherever the cue lists match, with wordEnd too (random texts)', () => {
    let s = 7;
    const r = () => (s = (s * 1103515245 + 12345) >>> 0) / 2 ** 32;
    const alphabet = ['a', 'b', ' ', '.', '-', "'", '’', 'x', '1', '表', 'é'];
    const list = ['ab', 'b a', 'x', "a'b", '-a', '表', 'aé', 'b.'];
    const cues = new Cues(list, true);
    const any = new AnyCue([{ cues: list, wordStart: true, wordEnd: true }]);
    let matched = 0;
    for (let n = 0; n < 3000; n++) {
      const text = Array.from({ length: 1 + Math.floor(r() * 20) }, () => alphabet[Math.floor(r() * alphabet.length)]).join('');
      if (cues.all(text).length) {
        matched++;
        expect(any.in(text), text).toBe(true);
      }
    }
    expect(matched).toBeGreaterThan(300);
  });

  it('is true wherever the cue lists match (random texts)', () => {
    let s = 11;
    const r = () => (s = (s * 1103515245 + 12345) >>> 0) / 2 ** 32;
    const alphabet = ['a', 'b', ' ', '.', '-', "'", 'x', '1', '表'];
    const list = ['ab', 'b a', 'x', "a'b", '-a', '表'];
    const cues = new Cues(list, true);
    const any = new AnyCue([{ cues: list, wordStart: true }]);
    for (let n = 0; n < 500; n++) {
      const text = Array.from({ length: 1 + Math.floor(r() * 20) }, () => alphabet[Math.floor(r() * alphabet.length)]).join('');
      if (cues.all(text).length) expect(any.in(text)).toBe(true);
    }
  });
});
