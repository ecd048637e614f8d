/**
 * The per-field size limit before any pattern runs (issue 26). The language layer's patterns
 * (constraint and promise grammars, style structure, language identification) read at most
 * PATTERN_FIELD_CHARS characters of one field: its head and its tail, joined by a paragraph break
 * (a user's rules are stated first or last; a pasted document sits between). A pattern whose cost
 * grows faster than the text then costs at most what it costs on this many characters, whatever the
 * log holds. Whole-text counts that are one linear scan (characters, words, emoji, lines) still read
 * the field whole.
 */

/** Characters of one field the language layer's patterns read (documented in SECURITY.md). */
export const PATTERN_FIELD_CHARS = 32_768;
/** Of which the tail: the rest is the head. */
const TAIL_CHARS = 8_192;

/** A UTF-16 cut that does not split a surrogate pair. */
function cutAt(text: string, i: number): number {
  const c = text.charCodeAt(i - 1);
  return c >= 0xd800 && c <= 0xdbff ? i - 1 : i;
}

/** The field as the patterns read it: whole up to PATTERN_FIELD_CHARS, else its head and its tail. */
export function bounded(text: string, max = PATTERN_FIELD_CHARS): string {
  if (text.length <= max) return text;
  const tail = Math.min(TAIL_CHARS, Math.floor(max / 4));
  const head = cutAt(text, max - tail - 2);
  const from = cutAt(text, text.length - tail);
  return `${text.slice(0, head)}\n\n${text.slice(from)}`;
}
