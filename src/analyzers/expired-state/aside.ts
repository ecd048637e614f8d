/**
 * Words an answer sets a memory aside with, as no longer valid ("that reminder has expired", "已过期",
 * "ya no es válido"): an answer that names the expired memory beside one of these did not act on it.
 * Data per language (lower case; a cue ending with `*` is a stem); Han, kana and Hangul cues match
 * anywhere, the others at word boundaries. A new language is a new entry here.
 *
 * Two ways to say it: a word that says so alone (`words`: "expired", "abgelaufen", "已过期"), or a word
 * of "no longer" (`noLonger`) within three words of a word of validity (`valid`): "no longer applies",
 * "gilt nicht mehr", "ya no está vigente", "уже не действует".
 */
interface AsideWords {
  words: readonly string[];
  noLonger?: readonly string[];
  valid?: readonly string[];
}

const ASIDE: Record<string, AsideWords> = {
  en: {
    words: ['expired', 'has expired', 'out of date', 'outdated', 'obsolete', 'lapsed', 'is over'],
    noLonger: ['no longer', 'not anymore', 'anymore', 'any more'],
    valid: ['valid', 'applies', 'apply', 'current', 'relevant', 'in effect', 'in force', 'stands'],
  },
  'zh-Hans': {
    words: ['已过期', '过期', '失效', '不再有效', '已经结束', '已结束', '作废'],
    noLonger: ['不再', '已经不', '已不'],
    valid: ['有效', '适用', '生效', '作数'],
  },
  'zh-Hant': {
    words: ['已過期', '過期', '失效', '不再有效', '已經結束', '已結束', '作廢'],
    noLonger: ['不再', '已經不', '已不'],
    valid: ['有效', '適用', '生效', '作數'],
  },
  ja: { words: ['期限切れ', '期限が切れ', '失効', '有効期限を過ぎ', 'もう有効ではありません', '終了しました', '無効'] },
  ko: { words: ['만료', '유효하지 않', '기한이 지났', '종료되었', '더 이상 유효하지'] },
  de: {
    words: ['abgelaufen*', 'veraltet*', 'überholt', 'verfallen', 'hinfällig'],
    noLonger: ['nicht mehr', 'nicht länger'],
    valid: ['gilt', 'gelten', 'gültig*', 'aktuell*', 'relevant', 'zutreffend', 'in kraft'],
  },
  fr: {
    words: ['expiré*', 'périmé*', 'obsolète', 'caduc*', 'dépassé*'],
    noLonger: ["n'est plus", 'ne vaut plus', "ne s'applique plus"],
    valid: ['valable', 'valide', "d'actualité", 'en vigueur', 'applicable', 'actuel*', 'pertinent*'],
  },
  es: {
    words: ['caducad*', 'caducó', 'expirad*', 'expiró', 'vencid*', 'venció', 'obsolet*', 'desactualizad*'],
    noLonger: ['ya no'],
    valid: ['vale', 'válid*', 'vigente', 'en vigor', 'aplica', 'actual', 'relevante', 'sirve'],
  },
  pt: {
    words: ['expirou', 'expirad*', 'vencid*', 'venceu', 'desatualizad*', 'obsolet*'],
    noLonger: ['já não', 'não é mais', 'não está mais', 'não vale mais', 'não se aplica mais'],
    valid: ['vale', 'válid*', 'vigente', 'em vigor', 'aplica', 'atual', 'relevante'],
  },
  it: { words: ['scadut*', 'obsolet*', 'superat*'], noLonger: ['non più', 'non è più', 'non vale più'], valid: ['valid*', 'vale', 'in vigore', 'attual*'] },
  ru: {
    words: ['истёк', 'истек', 'истекл*', 'устарел*', 'просрочен*', 'неактуальн*', 'недействител*'],
    noLonger: ['больше не', 'уже не'],
    valid: ['действует', 'действительн*', 'актуальн*', 'в силе', 'применим*'],
  },
};

const JOINED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** One pattern for some cues: joined scripts anywhere, the others between word boundaries (the stems' tail written once). */
function alternation(cues: readonly string[]): string {
  const joined: string[] = [];
  const whole: string[] = [];
  const stems: string[] = [];
  for (const c of cues) {
    if (JOINED.test(c)) joined.push(escape(c));
    else if (c.endsWith('*')) stems.push(escape(c.slice(0, -1)).replace(/ /g, '\\s+'));
    else whole.push(escape(c).replace(/ /g, '\\s+'));
  }
  const spaced = [...whole, ...(stems.length ? [`(?:${stems.join('|')})\\p{L}*`] : [])];
  return [
    ...(joined.length ? [`(?:${joined.join('|')})`] : []),
    ...(spaced.length ? [`(?<![\\p{L}\\p{N}])(?:${spaced.join('|')})(?![\\p{L}\\p{N}])`] : []),
  ].join('|');
}

const all = (k: keyof AsideWords) => Object.values(ASIDE).flatMap((w) => w[k] ?? []);
/** what may stand between "no longer" and its word of validity, in one clause: up to three words (or, joined, six characters) */
const GAP = "(?:\\s+[\\p{L}\\p{M}\\p{N}'’]+){0,3}\\s+|[^\\s,，、.!?。！？]{0,6}";
const MATCHER = (() => {
  const no = alternation(all('noLonger'));
  const valid = alternation(all('valid'));
  return new RegExp(`${alternation(all('words'))}|(?:${no})(?:${GAP})(?:${valid})|(?:${valid})(?:${GAP})(?:${no})`, 'u');
})();

/** Does the text say something is no longer valid? */
export function setsAside(text: string | null | undefined): boolean {
  return !!text && MATCHER.test(text.normalize('NFKC').toLowerCase().replace(/[’‘]/g, "'"));
}
