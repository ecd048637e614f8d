import crypto from 'node:crypto';
import fs from 'node:fs';
import { LETTER, LOWER_WORD, NUMBER, UNICODE_VERSION, UPPER_WORD } from './tiktoken-unicode.js';

/** Unicode White_Space as in Rust's regex `\s` (JavaScript's `\s` adds U+FEFF and lacks U+0085), a class body. */
export const WHITE_SPACE = '\\t-\\r \\x85\\xA0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000';

/**
 * The Unicode classes of the pre-tokenizer regexes (./pretokenize.ts), each a class for a regex of
 * `flags` (`u`, or `v` where a class needs set operations): a property escape or a bracketed class.
 */
export interface UnicodeClasses {
  flags: 'u' | 'v';
  /** \p{L} */
  letter: string;
  /** \p{N} */
  number: string;
  /** o200k_base's [\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}] */
  upperWord: string;
  /** o200k_base's [\p{Ll}\p{Lm}\p{Lo}\p{M}] */
  lowerWord: string;
  /** [^\r\n\p{L}\p{N}], the character a word may start with */
  wordLead: string;
  /** [^\s\p{L}\p{N}], a symbol */
  symbol: string;
}

export const CLASS_NAMES = ['letter', 'number', 'upperWord', 'lowerWord'] as const;
type ClassName = (typeof CLASS_NAMES)[number];

/** The running engine's own classes: V8 takes them from its ICU (Unicode 17.0 in Node 20.20). */
export const ENGINE_CLASSES: UnicodeClasses = {
  flags: 'u',
  letter: '\\p{L}',
  number: '\\p{N}',
  upperWord: '[\\p{Lu}\\p{Lt}\\p{Lm}\\p{Lo}\\p{M}]',
  lowerWord: '[\\p{Ll}\\p{Lm}\\p{Lo}\\p{M}]',
  wordLead: '[^\\r\\n\\p{L}\\p{N}]',
  symbol: `[^${WHITE_SPACE}\\p{L}\\p{N}]`,
};

/** The control characters, U+0000-U+001F and U+007F-U+009F (Cc: fixed by Unicode's stability policy). */
const CONTROLS = '\\x00-\\x1f\\x7f-\\x9f';

/** tiktoken's classes as class bodies (./tiktoken-unicode.ts, generated: Unicode 16.0). */
const TIKTOKEN_BODIES: Record<ClassName, string> = { letter: LETTER, number: NUMBER, upperWord: UPPER_WORD, lowerWord: LOWER_WORD };

/** Code point ranges, flat: lo, hi, lo, hi, ... sorted. */
export type Ranges = number[];

/** The ranges of a class body of \u{lo}-\u{hi} and \u{c} items (what the generator writes). */
export function parseBody(body: string): Ranges {
  const r: Ranges = [];
  for (const m of body.matchAll(/\\u\{([0-9a-f]+)\}(?:-\\u\{([0-9a-f]+)\})?/g)) {
    const lo = Number.parseInt(m[1], 16);
    r.push(lo, m[2] ? Number.parseInt(m[2], 16) : lo);
  }
  return r;
}

/** Whether a code point is in the ranges (binary search). */
export function inRanges(r: Ranges, c: number): boolean {
  let lo = 0;
  let hi = r.length / 2 - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (c < r[2 * mid]) hi = mid - 1;
    else if (c > r[2 * mid + 1]) lo = mid + 1;
    else return true;
  }
  return false;
}

/**
 * A class body of the ranges for the `v` flag: \u{...} escapes, or (`raw`) the characters themselves,
 * ASCII escaped: a third of the length, which keeps the finder below under V8's 20 KB and the patterns
 * short (new RegExp() costs time in proportion to the pattern's length, and the tests make one per text).
 */
function classBody(r: Ranges, raw = false): string {
  const ch = (c: number) => (!raw ? `\\u{${c.toString(16)}}` : c < 0x80 ? `\\x${c.toString(16).padStart(2, '0')}` : String.fromCodePoint(c));
  let s = '';
  for (let i = 0; i < r.length; i += 2) s += r[i] === r[i + 1] ? ch(r[i]) : `${ch(r[i])}-${ch(r[i + 1])}`;
  return s;
}

/** Every code point but the surrogates, in order, as one string (2.2 million UTF-16 units). */
function everyCodePoint(): string {
  const units = new Uint16Array(0xd800 + 0x2000 + 2 * 0x100000);
  let j = 0;
  for (let c = 0; c < 0xd800; c++) units[j++] = c;
  for (let c = 0xe000; c < 0x10000; c++) units[j++] = c;
  for (let hi = 0xd800; hi < 0xdc00; hi++) {
    for (let lo = 0xdc00; lo < 0xe000; lo++) {
      units[j++] = hi;
      units[j++] = lo;
    }
  }
  return new TextDecoder('utf-16le').decode(units);
}

/** A class where the engine and tiktoken differ: the code points tiktoken's has and the engine's lacks, and the other way. */
export interface ClassDifference {
  add: Ranges;
  remove: Ranges;
}

/** Sorted code points as ranges. */
function toRanges(points: number[]): Ranges {
  const r: Ranges = [];
  for (const c of points) {
    if (r.length > 0 && r[r.length - 1] === c - 1) r[r.length - 1] = c;
    else r.push(c, c);
  }
  return r;
}

/**
 * Where the running engine's classes and tiktoken's differ, class by class. One regex finds them all:
 * the union, over the classes, of (engine's -- tiktoken's) and (tiktoken's -- engine's), which V8
 * computes when it compiles the pattern (the `v` flag's set operations), searched in a string of every
 * code point; each found code point is then placed by the engine's class and tiktoken's ranges. Costs
 * about 20 ms of CPU, once per thread (the pattern is 18 KB written with the characters themselves:
 * written as \u{...} escapes, it would be 89 KB and V8 does not optimize a regex over 20 KB).
 */
export function engineDifference(): EngineDifference {
  const ours = Object.fromEntries(CLASS_NAMES.map((k) => [k, parseBody(TIKTOKEN_BODIES[k])])) as Record<ClassName, Ranges>;
  const parts = CLASS_NAMES.map((k) => {
    const body = classBody(ours[k], true);
    return `[${ENGINE_CLASSES[k]}--[${body}]][[${body}]--${ENGINE_CLASSES[k]}]`;
  });
  // and any space or control the engine has beyond White_Space and the fixed controls (none in any Unicode yet)
  const otherSpaces = `[[\\p{Z}\\p{Cc}]--[${WHITE_SPACE}${CONTROLS}]]`;
  const find = new RegExp(`[${parts.join('')}${otherSpaces}]+`, 'gv');
  const all = everyCodePoint();
  let found = '';
  for (let m = find.exec(all); m; m = find.exec(all)) found += m[0];
  const others: number[] = [];
  for (const m of found.matchAll(new RegExp(otherSpaces, 'gv'))) others.push(m[0].codePointAt(0)!);
  const out = { otherSpaces: toRanges(others) } as EngineDifference;
  for (const k of CLASS_NAMES) {
    const inEngine = new Set<number>();
    for (const m of found.matchAll(new RegExp(ENGINE_CLASSES[k], 'gv'))) inEngine.add(m[0].codePointAt(0)!);
    const add: number[] = [];
    const remove: number[] = [];
    for (const ch of found) {
      const c = ch.codePointAt(0)!;
      const inOurs = inRanges(ours[k], c);
      if (inOurs && !inEngine.has(c)) add.push(c);
      else if (!inOurs && inEngine.has(c)) remove.push(c);
    }
    out[k] = { add: toRanges(add), remove: toRanges(remove) };
  }
  return out;
}

/** Where the running engine's classes differ from tiktoken's. */
export type EngineDifference = Record<ClassName, ClassDifference> & {
  /** spaces and controls (\p{Z}, \p{Cc}) of the engine's beyond White_Space and U+0000-U+001F, U+007F-U+009F */
  otherSpaces: Ranges;
};

/** The engine's class with a difference applied, for the `v` flag: itself where there is none. */
export function adjusted(engine: string, d: ClassDifference): string {
  let x = engine;
  if (d.remove.length > 0) x = `[${x}--[${classBody(d.remove)}]]`;
  if (d.add.length > 0) x = `[${x}[${classBody(d.add)}]]`;
  return x;
}

/**
 * The difference as the build records it (scripts/unicode-classes.mjs -> dist/tokens/unicode-classes.json),
 * with what it was computed from: the engine's ICU and Unicode versions and a hash of the data file.
 */
export interface DifferenceRecord {
  icu: string;
  unicode: string;
  data: string;
  difference: EngineDifference;
}

/** A hash of the data file's class bodies, so a record of other data is not taken. */
function dataHash(): string {
  const h = crypto.createHash('sha1');
  for (const k of CLASS_NAMES) h.update(TIKTOKEN_BODIES[k]);
  return `${UNICODE_VERSION}/${h.digest('hex').slice(0, 12)}`;
}

/** The difference for the running engine, with its key (what the build writes). */
export function differenceRecord(): DifferenceRecord {
  return { icu: process.versions.icu ?? '', unicode: process.versions.unicode ?? '', data: dataHash(), difference: engineDifference() };
}

/** A record's difference if it was computed by an engine of this ICU and Unicode version from this data; else null. */
export function recordedDifference(record: unknown): EngineDifference | null {
  const r = record as Partial<DifferenceRecord> | null;
  if (!r || r.icu !== (process.versions.icu ?? '') || r.unicode !== (process.versions.unicode ?? '') || r.data !== dataHash()) return null;
  const d = r.difference;
  const ranges = (x: unknown) => Array.isArray(x) && x.length % 2 === 0 && x.every((c) => Number.isInteger(c));
  if (!d || !ranges(d.otherSpaces) || !CLASS_NAMES.every((k) => d[k] && ranges(d[k].add) && ranges(d[k].remove))) return null;
  return d;
}

/**
 * The build's record, beside this module (dist/tokens/) or, run from the TypeScript sources, in
 * dist/tokens/ (as ranks.ts finds its tables); null when there is none or it is unreadable.
 */
function builtRecord(): unknown {
  for (const rel of ['./unicode-classes.json', '../../dist/tokens/unicode-classes.json']) {
    const file = new URL(rel, import.meta.url);
    try {
      if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8'));
    } catch {
      return null;
    }
  }
  return null;
}

/** The union of code point ranges. */
function union(a: Ranges, b: Ranges): Ranges {
  const points: number[] = [];
  for (const r of [a, b]) for (let i = 0; i < r.length; i += 2) for (let c = r[i]; c <= r[i + 1]; c++) points.push(c);
  return toRanges([...new Set(points)].sort((x, y) => x - y));
}

/**
 * The engine's classes with a difference applied. Where the engine only has more (a Unicode newer than
 * 16.0: Node 20.20's has 4,700 code points more), with the `u` flag: each class written as the
 * complement of the other general categories and the extra code points, `[^\P{L}...]` for \p{L}, the
 * classes that exclude letters and digits as the general categories they hold and the extra code points.
 * V8 compiles a bracketed class with the `v` flag to slower code (`[\p{Lo}]+` over Chinese: 1.6 times
 * the time with `u`), so `v` (`[\p{L}--[...]]`) is kept for an engine that also lacks some (older
 * than 16.0), or has spaces or controls not in White_Space.
 */
export function classesFor(d: EngineDifference): UnicodeClasses {
  const adds = CLASS_NAMES.some((k) => d[k].add.length > 0) || d.otherSpaces.length > 0;
  if (adds) {
    const letter = adjusted(ENGINE_CLASSES.letter, d.letter);
    const number = adjusted(ENGINE_CLASSES.number, d.number);
    return {
      flags: 'v',
      letter,
      number,
      upperWord: adjusted(ENGINE_CLASSES.upperWord, d.upperWord),
      lowerWord: adjusted(ENGINE_CLASSES.lowerWord, d.lowerWord),
      wordLead: `[^\\r\\n${letter}${number}]`,
      symbol: `[^${WHITE_SPACE}${letter}${number}]`,
    };
  }
  const less = (k: ClassName, others: string) => (d[k].remove.length > 0 ? `[^${others}${classBody(d[k].remove, true)}]` : ENGINE_CLASSES[k]);
  // letters and digits tiktoken does not have are word leads and symbols to it: the engine's class or those
  const extra = classBody(union(d.letter.remove, d.number.remove), true);
  return {
    flags: 'u',
    letter: less('letter', '\\P{L}'),
    number: less('number', '\\P{N}'),
    upperWord: less('upperWord', '\\p{Ll}\\p{N}\\p{P}\\p{S}\\p{Z}\\p{C}'),
    lowerWord: less('lowerWord', '\\p{Lu}\\p{Lt}\\p{N}\\p{P}\\p{S}\\p{Z}\\p{C}'),
    wordLead: extra ? `(?:${ENGINE_CLASSES.wordLead}|[${extra}])` : ENGINE_CLASSES.wordLead,
    symbol: extra ? `(?:${ENGINE_CLASSES.symbol}|[${extra}])` : ENGINE_CLASSES.symbol,
  };
}

let tiktoken: UnicodeClasses | undefined;

/**
 * tiktoken's classes (Unicode 16.0, the version of tiktoken 1.0.22's regex tables) written as the
 * engine's own classes less (or plus) the code points where the two versions differ: V8's compiled
 * \p{L} and the like, and a pattern of a few KB (spelled out in full, o200k_base's was 105 KB, which V8
 * runs unoptimized: counting Chinese took 1.8 times as long). Made on first use, from the build's record
 * when the engine that runs is the one that built it (a file read), else computed (about 25 ms).
 */
export function tiktokenClasses(): UnicodeClasses {
  if (!tiktoken) {
    tiktoken = classesFor(recordedDifference(builtRecord()) ?? engineDifference());
  }
  return tiktoken;
}
