import type { EncodingName } from './models.js';
import { tiktokenClasses, type UnicodeClasses, WHITE_SPACE as WS } from './unicode-classes.js';

/**
 * The pre-tokenizers of OpenAI's encodings, as JavaScript regular expressions. tiktoken splits a
 * text with its encoding's pattern (`pat_str` in tiktoken's registry.json) and byte-pair encodes
 * every piece on its own, so a text's token count is the sum of its pieces' counts: the pieces can
 * be counted once each and remembered (text repeats its words), which is several times faster
 * than handing tiktoken every text. The patterns are tiktoken's, with three changes JavaScript needs
 * to mean the same thing:
 * - `\s` is Unicode White_Space as in Rust's regex (JavaScript's `\s` adds U+FEFF and lacks U+0085);
 * - `(?i:'s|'t|...)` (inline flags; Node 20 has none) is spelled out with the case variants Unicode
 *   case folding gives, including U+017F LATIN SMALL LETTER LONG S for `s`;
 * - `\p{L}`, `\p{N}` and o200k_base's word classes hold what they hold in tiktoken's Unicode version
 *   (16.0), not in V8's (its ICU's: 17.0 in Node 20.20, where 4,700 code points differ): V8's own
 *   classes less (or, with the `v` flag, plus or minus) the code points where the two differ, made
 *   on first use (./unicode-classes.ts). Else a letter new since would be one piece
 *   with its neighbours here and not in tiktoken, and a count would depend on the Node that runs it.
 * ./pretokenize.test.ts compares the counts with tiktoken's on every fixture and on
 * random text over the characters where the two regex dialects could differ.
 */
const S = `[${WS}]`;
const NOT_S = `[^${WS}]`;
const CONTRACTION = "(?:'[sS]|'[tT]|'[rR][eE]|'[vV][eE]|'[mM]|'[lL][lL]|'[dD])";

/** An encoding's pattern with these classes. */
function pattern(encoding: EncodingName, c: UnicodeClasses): string {
  const prefix = `${c.wordLead}?`; // [^\r\n\p{L}\p{N}]?
  const symbols = ` ?${c.symbol}+`; // ` ?[^\s\p{L}\p{N}]+`
  const digits = `${c.number}{1,3}`;
  const spaces = [`${S}*[\\r\\n]+`, `${S}+(?!${NOT_S})`, `${S}+`];
  return (
    encoding === 'o200k_base'
      ? // [^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?|[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n/]*|\s*[\r\n]+|\s+(?!\S)|\s+
        [
          `${prefix}${c.upperWord}*${c.lowerWord}+${CONTRACTION}?`,
          `${prefix}${c.upperWord}+${c.lowerWord}*${CONTRACTION}?`,
          digits,
          `${symbols}[\\r\\n\\/]*`,
          ...spaces,
        ]
      : // (?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+
        [CONTRACTION, `${prefix}${c.letter}+`, digits, `${symbols}[\\r\\n]*`, ...spaces]
  ).join('|');
}

const PATTERNS = new Map<EncodingName, string>();

/**
 * A fresh global regex for an encoding's pre-tokenizer (global regexes carry state: one per caller), with
 * tiktoken's classes unless others are given (the tests build the engine's own, \p{L} and the like, to compare).
 */
export function pretokenizer(encoding: EncodingName, classes?: UnicodeClasses): RegExp {
  if (classes) return new RegExp(pattern(encoding, classes), `g${classes.flags}`);
  const c = tiktokenClasses();
  let p = PATTERNS.get(encoding);
  if (!p) PATTERNS.set(encoding, (p = pattern(encoding, c)));
  return new RegExp(p, c.flags === 'u' ? 'gu' : 'gv');
}
