/**
 * A switch back that left the prompt loses nothing: an answer-language rule that replaced an earlier
 * rule on the same topic ("Reply in German" ... "Jonas has gone home, you can switch back to English";
 * "영어로 답해 주세요" ... "이제 다시 한국어로 해 주셔도 돼요"), left the prompt after the rule it replaced
 * did, and asks for the language the user's messages left in the prompt are written in. With both
 * rules gone the prompt is back where it was before either, and a model answers in the language it
 * is addressed in: what the switch back asked for.
 * Still losses: a rule with nothing before it on its topic ("请用中文回答" dropped: reported as before),
 * a switch back whose earlier rule is still in the prompt (it would stand alone again), a rule for
 * another language than the user writes in, and any rule an answer broke after it left (the caller
 * keeps those). Which language a rule names is the lexicons' (src/text/lexicon/*.json); the user's,
 * identifyLanguage's, when it is sure.
 */
import type { Preference } from '../../text/index.js';
import { identifyLanguage, sameLanguage } from '../../text/index.js';
import type { RequestView } from '../../store/session.js';

export function carriedByUserLanguage(pref: Pick<Preference, 'key'>, replaces: readonly (number | string)[], req: RequestView): boolean {
  const m = /^language:(.+)$/.exec(pref.key);
  if (!m || m[1].startsWith('not-') || m[1] === 'withdrawn') return false;
  if (!replaces.length || req.messages.some((x) => replaces.includes(x.id))) return false;
  const said = req.messages
    .filter((x) => x.role === 'user')
    .map((x) => x.text)
    .join('\n');
  const guess = identifyLanguage(said);
  return guess.reliable && sameLanguage(m[1], guess.lang);
}
