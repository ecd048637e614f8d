/**
 * Words an answer sets a memory aside with, as no longer valid ("that reminder has expired", "已过期",
 * "ya no es válido"): an answer that names the expired memory beside one of these did not act on it.
 * Data per language (lower case; a cue ending with `*` is a stem); Han, kana and Hangul cues match
 * anywhere, the others at word boundaries. A new language is a new entry here.
 */
const ASIDE: Record<string, readonly string[]> = {
  en: ['expired', 'has expired', 'out of date', 'outdated', 'no longer valid', 'no longer applies', 'no longer current', 'obsolete', 'lapsed', 'is over'],
  'zh-Hans': ['已过期', '过期', '失效', '不再有效', '已经结束', '已结束'],
  'zh-Hant': ['已過期', '過期', '失效', '不再有效', '已經結束', '已結束'],
  ja: ['期限切れ', '期限が切れ', '失効', '有効期限を過ぎ', 'もう有効ではありません', '終了しました'],
  ko: ['만료', '유효하지 않', '기한이 지났', '종료되었'],
  de: ['abgelaufen*', 'veraltet*', 'nicht mehr gültig', 'nicht mehr aktuell', 'überholt', 'verfallen'],
  fr: ['expiré*', 'périmé*', 'obsolète', "n'est plus valable", "n'est plus valide", "n'est plus d'actualité", 'caduc*', 'dépassé*'],
  es: ['caducad*', 'caducó', 'expirad*', 'expiró', 'vencid*', 'venció', 'ya no es válid*', 'ya no vale', 'obsolet*', 'desactualizad*'],
  pt: ['expirou', 'expirad*', 'vencid*', 'venceu', 'desatualizad*', 'já não vale', 'não é mais válid*', 'não vale mais', 'obsolet*'],
  it: ['scadut*', 'obsolet*', 'non è più valid*', 'non più valid*', 'superat*'],
  ru: ['истёк', 'истек', 'истекл*', 'устарел*', 'просрочен*', 'больше не действует', 'неактуальн*'],
};

const JOINED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** One matcher for every language's cues: joined scripts anywhere, the others between word boundaries. */
const MATCHER = (() => {
  const joined: string[] = [];
  const spaced: string[] = [];
  for (const cues of Object.values(ASIDE))
    for (const c of cues) {
      if (JOINED.test(c)) joined.push(escape(c));
      else spaced.push(c.endsWith('*') ? `${escape(c.slice(0, -1))}\\p{L}*` : escape(c));
    }
  return new RegExp(`(?:${joined.join('|')})|(?<![\\p{L}\\p{N}])(?:${spaced.join('|')})(?![\\p{L}\\p{N}])`, 'iu');
})();

/** Does the text say something is no longer valid? */
export function setsAside(text: string | null | undefined): boolean {
  return !!text && MATCHER.test(text.normalize('NFKC').toLowerCase());
}
