/**
 * Verbs of change, as data per lexicon language (lower case; a cue ending with `*` is a stem; Han, kana
 * and Hangul cues match anywhere, the others as whole words). A negation governing one (the lexicon's
 * `fact_negation`) says a fact will not change (./durable.ts): "that won't ever change", "das wird sich
 * auch nicht ändern", "这辈子都改不了", "変わらない", "바뀔 일이 없어요". A new language is a new entry.
 *
 * `after`: in a language whose negation follows its verb (verb-final, or written without spaces), the
 * most characters between the verb and the negation after it ("改不了": 0, "変わらない": 1, "바뀔 일이
 * 없": 4). Without it, the negation stands before the verb within three words, and the verb ends its
 * clause: "it won't change" says the fact lasts, "I won't change my order" tells of an order.
 */
export interface ChangeWords {
  verbs: readonly string[];
  after?: number;
}

export const CHANGE: Readonly<Record<string, ChangeWords>> = {
  en: { verbs: ['change', 'changes'] },
  de: { verbs: ['ändern', 'ändert', 'verändern', 'verändert'] },
  es: { verbs: ['cambiar', 'cambia', 'cambiará', 'cambie'] },
  fr: { verbs: ['changer', 'change', 'changera'] },
  pt: { verbs: ['mudar', 'muda', 'mudará', 'mude'] },
  it: { verbs: ['cambiare', 'cambia', 'cambierà'] },
  ru: { verbs: ['изменится', 'изменится', 'поменяется', 'меняется', 'изменить', 'поменять'] },
  pl: { verbs: ['zmieni', 'zmienia', 'zmienić'] },
  'zh-Hans': { verbs: ['变', '改'], after: 0 },
  'zh-Hant': { verbs: ['變', '改'], after: 0 },
  ja: { verbs: ['変わ', '変え'], after: 2 },
  ko: { verbs: ['바뀌', '바뀔', '변하', '변할', '달라지', '달라질'], after: 4 },
};
