/**
 * Language identification. Latin, Cyrillic and other alphabetic text goes to `eld` (Nito-ELD,
 * n-gram based, Apache-2.0; its "small" data set: accurate on short texts, Node >= 14); CJK text
 * is told apart by script: kana -> Japanese, Hangul -> Korean, Han -> Chinese, simplified or
 * traditional by the characters that differ. Stable API (`detectLanguage`), used by the
 * constraint checkers and by issue 13's relevance.
 */
import fs from 'node:fs';
import { stripCode } from './code.js';
import { bounded } from './bounded.js';
import { PackedEld, type EldData } from './eld-packed.js';

/**
 * eld's "small" n-gram set is a 1.6 MB JavaScript object literal: importing it costs ~0.4 s and
 * ~100 MB, in every thread that identifies a language. The build packs it into a binary image
 * beside this module (scripts/eld-data.mjs, eld-packed.ts: ~3 MB, read in place, off the heap);
 * it is read on the first identification and scored as eld scores it, so the guesses are eld's.
 * Where the image is absent (the sources run by the tests), the data module is imported and
 * packed in memory.
 */
const ELD_IMAGE = new URL('./eld-small.bin', import.meta.url);
let eldModel: PackedEld | undefined;
async function eldData(): Promise<EldData> {
  const mod = new URL('../ngrams/small.js', import.meta.resolve('eld/small')).href;
  return ((await import(mod)) as { ngramsData: EldData }).ngramsData;
}
const sourceData: EldData | null = fs.existsSync(ELD_IMAGE) ? null : await eldData();
function eld(): PackedEld {
  return (eldModel ??= sourceData ? PackedEld.fromData(sourceData) : new PackedEld(fs.readFileSync(ELD_IMAGE)));
}

/** Characters that exist in only one of the two Chinese scripts (common ones). */
const SIMPLIFIED = new Set(
  '这们说会时为个来对过还没发后经样问东现动学见长门间开关电话语请让认论应当种实体点总记设与于从头书写车买卖图网页优结该数项题级给边条读识观区产员务处标际组划览简录绝线织约钱铁业乐习欢饭鱼鸟马风云号'.split(
    '',
  ),
);
const TRADITIONAL = new Set(
  '這們說會時為個來對過還沒發後經樣問東現動學見長門間開關電話語請讓認論應當種實體點總記設與於從頭書寫車買賣圖網頁優結該數項題級給邊條讀識觀區產員務處標際組劃覽簡錄絕線織約錢鐵業樂習歡飯魚鳥馬風雲號'.split(
    '',
  ),
);

export interface LanguageGuess {
  /** BCP 47-ish code: en, de, fr, es, pt, ja, ko, zh-Hans, zh-Hant, ... ; null when the text is too short or unclear */
  lang: string | null;
  /** enough letters and a clear winner */
  reliable: boolean;
}

const HAN = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]/g;
const KANA = /[\u3040-\u30ff]/g;
const HANGUL = /[\uac00-\ud7af]/g;
const LETTER = /\p{L}/gu;

const count = (s: string, re: RegExp) => (s.match(re) ?? []).length;

/** Simplified or traditional Chinese, by the characters that differ (simplified when neither shows). */
export function chineseScript(text: string): 'zh-Hans' | 'zh-Hant' {
  let s = 0;
  let t = 0;
  for (const ch of text) {
    if (SIMPLIFIED.has(ch)) s++;
    else if (TRADITIONAL.has(ch)) t++;
  }
  return t > s ? 'zh-Hant' : 'zh-Hans';
}

/** The language of a text, with how sure the guess is. Code blocks and markup are ignored. */
export function identifyLanguage(text: string): LanguageGuess {
  const prose = stripCode(bounded(text))
    .replace(/<[^>\n]{1,80}>/g, ' ')
    .replace(/https?:\/\/\S+/g, ' ');
  const han = count(prose, HAN);
  const kana = count(prose, KANA);
  const hangul = count(prose, HANGUL);
  const letters = count(prose, LETTER);
  const cjk = han + kana + hangul;
  const other = letters - cjk;
  // CJK characters carry a word each; an alphabetic word has ~5 letters
  if (cjk > 0 && cjk >= other / 5) {
    if (hangul > han + kana) return { lang: 'ko', reliable: hangul >= 4 };
    if (kana > 0 && kana >= (han + kana) * 0.1) return { lang: 'ja', reliable: han + kana >= 4 };
    return { lang: chineseScript(prose), reliable: han >= 4 };
  }
  if (other < 3) return { lang: null, reliable: false };
  const r = eld().detect(prose.slice(0, 4000));
  const lang = r.language || null;
  return { lang, reliable: lang !== null && other >= 40 && (other >= 80 || r.isReliable()) };
}

/** The language code of a text, or null when it cannot be told (see identifyLanguage). */
export function detectLanguage(text: string): string | null {
  return identifyLanguage(text).lang;
}

/** Does a detected language satisfy a wanted one? "zh" accepts both scripts; "zh-Hant" only traditional. */
export function sameLanguage(wanted: string, got: string | null): boolean {
  if (!got) return false;
  if (wanted === got) return true;
  if (wanted === 'zh') return got === 'zh-Hans' || got === 'zh-Hant' || got === 'zh';
  // eld's n-grams have Malay and no Indonesian: the two are one written standard apart, and are told apart by neither
  if ((wanted === 'id' && got === 'ms') || (wanted === 'ms' && got === 'id')) return true;
  return wanted.split('-')[0] === got.split('-')[0] && !wanted.includes('-');
}

const NAMES: Record<string, string> = {
  en: 'English',
  zh: 'Chinese',
  'zh-Hans': 'simplified Chinese',
  'zh-Hant': 'traditional Chinese',
  ja: 'Japanese',
  ko: 'Korean',
  de: 'German',
  fr: 'French',
  es: 'Spanish',
  pt: 'Portuguese',
  it: 'Italian',
  ru: 'Russian',
  nl: 'Dutch',
  pl: 'Polish',
  tr: 'Turkish',
  vi: 'Vietnamese',
  id: 'Indonesian',
  ms: 'Malay or Indonesian',
  ar: 'Arabic',
  hi: 'Hindi',
  uk: 'Ukrainian',
};

/** The English name of a language code ("de" -> "German"); the code itself when unknown. */
export function languageName(code: string | null): string {
  return code ? (NAMES[code] ?? code) : 'an unknown language';
}
