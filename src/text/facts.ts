/**
 * The facts a statement holds, read the same way in every language: its numbers (digits of any
 * script, CJK numerals before a counter, number words of the lexicon), its dates (the lexicon's
 * `calendar` words: weekdays, months, "yesterday", "上周", "先月"), its names (a capitalised word
 * inside a sentence, an acronym, a CamelCase or code-like word, a Latin word in CJK text, a katakana
 * run) and its negation (the lexicon's `fact_negation` words). destructive-update compares an
 * update's old and new text by these; never-extracted links a statement to a write by them.
 */
import { identifyLanguage } from './language.js';
import { lexiconsFor } from './lexicon-choice.js';
import { LANGS, lexicon, type Lexicon, type LexLang } from './lexicon.js';
import { coverage, tokenSet } from './relevance.js';
import { sentences } from './sentences.js';

export type FactKind = 'number' | 'date' | 'name' | 'negation';

export interface Fact {
  kind: FactKind;
  /** what is compared: a number's value, a date word, a name lower-cased, "negation" */
  key: string;
  /** as written */
  text: string;
}

/** Zero of each decimal digit block the numbers are read in (ASCII, Arabic-Indic, Persian, Devanagari, Bengali, Thai, full-width). */
const ZEROS = [0x30, 0x660, 0x6f0, 0x966, 0x9e6, 0xe50, 0xff10];
const DIGITS = /[\p{Nd}]+(?:[.,][\p{Nd}]+)*/gu;
const CJK_NUM: Record<string, number> = { 〇: 0, 零: 0, 一: 1, 二: 2, 两: 2, 兩: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9 };
/** CJK numerals count only before a counter ("三年", "两个", "五歳"): alone, 一 is in too many words (一起, 统一) */
const CJK_NUMERAL = /[〇零一二两兩三四五六七八九十百千万萬]+(?=[个個岁歲年月日号號天周週次人点點时時分元块塊只本匹回歳つ名位件台家所])/gu;
const HAN_OR_KANA = /[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff]/;
const KATAKANA = /[\u30a1-\u30fa][\u30a1-\u30fa\u30fc]+/gu;
/** a word of a cased script: its first letter, the rest */
const CASED_WORD = /(?<![\p{L}\p{M}\p{N}])[\p{L}][\p{L}\p{M}\p{N}'’.-]*[\p{L}\p{N}]|(?<![\p{L}\p{M}\p{N}])\p{Lu}/gu;
const LATIN_IN_CJK = /[A-Za-z][A-Za-z0-9._-]*[A-Za-z0-9]/g;
/** what ends a sentence (a word after it is capitalised for that reason alone) */
const SENTENCE_END = /[.!?:;。！？\n•*\-–—]/;
const OPENERS = /[\s"'“‘«([]/;

function digitValue(run: string): string | null {
  const ascii = [...run]
    .map((ch) => {
      if (ch === '.' || ch === ',') return ch;
      const cp = ch.codePointAt(0)!;
      const z = ZEROS.find((x) => cp >= x && cp <= x + 9);
      return z === undefined ? null : String(cp - z);
    })
    .join('');
  if (ascii.includes('null')) return null;
  // "1,500" and "1.500": thousands; "3.5" and "3,5": a fraction
  const parts = ascii.split(/[.,]/);
  const grouped = parts.length > 1 && parts.slice(1).every((p) => p.length === 3);
  const n = Number(grouped ? parts.join('') : ascii.replace(',', '.'));
  return Number.isFinite(n) ? String(n) : null;
}

function cjkValue(s: string): number | null {
  let total = 0;
  let cur = 0;
  for (const ch of s) {
    if (ch in CJK_NUM) cur = CJK_NUM[ch];
    else if (ch === '十' || ch === '百' || ch === '千' || ch === '万' || ch === '萬') {
      const unit = ch === '十' ? 10 : ch === '百' ? 100 : ch === '千' ? 1000 : 10000;
      total += (cur || 1) * unit;
      cur = 0;
    } else return null;
  }
  return total + cur;
}

/** a title's abbreviation before its period ("Dr.", "Mr.", "St."): the period ends no sentence */
const TITLE_DOT = /(?<![\p{L}\p{M}\p{N}])\p{Lu}\p{Ll}{0,2}\.$/u;

function sentenceInitial(text: string, i: number): boolean {
  let j = i - 1;
  while (j >= 0 && OPENERS.test(text[j])) j--;
  if (j >= 0 && text[j] === '.' && TITLE_DOT.test(text.slice(Math.max(0, j - 4), j + 1))) return false;
  return j < 0 || SENTENCE_END.test(text[j]);
}

/**
 * The lexicons a statement is read with: its identified language's (a statement of fact holds few of
 * the instruction cues the constraint grammar chooses a lexicon by), else the constraint grammar's choice.
 */
function lexiconsOf(text: string): Lexicon[] {
  const id = identifyLanguage(text).lang;
  const code = id === 'ms' ? 'id' : id;
  if (code && (LANGS as readonly string[]).includes(code)) return [lexicon(code as LexLang)];
  return lexiconsFor(text, text.toLowerCase());
}

/** A language whose nouns are all capitalised: a capital there names nothing by itself. */
const NOUNS_CAPITALISED = new Set(['de']);

/** The facts of a statement, each kind and key once. */
export function factsOf(text: string): Fact[] {
  const out: Fact[] = [];
  const seen = new Set<string>();
  const add = (kind: FactKind, key: string, written: string) => {
    const k = `${kind}:${key}`;
    if (!key || seen.has(k)) return;
    seen.add(k);
    out.push({ kind, key, text: written });
  };
  const lower = text.toLowerCase();
  const lexs = lexiconsOf(text);
  for (const m of text.matchAll(DIGITS)) {
    const v = digitValue(m[0]);
    if (v !== null) add('number', v, m[0]);
  }
  for (const m of text.matchAll(CJK_NUMERAL)) {
    const v = cjkValue(m[0]);
    if (v !== null && v !== 1) add('number', String(v), m[0]);
  }
  const dateSpans: [number, number][] = [];
  for (const lx of lexs) {
    // a number word is one only above one: "a", "ein", "un" are articles as often as numbers
    for (const m of lx.numbers.all(lower)) {
      const v = lx.data.numbers[m.text.toLowerCase().replace(/\s+/g, ' ')];
      if (typeof v === 'number' && v > 1) add('number', String(v), m.text);
    }
    for (const m of lx.cues.calendar.all(lower)) {
      add('date', m.text, text.slice(m.index, m.index + m.text.length) || m.text);
      dateSpans.push([m.index, m.index + m.text.length]);
    }
    if (lx.cues.fact_negation.has(lower)) add('negation', 'negation', lx.cues.fact_negation.first(lower)!.text);
  }
  const inDate = (i: number) => dateSpans.some(([a, b]) => i >= a && i < b);
  if (HAN_OR_KANA.test(text)) {
    for (const m of text.matchAll(LATIN_IN_CJK)) if (m[0].length >= 2) add('name', nameKey(m[0]), m[0]);
    for (const m of text.matchAll(KATAKANA)) add('name', m[0], m[0]);
  } else {
    const capitalised = !lexs.some((l) => NOUNS_CAPITALISED.has(l.lang));
    for (const m of text.matchAll(CASED_WORD)) {
      const w = m[0];
      const i = m.index!;
      const letters = w.replace(/[^\p{L}]/gu, '');
      const acronym = letters.length >= 2 && letters === letters.toUpperCase() && letters !== letters.toLowerCase();
      const inner = /\p{Ll}\p{Lu}/u.test(w);
      const code = /\p{L}/u.test(w) && /\p{N}/u.test(w);
      const proper = capitalised && /^\p{Lu}/u.test(w) && letters.length >= 2 && !sentenceInitial(text, i);
      if ((acronym || inner || code || proper) && !inDate(i)) add('name', nameKey(w), w);
    }
  }
  return out;
}

function nameKey(w: string): string {
  return w
    .toLowerCase()
    .replace(/['’]s$/u, '')
    .replace(/[.'’-]+$/u, '');
}

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Whether a text (with its facts, `factsOf(text)`) holds a fact: the same number or date, the name as a
 * word, or as its family's plural ("Okoro" in "the Okoros", "Okoros" in "the Okoro puppies").
 */
export function holdsFact(text: string, facts: readonly Fact[], f: Fact): boolean {
  if (f.kind === 'name') {
    if (HAN_OR_KANA.test(f.key)) return text.includes(f.key);
    const forms = [esc(f.key), `${esc(f.key)}s`, ...(/\p{L}{3}s$/u.test(f.key) ? [esc(f.key.slice(0, -1))] : [])];
    return new RegExp(`(?<![\\p{L}\\p{M}\\p{N}])(?:${forms.join('|')})(?![\\p{L}\\p{M}\\p{N}])`, 'iu').test(text);
  }
  return facts.some((g) => g.kind === f.kind && g.key === f.key);
}

/** Number and date stand for one another (a date given as "May 7" or "yesterday"); a name for a name. */
const CLASS: Record<FactKind, string> = { number: 'when', date: 'when', name: 'name', negation: 'negation' };

export interface FactLoss {
  /** facts of the old text the new one lacks, with nothing of their class in their place */
  lost: Fact[];
  /** facts of the old text the new one lacks where it holds another of their class: a changed value */
  replaced: Fact[];
  /** the new text's facts the old one lacks */
  added: Fact[];
  /** the old text negated its statement, the new one states it without a negation */
  negationLost: boolean;
}

/**
 * What an update of `old` into `next` lost. A number or date the new text lacks is lost unless the
 * new text gives another number or date (a changed value: "May 3" to "May 4", "last week" to "on
 * Friday"); a name likewise. A negation is lost when the new text states a negated sentence of the
 * old one (at least half of its terms) without a negation.
 */
export function factLoss(old: string, next: string): FactLoss {
  const a = factsOf(old);
  const b = factsOf(next);
  const missing = a.filter((f) => f.kind !== 'negation' && !holdsFact(next, b, f));
  const added = b.filter((f) => f.kind !== 'negation' && !holdsFact(old, a, f));
  const addedClasses = new Set(added.map((f) => CLASS[f.kind]));
  const lost = missing.filter((f) => !addedClasses.has(CLASS[f.kind]));
  const replaced = missing.filter((f) => addedClasses.has(CLASS[f.kind]));
  const negationLost = a.some((f) => f.kind === 'negation') && negationDropped(old, next);
  return { lost, replaced, added, negationLost };
}

/**
 * Whether a negated sentence of `old` is stated by `next` (half its terms) with fewer negations: the
 * sentences of `next` that state it (else `next` whole) hold fewer ("не лазает без страховки" became
 * "лазает без страховки": its "без" is no "не"). The negation of another sentence ("…a moment they will
 * never forget") says nothing of what `next` kept.
 */
function negationDropped(old: string, next: string): boolean {
  const nexts = sentences(next);
  return sentences(old).some((s) => {
    const n = negations(s);
    if (!n || !sameStatement(s, next)) return false;
    const stating = nexts.filter((t) => sameStatement(s, t));
    return Math.max(...(stating.length ? stating : [next]).map(negations)) < n;
  });
}

/** How many negation words a text holds (its language's `fact_negation`). */
export function negations(text: string): number {
  const lower = text.toLowerCase();
  const at = new Set<number>();
  for (const lx of lexiconsOf(text)) for (const m of lx.cues.fact_negation.all(lower)) at.add(m.index);
  return at.size;
}

/**
 * A statement without the names it holds ("Lívia" of "A Lívia não come glúten"): what it says of them. A
 * message that names the same person says nothing of it by that alone.
 */
export function withoutNames(text: string): string {
  let out = text;
  for (const f of factsOf(text)) if (f.kind === 'name') out = out.split(f.text).join(' ');
  return tokenSet(out).size ? out : text;
}

/** Whether `other` states what `text` states: it holds at least half of its terms (negation words aside). */
export function sameStatement(text: string, other: string, share = 0.5): boolean {
  return coverage(tokenSet(text), tokenSet(other)) >= share;
}

/** Whether a statement is negated (by its language's `fact_negation` words). */
export function isNegated(text: string): boolean {
  return factsOf(text).some((f) => f.kind === 'negation');
}
