import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { get_encoding, Tiktoken } from 'tiktoken';
import { countTokens } from './count.js';
import type { EncodingName } from './models.js';
import { pretokenizer } from './pretokenize.js';
import { LETTER, LOWER_WORD, NUMBER, UNASSIGNED, UNICODE_VERSION, UPPER_WORD } from './tiktoken-unicode.js';
import {
  CLASS_NAMES,
  classesFor,
  differenceRecord,
  ENGINE_CLASSES,
  engineDifference,
  type Ranges,
  recordedDifference,
  tiktokenClasses,
  WHITE_SPACE,
} from './unicode-classes.js';

const ENCODINGS: EncodingName[] = ['o200k_base', 'cl100k_base'];
const direct = new Map(ENCODINGS.map((e) => [e, get_encoding(e)]));
const tiktokenCount = (text: string, e: EncodingName) => direct.get(e)!.encode_ordinary(text).length;
/** tiktoken's byte-pair encoding of a text as one piece (a pattern that does not split it). */
const whole = new Map(
  ENCODINGS.map((e) => {
    const { bpe_ranks } = createRequire(import.meta.url)(`tiktoken/encoders/${e}.json`) as { bpe_ranks: string };
    return [e, new Tiktoken(bpe_ranks, {}, '[\\s\\S]+')];
  }),
);

/** The pre-tokenizer's classes as V8 has them, from its ICU (what the counter used before: Unicode 17.0 in Node 20.20). */
const V8_CLASSES = ENGINE_CLASSES;
const member = (body: string) => new RegExp(`^[${body}]$`, 'u');
/** The data file's classes (not the pre-tokenizer's, so a pre-tokenizer that ignores them fails below). */
const OURS = [LETTER, NUMBER, UPPER_WORD, LOWER_WORD].map(member);
const V8 = CLASS_NAMES.map((k) => new RegExp(`^${V8_CLASSES[k]}$`, 'v'));
const unassigned16 = member(UNASSIGNED);
const unassignedV8 = /^\p{Cn}$/u;

/** Every code point but the surrogates (a category of their own in both versions), as a string. */
function* codePoints(): Generator<[number, string]> {
  for (let c = 0; c <= 0x10ffff; c++) if (c < 0xd800 || c > 0xdfff) yield [c, String.fromCodePoint(c)];
}

/**
 * Code points whose category Unicode changed after 16.0 in a way the classes see: U+0295 LATIN LETTER PHARYNGEAL
 * VOICED FRICATIVE, Ll in 16.0, Lo in 17.0 (so in o200k_base's upper class too).
 */
const RECATEGORIZED: Record<string, number[]> = { '17.0': [0x295] };

/** The code points where V8's classes and tiktoken's differ, on the Node that runs the tests. */
const DISAGREE: number[] = [];
for (const [c, s] of codePoints()) if (OURS.some((re, i) => re.test(s) !== V8[i].test(s))) DISAGREE.push(c);

/** Strings in which the piece boundary after X changes the count: a contraction ('s) and digits (123) follow it. */
const probes = (c: number) => [`${String.fromCodePoint(c)}'s`, `${String.fromCodePoint(c)}123`];

/** The count of a text when split by a pre-tokenizer and each piece byte-pair encoded as it is (as count.ts does). */
function countSplitBy(re: RegExp, text: string, e: EncodingName): number {
  return (text.match(re) ?? []).reduce((n, piece) => n + whole.get(e)!.encode_ordinary(piece).length, 0);
}

const hex = (c: number) => `U+${c.toString(16).toUpperCase().padStart(4, '0')}`;

describe(`the pre-tokenizer's Unicode classes are tiktoken's (Unicode ${UNICODE_VERSION}), not the running Node's`, () => {
  it('the data file is Unicode 16.0: its unassigned code points are as many as Unicode 16.0 leaves', () => {
    // Unicode 16.0: 154,998 characters, plus 65 controls, 137,468 private-use and 2,048 surrogate code points
    const unassigned = [...codePoints()].filter(([, s]) => unassigned16.test(s)).length;
    expect(0x110000 - unassigned).toBe(154_998 + 65 + 137_468 + 2_048);
  });

  it("the data file holds what V8's regex does for every code point both versions assign (a generator bug shows)", () => {
    const differ: string[] = [];
    const assignedLater: number[] = [];
    for (const [c, s] of codePoints()) {
      const in16 = !unassigned16.test(s);
      const inV8 = !unassignedV8.test(s);
      if (in16 && !inV8) differ.push(`${hex(c)} assigned in 16.0, unassigned to V8`);
      if (!in16 && inV8) assignedLater.push(c);
      if (!in16 || !inV8) continue;
      CLASS_NAMES.forEach((k, i) => {
        if (OURS[i].test(s) !== V8[i].test(s)) differ.push(`${hex(c)} ${k}`);
      });
    }
    const known = (RECATEGORIZED[process.versions.unicode ?? ''] ?? []).flatMap((c) => CLASS_NAMES.map((k) => `${hex(c)} ${k}`));
    expect(differ.filter((d) => !known.includes(d))).toEqual([]);
    if (process.versions.unicode === '17.0') {
      expect(differ).toEqual(['U+0295 upperWord']);
      expect(assignedLater.length).toBe(4803); // the characters Unicode 17.0 added
    }
  });

  it('on this Node (Unicode 17.0) the two differ: 4,700 code points, U+32708 among them, so the checks below check something', () => {
    if (process.versions.unicode === '16.0') return; // V8's own tables are tiktoken's: nothing to tell apart
    expect(DISAGREE.length).toBeGreaterThan(0);
    if (process.versions.unicode === '17.0') {
      expect(DISAGREE.length).toBe(4700);
      expect(DISAGREE).toContain(0x32708);
    }
  });

  for (const e of ENCODINGS) {
    it(`${e}: every code point where V8's classes and tiktoken's differ counts as tiktoken does, before 's and before digits`, () => {
      const wrong = DISAGREE.flatMap(probes).filter((t) => countTokens(t, e) !== tiktokenCount(t, e));
      expect(wrong.map((t) => hex(t.codePointAt(0)!))).toEqual([]);
    });
  }

  it("those strings tell the classes apart: split with V8's classes, all but U+0295 count differently from tiktoken", () => {
    // U+0295 (Ll to Lo) only joins a following upper-case letter to its word in o200k_base, and no token of either
    // encoding holds its bytes (CA 95) with another character's, so no split around it changes a count.
    const v8 = new Map(ENCODINGS.map((e) => [e, pretokenizer(e, V8_CLASSES)]));
    const unexposed = DISAGREE.filter((c) => ENCODINGS.every((e) => probes(c).every((t) => countSplitBy(v8.get(e)!, t, e) === tiktokenCount(t, e))));
    expect(unexposed.map(hex)).toEqual(DISAGREE.includes(0x295) ? ['U+0295'] : []);
  });

  it('tiktoken 1.0.22 reads letters and digits new in Unicode 15.1 and 16.0 as such: its tables are 16.0, not older', () => {
    // CJK Ext. I (15.1); Garay, Todhri, Kirat Rai, Tulu-Tigalari letters and Garay, Kirat Rai digits (16.0)
    const newer = [0x2ebf0, 0x2ee5d, 0x10d4a, 0x105c0, 0x16d43, 0x11380, 0x10d40, 0x16d70];
    for (const c of newer) {
      const x = String.fromCodePoint(c);
      expect([hex(c), OURS[0].test(x) || OURS[1].test(x)]).toEqual([hex(c), true]);
      for (const e of ENCODINGS) {
        const t = `${x}'s`;
        // tiktoken splits X|'s (a word or number, then the contraction), not X'|s (symbols, then a word)
        expect([hex(c), tiktokenCount(t, e)]).toEqual([hex(c), tiktokenCount(x, e) + tiktokenCount("'s", e)]);
        expect(tiktokenCount(x, e) + tiktokenCount("'s", e)).not.toBe(tiktokenCount(`${x}'`, e) + tiktokenCount('s', e));
        expect(countTokens(t, e)).toBe(tiktokenCount(t, e));
      }
    }
  });

  it("U+32708 (CJK Ext. J, Unicode 17.0) in the text test:slow found apart: blind9's wo-f-fr-02.jsonl.gz read as UTF-8", () => {
    const text = fs.readFileSync('eval/blind9/cases/window-overflow/wo-f-fr-02.jsonl.gz').toString('utf8');
    const at = text.indexOf('\u{32708}');
    expect(at).toBeGreaterThan(0);
    // the characters around it: U+FFFD (a symbol) then U+32708, then *g{
    const near = text.slice(at - 9, at + 9);
    expect(near).toBe("\ufffdB\ufffd\ufffdFhPp\ufffd\u{32708}*g{\ufffdAy'");
    for (const e of ENCODINGS) {
      expect(countTokens(near, e)).toBe(18);
      expect(tiktokenCount(near, e)).toBe(18);
      expect(countSplitBy(pretokenizer(e, V8_CLASSES), near, e)).toBe(17); // the count before: one apart
      expect(countTokens(text, e)).toBe(tiktokenCount(text, e));
    }
  });

  it("the counter's classes hold the data file's code points, every one, and are V8's classes with only the differences taken out, with the u flag", () => {
    const t = tiktokenClasses();
    const names = [...CLASS_NAMES, 'wordLead', 'symbol'] as const;
    const counter = names.map((k) => new RegExp(`^${t[k]}$`, t.flags));
    const [letter, number, upper, lower] = OURS;
    const white = new RegExp(`^[${WHITE_SPACE}]$`, 'u');
    const differ: string[] = [];
    for (const [c, s] of codePoints()) {
      if (letter.test(s) && number.test(s)) throw new Error(`${hex(c)} both`);
      // every letter is in one of the word classes (Lu, Lt in upper; Ll in lower; Lm, Lo in both)
      if (letter.test(s) && !upper.test(s) && !lower.test(s)) throw new Error(`${hex(c)} in no word class`);
      const wordOrDigit = letter.test(s) || number.test(s);
      // [^\r\n\p{L}\p{N}] and [^\s\p{L}\p{N}] as tiktoken has them
      const want = [...OURS.map((re) => re.test(s)), !wordOrDigit && s !== '\r' && s !== '\n', !wordOrDigit && !white.test(s)];
      names.forEach((k, i) => {
        if (counter[i].test(s) !== want[i]) differ.push(`${hex(c)} ${k}`);
      });
    }
    expect(differ).toEqual([]);
    if (process.versions.unicode === '17.0') {
      // the fast form: the u flag, V8's own property escapes, and only the extra code points spelled out
      expect(t.flags).toBe('u');
      expect(t.letter.startsWith('[^\\P{L}\u088f')).toBe(true); // the extra code points written as themselves
    }
    for (const k of names) expect(t[k].length).toBeLessThan(1000);
  });

  it('engineDifference() finds exactly the code points where V8 and the data file differ, each in the classes it differs in', () => {
    const d = engineDifference();
    const points = (r: Ranges) => r.flatMap((_, i) => (i % 2 ? [] : Array.from({ length: r[i + 1] - r[i] + 1 }, (_, j) => r[i] + j)));
    const found = new Set<string>();
    for (const k of CLASS_NAMES) {
      for (const c of points(d[k].add)) found.add(`${hex(c)} ${k} +`);
      for (const c of points(d[k].remove)) found.add(`${hex(c)} ${k} -`);
    }
    const brute = new Set<string>();
    for (const c of DISAGREE) {
      const s = String.fromCodePoint(c);
      CLASS_NAMES.forEach((k, i) => {
        if (OURS[i].test(s) && !V8[i].test(s)) brute.add(`${hex(c)} ${k} +`);
        if (!OURS[i].test(s) && V8[i].test(s)) brute.add(`${hex(c)} ${k} -`);
      });
    }
    expect([...found].sort()).toEqual([...brute].sort());
    if (process.versions.unicode === '17.0') {
      // Unicode 17.0 only adds letters, digits and marks, and moves U+0295 from Ll to Lo: V8's classes lose, never gain
      expect(CLASS_NAMES.map((k) => [k, points(d[k].add).length, points(d[k].remove).length])).toEqual([
        ['letter', 0, 4644],
        ['number', 0, 13],
        ['upperWord', 0, 4661],
        ['lowerWord', 0, 4658],
      ]);
    }
  });

  it("the build's record is taken only from an engine of the same ICU and Unicode version and the same data", () => {
    const record = differenceRecord();
    expect(recordedDifference(JSON.parse(JSON.stringify(record)))).toEqual(engineDifference());
    expect(recordedDifference({ ...record, icu: '0.0' })).toBeNull(); // another Node's ICU
    expect(recordedDifference({ ...record, unicode: '15.1' })).toBeNull();
    expect(recordedDifference({ ...record, data: '16.0.0/0' })).toBeNull(); // the data file changed since the build
    expect(recordedDifference({ ...record, difference: { letter: { add: [1], remove: [] } } })).toBeNull();
    expect(recordedDifference(null)).toBeNull();
  });

  it('classes less some code points (a Unicode newer than 16.0) take the u flag, and split as they say in every place of both patterns', () => {
    // as if the engine's \p{L} (and word classes) had "x" and its \p{N} had "7", which tiktoken's lack
    const x = { add: [], remove: [0x78, 0x78] };
    const classes = classesFor({ letter: x, number: { add: [], remove: [0x37, 0x37] }, upperWord: x, lowerWord: x, otherSpaces: [] });
    expect(classes.flags).toBe('u');
    expect(classes.letter).toBe('[^\\P{L}\\x78]');
    const text = "axb 17 it's x7y";
    expect(text.match(pretokenizer('cl100k_base', classes))).toEqual(['a', 'xb', ' ', '1', '7', ' it', "'s", ' x7', 'y']);
    expect(text.match(pretokenizer('o200k_base', classes))).toEqual(['a', 'xb', ' ', '1', '7', " it's", ' x7', 'y']);
  });

  it('classes with code points added as well (a Unicode older than 16.0) take the v flag, and split as they say in every place of both patterns', () => {
    // as if the engine's \p{L} lacked "$" and "€" and had "x"; its \p{N} lacked "#" and had "7"
    const word = { add: [0x24, 0x24, 0x20ac, 0x20ac], remove: [0x78, 0x78] };
    const classes = classesFor({ letter: word, number: { add: [0x23, 0x23], remove: [0x37, 0x37] }, upperWord: word, lowerWord: word, otherSpaces: [] });
    expect(classes.flags).toBe('v');
    expect(classes.letter).toBe('[[\\p{L}--[\\u{78}]][\\u{24}\\u{20ac}]]');
    const text = "a$b x€y 12#4 7 it's";
    expect(text.match(pretokenizer('cl100k_base', classes))).toEqual(['a$b', ' x', '€y', ' ', '12#', '4', ' 7', ' it', "'s"]);
    expect(text.match(pretokenizer('o200k_base', classes))).toEqual(['a$b', ' x', '€y', ' ', '12#', '4', ' 7', " it's"]);
    // a space that is not White_Space to tiktoken takes the v flag too
    const none = { add: [], remove: [] };
    expect(classesFor({ letter: none, number: none, upperWord: none, lowerWord: none, otherSpaces: [0x2070, 0x2070] }).flags).toBe('v');
  });

  it("the patterns stay small: under 20 KB, the length over which V8 does not optimize a regex (h25u's spelled-out classes made o200k_base's 105 KB)", () => {
    for (const e of ENCODINGS) expect(pretokenizer(e).source.length).toBeLessThan(20 * 1024);
  });
});
