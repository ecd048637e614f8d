/**
 * Bilingual lexical relevance, no external services: does a query fit a memory's text?
 *
 * - English (and other non-Han scripts): word tokens, lower-cased, possessives dropped, a light
 *   suffix stemmer (lists/listed/listing -> list, prefers/preferred -> prefer, tables -> table),
 *   stop words removed (function words plus the boilerplate every memory and request carries:
 *   "user", "prefer", "please", "show"...).
 * - Chinese: character bigrams of every run of Han characters (a lone character is a unigram);
 *   bigrams touching a function character (的, 了, 是, 我...) and boilerplate bigrams (用户, 偏好,
 *   帮我...) are dropped.
 * Synonyms are out of scope: callers combine this with retrieval scores.
 */

const EN_STOP = new Set(
  (
    'a about above after again against all am an and any are as at be because been before being below between both but by ' +
    'can could did do does doing done down during each few for from further had has have having he her here hers herself him ' +
    'himself his how i if in into is it its itself just me more most my myself no nor not of off on once only or other our ' +
    'ours ourselves out over own same she should so some such than that the their theirs them themselves then there these they ' +
    'this those through to too under until up very was we were what when where which while who whom why will with would you ' +
    'your yours yourself yourselves also may might must shall let lets get got give make show tell need help want like ' +
    'please thank thanks ok okay yes hi hello hey now always never ever again one use using used ' +
    'user users prefer preference preferences prefers preferred remember note memory memories stored store saved'
  ).split(' '),
);

/** Characters whose bigrams carry no topic (particles, pronouns, measure words). */
const ZH_STOP_CHARS = new Set([...'的了吗呢吧啊呀么是在和与及或我你您他她它们这那个就都也还很再又之其此着过得地把被让给']);
/** Bigrams that every memory or request carries. */
const ZH_STOP_BIGRAMS = new Set([
  '用户', '偏好', '喜欢', '希望', '需要', '请问', '一下', '帮我', '告诉', '什么', '怎么', '如何', '可以', '记住', '以后', '一直',
  '总是', '不要', '谢谢', '现在', '已经', '记忆', '存储',
]);

const TOKEN_RE = /\p{Script=Han}+|(?:(?!\p{Script=Han})[\p{L}\p{N}])+/gu;
const HAN_RE = /^\p{Script=Han}/u;

/** Light English stemming: enough that inflections of one word meet, applied to both sides alike. */
export function stem(word: string): string {
  let w = word.toLowerCase().replace(/'s$/, '');
  if (!/^[a-z]+$/.test(w) || w.length <= 3) return w;
  if (w.endsWith('ies') && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith('sses')) w = w.slice(0, -2);
  else if (/(ch|sh|x|z)es$/.test(w)) w = w.slice(0, -2);
  else if (w.endsWith('s') && !/(ss|us|is)$/.test(w)) w = w.slice(0, -1);
  if (w.endsWith('ing') && w.length > 5) w = w.slice(0, -3);
  else if (w.endsWith('ed') && w.length > 4) w = w.slice(0, -2);
  else if (w.endsWith('ly') && w.length > 5) w = w.slice(0, -2);
  // undouble: preferr -> prefer, stopp -> stop
  if (/([b-df-hj-np-tv-z])\1$/.test(w) && !/(ll|ss|zz)$/.test(w)) w = w.slice(0, -1);
  // a dropped silent e: "storing" -> "stor", "stored" -> "stor", "store" -> "stor"
  if (w.endsWith('e') && w.length > 4) w = w.slice(0, -1);
  return w;
}

/** The content terms of a text: stemmed English words and Chinese bigrams. */
export function terms(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of text.matchAll(TOKEN_RE)) {
    const tok = m[0];
    if (HAN_RE.test(tok)) {
      const chars = [...tok];
      if (chars.length === 1) {
        if (!ZH_STOP_CHARS.has(chars[0])) out.add(chars[0]);
        continue;
      }
      for (let i = 0; i + 1 < chars.length; i++) {
        const a = chars[i];
        const b = chars[i + 1];
        if (ZH_STOP_CHARS.has(a) || ZH_STOP_CHARS.has(b)) continue;
        const bg = a + b;
        if (!ZH_STOP_BIGRAMS.has(bg)) out.add(bg);
      }
      continue;
    }
    const lower = tok.toLowerCase();
    if (EN_STOP.has(lower)) continue;
    const s = stem(lower);
    if (s.length < 2 || EN_STOP.has(s)) continue;
    out.add(s);
  }
  return out;
}

export interface Overlap {
  /** terms both sides share, in the order of the second text */
  shared: string[];
  /** |shared| / min(|a|, |b|) (the overlap coefficient), 0 when either side has no term */
  score: number;
}

/** How much two term sets share. */
export function overlapOf(a: ReadonlySet<string>, b: ReadonlySet<string>): Overlap {
  if (a.size === 0 || b.size === 0) return { shared: [], score: 0 };
  const shared: string[] = [];
  for (const t of b) if (a.has(t)) shared.push(t);
  return { shared, score: shared.length / Math.min(a.size, b.size) };
}

/** How much a query and a memory's text share (see `overlapOf`). */
export function lexicalOverlap(query: string, text: string): Overlap {
  return overlapOf(terms(query), terms(text));
}

/** Fraction of `inner`'s terms found in `outer` (is `inner` contained in `outer`?). */
export function coverage(inner: ReadonlySet<string>, outer: ReadonlySet<string>): number {
  if (inner.size === 0) return 0;
  let n = 0;
  for (const t of inner) if (outer.has(t)) n++;
  return n / inner.size;
}

/** Lower-cased letters and digits only: for "does this text contain that one" checks that ignore punctuation and spacing. */
export function normalizeText(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}
