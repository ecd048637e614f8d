/**
 * Titles built from parts: the words a title quotes from the log (a constraint, a phrase, a value)
 * are marked where the title is built, so `--redact` replaces each of them whole, whatever quotes or
 * brackets they hold (a redaction that looked for quoted spans in the finished title left the words
 * between two inner quotes readable). The marks never leave `finalize`: the finding carries its
 * plain title and, beside it, the list of its log-derived words (`title_words`).
 */

const OPEN = '\uE000';
const CLOSE = '\uE001';
const MARKS = /[\uE000\uE001]/g;

/** Log text as a part of a title: marked, so it is redacted whole (the text's own marks removed). */
export function logWords(text: string): string {
  return `${OPEN}${text.replace(MARKS, '')}${CLOSE}`;
}

/** A log-derived word of a title: where it starts in the plain title, and its text. */
export interface TitleWord {
  at: number;
  text: string;
}

/** A marked title split into its plain text and its log-derived words, in order (an unclosed mark runs to the end). */
export function splitTitle(marked: string): { title: string; words: TitleWord[] } {
  if (!marked.includes(OPEN)) return { title: marked.replace(MARKS, ''), words: [] };
  let title = '';
  const words: TitleWord[] = [];
  let i = 0;
  for (let open = marked.indexOf(OPEN); open !== -1; open = marked.indexOf(OPEN, i)) {
    let close = marked.indexOf(CLOSE, open + 1);
    if (close === -1) close = marked.length;
    title += marked.slice(i, open).replace(MARKS, '');
    const w = marked.slice(open + 1, close).replace(MARKS, '');
    if (w) words.push({ at: title.length, text: w });
    title += w;
    i = close + 1;
  }
  if (i < marked.length) title += marked.slice(i).replace(MARKS, '');
  return { title, words };
}
