import type { EncodingName } from './models.js';

/**
 * The pre-tokenizers of ./pretokenize.ts, hand-run over ASCII text: where the piece starting at a
 * position reads only ASCII characters, its end is found by a table lookup per character instead of
 * a Unicode-class regex match (and no match object or substring is made). Anywhere else the caller
 * uses the regex. The rules below are the regexes' alternatives, tried in their order, restricted
 * to ASCII, where a letter is upper or lower case (no Lt, Lm, Lo or M), a digit is \p{N} and
 * whitespace is \t-\r and space. src/tokens/ascii-split.test.ts holds the two equal piece by piece.
 */
const OTHER = 0;
const UPPER = 1;
const LOWER = 2;
const DIGIT = 3;
/** whitespace other than \r and \n */
const SPACE = 4;
const NEWLINE = 5;

const CLASS = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  CLASS[c] =
    c >= 65 && c <= 90
      ? UPPER
      : c >= 97 && c <= 122
        ? LOWER
        : c >= 48 && c <= 57
          ? DIGIT
          : c === 10 || c === 13
            ? NEWLINE
            : c === 32 || (c >= 9 && c <= 12)
              ? SPACE
              : OTHER;
}

/** The class of the character at i: -1 past the end, -2 for a character the rules do not cover. */
function cls(text: string, i: number): number {
  if (i >= text.length) return -1;
  const c = text.charCodeAt(i);
  return c < 128 ? CLASS[c] : -2;
}

const APOSTROPHE = 39;

/** Length of a contraction ('s 't 're 've 'm 'll 'd in any case) at i, 0 if none; -2 if it reads a non-ASCII character. */
function contraction(text: string, i: number): number {
  if (text.charCodeAt(i) !== APOSTROPHE) return 0;
  const a = text.charCodeAt(i + 1) | 0x20; // lower case (NaN past the end becomes 32)
  if (i + 1 < text.length && text.charCodeAt(i + 1) >= 128) return -2;
  if (a === 115 || a === 116 || a === 109 || a === 100) return 2; // s t m d
  const b = text.charCodeAt(i + 2) | 0x20;
  if (i + 2 < text.length && text.charCodeAt(i + 2) >= 128 && (a === 114 || a === 118 || a === 108)) return -2;
  if ((a === 114 && b === 101) || (a === 118 && b === 101) || (a === 108 && b === 108)) return 3; // re ve ll
  return 0;
}

/** End of the run of characters of class `k` (or, when `k2` is given, either class) from i; -2 if it ends at a non-ASCII character. */
function runEnd(text: string, i: number, k: number, k2 = k): number {
  for (;;) {
    const c = cls(text, i);
    if (c === -2) return -2;
    if (c !== k && c !== k2) return i;
    i++;
  }
}

/**
 * o200k_base's two word alternatives from i, a letter (after the prefix, if any): upper*, lower+,
 * contraction? or else upper+, lower*, contraction?. In ASCII the cases are disjoint, so both take
 * every upper-case letter, then every lower-case one.
 */
function o200kWord(text: string, i: number): number {
  const afterUpper = runEnd(text, i, UPPER);
  if (afterUpper === -2) return -2;
  const end = runEnd(text, afterUpper, LOWER);
  if (end === -2) return -2;
  const k = contraction(text, end);
  return k === -2 ? -2 : end + k;
}

/** End of the whitespace piece at i (the regexes' last three alternatives); -2 on a non-ASCII character. */
function spaceEnd(text: string, i: number): number {
  let lastNewline = -1;
  let j = i;
  for (;;) {
    const c = cls(text, j);
    if (c === -2) return -2;
    if (c === NEWLINE) lastNewline = j;
    else if (c !== SPACE) break;
    j++;
  }
  if (lastNewline >= 0) return lastNewline + 1; // \s*[\r\n]+
  if (j >= text.length) return j; // \s+(?!\S) at the end
  if (j - i >= 2) return j - 1; // \s+(?!\S): all but the last, which goes with what follows
  return j; // \s+
}

/** ` ?[^\s\p{L}\p{N}]+` then [\r\n/]* (o200k_base) or [\r\n]* (cl100k_base), from i (the space already passed). */
function symbolsEnd(text: string, i: number, slash: boolean): number {
  let j = runEnd(text, i, OTHER);
  if (j === -2) return -2;
  for (;;) {
    const c = cls(text, j);
    if (c === -2) return -2;
    if (c === NEWLINE || (slash && text.charCodeAt(j) === 47)) j++;
    else return j;
  }
}

/**
 * End of the pre-tokenizer piece that starts at `start`, or -1 when finding it would read a
 * character outside ASCII (then the regex decides).
 */
export function asciiPieceEnd(text: string, start: number, encoding: EncodingName): number {
  const e = pieceEnd(text, start, encoding === 'o200k_base');
  return e < 0 ? -1 : e;
}

/** A word from i: o200k_base's upper*lower+ | upper+lower* (and a contraction), cl100k_base's letters+. */
function wordEnd(text: string, i: number, o200k: boolean): number {
  return o200k ? o200kWord(text, i) : runEnd(text, i, UPPER, LOWER);
}

/** asciiPieceEnd, with any negative value for "declined". */
function pieceEnd(text: string, start: number, o200k: boolean): number {
  const c = cls(text, start);
  if (c < 0) return -1;
  if (c === DIGIT) {
    // \p{N}{1,3} (a non-ASCII character within the three may be a digit too)
    let j = start + 1;
    for (; j < start + 3; j++) {
      const d = cls(text, j);
      if (d === -2) return -1;
      if (d !== DIGIT) break;
    }
    return j;
  }
  if (c === UPPER || c === LOWER) return wordEnd(text, start, o200k);
  if (c === NEWLINE) return spaceEnd(text, start);
  // OTHER or SPACE: a contraction (cl100k_base, first), else a prefix before letters, else symbols, else whitespace
  if (!o200k) {
    const k = contraction(text, start);
    if (k !== 0) return k < 0 ? k : start + k;
  }
  const next = cls(text, start + 1);
  if (next === -2) return -1;
  if (next === UPPER || next === LOWER) return wordEnd(text, start + 1, o200k);
  if (c === OTHER) return symbolsEnd(text, start, o200k);
  if (text.charCodeAt(start) === 32 && next === OTHER) return symbolsEnd(text, start + 1, o200k);
  return spaceEnd(text, start);
}
