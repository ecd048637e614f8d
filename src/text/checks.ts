/**
 * Constraint keys and their checkers. A key names what a constraint asks (`format:no-xml`,
 * `emoji:none`, `language:de`, `length:max-100-words`, `forbid:<term>`, `directive:<words>`...);
 * its checker says why a response breaks it, or null. Keys without a checker (the open class:
 * `directive:*`) are still constraints; `checkable` says so.
 */
import { measureStyle, type StyleMeasure } from './style.js';
import { languageName, sameLanguage } from './language.js';
import { mentionOf } from './left-out.js';

export type PreferenceCategory = 'format' | 'forbidden' | 'language' | 'length' | 'tone' | 'emoji' | 'citation' | 'include' | 'other';
/** forbid: "never X"; require: "always X"; allow: a permission or withdrawal, never violated */
export type Polarity = 'forbid' | 'require' | 'allow';

export interface CheckOptions {
  /** the most words (CJK characters count as words) a "concise" answer may have; default 150 */
  conciseMaxWords?: number;
}

export const DEFAULT_CONCISE_MAX_WORDS = 150;

export interface Preference {
  category: PreferenceCategory;
  polarity: Polarity;
  /** normalized key, e.g. format:no-xml, format:lists-not-tables, emoji:none, length:concise, language:de */
  key: string;
  /** what it is about; a later preference on the same topic with another key replaces it ("*": every topic) */
  topic: string;
  /** a short human label: "never use XML" */
  label: string;
  /** the sentence it was found in, as written */
  sentence: string;
  /** the clause of that sentence that states it */
  clause: string;
  /** false for a constraint no checker can verify (it is still tracked and reported) */
  checkable: boolean;
  /** why `text` violates the preference, or null when it honours it (permissions and unchecked constraints never fail) */
  check(style: StyleMeasure, text: string, opts?: CheckOptions): string | null;
}

export interface Draft {
  key: string;
  category: PreferenceCategory;
  polarity: Polarity;
  topic: string;
  label: string;
  checkable: boolean;
  check: Preference['check'];
}

const never = () => null;
const plural = (n: number, w: string) => `${n} ${w}${n === 1 ? '' : 's'}`;

/** Display width: a CJK character counts as two. */
function width(s: string): number {
  let w = 0;
  for (const ch of s) w += /[\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/.test(ch) ? 2 : 1;
  return w;
}

/** The words to quote in a title: the sentence when short, else the clause, else the label. */
export function shortQuote(p: Pick<Preference, 'sentence' | 'clause' | 'label'>, max = 60): string {
  for (const s of [p.sentence, p.clause]) {
    const t = s
      .replace(/\s+/g, ' ')
      .trim()
      .replace(/[.。!！]+$/, '');
    if (t && width(t) <= max) return t;
  }
  return p.label;
}

/** Check a response text (measuring it) against a preference. */
export function violates(p: Preference, text: string, opts?: CheckOptions): string | null {
  return p.check(measureStyle(text), text, opts);
}

/** Any table: markdown, HTML, ASCII / box drawing, CSV or TSV. */
function anyTable(s: StyleMeasure): string | null {
  if (s.table) return `a table (${plural(s.tableRows, 'row')})`;
  if (s.asciiTable) return 'an ASCII table';
  if (s.tsv) return 'a TSV table';
  if (s.csv) return 'a CSV table';
  return null;
}

/** Prose of some length: no list, no table, 40 word-equivalents or more (a Han or kana character is half a word). */
const prose = (s: StyleMeasure) => s.listLines < 2 && !anyTable(s) && s.extent >= 40;

type F = (s: StyleMeasure, text: string, o?: CheckOptions) => string | null;
const d = (key: string, category: PreferenceCategory, polarity: Polarity, topic: string, label: string, check: F | null): Draft => ({
  key,
  category,
  polarity,
  topic,
  label,
  checkable: check !== null && polarity !== 'allow',
  check: check ?? never,
});

const FIXED: Record<string, Draft> = Object.fromEntries(
  [
    d('format:no-xml', 'format', 'forbid', 'xml', 'never use XML', (s) =>
      s.xml ? `answered in XML (${plural(s.xmlTags, 'tag')}: ${s.tagNames.map((t) => `<${t}>`).join(', ') || '<?xml?>'})` : null,
    ),
    d('format:xml', 'format', 'allow', 'xml', 'XML allowed', null),
    d('format:xml-only', 'format', 'require', 'xml', 'answer in XML', (s) => (s.xml ? null : 'not XML')),
    d('format:lists-not-tables', 'format', 'forbid', 'table', 'no tables', (s) => {
      const t = anyTable(s);
      return t ? `answered with ${t}` : null;
    }),
    d('format:lists', 'format', 'require', 'table', 'use lists, not tables', (s) => {
      const t = anyTable(s);
      if (t) return `answered with ${t}`;
      return prose(s) && s.extent >= 60 ? `no list: ${s.words} words of prose in ${plural(s.paragraphs, 'paragraph')}` : null;
    }),
    d('format:tables', 'format', 'allow', 'table', 'tables allowed', null),
    d('format:table-required', 'format', 'require', 'table', 'use a table', (s) =>
      anyTable(s) || s.extent < 40 ? null : `no table: ${s.words} words of ${s.listLines >= 2 ? 'list' : 'prose'}`,
    ),
    d('format:no-lists', 'format', 'forbid', 'table', 'no lists', (s) => (s.listLines >= 2 ? `answered with a list (${plural(s.listLines, 'line')})` : null)),
    d('format:json-only', 'format', 'require', 'json', 'JSON only', (s) => (s.json ? null : 'not valid JSON')),
    d('format:no-json', 'format', 'forbid', 'json', 'no JSON', (s) => (s.json ? 'answered in JSON' : null)),
    d('format:json', 'format', 'allow', 'json', 'JSON allowed', null),
    d('format:yaml-only', 'format', 'require', 'yaml', 'YAML only', (s) => (s.yaml ? null : 'not YAML')),
    d('format:no-yaml', 'format', 'forbid', 'yaml', 'no YAML', (s) => (s.yaml ? 'answered in YAML' : null)),
    d('format:yaml', 'format', 'allow', 'yaml', 'YAML allowed', null),
    d('format:csv-only', 'format', 'require', 'csv', 'CSV only', (s) => (s.csv || s.tsv ? null : 'not CSV')),
    d('format:no-csv', 'format', 'forbid', 'csv', 'no CSV', (s) => (s.csv || s.tsv ? `answered in ${s.csv ? 'CSV' : 'TSV'}` : null)),
    d('format:csv', 'format', 'allow', 'csv', 'CSV allowed', null),
    d('format:no-headings', 'format', 'forbid', 'heading', 'no headings', (s) => (s.headings > 0 ? plural(s.headings, 'heading') : null)),
    d('format:headings', 'format', 'require', 'heading', 'use headings', (s) =>
      s.headings === 0 && s.extent >= 150 ? `no heading in ${s.words} words` : null,
    ),
    d('format:headings-ok', 'format', 'allow', 'heading', 'headings allowed', null),
    d('format:no-code', 'format', 'forbid', 'code', 'no code blocks', (s) => (s.codeFences > 0 ? plural(s.codeFences, 'code block') : null)),
    d('format:code-block', 'format', 'require', 'code', 'code in code blocks', null),
    d('format:code-ok', 'format', 'allow', 'code', 'code blocks allowed', null),
    d('format:no-markdown', 'format', 'forbid', 'markdown', 'plain text, no markdown', (s) =>
      s.markdown || anyTable(s) ? 'answered with markdown formatting' : null,
    ),
    d('format:markdown', 'format', 'allow', 'markdown', 'markdown allowed', null),
    d('emoji:none', 'emoji', 'forbid', 'emoji', 'no emoji', (s) => (s.emoji > 0 ? `${s.emoji} emoji (${s.emojiSeen.join('')})` : null)),
    d('emoji:allowed', 'emoji', 'allow', 'emoji', 'emoji allowed', null),
    d('cite:required', 'citation', 'require', 'citation', 'cite sources', (s) => (s.citations === 0 && s.words >= 40 ? 'no source cited' : null)),
    d('cite:none', 'citation', 'forbid', 'citation', 'no citations', (s) => (s.citations > 0 ? plural(s.citations, 'citation') : null)),
    d('cite:ok', 'citation', 'allow', 'citation', 'citations allowed', null),
    d('length:concise', 'length', 'require', 'length', 'be concise', (s, _t, o) => {
      const max = o?.conciseMaxWords ?? DEFAULT_CONCISE_MAX_WORDS;
      return s.words > max ? `${s.words} words (concise means at most ${max})` : null;
    }),
    d('length:detailed', 'length', 'allow', 'length', 'detailed answers', null),
    d('tone:formal', 'tone', 'require', 'tone', 'formal tone', (s) => {
      const why: string[] = [];
      if (s.emoji > 0) why.push(`${s.emoji} emoji`);
      if (s.exclamations >= 2) why.push(plural(s.exclamations, 'exclamation mark'));
      if (s.shouting >= 2) why.push(`shouting (${s.shoutingWords.join(', ')})`);
      if (s.marketing >= 2) why.push(`marketing words (${s.marketingWords.join(', ')})`);
      if (s.slang > 0) why.push(plural(s.slang, 'slang word'));
      return why.length ? `informal: ${why.join(', ')}` : null;
    }),
    d('tone:casual', 'tone', 'allow', 'tone', 'casual tone allowed', null),
    d('tone:plain', 'tone', 'forbid', 'hype', 'no marketing tone', (s) => {
      const why: string[] = [];
      if (s.marketing >= 2) why.push(`marketing words (${s.marketingWords.join(', ')})`);
      if (s.shouting >= 2) why.push(`shouting (${s.shoutingWords.join(', ')})`);
      if (s.exclamations >= 3) why.push(plural(s.exclamations, 'exclamation mark'));
      return why.length ? `hype: ${why.join(', ')}` : null;
    }),
    d('tone:hype-ok', 'tone', 'allow', 'hype', 'marketing tone allowed', null),
    d('tone:no-exclamation', 'tone', 'forbid', 'exclamation', 'no exclamation marks', (s) =>
      s.exclamations > 0 ? plural(s.exclamations, 'exclamation mark') : null,
    ),
    d('tone:exclamation-ok', 'tone', 'allow', 'exclamation', 'exclamation marks allowed', null),
    d('any:withdrawn', 'other', 'allow', '*', 'earlier instructions withdrawn', null),
  ].map((x) => [x.key, x]),
);

const UNIT_LABEL: Record<string, string> = {
  words: 'words',
  chars: 'characters',
  sentences: 'sentences',
  paragraphs: 'paragraphs',
  lines: 'lines',
  items: 'list items',
};

/** The figure a length unit reads from a style measure. */
export function unitValue(s: StyleMeasure, unit: string): number {
  switch (unit) {
    case 'chars':
      return s.chars;
    case 'sentences':
      return s.sentences;
    case 'paragraphs':
      return s.paragraphs;
    case 'lines':
      return s.lines;
    case 'items':
      return s.listLines;
    default:
      return s.words;
  }
}

function termRe(term: string): RegExp {
  const e = term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+');
  return /[\u3040-\u9fff]/.test(term) ? new RegExp(e, 'iu') : new RegExp(`(?<![\\p{L}\\p{N}])${e}(?![\\p{L}\\p{N}])`, 'iu');
}

/** The draft (checker and label) of a key, or null for a key this version does not know. */
export function spec(key: string, needsList = false): Draft | null {
  // "use lists, not tables" and "use bullet points": one key; asking for the list makes it a requirement
  if (key === 'format:lists-not-tables' && needsList) return { ...FIXED['format:lists'], key };
  const f = FIXED[key];
  if (f && key !== 'format:lists') return f;
  let m = /^length:(max|min)-(\d+)-(words|chars|sentences|paragraphs|lines|items)$/.exec(key);
  if (m) {
    const n = Number(m[2]);
    const unit = m[3];
    const max = m[1] === 'max';
    return d(key, 'length', 'require', 'length', `${max ? 'at most' : 'at least'} ${n} ${UNIT_LABEL[unit]}`, (s) => {
      const got = unitValue(s, unit);
      if (max) return got > n ? `${got} ${UNIT_LABEL[unit]} (limit ${n})` : null;
      return got < n ? `${got} ${UNIT_LABEL[unit]} (at least ${n} asked)` : null;
    });
  }
  // before the language pattern: "language:withdrawn" ends a language rule, it is no language
  const w = /^(\w+):withdrawn$/.exec(key);
  if (w) return d(key, 'other', 'allow', w[1], `${w[1]} instruction withdrawn`, null);
  m = /^language:(not-)?(.+)$/.exec(key);
  if (m) {
    const not = Boolean(m[1]);
    const code = m[2];
    const name = languageName(code);
    return d(key, 'language', not ? 'forbid' : 'require', 'language', not ? `not in ${name}` : `answer in ${name}`, (s) => {
      if (!s.lang || !s.langReliable) return null;
      const same = sameLanguage(code, s.lang);
      if (not) return same ? `answered in ${languageName(s.lang)}` : null;
      return same ? null : `answered in ${languageName(s.lang)}`;
    });
  }
  m = /^forbid:(.+)$/.exec(key);
  if (m) {
    const term = m[1];
    // "Try the peanut praline tart" breaks "never suggest anything with peanuts"; "a peanut-free menu" does not
    return d(key, 'forbidden', 'forbid', key, `never mention "${term}"`, (_s, text) => (mentionOf(term, text) !== null ? `mentions "${term}"` : null));
  }
  m = /^allow-term:(.+)$/.exec(key);
  // the ban on a term lifted: on the topic of its "forbid:" key, so it ends that one
  if (m) return d(key, 'forbidden', 'allow', `forbid:${m[1]}`, `"${m[1]}" allowed again`, null);
  m = /^include:(.+)$/.exec(key);
  if (m) {
    const term = m[1];
    const re = termRe(term);
    return d(key, 'include', 'require', key, `always include "${term}"`, (s, text) => (s.words >= 20 && !re.test(text) ? `does not include "${term}"` : null));
  }
  m = /^units:(not-)?(.+)$/.exec(key);
  if (m) return d(key, 'other', m[1] ? 'forbid' : 'require', 'units', m[1] ? `not in ${m[2]} units` : `use ${m[2]} units`, null);
  m = /^directive:(.+)$/.exec(key);
  if (m) return d(key, 'other', key.startsWith('directive:not ') ? 'forbid' : 'require', key, `"${m[1].replace(/^not /, '')}" (no checker)`, null);
  return null;
}

/** A Preference for a key stored elsewhere (e.g. in a finding), or null for an unknown key. */
export function preferenceForKey(key: string, sentence = ''): Preference | null {
  const x = spec(key);
  return x ? toPreference(x, sentence, sentence) : null;
}

export function toPreference(x: Draft, sentence: string, clause: string): Preference {
  return { category: x.category, polarity: x.polarity, key: x.key, topic: x.topic, label: x.label, sentence, clause, checkable: x.checkable, check: x.check };
}

/** Permissions and withdrawals ("emoji are fine", "forget what I said about tables") only end an earlier preference. */
export function isPermission(p: Pick<Preference, 'polarity'>): boolean {
  return p.polarity === 'allow';
}

/**
 * Does a later preference end an earlier one: another key on its topic ("emoji are fine now" after "no
 * emoji"), or a withdrawal of everything ("forget what I said", topic "*")? One rule for every analyzer
 * that follows constraints through a session.
 */
export function supersedes(later: Pick<Preference, 'topic' | 'key'>, earlier: Pick<Preference, 'topic' | 'key'>): boolean {
  return later.key !== earlier.key && (later.topic === earlier.topic || later.topic === '*');
}
