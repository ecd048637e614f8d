/**
 * The word-like segments Intl.Segmenter (granularity "word", ICU's root rules: Unicode UAX #29)
 * gives for an ASCII text, found by hand: most logs are ASCII, and the segmenter costs ~10% of
 * analysis there. Only the rules that can join ASCII characters into one word apply:
 * - letters and digits run together (WB5, WB8, WB9, WB10);
 * - between two letters, a colon, full stop or apostrophe joins (WB6, WB7: "can't", "e.g", "a:b");
 * - between two digits, a comma, semicolon, full stop or apostrophe joins (WB11, WB12: "1,000", "3.14").
 * Everything else breaks, and segments without a letter or digit are not word-like. A text with a
 * character outside ASCII, or an underscore (ExtendNumLet, whose status ICU decides by its own
 * rules), returns null: the caller asks the segmenter. src/text/ascii-words.test.ts holds the two
 * equal on random text and every fixture.
 */
/** 0: any other character */
const LETTER = 1;
const DIGIT = 2;
/** joins two letters: `:` `.` `'` */
const MID_LETTER = 4;
/** joins two digits: `,` `;` `.` `'` */
const MID_NUM = 8;

const CLASS = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  const ch = String.fromCharCode(c);
  CLASS[c] = /[A-Za-z]/.test(ch) ? LETTER : /[0-9]/.test(ch) ? DIGIT : 0;
}
CLASS[0x3a] = MID_LETTER; // :
CLASS[0x2e] = MID_LETTER | MID_NUM; // .
CLASS[0x27] = MID_LETTER | MID_NUM; // '
CLASS[0x2c] = MID_NUM; // ,
CLASS[0x3b] = MID_NUM; // ;

const UNDERSCORE = 0x5f;

export function asciiWords(text: string): string[] | null {
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c >= 128 || c === UNDERSCORE) return null;
  }
  const out: string[] = [];
  let i = 0;
  while (i < n) {
    let k = CLASS[text.charCodeAt(i)];
    if (k !== LETTER && k !== DIGIT) {
      i++;
      continue;
    }
    const start = i;
    for (;;) {
      i++;
      if (i >= n) break;
      const c = CLASS[text.charCodeAt(i)];
      if (c === LETTER || c === DIGIT) {
        k = c;
        continue;
      }
      // a mid character joins when the same kind (letter / digit) is on both sides
      if (i + 1 < n) {
        const after = CLASS[text.charCodeAt(i + 1)];
        if ((k === LETTER && after === LETTER && c & MID_LETTER) || (k === DIGIT && after === DIGIT && c & MID_NUM)) {
          i++;
          k = after;
          continue;
        }
      }
      break;
    }
    out.push(text.slice(start, i));
  }
  return out;
}
