/**
 * Reminder frames: "remember to ...", "don't forget to ...", "记得...", "n'oublie pas de ...", "denk daran, ...",
 * verb-final at the end, "…ことを覚えておいて", "…것을 기억해 주세요" (the lexicon's `reminder`). The frame asks
 * the listener to keep doing what it names: what it names is read as the directive, the frame's own negation
 * ("don't forget", "n'oublie pas", "не забывай") is not the rule's, and only a standing word in it ("always",
 * "toujours", "以后") makes it a standing rule ("Remember to call mom tomorrow" asks for one thing).
 */
import { lexiconsFor } from './lexicon-choice.js';
import type { Lexicon } from './lexicon.js';
import { sentences } from './sentences.js';

/** Verb-final, what may follow the frame at a clause's end: a polite ending ("ください", "주세요"), at most this many letters. */
const TAIL = 4;

/**
 * The clause without its reminder frame: '' when the clause is only the frame, null when it has none.
 * `c` is the clause as the grammar reads it (lower case, fillers stripped).
 */
export function reminderRest(c: string, lex: Lexicon): string | null {
  const cues = lex.cues.reminder;
  if (!cues.size) return null;
  const start = cues.start(c);
  if (start)
    return c
      .slice(start.length)
      .replace(/^[\s\p{P}]+/u, '')
      .trim();
  if (!lex.data.verb_final) return null;
  const m = cues.first(c);
  if (!m) return null;
  const tail = c.slice(m.index + m.text.length).replace(/[\s\p{P}]/gu, '');
  if ([...tail].length > TAIL) return null;
  return c
    .slice(0, m.index)
    .replace(/[\s\p{P}]+$/u, '')
    .trim();
}

/**
 * Does a sentence of the text ask to keep doing something always: a reminder frame with a standing word
 * ("Remember to always write tests", "记得以后都要写测试")? What it asks is a rule the user set on purpose.
 */
export function remindsAlways(text: string): boolean {
  return sentences(text).some((s) => {
    const lower = s.toLowerCase().trim();
    return lexiconsFor(s, lower).some((lex) => {
      const rest = reminderRest(lower, lex);
      return rest !== null && rest !== '' && lex.cues.standing.has(rest);
    });
  });
}
