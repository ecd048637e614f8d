/**
 * The cue lexicons: one JSON file per language in ./lexicon/ (data, like CLDR tables), loaded
 * once and compiled into matchers by one grammar. A new language is a new file listed in
 * LANGS, not a new code path.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** Languages with a cue lexicon, in the order they are tried. */
export const LANGS = ['en', 'zh-Hans', 'zh-Hant', 'ja', 'de', 'fr', 'es', 'pt', 'ko', 'ru', 'it', 'pl', 'tr', 'vi', 'id', 'ar', 'hi'] as const;
export type LexLang = (typeof LANGS)[number];

export type Unit = 'words' | 'chars' | 'sentences' | 'paragraphs' | 'lines' | 'items';
export const TOPICS = [
  'xml',
  'json',
  'yaml',
  'csv',
  'table',
  'list',
  'heading',
  'code',
  'markdown',
  'plain',
  'emoji',
  'exclamation',
  'formal',
  'casual',
  'hype',
  'calm',
  'citation',
  'concise',
  'verbose',
  'detailed',
] as const;
export type Topic = (typeof TOPICS)[number];

export interface PromiseCues {
  phrases: string[];
  negation: string[];
  negation_exempt: string[];
  hedge: string[];
  not_memory: string[];
  memory: string[];
  narrative: string[];
  /** "added", "gespeichert", "写入": with a memory word after it, a save ("I've added your allergy to my memory") */
  save_verbs: string[];
  /** a first person ("ich habe") and, within a few words, a past save ("gemerkt"): "ich habe mir das gemerkt" */
  subject: string[];
  pair_verbs: string[];
  /** the speaker's own life ("my", "we", a first person again): a sentence telling it is a person's story, not a save ("...as I continue my journey") */
  own: string[];
  /** the other party ("you", "your", "dein", "你"): what a save keeps is theirs ("I'll never forget that you're allergic") */
  addressee: string[];
  /** a subject other than the speaker between the first person and a past save: "I hope they recorded it" */
  others: string[];
  /** what was just said, as the subject of a passive save: "That has been noted" */
  deictic: string[];
  /** a lasting memory of an experience ("never forget", "nunca olvidaré", "永远忘不了"): a save only when it keeps the other party's words */
  emphatic: string[];
  /** phrases that promise only opening their clause: "Saved!" (not "Road trip saved!") */
  alone: string[];
  /** passive saves, a promise only with the other party's or a deictic subject: "Your preference has been saved" (not "Eli's job may have been saved") */
  passive: string[];
}

/** The shape of a lexicon file. Every list holds lower-case cues; multi-word cues match as phrases. */
export interface LexiconData {
  lang: LexLang;
  /**
   * latin, cyrillic, arabic and devanagari: words between spaces, cues matched at word boundaries
   * (a cue ending with `*` is a stem: it matches a word that starts with it, "tabel*" in "tabelami");
   * cjk and hangul: cues matched anywhere (no spaces, or particles joined to the word: "표를", "表格")
   */
  script: Script;
  /** verbs (and their negation) come at the end of the clause: negation is looked for after a cue only */
  verb_final?: boolean;
  /** in a verb-final language, the negations that come before the word they govern (Hindi "बिना इमोजी") */
  negation_before?: string[];
  /**
   * clitics written joined to the start of a word (Arabic و ف ب ل ك and the article ال): a cue also
   * matches right after them ("بالجداول" holds "جداول")
   */
  prefixes?: string[];
  /** words between a "mention" cue and the term it names, skipped ("non parlare mai di politica": "mai", "di") */
  term_skip?: string[];
  /** words right before a term that say an answer leaves it out ("without", "free of", "sin", "不含"): naming it so is no mention */
  left_out?: string[];
  /** words right after a term that say the same ("-free", "frei", "なし", "빼고") */
  left_out_after?: string[];
  fillers: string[];
  standing: string[];
  oneoff: string[];
  task: string[];
  address: string[];
  wish: string[];
  imperative: string[];
  modal: string[];
  answer: string[];
  self: string[];
  question: string[];
  request_question: string[];
  negation: string[];
  negation_after: string[];
  contrast: string[];
  permission: string[];
  withdraw: string[];
  third_person: string[];
  summary: string[];
  mention: string[];
  translate: string[];
  limit_max: string[];
  limit_min: string[];
  limit_suffix: string[];
  units: Record<Unit, string[]>;
  numbers: Record<string, number>;
  topics: Record<Topic, string[]>;
  languages: Record<string, string[]>;
  language_frame: string[];
  /** nouns that make a topic word a thing, not a format ("XML files", "the users table"): the word right before one is skipped */
  topic_objects?: string[];
  /** words right before a topic word that make it a thing someone has ("your list", "my to-do list", "bucket list") */
  topic_owners: string[];
  /**
   * what the assistant produces or does ("answer", "call me", "mention", "push", "推送"): an open-class
   * directive (no checker) must name one, or it is encouragement or talk ("Keep shining", "Never give up")
   */
  targets: string[];
  /** reported speech ("my mom always says", "sagte immer", "总说"): a rule someone else states is no instruction to the assistant */
  reported: string[];
  /** what makes a short fragment a directive ("only", "in", "no"): "English only." is one, "Spanish." (an answer) is not */
  fragment: string[];
  /**
   * a request for something exactly as it is ("as-is", "verbatim", "unchanged", "そのまま", "原样"): the
   * latest message asks for the tool's output in its own style, a one-off override of a style preference
   */
  verbatim?: string[];
  /**
   * the speaker passing on a text as they got it ("I'm pasting", "as it came", "te pego", "原样贴过来了",
   * "받은 그대로"): a `verbatim` word beside one says how the pasted text arrived, and asks nothing of the answer
   */
  pasted?: string[];
  /**
   * verb-final, the words that join two nouns under one verb ("など", "や", "이나", "와"): a negation after
   * the second noun governs the first ("XMLなどのマークアップは使わず": no XML, no markup)
   */
  coordinator?: string[];
  /**
   * a scope of one answer ("just this once", "for your next answer only", "这次就", "今回だけ"): a sentence
   * that holds one asks for one answer, so it states no standing rule and withdraws none
   */
  once?: string[];
  /**
   * a first-person subject, or a verb form that has one ("I", "ich", "moi je", "yo", "uso", "używam"):
   * near the start of a clause, the clause says what the speaker does or would do ("I'd avoid
   * exclamation marks", "würde ich Ausrufezeichen vermeiden", "nunca uso emojis"), not what the
   * assistant should do
   */
  first_person?: string[];
  /**
   * a requirement lifted ("no need to", "pas besoin de", "不必", "gerek yok"): with a topic in the
   * sentence, a withdrawal of it, not a prohibition; with none, nothing ("No need to apologize")
   */
  release?: string[];
  /**
   * a condition ("if", "even if", "auch wenn", "même si", "即使", "不管"; verb-final, its ending: "ても",
   * "써도"): the formats and languages it names are the condition's, not the rule's ("answer in German
   * even if I write in English")
   */
  condition?: string[];
  /**
   * words right before a language name that make it the topic of talk, not the answer's language
   * ("keep it up with German", "rather Italian", "über Französisch", "avec l'allemand")
   */
  language_about?: string[];
  /**
   * words that date a statement: weekdays, months, and days or weeks relative to it ("yesterday",
   * "last week", "上周", "先月"); a month that is also a common word ("may", "march") is left out. The
   * facts of a memory (./facts.ts) are these, its numbers, its names and its negation
   */
  calendar?: string[];
  /** the words that negate a statement of fact ("not", "never", "no longer", "nicht", "不", "ない"): ./facts.ts */
  fact_negation?: string[];
  /**
   * words that make a stated preference hold beyond the answer at hand: "from now on", "always",
   * "以后", "今後", "ab jetzt" (./durable.ts: what a memory system should have extracted)
   */
  durable?: string[];
  /** a request to keep what follows: "remember that", "记住", "覚えておいて", "merk dir" (at the start of a sentence) */
  remember_request?: string[];
  /** the speaker's own words ("I", "my", "we", "我", "私", "mein*"): what a request to remember keeps is about the user (./durable.ts) */
  speaker?: string[];
  /** the speaker says a fact will not change: "that is not going to change", "daran wird sich nichts ändern", "这个是不会变的" (./durable.ts) */
  lasting?: string[];
  /** the speaker tells a decision: "we have decided", "c'est décidé", "決めました", "我们决定了" (./durable.ts, with an `onward` word) */
  decision?: string[];
  /** from a point on, and not before: "from now on", "ab jetzt", "これから", "以后" (a decision said to hold from now: ./durable.ts) */
  onward?: string[];
  /**
   * the systems of measurement an answer can use, by system ("metric": "metric units", "celsius", "公制",
   * "メートル法"; "imperial": "fahrenheit", "英制"): an instruction about them is about every answer's
   * numbers, a standing rule like a format or a language (`units:metric`), not a request for one text
   */
  measures?: Record<string, string[]>;
  /**
   * a reminder frame ("remember to", "don't forget to", "记得", "n'oublie pas de", "denk daran", verb-final
   * at the end: "覚えておいて", "기억해 주세요"): it asks the listener to keep doing what it names, so its
   * own negation ("don't forget") is not the rule's, and with a standing word ("always") it is a standing rule
   */
  reminder?: string[];
  promise: PromiseCues;
  /** what measureStyle counts: marketing words, chat slang, and labels that start a line of sources ("Sources:") */
  style: { marketing: string[]; slang: string[]; citation_labels: string[] };
}

export type Script = 'latin' | 'cyrillic' | 'arabic' | 'devanagari' | 'cjk' | 'hangul';
/** A script whose words stand between spaces: cues match at word boundaries. */
export const SPACED: ReadonlySet<Script> = new Set(['latin', 'cyrillic', 'arabic', 'devanagari']);

/** letters, digits and combining marks (Devanagari vowel signs, Arabic vowel marks are marks, inside words) */
const WORD = /[\p{L}\p{M}\p{N}]/u;
const JOINER = /[\p{L}\p{M}\p{N}./\\_-]/u;

/** ASCII classes as tables (the common case), the Unicode classes above for the rest. */
const ASCII_WORD = new Uint8Array(128);
const ASCII_JOINER = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  const ch = String.fromCharCode(c);
  ASCII_WORD[c] = WORD.test(ch) ? 1 : 0;
  ASCII_JOINER[c] = JOINER.test(ch) ? 1 : 0;
}
const isWord = (text: string, i: number): boolean => {
  const c = text.charCodeAt(i);
  return c < 128 ? ASCII_WORD[c] === 1 : WORD.test(text[i]);
};
const isJoiner = (text: string, i: number): boolean => {
  const c = text.charCodeAt(i);
  return c < 128 ? ASCII_JOINER[c] === 1 : JOINER.test(text[i]);
};

/**
 * A character trie of cues: a node ends a cue when `cue` is set. A node with one child (most of
 * them: cues are words) holds it in `only`/`onlyNode`, a node with more a Map: the lexicons' tries
 * are tens of thousands of nodes in every analysis thread (~50,000 for eight lexicons), and a Map
 * each cost ~15 MB per thread.
 */
interface Node {
  only: string;
  onlyNode: Node | null;
  next: Map<string, Node> | null;
  cue: string | null;
  /** the cue ends with a letter or digit (and is no stem): in Latin scripts, a match must end at a word boundary */
  wordLast: boolean;
}

const newNode = (): Node => ({ only: '', onlyNode: null, next: null, cue: null, wordLast: false });

/**
 * Arabic letters written either way by the same people, read as one (one character for one, so
 * positions in a text stay): alef with or without hamza or madda, alef maqsura and ya, ta marbuta
 * and ha at a word's end ("أجب" / "اجب", "على" / "علي", "الإجابة" / "الاجابه").
 */
const ARABIC_VARIANTS = /[أإآىة]/g;
const ARABIC_FOLD: Record<string, string> = { أ: 'ا', إ: 'ا', آ: 'ا', ى: 'ي', ة: 'ه' };
export function foldArabic(s: string): string {
  ARABIC_VARIANTS.lastIndex = 0;
  return ARABIC_VARIANTS.test(s) ? s.replace(ARABIC_VARIANTS, (c) => ARABIC_FOLD[c]) : s;
}

/** A cue as matched: lower case, one space between words, without the `*` that makes it a stem. */
function normCue(raw: string): { w: string; stem: boolean } {
  const t = foldArabic(raw.toLowerCase().replace(/\s+/g, ' ').trim());
  return t.endsWith('*') ? { w: t.slice(0, -1).trimEnd(), stem: true } : { w: t, stem: false };
}

/** The child of `node` for character `ch`, if any. */
function childOf(node: Node, ch: string): Node | undefined {
  if (node.onlyNode !== null) return node.only === ch ? node.onlyNode : undefined;
  return node.next === null ? undefined : node.next.get(ch);
}

function addChild(node: Node, ch: string): Node {
  const made = newNode();
  if (node.onlyNode === null && node.next === null) {
    node.only = ch;
    node.onlyNode = made;
  } else {
    if (node.onlyNode !== null) {
      node.next = new Map([[node.only, node.onlyNode]]);
      node.only = '';
      node.onlyNode = null;
    }
    node.next!.set(ch, made);
  }
  return made;
}

/** The node of a trie that ends `w` (made, with the path to it, when missing). */
function nodeOf(root: Map<string, Node>, w: string): Node {
  const chars = w.split('');
  let node = root.get(chars[0]);
  if (!node) root.set(chars[0], (node = newNode()));
  for (let i = 1; i < chars.length; i++) node = childOf(node, chars[i]) ?? addChild(node, chars[i]);
  return node;
}

/**
 * The positions of a (prepared) Latin text where a cue can start: not inside a word. A cue that
 * starts with a letter cannot start right after a joiner (`words`), and one that starts with
 * anything else starts on a character that is not a letter (`any` holds both kinds). Kept for the
 * last few texts: the grammar runs many cue lists over the same sentence or clause.
 */
interface Starts {
  words: Int32Array;
  any: Int32Array;
}
const STARTS = new Map<string, Starts>();
const STARTS_MAX = 8;
function startsOf(t: string): Starts {
  let s = STARTS.get(t);
  if (s) return s;
  const words: number[] = [];
  const any: number[] = [];
  for (let i = 0; i < t.length; i++) {
    if (!isWord(t, i)) any.push(i);
    else if (!(i > 0 && isJoiner(t, i - 1))) {
      words.push(i);
      any.push(i);
    }
  }
  s = { words: Int32Array.from(words), any: Int32Array.from(any) };
  if (STARTS.size >= STARTS_MAX) STARTS.delete(STARTS.keys().next().value!);
  STARTS.set(t, s);
  return s;
}

/**
 * The ASCII characters cues start with, those that are a whole cue, and the ASCII pairs cues start
 * with, as bits: a position whose character (and, when every cue starting with it has a second
 * character, whose next one) starts no cue is passed over without walking the trie. In English
 * prose most word starts are such (10% of the 500 MB bench's sentences hold a cue at all). A
 * position at a non-ASCII character is never passed over.
 */
class AsciiStarts {
  private readonly first = new Uint32Array(4);
  private readonly single = new Uint32Array(4);
  private readonly pair = new Uint32Array(512);

  add(w: string): void {
    const c = w.charCodeAt(0);
    if (c >= 128) return;
    this.first[c >> 5] |= 1 << (c & 31);
    if (w.length === 1) this.single[c >> 5] |= 1 << (c & 31);
    else if (w.charCodeAt(1) < 128) {
      const p = (c << 7) | w.charCodeAt(1);
      this.pair[p >> 5] |= 1 << (p & 31);
    }
  }

  /** No cue can start at position i of t. */
  skip(t: string, i: number): boolean {
    const c = t.charCodeAt(i);
    if (c >= 128) return false;
    const bit = 1 << (c & 31);
    if ((this.first[c >> 5] & bit) === 0) return true;
    if ((this.single[c >> 5] & bit) !== 0) return false;
    // every cue starting with c has a second character
    if (i + 1 >= t.length) return true;
    const d = t.charCodeAt(i + 1);
    const p = (c << 7) | d;
    return d < 128 && (this.pair[p >> 5] & (1 << (p & 31))) === 0;
  }
}

/**
 * A compiled cue list: finds its cues in a text (lower-cased, whitespace collapsed by the caller
 * or here), longest first, at word boundaries for Latin scripts ("emoji" not in "emojify", "xml"
 * not in "pom.xml"). An index by first character, not one big regular expression: matching is
 * linear in the text times the few cues that share a first character; in Latin text only the
 * positions a cue can start at (not inside a word) are tried.
 */
export class Cues {
  /** built on first use (`size`, a match): a run reads a few lists of a few lexicons, and every lexicon's tries built at start cost most of a short command's time */
  private root: Map<string, Node> | null = null;
  private count_ = 0;
  /** some cue starts with a character that is not a letter or digit */
  private otherFirst = false;
  /** where no cue can start (ASCII) */
  private readonly starts = new AsciiStarts();
  /** clitics a word may start with before a cue (Arabic), longest first */
  private readonly prefixes: readonly string[];
  constructor(
    readonly list: readonly string[],
    readonly latin: boolean,
    prefixes: readonly string[] = [],
  ) {
    this.prefixes = latin ? [...new Set(prefixes.map((p) => p.toLowerCase().trim()).filter(Boolean))].sort((a, b) => b.length - a.length) : [];
  }

  private build(): Map<string, Node> {
    const root = new Map<string, Node>();
    const norm = new Map<string, boolean>();
    for (const raw of this.list) {
      const { w, stem } = normCue(raw);
      if (w) norm.set(w, (norm.get(w) ?? false) || stem);
    }
    for (const [w, stem] of norm) {
      if (!isWord(w, 0)) this.otherFirst = true;
      this.starts.add(w);
      const node = nodeOf(root, w);
      node.cue = w;
      node.wordLast = !stem && isWord(w, w.length - 1);
    }
    this.count_ = norm.size;
    this.root = root;
    return root;
  }

  /** How many distinct cues the list holds. */
  get size(): number {
    if (this.root === null) this.build();
    return this.count_;
  }

  /**
   * The longest cue at position i, with its boundaries (Latin scripts): not right after a joiner
   * when it starts with a letter ("xml" not in "pom.xml"), and not followed by a letter (or an
   * apostrophe and a letter) when it ends with one ("emoji" not in "emojify"). `afterPrefix`: i
   * follows a clitic at the start of the word ("بال" in "بالجداول").
   */
  private at(text: string, i: number, afterPrefix = false): string | null {
    // built: every caller asks for `size` first
    let node = this.root!.get(text[i]);
    if (!node) return null;
    if (this.latin && !afterPrefix && i > 0 && isWord(text, i) && isJoiner(text, i - 1)) return null;
    let best: string | null = null;
    for (let j = i + 1; ; j++) {
      if (node.cue !== null && !(this.latin && node.wordLast && wordGoesOn(text, j))) {
        best = node.cue;
      }
      if (j >= text.length) break;
      const n: Node | undefined = childOf(node, text[j]);
      if (!n) break;
      node = n;
    }
    return best;
  }

  /** The cue right after the clitics the word at i starts with (Arabic: up to three, "و" + "ب" + "ال"), with where it starts. */
  private afterPrefix(t: string, i: number, depth = 0): { index: number; w: string } | null {
    if (depth === 0 && i > 0 && isJoiner(t, i - 1)) return null;
    for (const p of this.prefixes) {
      if (!t.startsWith(p, i)) continue;
      const w = this.at(t, i + p.length, true);
      if (w) return { index: i + p.length, w };
      const deeper = depth < 2 ? this.afterPrefix(t, i + p.length, depth + 1) : null;
      if (deeper) return deeper;
    }
    return null;
  }

  /** Calls `found` for each match, left to right, not overlapping, until it returns true. */
  private scan(text: string, found: (index: number, w: string) => boolean): void {
    if (!this.size) return;
    const t = prep(text);
    if (this.latin) {
      const starts = this.otherFirst ? startsOf(t).any : startsOf(t).words;
      let next = 0;
      for (let k = 0; k < starts.length; k++) {
        const i = starts[k];
        if (i < next) continue;
        const w = this.starts.skip(t, i) ? null : this.at(t, i);
        if (w) {
          if (found(i, w)) return;
          next = i + w.length;
        } else if (this.prefixes.length) {
          const m = this.afterPrefix(t, i);
          if (m) {
            if (found(m.index, m.w)) return;
            next = m.index + m.w.length;
          }
        }
      }
      return;
    }
    for (let i = 0; i < t.length; i++) {
      const w = this.at(t, i);
      if (w) {
        if (found(i, w)) return;
        i += w.length - 1;
      }
    }
  }

  /** Every match, left to right, not overlapping. */
  all(text: string): { index: number; text: string }[] {
    const out: { index: number; text: string }[] = [];
    this.scan(text, (index, w) => {
      out.push({ index, text: w });
      return false;
    });
    return out;
  }
  /** How many matches `all` finds. */
  count(text: string): number {
    let n = 0;
    this.scan(text, () => {
      n++;
      return false;
    });
    return n;
  }
  first(text: string): { index: number; text: string } | null {
    let out: { index: number; text: string } | null = null;
    this.scan(text, (index, w) => {
      out = { index, text: w };
      return true;
    });
    return out;
  }
  has(text: string): boolean {
    return this.first(text) !== null;
  }
  /** The cue the text starts with, if any (with the clitic before it, as written: "ولا"). */
  start(text: string): string | null {
    if (!this.size) return null;
    const t = prep(text);
    const w = this.at(t, 0);
    if (w || !this.prefixes.length) return w;
    const m = this.afterPrefix(t, 0);
    return m ? t.slice(0, m.index + m.w.length) : null;
  }
}

const APOSTROPHE = new Set(["'", '’']);

/**
 * A quick "could any of these cues be in this text": true when one of them occurs as a substring,
 * at a position no letter or digit comes right before (for the lists given with `wordStart`), or
 * anywhere (the others), and, for the lists given with `wordEnd`, ending where Cues lets a cue end
 * (a cue that ends with a letter is not followed by a letter, or an apostrophe and a letter). A
 * superset of what the cue lists match (their boundaries are as strict or stricter, and a part of
 * the text starts where a letter cannot precede it), so false means none of them can match. A
 * list scanned in pieces cut inside words (a tail of fixed length) must not ask for `wordEnd`.
 */
export class AnyCue {
  private readonly root = new Map<string, Node>();
  /** terminal nodes whose cue must start where no letter or digit precedes it */
  private readonly wordStart = new Set<Node>();
  /** terminal nodes whose cue must end at a word boundary */
  private readonly wordEnd = new Set<Node>();
  /**
   * By first UTF-16 unit: 1 where some cue starts with it (`first`), and where some cue starting
   * with it may start right after a letter or digit (`inWord`). Most positions of a text are
   * inside words, and most cues there must start a word: those positions are passed over without
   * walking the trie.
   */
  private readonly first = new Uint8Array(65536);
  private readonly inWord = new Uint8Array(65536);
  /** where no cue can start (ASCII) */
  private readonly starts = new AsciiStarts();
  constructor(lists: { cues: readonly string[]; wordStart: boolean; wordEnd?: boolean }[]) {
    const seen = new Set<Node>();
    for (const { cues, wordStart, wordEnd = false } of lists) {
      for (const raw of cues) {
        const { w, stem } = normCue(raw);
        if (!w) continue;
        const node = nodeOf(this.root, w);
        const start = wordStart && isWord(w, 0);
        const end = wordEnd && !stem && isWord(w, w.length - 1);
        this.first[w.charCodeAt(0)] = 1;
        if (!start) this.inWord[w.charCodeAt(0)] = 1;
        this.starts.add(w);
        // a cue listed both ways keeps the weaker condition
        if (!seen.has(node)) {
          seen.add(node);
          node.cue = w;
          if (start) this.wordStart.add(node);
          if (end) this.wordEnd.add(node);
        } else {
          if (!start) this.wordStart.delete(node);
          if (!end) this.wordEnd.delete(node);
        }
      }
    }
  }

  /** `text` lower-cased by the caller; whitespace is read as the cue lists read it. */
  in(text: string): boolean {
    const t = foldArabic(text.replace(/[\t\n\r\f\v\u00a0]/g, ' '));
    const { first, starts } = this;
    const n = t.length;
    for (let i = 0; i < n; i++) {
      const c = t.charCodeAt(i);
      if (first[c] === 0 || starts.skip(t, i)) continue;
      const afterWord = i > 0 && isWord(t, i - 1);
      if (afterWord && this.inWord[c] === 0) continue;
      let node = this.root.get(t[i]);
      for (let j = i + 1; node; j++) {
        if (node.cue !== null && !(afterWord && this.wordStart.has(node)) && !(this.wordEnd.has(node) && wordGoesOn(t, j))) return true;
        if (j >= t.length) break;
        node = childOf(node, t[j]);
      }
    }
    return false;
  }
}

/** A word goes on at j: a letter or digit, or an apostrophe and one ("emoji" is not in "emojify" or "emoji's"). */
function wordGoesOn(t: string, j: number): boolean {
  return j < t.length && (isWord(t, j) || (APOSTROPHE.has(t[j]) && j + 1 < t.length && isWord(t, j + 1)));
}

/** Lower case, whitespace runs as one space, Arabic variants folded (same length for the texts the grammars pass in). */
let lastIn = '';
let lastOut = '';
function prep(text: string): string {
  if (text === lastIn) return lastOut;
  lastIn = text;
  lastOut = foldArabic(/[A-ZÀ-Þ\s]/.test(text) ? text.toLowerCase().replace(/[\t\n\r\f\v\u00a0]/g, ' ') : text);
  return lastOut;
}

export interface Lexicon {
  data: LexiconData;
  lang: LexLang;
  /** words between spaces: cues match at word boundaries (every script but cjk and hangul) */
  latin: boolean;
  /** a cue may start inside a word, after a clitic (`prefixes`): a prefilter cannot ask for a word start */
  prefixed: boolean;
  cues: Record<
    Exclude<keyof LexiconData, 'lang' | 'script' | 'verb_final' | 'prefixes' | 'units' | 'numbers' | 'topics' | 'languages' | 'promise' | 'style' | 'measures'>,
    Cues
  >;
  /** system of measurement -> names of it in this lexicon's language */
  measures: { system: string; cues: Cues }[];
  units: Record<Unit, Cues>;
  topics: Record<Topic, Cues>;
  /** language code -> names of it in this lexicon's language */
  languages: { code: string; cues: Cues }[];
  promise: Record<keyof PromiseCues, Cues>;
  numbers: Cues;
  /** every cue that says "this is an instruction in this language": scores a sentence for lexicon choice */
  signal: Cues;
  /** the single words of the grammar's own cue lists (not content) */
  cueWords: ReadonlySet<string>;
}

const LISTS = [
  'fillers',
  'standing',
  'oneoff',
  'task',
  'address',
  'wish',
  'imperative',
  'modal',
  'answer',
  'self',
  'question',
  'request_question',
  'negation',
  'negation_after',
  'contrast',
  'permission',
  'withdraw',
  'third_person',
  'summary',
  'mention',
  'translate',
  'limit_max',
  'limit_min',
  'limit_suffix',
  'language_frame',
  'topic_objects',
  'topic_owners',
  'targets',
  'reported',
  'fragment',
  'negation_before',
  'term_skip',
  'left_out',
  'left_out_after',
  'verbatim',
  'pasted',
  'coordinator',
  'once',
  'first_person',
  'release',
  'condition',
  'language_about',
  'calendar',
  'fact_negation',
  'durable',
  'remember_request',
  'speaker',
  'lasting',
  'decision',
  'onward',
  'reminder',
] as const;

function compile(data: LexiconData): Lexicon {
  const latin = SPACED.has(data.script);
  const prefixes = data.prefixes ?? [];
  const c = (l: string[] | undefined) => new Cues(l ?? [], latin, prefixes);
  const cues = Object.fromEntries(LISTS.map((k) => [k, c(data[k])])) as Lexicon['cues'];
  const units = Object.fromEntries(Object.entries(data.units).map(([k, v]) => [k, c(v)])) as Record<Unit, Cues>;
  const topics = Object.fromEntries(TOPICS.map((t) => [t, c(data.topics[t])])) as Record<Topic, Cues>;
  const promise = Object.fromEntries(Object.entries(data.promise).map(([k, v]) => [k, c(v)])) as Lexicon['promise'];
  const signalLists = [
    'fillers',
    'standing',
    'address',
    'wish',
    'imperative',
    'negation',
    'modal',
    'answer',
    'permission',
    'withdraw',
    'limit_max',
    'mention',
    'third_person',
  ] as const;
  const signal = c([
    ...signalLists.flatMap((k) => data[k]),
    // "scrivo", "używam", "moi je": a first-person verb form says which language the speaker writes
    ...(data.first_person ?? []),
    ...Object.values(data.units).flat(),
    ...Object.values(data.languages).flat(),
    ...(Object.values(data.topics) as string[][]).flat().filter((w) => !/^(?:xml|json|yaml|yml|csv|tsv|emoji|markdown)\*?$/.test(w)),
  ]);
  const cueWords = new Set<string>();
  for (const k of [...signalLists, 'answer', 'oneoff', 'task', 'contrast'] as const) {
    for (const w of data[k])
      for (const t of w
        .toLowerCase()
        .replace(/\*$/, '')
        .split(/[\s,]+/))
        if (t) cueWords.add(t);
  }
  return {
    signal,
    cueWords,
    data,
    lang: data.lang,
    latin,
    prefixed: latin && prefixes.length > 0,
    cues,
    units,
    topics,
    languages: Object.entries(data.languages).map(([code, names]) => ({ code, cues: c(names) })),
    measures: Object.entries(data.measures ?? {}).map(([system, names]) => ({ system, cues: c(names) })),
    promise,
    numbers: c(Object.keys(data.numbers)),
  };
}

let cache: Map<LexLang, Lexicon> | null = null;

/** Every lexicon, compiled once. */
export function lexicons(): ReadonlyMap<LexLang, Lexicon> {
  if (!cache) {
    cache = new Map();
    for (const l of LANGS) cache.set(l, compile(require(`./lexicon/${l}.json`) as LexiconData));
  }
  return cache;
}

export function lexicon(lang: LexLang): Lexicon {
  return lexicons().get(lang)!;
}
