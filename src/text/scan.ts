/**
 * Linear scans of log text for the style measures (./style.ts): each reads a character a bounded
 * number of times, whatever the text, where a regular expression over the same text backtracked.
 */

const KEY_CHAR = /[\w.-]/;
const WORD_CHAR = /\w/;
const SPACE = /\s/;
const LINE_END = /[\n\r\u2028\u2029]/;

/**
 * Does a line hold two `key=value` pairs, the second after a space? What `\b[\w.-]+=\S+.*\s[\w.-]+=\S+`
 * said, in one pass: that expression backtracked cubically on a line of `a=a=a=…` (4 KB took 20 s).
 * The first pair: an `=` whose run of key characters before it holds a word character (where a `\b`
 * can start it) and a non-space after it; the second: a space at least two characters past that `=`,
 * then key characters, `=` and a non-space, with no line end before that space (`.` does not cross one).
 */
export function keyValuePairs(line: string): boolean {
  for (let from = 0; from < line.length; ) {
    const eq = firstPair(line, from);
    if (eq === -1) return false;
    let s = eq + 2;
    for (; s < line.length; s++) {
      if (!SPACE.test(line[s])) continue;
      let k = s + 1;
      while (k < line.length && KEY_CHAR.test(line[k])) k++;
      if (k > s + 1 && line[k] === '=' && k + 1 < line.length && !SPACE.test(line[k + 1])) return true;
      if (LINE_END.test(line[s])) break; // `.` stops here: a first pair after it may still start one
      s = k - 1; // the key characters just read hold no space
    }
    from = s + 1;
  }
  return false;
}

/** The first `=` at or after `from` that ends a first pair (see keyValuePairs), or -1. */
function firstPair(line: string, from: number): number {
  for (let i = line.indexOf('=', from); i !== -1; i = line.indexOf('=', i + 1)) {
    if (i + 1 >= line.length || SPACE.test(line[i + 1])) continue;
    // the key run ends at the previous `=` (not a key character): every character is read back once
    for (let k = i - 1; k >= 0 && KEY_CHAR.test(line[k]); k--) if (WORD_CHAR.test(line[k])) return i;
  }
  return -1;
}

/**
 * Matches of a word pattern, counted a piece of at most WORD_PIECE characters at a time, each cut at
 * a space (a word holds none): a repeated group (`1.1.1.…`, `a'a'a'…`) matched over 10 MB at once
 * overflowed V8's backtrack stack. A run of WORD_PIECE characters without a space is cut where it is.
 */
export function countWords(text: string, re: RegExp): number {
  if (text.length <= WORD_PIECE) return countMatches(text, re);
  let n = 0;
  for (let from = 0; from < text.length; ) {
    let to = Math.min(text.length, from + WORD_PIECE);
    if (to < text.length) {
      let k = to;
      while (k > from && !/\s/.test(text[k - 1])) k--;
      to = k > from ? k : to;
      const c = text.charCodeAt(to - 1);
      if (c >= 0xd800 && c <= 0xdbff) to--;
    }
    n += countMatches(text.slice(from, to), re);
    from = to;
  }
  return n;
}
const WORD_PIECE = 65_536;

export function countMatches(text: string, re: RegExp): number {
  re.lastIndex = 0;
  let n = 0;
  while (re.exec(text) !== null) n++;
  return n;
}

/** Code points, counted without an array of them (a 10 MB text made one of 10 million strings). */
export function codePoints(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0xd800 || c > 0xdbff || i + 1 >= text.length) n++;
    else {
      const d = text.charCodeAt(i + 1);
      n++;
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
  }
  return n;
}
