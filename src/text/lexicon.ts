/**
 * The cue lexicons: one JSON file per language in ./lexicon/ (data, like CLDR tables), loaded
 * once and compiled into matchers by one grammar. A new language is a new file listed in
 * LANGS, not a new code path.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** Languages with a cue lexicon, in the order they are tried. */
export const LANGS = ['en', 'zh-Hans', 'zh-Hant', 'ja', 'de', 'fr', 'es', 'pt'] as const;
export type LexLang = (typeof LANGS)[number];

export type Unit = 'words' | 'chars' | 'sentences' | 'paragraphs' | 'lines' | 'items';
export const TOPICS = [
  'xml', 'json', 'yaml', 'csv', 'table', 'list', 'heading', 'code', 'markdown', 'plain', 'emoji', 'exclamation',
  'formal', 'casual', 'hype', 'calm', 'citation', 'concise', 'verbose', 'detailed',
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
}

/** The shape of a lexicon file. Every list holds lower-case cues; multi-word cues match as phrases. */
export interface LexiconData {
  lang: LexLang;
  script: 'latin' | 'cjk';
  /** verbs (and their negation) come at the end of the clause: negation is looked for after a cue only */
  verb_final?: boolean;
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
  promise: PromiseCues;
}

const WORD = /[\p{L}\p{N}]/u;
const JOINER = /[\p{L}\p{N}./\\_-]/u;

/**
 * A compiled cue list: finds its cues in a text (lower-cased, whitespace collapsed by the caller
 * or here), longest first, at word boundaries for Latin scripts ("emoji" not in "emojify", "xml"
 * not in "pom.xml"). An index by first character, not one big regular expression: matching is
 * linear in the text times the few cues that share a first character.
 */
export class Cues {
  private readonly byFirst = new Map<string, string[]>();
  readonly size: number;
  constructor(
    readonly list: readonly string[],
    readonly latin: boolean,
  ) {
    const norm = [...new Set(list.map((s) => s.toLowerCase().replace(/\s+/g, ' ').trim()))].filter(Boolean);
    norm.sort((a, b) => b.length - a.length);
    for (const w of norm) {
      const k = w[0];
      const l = this.byFirst.get(k);
      if (l) l.push(w);
      else this.byFirst.set(k, [w]);
    }
    this.size = norm.length;
  }

  private at(text: string, i: number): string | null {
    const cands = this.byFirst.get(text[i]);
    if (!cands) return null;
    for (const w of cands) {
      if (!text.startsWith(w, i)) continue;
      if (this.latin) {
        if (WORD.test(w[0]) && i > 0 && JOINER.test(text[i - 1])) continue;
        const j = i + w.length;
        if (WORD.test(w[w.length - 1]) && j < text.length && (WORD.test(text[j]) || (/['’]/.test(text[j]) && WORD.test(text[j + 1] ?? '')))) continue;
      }
      return w;
    }
    return null;
  }

  /** Every match, left to right, not overlapping. */
  all(text: string): { index: number; text: string }[] {
    const out: { index: number; text: string }[] = [];
    if (!this.size) return out;
    const t = prep(text);
    for (let i = 0; i < t.length; i++) {
      const w = this.at(t, i);
      if (w) {
        out.push({ index: i, text: w });
        i += w.length - 1;
      }
    }
    return out;
  }
  first(text: string): { index: number; text: string } | null {
    if (!this.size) return null;
    const t = prep(text);
    for (let i = 0; i < t.length; i++) {
      const w = this.at(t, i);
      if (w) return { index: i, text: w };
    }
    return null;
  }
  has(text: string): boolean {
    return this.first(text) !== null;
  }
  /** The cue the text starts with, if any. */
  start(text: string): string | null {
    return this.size ? this.at(prep(text), 0) : null;
  }
}

/** Lower case, whitespace runs as one space (same length for the texts the grammars pass in). */
function prep(text: string): string {
  return /[A-ZÀ-Þ\s]/.test(text) ? text.toLowerCase().replace(/[\t\n\r\f\v\u00a0]/g, ' ') : text;
}

export interface Lexicon {
  data: LexiconData;
  lang: LexLang;
  latin: boolean;
  cues: Record<Exclude<keyof LexiconData, 'lang' | 'script' | 'verb_final' | 'units' | 'numbers' | 'topics' | 'languages' | 'promise'>, Cues>;
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
  'fillers', 'standing', 'oneoff', 'task', 'address', 'wish', 'imperative', 'modal', 'answer', 'self', 'question', 'request_question',
  'negation', 'negation_after', 'contrast', 'permission', 'withdraw', 'third_person', 'summary', 'mention', 'translate',
  'limit_max', 'limit_min', 'limit_suffix', 'language_frame', 'topic_objects',
] as const;

function compile(data: LexiconData): Lexicon {
  const latin = data.script === 'latin';
  const c = (l: string[] | undefined) => new Cues(l ?? [], latin);
  const cues = Object.fromEntries(LISTS.map((k) => [k, c(data[k])])) as Lexicon['cues'];
  const units = Object.fromEntries(Object.entries(data.units).map(([k, v]) => [k, c(v)])) as Record<Unit, Cues>;
  const topics = Object.fromEntries(TOPICS.map((t) => [t, c(data.topics[t])])) as Record<Topic, Cues>;
  const promise = Object.fromEntries(Object.entries(data.promise).map(([k, v]) => [k, c(v)])) as Lexicon['promise'];
  const signalLists = ['fillers', 'standing', 'address', 'wish', 'imperative', 'negation', 'modal', 'answer', 'permission', 'withdraw', 'limit_max', 'mention', 'third_person'] as const;
  const signal = c([
    ...signalLists.flatMap((k) => data[k]),
    ...Object.values(data.units).flat(),
    ...Object.values(data.languages).flat(),
    ...(Object.values(data.topics) as string[][]).flat().filter((w) => !/^(?:xml|json|yaml|yml|csv|tsv|emoji|markdown)$/.test(w)),
  ]);
  const cueWords = new Set<string>();
  for (const k of [...signalLists, 'answer', 'oneoff', 'task', 'contrast'] as const) {
    for (const w of data[k]) for (const t of w.toLowerCase().split(/[\s,]+/)) if (t) cueWords.add(t);
  }
  return {
    signal,
    cueWords,
    data,
    lang: data.lang,
    latin,
    cues,
    units,
    topics,
    languages: Object.entries(data.languages).map(([code, names]) => ({ code, cues: c(names) })),
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
