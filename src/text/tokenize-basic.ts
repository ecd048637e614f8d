/**
 * A temporary tokenizer for relevance (BM25, "did this text reach the prompt"): word segmentation
 * by Intl.Segmenter, NFKC, lower case, stop words of every supported language (stopwords-iso)
 * plus the boilerplate every memory carries ("user", "prefers", 用户...), a light plural strip
 * for Latin-script words, and character bigrams inside longer Han words so that 乌龙茶 meets 乌龙.
 *
 * The text layer (src/text, issue 12) replaces this module; callers import `tokens` only from here.
 */
import { createRequire } from 'node:module';

export const LANGUAGES = ['en', 'zh', 'es', 'de', 'fr', 'pt', 'ja'] as const;

/** Words that every stored memory and every request carries: they say nothing about the topic. */
const BOILERPLATE: Record<string, string[]> = {
  en: 'user users prefer prefers preferred preference preferences remember remembered note noted memory memories stored store saved save please thanks like likes want wants always never'.split(' '),
  zh: '用户 偏好 喜欢 希望 需要 请问 一下 帮 帮我 告诉 记住 以后 一直 总是 不要 谢谢 现在 已经 记忆 存储 请 我 的 是'.split(' '),
  es: 'usuario usuaria prefiere preferencia recuerda recordar'.split(' '),
  de: 'nutzer benutzer bevorzugt vorliebe merken'.split(' '),
  fr: 'utilisateur utilisatrice préfère préférence souviens rappelle'.split(' '),
  pt: 'usuário usuária utilizador prefere preferência lembre lembrar'.split(' '),
  ja: 'ユーザー 好み 覚え'.split(' '),
};

let stop: Set<string> | null = null;

/** Stop words of every supported language, NFKC and lower-cased. */
export function stopWords(): Set<string> {
  if (stop) return stop;
  const require = createRequire(import.meta.url);
  const iso = require('stopwords-iso/stopwords-iso.json') as Record<string, string[]>;
  stop = new Set<string>();
  for (const l of LANGUAGES) for (const w of [...(iso[l] ?? []), ...(BOILERPLATE[l] ?? [])]) stop.add(w.normalize('NFKC').toLowerCase());
  return stop;
}

const HAN = /^\p{Script=Han}+$/u;
const LATIN = /^[\p{Script=Latin}]+$/u;
const segmenter = new Intl.Segmenter('und', { granularity: 'word' });

/** Light plural strip for Latin-script words: dogs -> dog, preferences -> preference, ciudades -> ciudade. */
function strip(w: string): string {
  if (w.length > 3 && w.endsWith('s') && !/(ss|us|is)$/.test(w) && LATIN.test(w)) return w.slice(0, -1);
  return w;
}

/** The content tokens of a text, in order, repeats kept (BM25 counts them). */
export function tokens(text: string): string[] {
  const s = stopWords();
  const out: string[] = [];
  for (const seg of segmenter.segment(text.normalize('NFKC').toLowerCase())) {
    if (!seg.isWordLike) continue;
    // English possessive, French / Italian elision (l'utilisateur, d'eau, qu'il)
    let w = seg.segment.replace(/['’]s$/, '').replace(/^(?:l|d|j|m|n|s|t|c|qu)['’](?=\p{L})/u, '');
    if (s.has(w)) continue;
    if (HAN.test(w)) {
      const chars = [...w];
      if (chars.length === 1) {
        if (!s.has(w)) out.push(w);
        continue;
      }
      out.push(w);
      if (chars.length > 2) for (let i = 0; i + 1 < chars.length; i++) if (!s.has(chars[i] + chars[i + 1])) out.push(chars[i] + chars[i + 1]);
      continue;
    }
    w = strip(w);
    if (w.length < 2 && !/\p{Script=Hiragana}|\p{Script=Katakana}/u.test(w)) continue;
    if (s.has(w)) continue;
    out.push(w);
  }
  return out;
}

/** The distinct content tokens of a text. */
export function tokenSet(text: string): Set<string> {
  return new Set(tokens(text));
}
