/**
 * Words that ask about the past ("where did I live before?", "我以前住哪", "¿dónde vivía antes?"):
 * a search or a user message that holds one asks for what was, and a superseded memory is then the
 * right answer, not a stale one. Data per language (lower case; a cue ending with `*` is a stem);
 * Han, kana and Hangul cues match anywhere, the others at word boundaries. A new language is a new
 * entry here.
 */
const PAST: Record<string, readonly string[]> = {
  en: [
    'before',
    'previously',
    'previous',
    'used to',
    'formerly',
    'former',
    'earlier',
    'in the past',
    'history',
    'originally',
    'back then',
    'my old',
    'the old',
    'no longer',
  ],
  'zh-Hans': ['以前', '之前', '原来', '过去', '曾经', '从前', '历史', '原先', '早先', '旧的', '旧地址'],
  'zh-Hant': ['原來', '過去', '曾經', '從前', '歷史', '舊的', '舊地址'],
  ja: ['以前', '前に', '前の', '昔', '元の', 'かつて', '過去', '履歴', '旧住所'],
  ko: ['예전', '이전', '전에', '과거', '원래'],
  de: ['früher', 'vorher', 'zuvor', 'ehemal*', 'damals', 'alte', 'alten', 'altes', 'bisher*', 'ursprünglich*', 'vergangenheit', 'verlauf', 'nicht mehr'],
  fr: ['avant', 'auparavant', 'précédemment', 'précédent*', 'ancien*', 'autrefois', "à l'époque", 'dans le passé', 'historique', 'ne plus'],
  es: ['antes', 'anteriormente', 'anterior*', 'antiguo*', 'antigua*', 'solía', 'solia', 'en el pasado', 'historial', 'ya no', 'previamente'],
  pt: ['anteriormente', 'antigo*', 'costumava', 'no passado', 'histórico', 'já não', 'previamente'],
  it: ['prima di', 'prima che', 'di prima', 'precedentemente', 'precedente', 'vecchio', 'vecchia', 'in passato', 'un tempo', 'non più'],
  ru: ['раньше', 'прежде', 'прежн*', 'бывш*', 'ранее', 'в прошлом', 'старый', 'старая', 'старое', 'старого', 'старом'],
};

const JOINED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** One matcher for every language's cues: joined scripts anywhere, the others between word boundaries. */
const MATCHER = (() => {
  const joined: string[] = [];
  const spaced: string[] = [];
  for (const cues of Object.values(PAST))
    for (const c of cues) {
      if (JOINED.test(c)) joined.push(escape(c));
      else spaced.push(c.endsWith('*') ? `${escape(c.slice(0, -1))}\\p{L}*` : escape(c));
    }
  return new RegExp(`(?:${joined.join('|')})|(?<![\\p{L}\\p{N}])(?:${spaced.join('|')})(?![\\p{L}\\p{N}])`, 'iu');
})();

/** Does the text ask about (or label) the past? */
export function asksAboutPast(text: string | null | undefined): boolean {
  return !!text && MATCHER.test(text.normalize('NFKC').toLowerCase());
}
