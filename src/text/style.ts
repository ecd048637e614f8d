import { identifyLanguage } from './language.js';
import { Cues, lexicons } from './lexicon.js';
import { stripCode } from './code.js';
import { bounded } from './bounded.js';
import { codePoints, countMatches, countWords, keyValuePairs } from './scan.js';

export { stripCode };
/**
 * Measures the style of a text (a response, a tool result, a prompt message): length, emoji,
 * exclamation marks, lists, tables, XML/HTML tags, code fences, dominant script, shouting and
 * marketing words. Shared by the analyzers that check whether an answer honours a user's
 * style preferences (window-overflow, tool-drift). Pure. The counts that are one linear scan
 * (characters, words, CJK, emoji, exclamations, lines, paragraphs, sentences, record lines, code
 * fences, JSON) read the whole text; the structure's patterns (tags, lists, tables, headings, blocks,
 * citations, markdown, shouting, marketing, slang, language) read it bounded (./bounded.ts: its first
 * and last characters, PATTERN_FIELD_CHARS in all), so no text makes them slow.
 */

export type Script = 'zh' | 'en' | 'mixed' | 'unknown';

export interface StyleMeasure {
  /** characters (code points) of the trimmed text */
  chars: number;
  /**
   * Han and kana characters (each counts as one word) + the words of spaced scripts: Latin, Cyrillic,
   * Greek, Hangul (a Korean word between spaces), Arabic, Devanagari... and numbers
   */
  words: number;
  /** Han, kana and Hangul characters */
  cjkChars: number;
  /** words of alphabetic scripts (Latin, Cyrillic, Arabic, Devanagari...) and numbers */
  latinWords: number;
  /**
   * The length in English-word equivalents, for the thresholds that ask "is this a long piece of prose"
   * (a list or a table was asked for): a Han or kana character counts as half a word (a Chinese or Japanese
   * text has about twice as many characters as its English has words), a spaced word as one.
   */
  extent: number;
  /** non-empty lines that are records, not prose: a log line (a timestamp or a level first), `key=value` pairs */
  recordLines: number;
  /** emoji (a ZWJ / modifier sequence counts once); ©, ® and ™ are not emoji */
  emoji: number;
  /** up to 8 distinct emoji, in order of appearance */
  emojiSeen: string[];
  /** `!` and `！` outside code (not `!=`) */
  exclamations: number;
  /** non-empty lines */
  lines: number;
  /** paragraphs (blocks separated by blank lines) */
  paragraphs: number;
  /** sentences (ended by . ! ? 。 ！ ？ or a line end) */
  sentences: number;
  /** bulleted or numbered list lines, outside code fences */
  listLines: number;
  /** a markdown table (header + separator row) or an HTML <table> */
  table: boolean;
  tableRows: number;
  /** XML/HTML tags that are part of an open/close pair, plus self-closing tags and `<?xml` */
  xmlTags: number;
  /** true when the text holds XML/HTML markup (a matched tag pair, `<?xml`, or two self-closing tags) */
  xml: boolean;
  /** names of the paired tags, up to 8 */
  tagNames: string[];
  /** fenced code blocks */
  codeFences: number;
  /** markdown headings (`#`, or a line underlined with === / ---) */
  headings: number;
  /** a CSV block: 3+ lines in a row with the same number (2+) of commas and short cells */
  csv: boolean;
  /** a TSV block: 3+ lines in a row with the same number (1+) of tabs */
  tsv: boolean;
  /** an ASCII / box-drawing table (+---+ or ┌─┬ rules with | or │ cells) */
  asciiTable: boolean;
  /** the whole text (or its one fenced block) parses as a JSON object or array */
  json: boolean;
  /** a YAML document: 3+ lines in a row of `key: value` / `- key: value`, or a yaml fence */
  yaml: boolean;
  /** citations: URLs, [1]-style markers, "Source:" lines, (Author, 2020) */
  citations: number;
  /** language of the prose by identification (en, de, zh-Hans, ja...), null when too short */
  lang: string | null;
  langReliable: boolean;
  /** headings, bold, tables, fences or links */
  markdown: boolean;
  /** CJK characters / (CJK characters + Latin words), prose only (code and tags removed) */
  cjkRatio: number;
  /** dominant script of the prose: zh when cjkRatio >= 0.4, en when <= 0.1 (and at least 3 words) */
  language: Script;
  /** ALL-CAPS words of 4+ letters that are not common acronyms (XML, JSON, OLED...), and shouted 3-letter words (NOW, BUY, WOW...) */
  shouting: number;
  shoutingWords: string[];
  /** marketing / hype words and phrases ("amazing", "limited time", "限时", "爆款"...) */
  marketing: number;
  marketingWords: string[];
  /** chat slang ("lol", "gonna", "哈哈"...) */
  slang: number;
}

const TAG_RE = /<(\/?)([A-Za-z_][\w.:-]*)((?:\s[^<>]*?)?)(\/?)>/g;
const CJK_RE = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u3040-\u30ff\uac00-\ud7af]/g;
/** a word between spaces in any alphabetic script (Latin with Vietnamese tones, Cyrillic, Arabic, Devanagari with its vowel signs), or a number */
const LATIN_WORD_RE = /(?:(?![\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af])[\p{L}\p{M}])+(?:['’]\p{L}+)*|\d+(?:[.,]\d+)*/gu;
/** Han and kana: written without spaces, each character a word */
const HAN_KANA_RE = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\u3040-\u30ff]/g;
/** a word of any script written with spaces (Latin, Cyrillic, Greek, Hangul, Arabic, Devanagari...), or a number */
const SPACED_WORD_RE =
  /(?:(?![\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff])[\p{L}\p{M}])+(?:['’](?:(?![\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff])[\p{L}\p{M}])+)*|\p{N}+(?:[.,]\p{N}+)*/gu;
/** a record line starts with a timestamp or a log level, or holds two `key=value` pairs (keyValuePairs) */
const RECORD_HEAD_RE =
  /^\s*(?:\[?\d{4}-\d{2}-\d{2}[T ]\d{1,2}:\d{2}|\[?\d{1,2}:\d{2}:\d{2}|\[?(?:TRACE|DEBUG|INFO|NOTICE|WARN|WARNING|ERROR|ERR|FATAL|CRITICAL)\b)/;
const EMOJI_RE =
  /(?:\p{Regional_Indicator}{2})|(?:\p{Extended_Pictographic}(?:\uFE0F|\p{Emoji_Modifier})?(?:\u200D\p{Extended_Pictographic}(?:\uFE0F|\p{Emoji_Modifier})?)*)/gu;
const NOT_EMOJI = new Set(['©', '®', '™']);
const LIST_RE = /^\s*(?:[-*+•·▪◦]\s+|\d{1,3}[.)]\s+|\d{1,3}、\s*|[（(]\d{1,3}[)）]\s*|[一二三四五六七八九十]{1,3}、\s*)\S/;
const TABLE_SEP_RE = /^\s*\|?\s*:?-{3,}:?\s*(?:\|\s*:?-{3,}:?\s*)+\|?\s*$/;
const CAPS_RE = /\b[A-Z]{3,}\b/g;
/** three-letter capitals count as shouting only when they are shouted words, not acronyms */
const SHOUT3 = new Set('NOW BUY WOW YES OMG HOT NEW ALL TOP BIG WIN FUN YAY GET OFF AND THE FOR YOU OUR BEST'.split(' '));
const ACRONYMS = new Set(
  (
    'XML JSON HTML HTTP HTTPS API APIS URL URI SQL CSV PDF CPU GPU RAM ROM USA UTC GMT ISO UTF ASCII AWS GCP SDK CLI LLM TCP UDP DNS SSH SSL TLS ' +
    'YAML TOML REST CRUD JWT FAQ CEO CTO CFO ETA EOF NPM PNPM CSS SVG PNG JPEG JPG GIF XSS CSRF CORS OAUTH SAML LDAP VPN VPC IAM RBAC ACL ' +
    'TODO FIXME NOTE WARN INFO ERROR DEBUG TRACE FATAL PASS FAIL SKIP GET POST PUT PATCH DELETE HEAD OPTIONS NULL TRUE FALSE NAN UUID ' +
    'SLA SLO KPI OKR ROI MVP QPS RPS TPS SSE SSO MFA OTP PII GDPR HIPAA SOC CVE NIST IEEE ANSI POSIX UNIX BSD GNU GPL MIT ' +
    'IDE VSC CICD PR PRS EOL LTS RC GA OOM OS IO ETL SDLC RPC GRPC AMQP MQTT SMTP IMAP FTP SFTP NFS SAN NAS RAID ' +
    'USD EUR GBP CNY RMB JPY AI ML NLP GPT RAG ' +
    'OLED LCD HDMI USB NVME SSD HDD WIFI LTE LPDDR DDR NVIDIA ASUS INTEL ARM RISC CISC BIOS UEFI ACPI PCIE SATA SCSI RGB CMYK HDR ' +
    'NASA NATO UNESCO WHO IEEE AFAIK FYI ASAP RSVP TBD TBA WIP EOD EOW QA UAT PROD STAGING README CHANGELOG LICENSE MAKEFILE DOCKERFILE'
  ).split(' '),
);

function measureEmoji(text: string): { n: number; seen: string[] } {
  EMOJI_RE.lastIndex = 0;
  const seen: string[] = [];
  const set = new Set<string>();
  let n = 0;
  for (let m = EMOJI_RE.exec(text); m !== null; m = EMOJI_RE.exec(text)) {
    if (NOT_EMOJI.has(m[0])) continue;
    n++;
    if (!set.has(m[0])) {
      set.add(m[0]);
      if (seen.length < 8) seen.push(m[0]);
    }
  }
  return { n, seen };
}

function measureTags(text: string): { tags: number; xml: boolean; names: string[] } {
  const opens = new Map<string, number>();
  const closes = new Map<string, number>();
  let selfClosing = 0;
  TAG_RE.lastIndex = 0;
  for (let m = TAG_RE.exec(text); m !== null; m = TAG_RE.exec(text)) {
    const name = m[2].toLowerCase();
    if (m[1] === '/') closes.set(name, (closes.get(name) ?? 0) + 1);
    else if (m[4] === '/') selfClosing++;
    else opens.set(name, (opens.get(name) ?? 0) + 1);
  }
  const decl = /<\?xml\b/i.test(text) ? 1 : 0;
  let tags = selfClosing + decl;
  const names: string[] = [];
  for (const [name, c] of closes) {
    const o = opens.get(name);
    if (!o) continue;
    tags += c + o;
    if (names.length < 8) names.push(name);
  }
  return { tags, xml: decl > 0 || names.length > 0 || selfClosing >= 2, names };
}

/** Non-empty lines and paragraphs (blocks between blank lines): one pass, over the whole text. */
function lineCounts(text: string): { lines: number; paragraphs: number } {
  let lines = 0;
  let paragraphs = 0;
  let inPara = false;
  for (const l of text.split(/\r?\n/)) {
    if (l.trim() === '') inPara = false;
    else {
      lines++;
      if (!inPara) paragraphs++;
      inPara = true;
    }
  }
  return { lines, paragraphs };
}

function measureLines(text: string): { lines: number; paragraphs: number; listLines: number; tableRows: number; table: boolean } {
  const all = text.split(/\r?\n/);
  let lines = 0;
  let paragraphs = 0;
  let inPara = false;
  let listLines = 0;
  let inFence = false;
  let tableRows = 0;
  for (let i = 0; i < all.length; i++) {
    const l = all[i];
    if (/^\s*```/.test(l)) inFence = !inFence;
    if (l.trim() === '') {
      inPara = false;
      continue;
    }
    lines++;
    if (!inPara) {
      paragraphs++;
      inPara = true;
    }
    if (inFence) continue;
    if (LIST_RE.test(l)) listLines++;
    if (TABLE_SEP_RE.test(l) && i > 0 && all[i - 1].includes('|')) {
      let rows = 1; // header
      for (let j = i + 1; j < all.length && all[j].includes('|') && all[j].trim() !== ''; j++) rows++;
      tableRows += rows;
    }
  }
  const html = /<table\b/i.test(text);
  if (html && tableRows === 0) tableRows = countMatches(text, /<tr\b/gi);
  return { lines, paragraphs, listLines, tableRows, table: tableRows > 0 || html };
}

function measureBlocks(text: string): { csv: boolean; tsv: boolean; ascii: boolean; yaml: boolean; headings: number } {
  const lines = text.split(/\r?\n/);
  let csv = false;
  let tsv = false;
  let ascii = false;
  let yaml = /^```ya?ml\b/im.test(text) || /^---\s*\n[\w"'-]+:\s/.test(text);
  let headings = 0;
  let runC = 0;
  let lastC = -1;
  let runT = 0;
  let lastT = -1;
  let runY = 0;
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i];
    if (/^\s*#{1,6}\s+\S/.test(l)) headings++;
    else if (i > 0 && /^\s*(?:={3,}|-{3,})\s*$/.test(l) && lines[i - 1].trim() && !lines[i - 1].includes('|')) headings++;
    if (/^\s*(?:\+[-=]{2,}\+|[┌├└╔╠╚][─═┬┼┴╦╬╩]{2,})/.test(l)) ascii = true;
    const commas = (l.match(/,/g) ?? []).length;
    // a bullet or numbered line is a list item, however many commas its facts hold ("- Plagwitz, 64 m², €890, tram 2 min")
    const cellsShort = commas >= 2 && !LIST_RE.test(l) && l.split(',').every((c) => c.trim().length <= 40) && !/[.!?。]\s*$/.test(l.trim());
    if (cellsShort && commas === lastC) runC++;
    else runC = cellsShort ? 1 : 0;
    lastC = cellsShort ? commas : -1;
    if (runC >= 3) csv = true;
    const tabs = (l.match(/\t/g) ?? []).length;
    if (tabs >= 1 && tabs === lastT && !/^\t/.test(l)) runT++;
    else runT = tabs >= 1 && !/^\t/.test(l) ? 1 : 0;
    lastT = tabs >= 1 ? tabs : -1;
    if (runT >= 3) tsv = true;
    if (/^\s*(?:-\s+)?[\w"'.-]{1,40}:(?:\s+\S.{0,80}|\s*)$/.test(l) && !/https?:/.test(l)) runY++;
    else if (!(/^\s+-\s+\S/.test(l) && runY > 0)) runY = 0;
    if (runY >= 3) yaml = true;
  }
  return { csv, tsv, ascii, yaml, headings };
}

/** Texts longer than this are JSON when they are bracketed as JSON (parsing 10 MB of `[` took 8 s). */
const JSON_PARSE_CHARS = 1_048_576;

function isJson(text: string): boolean {
  if (text.length > JSON_PARSE_CHARS) return /^(?:```(?:json)?\s*\n)?\s*(?:\{[\s\S]*\}|\[[\s\S]*\])\s*(?:\n?```)?$/i.test(bounded(text));
  const t = text
    .trim()
    .replace(/^```(?:json)?\s*\n([\s\S]*?)\n?```$/i, '$1')
    .trim();
  if (!/^[[{]/.test(t)) return false;
  try {
    const v = JSON.parse(t);
    return typeof v === 'object' && v !== null;
  } catch {
    return false;
  }
}

/** Citations whatever the language: URLs, [1] and [^1] markers, (Author, 2020); labels ("Sources:") are data. */
const CITATION_RE = /https?:\/\/[^\s)\]]+|\[\d{1,3}\]|\[\^\d{1,3}\]|\([A-Z][\p{L}'-]+(?: et al\.)?,? (?:19|20)\d\d\)/gu;

interface StyleCues {
  marketing: Cues[];
  slang: Cues[];
  labels: Cues[];
}
let styleCues: StyleCues | null = null;

/** Each lexicon's style words (`style` in src/text/lexicon/*.json), one matcher per kind and spacing. */
function cues(): StyleCues {
  if (styleCues) return styleCues;
  const out: StyleCues = { marketing: [], slang: [], labels: [] };
  for (const spaced of [true, false]) {
    const lx = [...lexicons().values()].filter((l) => l.latin === spaced);
    out.marketing.push(
      new Cues(
        lx.flatMap((l) => l.data.style.marketing),
        spaced,
      ),
    );
    out.slang.push(
      new Cues(
        lx.flatMap((l) => l.data.style.slang),
        spaced,
      ),
    );
    out.labels.push(
      new Cues(
        lx.flatMap((l) => l.data.style.citation_labels),
        spaced,
      ),
    );
  }
  styleCues = out;
  return out;
}

function marketingIn(prose: string): { n: number; seen: string[] } {
  const lower = prose.toLowerCase();
  const seen: string[] = [];
  let n = 0;
  const all = cues()
    .marketing.flatMap((c) => c.all(lower))
    .sort((x, y) => x.index - y.index);
  for (const m of all) {
    n++;
    if (!seen.includes(m.text) && seen.length < 8) seen.push(m.text);
  }
  return { n, seen };
}

function slangIn(prose: string): number {
  const lower = prose.toLowerCase();
  return cues().slang.reduce((n, c) => n + c.count(lower), 0);
}

/** Citation markers, and lines that start with a label and a colon ("Sources:", "来源：", "Источник:"). */
function citationsIn(text: string): number {
  let n = countMatches(text, CITATION_RE);
  for (const line of text.split(/\r?\n/)) {
    const l = line.trim().toLowerCase();
    for (const c of cues().labels) {
      const label = c.start(l);
      if (label && /^\s*[:：]/.test(l.slice(label.length))) {
        n++;
        break;
      }
    }
  }
  return n;
}

/** Measure a text's style. */
export function measureStyle(text: string): StyleMeasure {
  const t = text.trim();
  const b = bounded(t); // what the structure's patterns read
  const prose = stripCode(t);
  const proseB = stripCode(b);
  const proseNoTags = proseB.replace(TAG_RE, ' ');
  const cjkChars = countMatches(t, CJK_RE);
  const latinWords = countWords(t, LATIN_WORD_RE);
  const hanKana = countMatches(t, HAN_KANA_RE);
  const spacedWords = countWords(t, SPACED_WORD_RE);
  let recordLines = 0;
  for (const l of t.split(/\r?\n/)) if (RECORD_HEAD_RE.test(l) || keyValuePairs(l)) recordLines++;
  const proseCjk = countMatches(proseNoTags, CJK_RE);
  const proseLatin = countWords(proseNoTags, LATIN_WORD_RE);
  const units = proseCjk + proseLatin;
  const cjkRatio = units === 0 ? 0 : proseCjk / units;
  let language: Script = 'unknown';
  if (units >= 3) language = cjkRatio >= 0.4 ? 'zh' : cjkRatio <= 0.1 ? 'en' : 'mixed';
  const emoji = measureEmoji(t);
  const tags = measureTags(b);
  const lines = measureLines(b);
  const extent = lineCounts(t);
  let shouting = 0;
  const shoutingWords: string[] = [];
  CAPS_RE.lastIndex = 0;
  for (let m = CAPS_RE.exec(proseB); m !== null; m = CAPS_RE.exec(proseB)) {
    if (ACRONYMS.has(m[0]) || (m[0].length === 3 && !SHOUT3.has(m[0]))) continue;
    shouting++;
    if (shoutingWords.length < 8 && !shoutingWords.includes(m[0])) shoutingWords.push(m[0]);
  }
  const marketing = marketingIn(proseB);
  const blocks = measureBlocks(b);
  const guess = identifyLanguage(b);
  const sentences = prose.split(/[.!?。！？]+(?:\s|$)|[。！？]+|\n+/).filter((s) => /[\p{L}\p{N}]/u.test(s)).length;
  return {
    chars: codePoints(t),
    words: hanKana + spacedWords,
    cjkChars,
    latinWords,
    extent: Math.round(spacedWords + hanKana / 2),
    recordLines,
    emoji: emoji.n,
    emojiSeen: emoji.seen,
    exclamations: countMatches(prose, /[!！](?!=)/g),
    lines: extent.lines,
    paragraphs: extent.paragraphs,
    sentences,
    listLines: lines.listLines,
    table: lines.table,
    tableRows: lines.tableRows,
    xmlTags: tags.tags,
    xml: tags.xml,
    tagNames: tags.names,
    codeFences: Math.floor(countMatches(t, /^[^\S\n]*```/gm) / 2 + 0.5),
    headings: blocks.headings,
    csv: blocks.csv,
    tsv: blocks.tsv,
    asciiTable: blocks.ascii,
    json: isJson(t),
    yaml: blocks.yaml,
    citations: citationsIn(b),
    lang: guess.lang,
    langReliable: guess.reliable,
    markdown:
      lines.table ||
      /^\s*#{1,6}\s+\S/m.test(b) ||
      /\*\*[^*\n]+\*\*|__[^_\n]+__/.test(b) ||
      /^\s*```/m.test(b) ||
      /\[[^[\]\n]+\]\([^)\s]+\)/.test(b) ||
      /^\s*[-*+]\s+\S/m.test(b) ||
      /(?:^|\s)\*[^*\s][^*\n]*\*(?=\s|[.,!?]|$)/m.test(b) ||
      /`[^`\n]+`/.test(b),
    cjkRatio: Math.round(cjkRatio * 1000) / 1000,
    language,
    shouting,
    shoutingWords,
    marketing: marketing.n,
    marketingWords: marketing.seen,
    slang: slangIn(proseB),
  };
}

/** The figures worth showing in evidence (drops the zero / empty ones, keeps length and language). */
export function styleSummary(s: StyleMeasure): Record<string, unknown> {
  const out: Record<string, unknown> = { chars: s.chars, words: s.words, language: s.language, cjk_ratio: s.cjkRatio };
  if (s.emoji) out.emoji = s.emoji;
  if (s.emojiSeen.length) out.emoji_seen = s.emojiSeen.join('');
  if (s.exclamations) out.exclamations = s.exclamations;
  if (s.shouting) out.shouting = s.shouting;
  if (s.shoutingWords.length) out.shouting_words = s.shoutingWords;
  if (s.marketing) out.marketing = s.marketing;
  if (s.marketingWords.length) out.marketing_words = s.marketingWords;
  if (s.slang) out.slang = s.slang;
  if (s.listLines) out.list_lines = s.listLines;
  if (s.table) out.table_rows = s.tableRows;
  if (s.xml) {
    out.xml_tags = s.xmlTags;
    out.tag_names = s.tagNames;
  }
  if (s.codeFences) out.code_fences = s.codeFences;
  if (s.headings) out.headings = s.headings;
  if (s.csv) out.csv = true;
  if (s.tsv) out.tsv = true;
  if (s.asciiTable) out.ascii_table = true;
  if (s.json) out.json = true;
  if (s.yaml) out.yaml = true;
  if (s.citations) out.citations = s.citations;
  if (s.lang) out.lang = s.lang;
  out.paragraphs = s.paragraphs;
  out.sentences = s.sentences;
  return out;
}
