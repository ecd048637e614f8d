/**
 * Korean words for relevance. Korean writes spaces between phrases, not words: a noun carries its
 * particle ("알레르기가", "사용자는", "서울에서"), so the segmenter's word is the noun plus a
 * particle and never meets the bare noun. The particle is cut (when two syllables or more stay),
 * and a word of three syllables or more gives its syllable bigrams, as Han words do, so that a
 * compound ("땅콩버터") meets its parts ("땅콩").
 */

/** Particles (josa) that end a noun phrase, longest first. */
const PARTICLES = [
  '에서부터',
  '으로부터',
  '에게서',
  '한테서',
  '으로서',
  '으로써',
  '이라고',
  '이라는',
  '에서는',
  '에게는',
  '으로는',
  '에서',
  '에게',
  '한테',
  '으로',
  '로서',
  '로써',
  '부터',
  '까지',
  '처럼',
  '보다',
  '하고',
  '이랑',
  '이나',
  '마다',
  '조차',
  '라고',
  '라는',
  '은',
  '는',
  '이',
  '가',
  '을',
  '를',
  '의',
  '에',
  '로',
  '와',
  '과',
  '도',
  '만',
  '랑',
  '나',
];

export const HANGUL = /^\p{Script=Hangul}+$/u;

/** The word without its particle, when two syllables or more stay. */
export function stripParticle(word: string): string {
  const n = [...word].length;
  for (const p of PARTICLES) if (word.endsWith(p) && n - [...p].length >= 2) return word.slice(0, word.length - p.length);
  return word;
}

/** The relevance tokens of one Hangul word: itself (one or two syllables) or its syllable bigrams. */
export function hangulTokens(word: string): string[] {
  const chars = [...stripParticle(word)];
  if (chars.length <= 2) return [chars.join('')];
  const out: string[] = [];
  for (let i = 0; i + 1 < chars.length; i++) out.push(chars[i] + chars[i + 1]);
  return out;
}
