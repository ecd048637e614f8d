/**
 * Relevance tokens: the one tokenizer for "does this text fit that one" (BM25 in recall-mismatch,
 * tool and write matching in lost-write, and the engine's memory terms, near-duplicates, conflicts
 * and reranking). Word segmentation by Intl.Segmenter, NFKC, lower case, stop words of every
 * supported language (stopwords-iso, through ./stopwords.ts) plus the boilerplate every memory
 * carries ("user", "prefers", 用户...), a light plural strip (stemming) for Latin-script words,
 * character bigrams inside longer Han words so that 乌龙茶 meets 乌龙, and Korean nouns without
 * their particles (./hangul.ts) so that 알레르기가 meets 알레르기.
 *
 * The constraint grammar has its own word segmentation (./tokenize.ts): it needs every word,
 * relevance needs only the ones that carry a topic.
 */
import { asciiWords } from './ascii-words.js';
import { HANGUL, hangulTokens } from './hangul.js';
import { stopwords } from './stopwords.js';
import { segmenter, words } from './tokenize.js';

export const LANGUAGES = ['en', 'zh', 'es', 'de', 'fr', 'pt', 'ja', 'ko', 'ru', 'it', 'pl', 'tr', 'vi', 'id', 'ar', 'hi'] as const;

/** Words that every stored memory and every request carries: they say nothing about the topic. */
const BOILERPLATE: Record<string, string[]> = {
  en: 'user users prefer prefers preferred preference preferences remember remembered note noted memory memories stored store saved save please thanks like likes want wants always never'.split(
    ' ',
  ),
  zh: '用户 偏好 喜欢 希望 需要 请问 一下 帮 帮我 告诉 记住 以后 一直 总是 不要 谢谢 现在 已经 记忆 存储 请 我 的 是'.split(' '),
  es: 'usuario usuaria prefiere preferencia recuerda recordar quiere gusta siempre nunca'.split(' '),
  de: 'nutzer benutzer bevorzugt vorliebe merken möchte mag immer niemals nie'.split(' '),
  fr: 'utilisateur utilisatrice préfère préférence souviens rappelle veut souhaite aime toujours jamais'.split(' '),
  pt: 'usuário usuária utilizador prefere preferência lembre lembrar quer gosta sempre nunca'.split(' '),
  ja: 'ユーザー 好み 覚え'.split(' '),
};

/**
 * Content words that stopwords-iso's English list (built for web search) drops, but that tell
 * one memory from another: "home address", "work hours", "order number", "km".
 */
const KEEP: Record<string, string[]> = {
  en: (
    'area areas bill billion buy computer copy date face faces fact facts fire fix free front goods group groups home homepage ' +
    'html index information interest interests invention join keys kg km lb length line man men member members microsoft ' +
    'million mm mg ml cm mug name number numbers order orders page pages part parts place places point points problem problems ' +
    'research results ring room rooms run second seconds section site state states system test text tip today top value web ' +
    'webpage website width work works worked working world year years young old new big small large high low long early cause ' +
    'causes case cases end effect detail gmt uk'
  ).split(' '),
};

/**
 * English content words (and names) that another language's stop list holds (French "car", German "hat",
 * Spanish "sea", Indonesian "dan", Polish "pod"...): every list applies to every text, so without this "User drives a car" would
 * have no topic. The most frequent function words of those languages (die, war, son, par...) stay
 * stop words.
 */
const FALSE_FRIENDS = new Set(
  (
    'bald bat bin car cent dire era fin final force gross gut hat hem hop hue local logo mince multiple pan parole pure rare relative rend sea suit tag tempo tend ton total unique usa vie ' +
    // Italian, Polish, Turkish, Vietnamese and Indonesian function words that are English words or names
    'fine male press tale solo quasi salvo otto vale visto dove prima nice eden gene bile amen agar mana lama lima masa para bung dong rata sana wong naik tahu ' +
    'demi hari kali kira kata rasa cali'
  ).split(' '),
);

/**
 * Latin-script lists whose words of three ASCII letters or fewer are left out: too many are English
 * words, names or stems of them (Polish "nam" is the stem of "named", "pod"; Indonesian "dan",
 * "ada"; Vietnamese "hay"). Their own longer function words (della, które, ancak, những, dengan) stay.
 */
const NO_SHORT_ASCII: ReadonlySet<string> = new Set(['it', 'pl', 'tr', 'vi', 'id']);

let stop: Set<string> | null = null;

/** Stop words of every supported language (minus KEEP) and the boilerplate, NFKC and lower-cased. */
export function stopWords(): Set<string> {
  if (stop) return stop;
  stop = new Set<string>();
  for (const l of LANGUAGES) {
    const keep = new Set(KEEP[l] ?? []);
    const short = NO_SHORT_ASCII.has(l);
    for (const w of stopwords(l)) {
      if (keep.has(w) || FALSE_FRIENDS.has(w) || (short && /^[a-z]{1,3}$/.test(w))) continue;
      stop.add(w.normalize('NFKC').toLowerCase());
    }
  }
  for (const l of LANGUAGES) for (const w of BOILERPLATE[l] ?? []) stop.add(w.normalize('NFKC').toLowerCase());
  return stop;
}

/**
 * Chinese function characters (particles, pronouns, measure words): a word made of these alone
 * carries no topic. Narrower than the stop list, which also holds content-bearing characters such
 * as 比 and 较 (比较, "compare").
 */
const FUNCTION_CHARS = new Set([...'的了吗呢吧啊呀么是在和与及或我你您他她它们这那个就都也还很再又之其此着过得地把被让给']);

const HAN = /^\p{Script=Han}+$/u;
const LATIN = /^[\p{Script=Latin}]+$/u;

/**
 * Light suffix stemming for Latin-script words, applied to both sides alike so inflections meet:
 * dogs -> dog, shipping -> ship, translation / translate -> translat, stored / store -> stor.
 */
export function stem(word: string): string {
  let w = word;
  if (!LATIN.test(w) || w.length <= 3) return w;
  if (w.endsWith('ies') && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith('sses')) w = w.slice(0, -2);
  else if (/(ch|sh|x|z)es$/.test(w)) w = w.slice(0, -2);
  else if (w.endsWith('s') && !/(ss|us|is)$/.test(w)) w = w.slice(0, -1);
  if (w.endsWith('ation') && w.length > 7) w = w.slice(0, -3);
  else if (w.endsWith('ing') && w.length > 5) w = w.slice(0, -3);
  else if (w.endsWith('ed') && w.length > 4) w = w.slice(0, -2);
  else if (w.endsWith('ly') && w.length > 5) w = w.slice(0, -2);
  if (/([b-df-hj-np-tv-z])\1$/.test(w) && !/(ll|ss|zz)$/.test(w)) w = w.slice(0, -1);
  if (w.endsWith('e') && w.length > 3) w = w.slice(0, -1);
  return w;
}

/** A stemmed Latin word with diacritics dropped, cut to six letters, so that alergia / alérgico, allergy / allergic meet. */
function latinKey(stemmed: string): string {
  const base = stemmed.normalize('NFKD').replace(/\p{M}+/gu, '');
  return [...base].slice(0, 6).join('');
}

/** Character bigrams of a run of Han characters (the run itself when it is one character). */
function hanBigrams(run: string[], s: Set<string>, out: string[]): void {
  if (run.length === 1) {
    out.push(run[0]);
    return;
  }
  for (let i = 0; i + 1 < run.length; i++) {
    const bg = run[i] + run[i + 1];
    if (!s.has(bg)) out.push(bg);
  }
}

/**
 * The content tokens of a text, in order, repeats kept (BM25 counts them). Han text: the
 * segmenter's words that are not stop words as character bigrams, and runs of single characters
 * the segmenter could not group (names, rare compounds) as bigrams of the run. Other scripts: the
 * segmenter's words.
 */
export function tokens(text: string): string[] {
  const s = stopWords();
  const out: string[] = [];
  let run: string[] = [];
  const flush = () => {
    if (run.length) hanBigrams(run, s, out);
    run = [];
  };
  const lower = text.normalize('NFKC').toLowerCase();
  // ASCII (most logs): the segmenter's words found by hand (./ascii-words.ts); no Han there
  const ascii = asciiWords(lower);
  const segments = ascii ? ascii.map((segment) => ({ segment, isWordLike: true })) : words(segmenter('und'), lower);
  for (const seg of segments) {
    if (!seg.isWordLike) {
      flush();
      continue;
    }
    // English possessive, French / Italian elision (l'utilisateur, d'eau, qu'il)
    let w = seg.segment.replace(/['’]s$/, '').replace(/^(?:l|d|j|m|n|s|t|c|qu)['’](?=\p{L})/u, '');
    if (HAN.test(w)) {
      const chars = [...w];
      if (s.has(w) || chars.every((c) => FUNCTION_CHARS.has(c)))
        flush(); // 我的, 这个: function characters only
      else if (chars.length === 1) run.push(w);
      else {
        // a word of its own: its bigrams; single characters around it form runs of their own
        flush();
        hanBigrams(chars, s, out);
      }
      continue;
    }
    flush();
    if (s.has(w)) continue;
    if (HANGUL.test(w)) {
      // Korean: the noun without its particle, bigrams of a long word (./hangul.ts)
      for (const t of hangulTokens(w)) if (!s.has(t)) out.push(t);
      continue;
    }
    if ([...w].length < 2) continue;
    if (LATIN.test(w)) {
      const stemmed = stem(w);
      if (s.has(stemmed)) continue;
      w = latinKey(stemmed);
    }
    out.push(w);
  }
  flush();
  return out;
}

/** The distinct content tokens of a text. */
export function tokenSet(text: string): Set<string> {
  return new Set(tokens(text));
}

/**
 * One word in two inflections: the same token, or one the other and an ending of one or two letters,
 * the shorter of five letters or more ("стекольщик" / "стекольщика", "fontanero" / "fontaneros"; Latin
 * words are already cut to six letters). A loose measure, for "does this text name that one".
 */
export function sameWord(a: string, b: string): boolean {
  if (a === b) return true;
  const [s, l] = a.length <= b.length ? [a, b] : [b, a];
  return [...s].length >= 5 && l.length - s.length <= 2 && l.startsWith(s);
}

/** Whether two token sets share a word, inflections met (`sameWord`). */
export function shareWord(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  for (const x of a) {
    if (b.has(x)) return true;
    for (const y of b) if (sameWord(x, y)) return true;
  }
  return false;
}

/** The share of `a`'s distinct tokens that `b` also has (0 when `a` has none). */
export function coverage(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0) return 0;
  let n = 0;
  for (const t of a) if (b.has(t)) n++;
  return n / a.size;
}
