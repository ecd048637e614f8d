import type { EncodingName } from './models.js';

/**
 * The pre-tokenizers of OpenAI's encodings, as JavaScript regular expressions. tiktoken splits a
 * text with its encoding's pattern (`pat_str` in tiktoken's registry.json) and byte-pair encodes
 * every piece on its own, so a text's token count is the sum of its pieces' counts: the pieces can
 * be counted once each and remembered (text repeats its words), which is several times faster
 * than handing tiktoken every text. The patterns are tiktoken's, with two changes JavaScript needs
 * to mean the same thing:
 * - `\s` is Unicode White_Space as in Rust's regex (JavaScript's `\s` adds U+FEFF and lacks U+0085);
 * - `(?i:'s|'t|...)` (inline flags; Node 20 has none) is spelled out with the case variants Unicode
 *   case folding gives, including U+017F LATIN SMALL LETTER LONG S for `s`.
 * test/tokens-pretokenize.test.ts compares the counts with tiktoken's on every fixture and on
 * random text over the characters where the two regex dialects could differ.
 */
const WS = '\\t-\\r \\x85\\xA0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000';
const S = `[${WS}]`;
const NOT_S = `[^${WS}]`;
const CONTRACTION = "(?:'[sS]|'[tT]|'[rR][eE]|'[vV][eE]|'[mM]|'[lL][lL]|'[dD])";

const PATTERNS: Record<EncodingName, string> = {
  // [^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?|[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n/]*|\s*[\r\n]+|\s+(?!\S)|\s+
  o200k_base: [
    `[^\\r\\n\\p{L}\\p{N}]?[\\p{Lu}\\p{Lt}\\p{Lm}\\p{Lo}\\p{M}]*[\\p{Ll}\\p{Lm}\\p{Lo}\\p{M}]+${CONTRACTION}?`,
    `[^\\r\\n\\p{L}\\p{N}]?[\\p{Lu}\\p{Lt}\\p{Lm}\\p{Lo}\\p{M}]+[\\p{Ll}\\p{Lm}\\p{Lo}\\p{M}]*${CONTRACTION}?`,
    `\\p{N}{1,3}`,
    ` ?[^${WS}\\p{L}\\p{N}]+[\\r\\n/]*`,
    `${S}*[\\r\\n]+`,
    `${S}+(?!${NOT_S})`,
    `${S}+`,
  ].join('|'),
  // (?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+
  cl100k_base: [
    CONTRACTION,
    `[^\\r\\n\\p{L}\\p{N}]?\\p{L}+`,
    `\\p{N}{1,3}`,
    ` ?[^${WS}\\p{L}\\p{N}]+[\\r\\n]*`,
    `${S}*[\\r\\n]+`,
    `${S}+(?!${NOT_S})`,
    `${S}+`,
  ].join('|'),
};

/** A fresh global regex for an encoding's pre-tokenizer (global regexes carry state: one per caller). */
export function pretokenizer(encoding: EncodingName): RegExp {
  return new RegExp(PATTERNS[encoding], 'gu');
}
