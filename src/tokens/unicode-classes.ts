import fs from 'node:fs';
import { LETTER, LOWER_WORD, NUMBER, UNICODE_VERSION, UPPER_WORD } from './tiktoken-unicode.js';

/**
 * The Unicode classes of the pre-tokenizer regexes (./pretokenize.ts), each a class operand for the `v`
 * flag: a property escape or a bracketed class.
 */
export interface UnicodeClasses {
  /** \p{L} */
  letter: string;
  /** \p{N} */
  number: string;
  /** o200k_base's [\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}] */
  upperWord: string;
  /** o200k_base's [\p{Ll}\p{Lm}\p{Lo}\p{M}] */
  lowerWord: string;
}

export const CLASS_NAMES = ['letter', 'number', 'upperWord', 'lowerWord'] as const;
type ClassName = (typeof CLASS_NAMES)[number];

/** The running engine's own classes: V8 takes them from its ICU (Unicode 17.0 in Node 20.20). */
export const ENGINE_CLASSES: UnicodeClasses = {
  letter: '\\p{L}',
  number: '\\p{N}',
  upperWord: '[\\p{Lu}\\p{Lt}\\p{Lm}\\p{Lo}\\p{M}]',
  lowerWord: '[\\p{Ll}\\p{Lm}\\p{Lo}\\p{M}]',
};

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
 * ASCII escaped: a third of the length, which keeps the one regex below under V8's 20 KB.
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
export function engineDifference(): Record<ClassName, ClassDifference> {
  const ours = Object.fromEntries(CLASS_NAMES.map((k) => [k, parseBody(TIKTOKEN_BODIES[k])])) as Record<ClassName, Ranges>;
  const parts = CLASS_NAMES.map((k) => {
    const body = classBody(ours[k], true);
    return `[${ENGINE_CLASSES[k]}--[${body}]][[${body}]--${ENGINE_CLASSES[k]}]`;
  });
  const find = new RegExp(`[${parts.join('')}]+`, 'gv');
  const all = everyCodePoint();
  let found = '';
  for (let m = find.exec(all); m; m = find.exec(all)) found += m[0];
  const out = {} as Record<ClassName, ClassDifference>;
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

/** The engine's class with a difference applied: itself where there is none. */
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
  difference: Record<ClassName, ClassDifference>;
}

/** FNV-1a of the data file's class bodies, so a record of other data is not taken. */
function dataHash(): string {
  let h = 0x811c9dc5;
  for (const body of CLASS_NAMES.map((k) => TIKTOKEN_BODIES[k])) {
    for (let i = 0; i < body.length; i++) h = Math.imul(h ^ body.charCodeAt(i), 0x01000193);
  }
  return `${UNICODE_VERSION}/${(h >>> 0).toString(16)}`;
}

/** The difference for the running engine, with its key (what the build writes). */
export function differenceRecord(): DifferenceRecord {
  return { icu: process.versions.icu ?? '', unicode: process.versions.unicode ?? '', data: dataHash(), difference: engineDifference() };
}

/** A record's difference if it was computed by an engine of this ICU and Unicode version from this data; else null. */
export function recordedDifference(record: unknown): Record<ClassName, ClassDifference> | null {
  const r = record as Partial<DifferenceRecord> | null;
  if (!r || r.icu !== (process.versions.icu ?? '') || r.unicode !== (process.versions.unicode ?? '') || r.data !== dataHash()) return null;
  const d = r.difference;
  const ranges = (x: unknown) => Array.isArray(x) && x.length % 2 === 0 && x.every((c) => Number.isInteger(c));
  if (!d || !CLASS_NAMES.every((k) => d[k] && ranges(d[k].add) && ranges(d[k].remove))) return null;
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

let tiktoken: UnicodeClasses | undefined;

/**
 * tiktoken's classes (Unicode 16.0, the version of tiktoken 1.0.22's regex tables) written as the
 * engine's own classes plus or minus the code points where the two versions differ: V8's compiled
 * \p{L} and the like, and a pattern of a few KB (spelled out in full, o200k_base's was 105 KB, which V8
 * runs unoptimized: counting Chinese took 1.8 times as long). Made on first use, from the build's record
 * when the engine that runs is the one that built it (a file read), else computed (about 25 ms).
 */
export function tiktokenClasses(): UnicodeClasses {
  if (!tiktoken) {
    const d = recordedDifference(builtRecord()) ?? engineDifference();
    tiktoken = {
      letter: adjusted(ENGINE_CLASSES.letter, d.letter),
      number: adjusted(ENGINE_CLASSES.number, d.number),
      upperWord: adjusted(ENGINE_CLASSES.upperWord, d.upperWord),
      lowerWord: adjusted(ENGINE_CLASSES.lowerWord, d.lowerWord),
    };
  }
  return tiktoken;
}
