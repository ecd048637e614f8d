/** Choosing the cue lexicon a sentence is read with (the constraint grammar's first step). */
import { LANGS, lexicon, type Lexicon, type LexLang, type Script } from './lexicon.js';
import { chineseScript, identifyLanguage } from './language.js';

const KANA = /[\u3040-\u30ff]/;
const HAN = /[\u3400-\u9fff\uf900-\ufaff]/;
let latin: Lexicon[] | undefined;
/**
 * The Latin-script lexicons, compiled on first use, not when the module loads: compiling every lexicon
 * takes about 0.2 s of CPU, which a command that reads no sentence (sessions, show, --help) need not pay.
 */
export function latinLexicons(): Lexicon[] {
  latin ??= LANGS.map((l) => lexicon(l)).filter((l) => l.data.script === 'latin');
  return latin;
}
/** Scripts that name their lexicons: a sentence in Hangul is read with the Hangul lexicons, and so on. */
const BY_SCRIPT: [RegExp, Script][] = [
  [/[\uac00-\ud7af\u1100-\u11ff\u3130-\u318f]/, 'hangul'],
  [/[\u0400-\u04ff]/, 'cyrillic'],
  [/[\u0600-\u06ff\u0750-\u077f\ufb50-\ufdff\ufe70-\ufeff]/, 'arabic'],
  [/[\u0900-\u097f]/, 'devanagari'],
];

/** The lexicons of a script other than Latin and Han the sentence is written in (Korean, Russian, Arabic, Hindi), or null. */
export function scriptLexicons(sentence: string): Lexicon[] | null {
  for (const [re, script] of BY_SCRIPT) {
    if (!re.test(sentence)) continue;
    const lx = LANGS.map((l) => lexicon(l)).filter((l) => l.data.script === script);
    if (lx.length) return lx;
  }
  return null;
}

/**
 * The lexicons that read a sentence: Japanese for kana, Chinese (with English when it holds a few
 * Latin words) for Han characters, else the Latin lexicon whose instruction cues it holds most (in words),
 * ties broken by the identified language (English last).
 */
export function lexiconsFor(sentence: string, lower: string): Lexicon[] {
  if (KANA.test(sentence)) return [lexicon('ja')];
  const other = scriptLexicons(sentence);
  if (other) return other;
  if (HAN.test(sentence)) {
    const zh = lexicon(chineseScript(sentence));
    const latinWords = (sentence.match(/[A-Za-z]{3,}/g) ?? []).length;
    return latinWords >= 3 ? [zh, lexicon('en')] : [zh];
  }
  let best: Lexicon[] = [];
  let bestScore = 0;
  const scores = new Map<string, number>();
  for (const lx of latinLexicons()) {
    // words of its cues the sentence holds: one five-word phrase of a language ("olvida lo que te comenté")
    // outweighs two short words another language shares ("te", "sobre")
    let score = 0;
    for (const m of lx.signal.all(lower)) score += m.text.split(' ').length;
    scores.set(lx.lang, score);
    if (score > bestScore) {
      best = [lx];
      bestScore = score;
    } else if (score === bestScore && score > 0) best.push(lx);
  }
  if (!best.length) return [lexicon('en')];
  // the language the sentence is written in, when identification is sure of it (a long sentence) or
  // its cues tie with the best: short function words ("a", "no", "do", "na", "ti") are shared by many
  // languages and must not pick Polish for a long Portuguese sentence
  const id = identifyLanguage(sentence);
  const guess = id.lang === 'ms' ? 'id' : id.lang;
  const guessed = latinLexicons().find((l) => l.lang === guess);
  if (guessed && (id.reliable || ((scores.get(guessed.lang) ?? 0) === bestScore && bestScore > 0))) return [guessed];
  if (best.length === 1) return best;
  return [best.find((l) => l.lang === 'en') ?? best[0]];
}

/**
 * The lexicons a statement is read with (a fact told, a request to remember), not an instruction: a
 * statement holds few of the instruction cues lexiconsFor chooses by ("Lembre que o meu filho…" holds
 * none of any language, and lexiconsFor falls back to English; "Lembre que o meu marido é alérgico a
 * camarão" holds Polish's "a"), so the language identified comes first, sure of it or not (a short
 * sentence seldom is), then lexiconsFor's choice: each is only read for its own cues.
 */
export function statementLexicons(sentence: string, lower: string): Lexicon[] {
  const chosen = lexiconsFor(sentence, lower);
  const id = identifyLanguage(sentence);
  const code = id.lang === 'ms' ? 'id' : id.lang;
  if (!code || !(LANGS as readonly string[]).includes(code) || chosen.some((l) => l.lang === code)) return chosen;
  return [lexicon(code as LexLang), ...chosen];
}
