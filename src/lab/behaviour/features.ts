/**
 * The answer features a behaviour baseline keeps per answer: the measures the analyzers already take
 * of a response (src/text/style.ts), as numbers or categories. One line per feature: a new feature
 * is a new line here.
 */
import { measureStyle, type StyleMeasure } from '../../text/style.js';

export type FeatureKind = 'number' | 'category';

export interface Feature {
  name: string;
  kind: FeatureKind;
  /** what it measures, for reports */
  about: string;
  read(s: StyleMeasure): number | string;
}

const yesNo = (b: boolean) => (b ? 'yes' : 'no');
const anyTable = (s: StyleMeasure) => s.table || s.asciiTable || s.csv || s.tsv;

export const FEATURES: readonly Feature[] = [
  { name: 'words', kind: 'number', about: 'length in words (a CJK character is a word)', read: (s) => s.words },
  { name: 'sentences', kind: 'number', about: 'sentences', read: (s) => s.sentences },
  { name: 'paragraphs', kind: 'number', about: 'paragraphs', read: (s) => s.paragraphs },
  { name: 'list_lines', kind: 'number', about: 'bulleted or numbered list lines', read: (s) => s.listLines },
  { name: 'headings', kind: 'number', about: 'markdown headings', read: (s) => s.headings },
  { name: 'code_blocks', kind: 'number', about: 'fenced code blocks', read: (s) => s.codeFences },
  { name: 'emoji', kind: 'number', about: 'emoji', read: (s) => s.emoji },
  { name: 'exclamations', kind: 'number', about: 'exclamation marks', read: (s) => s.exclamations },
  { name: 'marketing', kind: 'number', about: 'marketing / hype words', read: (s) => s.marketing },
  { name: 'shouting', kind: 'number', about: 'shouted ALL-CAPS words', read: (s) => s.shouting },
  { name: 'slang', kind: 'number', about: 'chat slang', read: (s) => s.slang },
  { name: 'citations', kind: 'number', about: 'cited sources (URLs, [1] markers, "Source:")', read: (s) => s.citations },
  { name: 'table', kind: 'category', about: 'a table (markdown, HTML, ASCII, CSV or TSV)', read: (s) => yesNo(anyTable(s)) },
  { name: 'xml', kind: 'category', about: 'XML / HTML markup', read: (s) => yesNo(s.xml) },
  { name: 'json', kind: 'category', about: 'the answer is JSON', read: (s) => yesNo(s.json) },
  { name: 'language', kind: 'category', about: 'language of the prose (unknown when too short to tell)', read: (s) => s.lang ?? 'unknown' },
];

export const FEATURE_NAMES: readonly string[] = FEATURES.map((f) => f.name);

/** Every feature of one answer. */
export function answerFeatures(text: string): Record<string, number | string> {
  const s = measureStyle(text);
  const out: Record<string, number | string> = {};
  for (const f of FEATURES) out[f.name] = f.read(s);
  return out;
}
