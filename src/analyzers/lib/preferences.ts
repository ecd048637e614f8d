/**
 * Finds the user's constraints and style preferences in text (English and Chinese), gives each a
 * normalized key (`format:no-xml`, `emoji:none`, `length:concise`, `language:zh`, `tone:formal`...)
 * and a checker that says whether a response violates it; and decides whether a constraint is
 * still present in a prompt. Shared by window-overflow and tool-drift.
 *
 * A preference must be addressed to the assistant: an imperative ("never use XML", "不要用表情"),
 * a sentence addressed to "you" / "你", a polite request ("please...", "请..."), a wish ("I'd prefer",
 * "我希望"), or a short fragment ("No emoji.", "简洁一点"). A statement about the user's own life
 * ("I never use emoji myself", "我从来不喜欢早起") is not a constraint on the agent.
 */
import { measureStyle, type StyleMeasure } from './style.js';

export type PreferenceCategory = 'format' | 'forbidden' | 'language' | 'length' | 'tone' | 'emoji';
/** forbid: "never X"; require: "always X"; allow: a permission ("emoji are fine"), never violated */
export type Polarity = 'forbid' | 'require' | 'allow';
/**
 * user: a user message (must be addressed to the assistant);
 * system: a system / developer message (also accepts "the user prefers..." and "Constraints: ...");
 * memory: a stored memory whose type already says it is a preference or constraint.
 */
export type DetectMode = 'user' | 'system' | 'memory';

export interface CheckOptions {
  /** the most words (CJK characters count as words) a "concise" answer may have; default 150 */
  conciseMaxWords?: number;
}

export const DEFAULT_CONCISE_MAX_WORDS = 150;

export interface Preference {
  category: PreferenceCategory;
  polarity: Polarity;
  /** normalized key, e.g. format:no-xml, format:lists-not-tables, emoji:none, length:concise, length:max-100-words */
  key: string;
  /** what the preference is about; a later preference on the same topic with another key replaces it */
  topic: string;
  /** a short human label: "never use XML" */
  label: string;
  /** the sentence it was found in, as written */
  sentence: string;
  /** the clause of that sentence that states it ("never use XML in your answers") */
  clause: string;
  /** why `text` violates the preference, or null when it honours it (permissions never fail) */
  check(style: StyleMeasure, text: string, opts?: CheckOptions): string | null;
}

/** Display width: a CJK character counts as two. */
function width(s: string): number {
  let w = 0;
  for (const ch of s) w += /[\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/.test(ch) ? 2 : 1;
  return w;
}

/** The words to quote in a title: the sentence when short, else the clause, else the label. */
export function shortQuote(p: Pick<Preference, 'sentence' | 'clause' | 'label'>, max = 60): string {
  for (const s of [p.sentence, p.clause]) {
    const t = s.replace(/\s+/g, ' ').trim().replace(/[.。!！]+$/, '');
    if (t && width(t) <= max) return t;
  }
  return p.label;
}

/** Check a response text (measuring it) against a preference. */
export function violates(p: Preference, text: string, opts?: CheckOptions): string | null {
  return p.check(measureStyle(text), text, opts);
}

// ---------------------------------------------------------------------------------------------
// Keys and their checkers

interface Draft {
  key: string;
  category: PreferenceCategory;
  polarity: Polarity;
  topic: string;
  label: string;
  check: Preference['check'];
  needsList?: boolean;
}

const never = () => null;
const plural = (n: number, w: string) => `${n} ${w}${n === 1 ? '' : 's'}`;

function spec(key: string, needsList = false): Draft | null {
  switch (key) {
    case 'format:no-xml':
      return {
        key,
        category: 'format',
        polarity: 'forbid',
        topic: 'xml',
        label: 'never use XML',
        check: (s) => (s.xml ? `answered in XML (${plural(s.xmlTags, 'tag')}: ${s.tagNames.map((t) => `<${t}>`).join(', ') || '<?xml?>'})` : null),
      };
    case 'format:xml':
      return { key, category: 'format', polarity: 'allow', topic: 'xml', label: 'XML allowed', check: never };
    case 'format:lists-not-tables':
      return {
        key,
        category: 'format',
        polarity: needsList ? 'require' : 'forbid',
        topic: 'table',
        label: needsList ? 'use lists, not tables' : 'no tables',
        needsList,
        check: (s) => {
          if (s.table) return `answered with a table (${plural(s.tableRows, 'row')})`;
          if (needsList && s.listLines === 0 && s.paragraphs >= 2 && s.words >= 120) return `no list: ${s.words} words of prose in ${s.paragraphs} paragraphs`;
          return null;
        },
      };
    case 'format:tables':
      return { key, category: 'format', polarity: 'allow', topic: 'table', label: 'tables allowed', check: never };
    case 'format:no-lists':
      return {
        key,
        category: 'format',
        polarity: 'forbid',
        topic: 'table',
        label: 'no lists',
        check: (s) => (s.listLines >= 3 ? `answered with a list (${plural(s.listLines, 'line')})` : null),
      };
    case 'format:json-only':
      return {
        key,
        category: 'format',
        polarity: 'require',
        topic: 'json',
        label: 'JSON only',
        check: (_s, text) => {
          const t = text.trim().replace(/^```(?:json)?\s*\n([\s\S]*?)\n?```$/i, '$1').trim();
          try {
            JSON.parse(t);
            return null;
          } catch {
            return 'not valid JSON';
          }
        },
      };
    case 'format:no-markdown':
      return {
        key,
        category: 'format',
        polarity: 'forbid',
        topic: 'markdown',
        label: 'plain text, no markdown',
        check: (s) => (s.markdown ? 'answered with markdown formatting' : null),
      };
    case 'format:markdown':
      return { key, category: 'format', polarity: 'allow', topic: 'markdown', label: 'markdown allowed', check: never };
    case 'emoji:none':
      return {
        key,
        category: 'emoji',
        polarity: 'forbid',
        topic: 'emoji',
        label: 'no emoji',
        check: (s) => (s.emoji > 0 ? `${plural(s.emoji, 'emoji')} (${s.emojiSeen.join('')})`.replace('emojis', 'emoji') : null),
      };
    case 'emoji:allowed':
      return { key, category: 'emoji', polarity: 'allow', topic: 'emoji', label: 'emoji allowed', check: never };
    case 'language:zh':
      return {
        key,
        category: 'language',
        polarity: 'require',
        topic: 'language',
        label: 'answer in Chinese',
        check: (s) => (s.language === 'en' && s.latinWords >= 5 ? `answered in English (CJK ratio ${s.cjkRatio})` : null),
      };
    case 'language:en':
      return {
        key,
        category: 'language',
        polarity: 'require',
        topic: 'language',
        label: 'answer in English',
        check: (s) => (s.language === 'zh' && s.cjkChars >= 5 ? `answered in Chinese (CJK ratio ${s.cjkRatio})` : null),
      };
    case 'language:not-zh':
      return {
        key,
        category: 'language',
        polarity: 'forbid',
        topic: 'language',
        label: 'not in Chinese',
        check: (s) => (s.language === 'zh' && s.cjkChars >= 5 ? `answered in Chinese (CJK ratio ${s.cjkRatio})` : null),
      };
    case 'language:not-en':
      return {
        key,
        category: 'language',
        polarity: 'forbid',
        topic: 'language',
        label: 'not in English',
        check: (s) => (s.language === 'en' && s.latinWords >= 5 ? `answered in English (CJK ratio ${s.cjkRatio})` : null),
      };
    case 'length:concise':
      return {
        key,
        category: 'length',
        polarity: 'require',
        topic: 'length',
        label: 'be concise',
        check: (s, _t, o) => {
          const max = o?.conciseMaxWords ?? DEFAULT_CONCISE_MAX_WORDS;
          return s.words > max ? `${s.words} words (concise means at most ${max})` : null;
        },
      };
    case 'length:detailed':
      return { key, category: 'length', polarity: 'allow', topic: 'length', label: 'detailed answers', check: never };
    case 'tone:formal':
      return {
        key,
        category: 'tone',
        polarity: 'require',
        topic: 'tone',
        label: 'formal tone',
        check: (s) => {
          const why: string[] = [];
          if (s.emoji > 0) why.push(plural(s.emoji, 'emoji').replace('emojis', 'emoji'));
          if (s.exclamations >= 2) why.push(plural(s.exclamations, 'exclamation mark'));
          if (s.shouting >= 2) why.push(`shouting (${s.shoutingWords.join(', ')})`);
          if (s.marketing >= 2) why.push(`marketing words (${s.marketingWords.join(', ')})`);
          if (s.slang > 0) why.push(plural(s.slang, 'slang word'));
          return why.length ? `informal: ${why.join(', ')}` : null;
        },
      };
    case 'tone:casual':
      return { key, category: 'tone', polarity: 'allow', topic: 'tone', label: 'casual tone allowed', check: never };
    case 'tone:plain':
      return {
        key,
        category: 'tone',
        polarity: 'forbid',
        topic: 'hype',
        label: 'no marketing tone',
        check: (s) => {
          const why: string[] = [];
          if (s.marketing >= 2) why.push(`marketing words (${s.marketingWords.join(', ')})`);
          if (s.shouting >= 2) why.push(`shouting (${s.shoutingWords.join(', ')})`);
          if (s.exclamations >= 3) why.push(plural(s.exclamations, 'exclamation mark'));
          return why.length ? `hype: ${why.join(', ')}` : null;
        },
      };
    case 'tone:no-exclamation':
      return {
        key,
        category: 'tone',
        polarity: 'forbid',
        topic: 'exclamation',
        label: 'no exclamation marks',
        check: (s) => (s.exclamations > 0 ? plural(s.exclamations, 'exclamation mark') : null),
      };
    default:
      break;
  }
  let m = /^length:max-(\d+)-(words|chars|sentences|lines)$/.exec(key);
  if (m) {
    const n = Number(m[1]);
    const unit = m[2] as 'words' | 'chars' | 'sentences' | 'lines';
    return {
      key,
      category: 'length',
      polarity: 'require',
      topic: 'length',
      label: `at most ${n} ${unit}`,
      check: (s) => {
        const got = unit === 'words' ? s.words : unit === 'chars' ? s.chars : unit === 'sentences' ? s.sentences : s.lines;
        return got > n ? `${got} ${unit} (limit ${n})` : null;
      },
    };
  }
  m = /^forbid:(.+)$/.exec(key);
  if (m) {
    const term = m[1];
    return {
      key,
      category: 'forbidden',
      polarity: 'forbid',
      topic: key,
      label: `never mention "${term}"`,
      check: (_s, text) => (text.toLowerCase().includes(term) ? `mentions "${term}"` : null),
    };
  }
  return null;
}

/** The checker and label of a normalized key (for keys stored elsewhere, e.g. in a finding). */
export function preferenceForKey(key: string, sentence = ''): Preference | null {
  const d = spec(key);
  return d ? { category: d.category, polarity: d.polarity, key: d.key, topic: d.topic, label: d.label, sentence, clause: sentence, check: d.check } : null;
}

// ---------------------------------------------------------------------------------------------
// Is a clause addressed to the assistant?

const EN_FILLER =
  /^(?:[-*•>#]+\s*|\d{1,2}[.)]\s+|(?:ok(?:ay)?|also|and|but|so|btw|by the way|oh|hey|hi|one more thing|note|important|rule|reminder|remember|again|p\.?s\.?|from now on|going forward|in the future|henceforth|for (?:all )?future (?:answers|replies|responses)|for the rest of (?:this|the) (?:chat|conversation|session)|at all times|in general|generally|in this chat|in this conversation|as a rule)\b[\s,:;-]*)+/i;
const EN_SELF =
  /^(?:i|i'm|i am|i've|i'd|i'll|im|my|we|we're|our|he|she|they|his|her|their|it|it's|this|that|these|those|there|someone|somebody|people|everyone|everybody|nobody|mom|dad|my \w+)\b/i;
const EN_YOU =
  /\byou(?:'ll|'re)?\s+(?:must|should|need to|have to|are to|will|shall|can'?t|cannot|may not|mustn'?t|shouldn'?t|never|always|don'?t|do not|only)\b|\byour\s+(?:answers?|repl(?:y|ies)|responses?|outputs?|messages?|writing|tone|style|texts?)\b|\b(?:want|like|need|prefer|ask|asked|expect|told|tell)\s+you\b|\b(?:can|could|would|will)\s+you\b|\byou\s+(?:can|may)\b|\bfeel free\b/i;
const EN_POLITE =
  /\b(?:please|pls|plz|kindly)\b|\bi(?:'d| would)\s+(?:like|prefer|rather|appreciate)\b|\bi\s+(?:prefer|want|need|expect|require)\s+(?!to\b)|\bi\s+(?:don'?t|do not)\s+(?:want|need)\s+(?!to\b)|\b(?:make sure|ensure|remember to)\b|\bmy preference\b|^i\s+(?:said|already said|asked for|repeat)\b/i;
const EN_ANSWER_SUBJECT =
  /^(?:all\s+|the\s+|every\s+|each\s+|any\s+)?(?:answers?|repl(?:y|ies)|responses?|outputs?)\s+(?:must|should|need to|have to|shall|are to|may not|must not|should not|can'?t|cannot|in|only|always|never|without|with no)\b/i;
const EN_VERB =
  '(?:answer|reply|respond|use|write|give|keep|format|stop|avoid|make|include|put|show|talk|speak|be|stay|output|return|send|provide|limit|add|switch|stick|refrain|skip|drop|remove|omit|communicate|structure|present|list|try|mention|say|tell|ensure|exclude|cut|reduce|restrict|bring|sound|sign|end|start|begin|go|wrap|respond|reply|lose|ditch|prefer|do)';
const EN_IMPERATIVE = new RegExp(`^(?:(?:never|always|don'?t|dont|do not|please)\\s+(?:ever\\s+)?)?${EN_VERB}\\b|^no\\b`, 'i');
const EN_FRAGMENT =
  /^(?:no|without|only|just|short(?:er)?|brief(?:er)?|concise(?:ly)?|plain|less|fewer|english|chinese|mandarin|json|lists?|bullets?|formal(?:ly)?|strictly|max(?:imum)?|under|at most|in (?:english|chinese|mandarin|json|plain text))\b|\b(?:only|please|pls|thanks|thank you)[.!]*$/i;
const SYS_THIRD =
  /\b(?:the\s+)?user\s+(?:prefers|wants|asked|asks|requires|requested|does not want|doesn'?t want|dislikes|forbids|hates|likes|expects|has asked|insists)\b|\buser(?:'s)?\s+(?:preferences?|constraints?|requirements?|rules?)\b|^(?:constraints?|preferences?|rules?|requirements?|style)\s*[:：-]|用户(?:偏好|喜欢|希望|要求|不喜欢|不希望|讨厌|禁止|习惯|更喜欢|的偏好|的约束|的要求)|^(?:约束|偏好|规则|要求|风格)\s*[:：]/i;

const ZH_FILLER =
  /^(?:[-*•>#]+\s*|\d{1,2}[.)、]\s*|另外|还有|对了|顺便说一下|顺便|注意|记住|重要|提醒一下|提醒|以后都|今后都|以后|今后|从现在开始|从今以后|从现在起|从今天起|接下来|之后|往后|后面|此外|并且|而且|但是|不过|所以|然后|好的|好|嗯|哦|那就|也|还有就是)+/;
const ZH_SELF = /^(?:我|咱们|他|她|它|大家|有人|别人|这|那|孩子|老板|同事|朋友|家里)/;
const ZH_SELF_OK =
  /^我(?:们)?(?:希望|想要|想让|要求|需要|偏好|更喜欢|更偏好|喜欢你|不希望|不想看到|不想要|要你|请你|建议你|希望你|的要求是|的偏好是|再说一(?:次|遍)|说过|刚才说|刚说|已经说过|不是说(?:过|了))/;
const ZH_ADDRESSED = /你|您|请|麻烦|务必|千万|劳驾/;
const ZH_IMPERATIVE =
  /^(?:可以|随意|随便|不要|别|禁止|必须|一律|始终|永远|总是|一直|只|仅|全部|都|统一|用|使用|采用|改用|回答|回复|答复|写|给我|保持|尽量|不许|不准|不能|不可以|不得|切勿|勿|少用|避免|输出|返回|每次|所有|答案|控制|限制|简洁|简短|简明|精简|言简意赅|长话短说|正式|严肃|中文|英文|英语|纯文本|列表|以|说|讲|去掉|不用|无需|少说)/;
const ZH_ANSWER = /回答|回复|答复|答案|输出|回应/;
const ZH_FRAGMENT = /(?:一点|一些|点儿|就行|即可|就好|为主|免了|就算了|不要了|别用了)[。！!.]*$|^(?:不|无|少|免)/;

function stripFillers(clause: string): string {
  let c = clause.trim();
  for (let i = 0; i < 4; i++) {
    const next = c.replace(EN_FILLER, '').replace(ZH_FILLER, '').trim();
    if (next === c) break;
    c = next;
  }
  return c;
}

function wordCount(c: string): number {
  return c.split(/\s+/).filter(Boolean).length;
}

/** Is this clause (fillers stripped) an instruction to the assistant? */
function isAddressed(c: string, mode: DetectMode): boolean {
  if (mode === 'memory') return true;
  if (mode === 'system' && SYS_THIRD.test(c)) return true;
  if (EN_YOU.test(c) || EN_POLITE.test(c)) return true;
  const zhSelf = ZH_SELF.test(c) && !ZH_SELF_OK.test(c);
  if (ZH_SELF_OK.test(c)) return true;
  if (EN_SELF.test(c)) return false;
  if (zhSelf) return /你|您|请/.test(c);
  if (ZH_ADDRESSED.test(c)) return true;
  if (EN_IMPERATIVE.test(c) || EN_ANSWER_SUBJECT.test(c)) return true;
  if (EN_FRAGMENT.test(c) && wordCount(c) <= 8) return true;
  if (ZH_IMPERATIVE.test(c)) return true;
  if (ZH_ANSWER.test(c)) return true;
  // a short Chinese fragment without a subject: "表情符号就免了", "格式清楚一点"
  const cjk = (c.match(/[\u4e00-\u9fff]/g) ?? []).length;
  return cjk > 0 && cjk <= 12 && ZH_FRAGMENT.test(c);
}

function isSelfStatement(c: string): boolean {
  return (EN_SELF.test(c) && !EN_POLITE.test(c) && !EN_YOU.test(c)) || (ZH_SELF.test(c) && !ZH_SELF_OK.test(c) && !/你|您|请/.test(c));
}

// ---------------------------------------------------------------------------------------------
// Topics in a clause

const NEG_RE =
  /\b(?:no|not|never|don'?t|dont|do not|doesn'?t|does not|avoid|avoiding|without|stop|skip|nothing|zero|none|nor|instead of|rather than|cannot|can'?t|won'?t|mustn'?t|must not|shouldn'?t|should not|ban|banned|forbid|forbidden|prohibit(?:ed)?|exclude|drop|remove|omit|refrain from|ditch|lose the|no more|neither|dislikes?|hates?)\b|不要|别|禁止|不许|不准|不能|不可|不得|勿|不用|无需|不需要|避免|去掉|去除|而不是|而非|不是|不使用|不加|不带|不想要|不想看到|拒绝|停止|不再|取消|省略|不必|免了|不喜欢|讨厌/gi;
const RESET_RE = /\b(?:but|instead|rather)\b(?!\s+(?:of|than))|而是|改用|换成/gi;
const POST_NEG_RE =
  /^[^,，。.]{0,12}?(?:\b(?:is|are)\s+(?:banned|forbidden|not allowed|off[- ]limits|a no-go|not ok(?:ay)?)\b|不要|别用|禁止|不许|不准|不能用|不用|免了|就算了|就不要了)/i;

/** Is the topic word at `idx` negated (a negation before it in the clause, not reset by "but"; or "X is banned" / "X不要" after it)? */
function negatedAt(c: string, idx: number, len: number): boolean {
  const before = c.slice(0, idx);
  let lastNeg = -1;
  NEG_RE.lastIndex = 0;
  for (let m = NEG_RE.exec(before); m !== null; m = NEG_RE.exec(before)) lastNeg = m.index;
  if (lastNeg >= 0) {
    let reset = false;
    RESET_RE.lastIndex = 0;
    for (let m = RESET_RE.exec(before); m !== null; m = RESET_RE.exec(before)) if (m.index > lastNeg) reset = true;
    if (!reset) return true;
  }
  return POST_NEG_RE.test(c.slice(idx + len));
}

interface Hit {
  key: string;
  needsList?: boolean;
}

type TopicFn = (c: string) => Hit[];

function firstMatch(c: string, re: RegExp): RegExpExecArray | null {
  re.lastIndex = 0;
  return re.exec(c);
}

const XML_RE =
  /\b(?:use|using|write|output|return|answer(?:ing)?|reply|replies|respond(?:ing)?|format(?:ted)?|give|send|include|produce|generate|wrap(?:ped)?|no|any|avoid|never)\s+(?:(?:any|the|an?|raw|plain)\s+)?xml\b(?!\s+(?:files?|documents?|schemas?|parsers?|nodes?|elements?|configs?|feeds?|sitemaps?))|\b(?:in|as)\s+xml\b(?!\s+(?:files?|documents?|schemas?|parsers?|nodes?|elements?|configs?|feeds?|sitemaps?))|\bxml\s*(?:format|formatting|tags?|markup|output|answers?|responses?|replies|only|-style|style|is|are)\b|(?:用|使用|采用|输出|返回|回答|回复|写成|写|以|给|带|加|出现|不要|别|禁止|避免|不用)\s*(?:任何)?\s*xml|xml\s*(?:格式|标签|标记|输出|回答|回复)/i;
const TABLE_RE =
  /\b(?:no|any|use|using|avoid|draw|make|format(?:ted)?|in|as|markdown|instead of|rather than|not|with|than|into)\s+(?:markdown\s+)?(?:tables|a table)\b|\bmarkdown tables?\b|\btables?\s+(?:format|layout)\b|\btabular\b|表格/i;
const LIST_RE = /\b(?:bullet(?:ed)?(?:\s+(?:points?|lists?))?|numbered lists?|lists|list format|list form|point form)\b|\ba list\b(?!\s+of)|列表|分点|要点形式|逐条|项目符号/i;
const JSON_ONLY_RE =
  /\bjson\s+only\b|\b(?:only|just|pure|strict|valid|nothing but|in|as)\s+(?:valid\s+)?json\b|\bjson\s+(?:format|object)\b|(?:只|仅|纯|一律|全部|都)\s*(?:用|以|返回|输出|回复)?\s*json|(?:用|以)\s*json\s*(?:格式)?\s*(?:回答|回复|输出|返回)|json\s*格式\s*(?:回答|回复|输出|返回)/i;
const PLAIN_TEXT_RE = /\bplain[- ]text\b|\bno formatting\b|纯文本|纯文字/i;
const MARKDOWN_RE = /\bmarkdown\b|\bmd\s+format\b|md格式/i;
const EMOJI_RE = /\bemoji(?:s)?\b|\bemoticons?\b|\bsmileys?\b|表情|颜文字|emoji/i;
const LANG_EN_RE =
  /\b(?:answer|answers|reply|replies|respond|responses?|write|speak|talk|communicate|converse|chat)\b(?:\s+[\w']+){0,3}?\s+in\s+(english|chinese|mandarin)\b|\b(?:use|using|stick to|switch to|switch back to|only)\s+(english|chinese|mandarin)\b|\b(english|chinese|mandarin)\s+(?:only|please|answers?|replies|responses?)\b|^in\s+(english|chinese|mandarin)\b/i;
const LANG_ZH_RE =
  /(?:用|使用|以|说|讲|改用|换成|切换到|切换成|只用)\s*(中文|汉语|普通话|简体中文|英文|英语)|(中文|汉语|简体中文|英文|英语)\s*(?:回答|回复|作答|交流|输出|写|说|沟通)/;
const TRANSLATE_RE = /translat|翻译|译成|翻成|译为/i;
const MAX_EN_RE =
  /\b(?:under|below|fewer than|less than|no more than|not more than|at most|max(?:imum)?(?: of)?|within|up to|limit(?:ed)?(?:\s+\w+){0,2}\s+to|keep(?:\s+\w+){0,2}\s+(?:under|below|to))\s*(\d{1,5})\s*(words?|characters?|chars?|sentences?|lines?|tokens?)\b/i;
const MAX_ZH_RE =
  /(?:不超过|不要超过|别超过|不能超过|不得超过|少于|不多于|最多|至多|控制在|限制在|限定在|保持在)\s*([\d一二两三四五六七八九十百千]{1,6})\s*(?:个)?\s*(字|词|句话?|行)|([\d一二两三四五六七八九十百千]{1,6})\s*(?:个)?(字|词|句话?|行)\s*(?:以内|之内|以下|左右)/;
const CONCISE_POS_RE =
  /\b(?:concise(?:ly)?|brief(?:ly)?|succinct(?:ly)?|terse|to the point|short(?:er)?\s+(?:answers?|repl(?:y|ies)|responses?|messages?)|keep\s+(?:it|them|answers?|repl(?:y|ies)|responses?|things)(?:\s+\w+)?\s+short|be short|shorter|tl;?dr)\b|简洁|简短|简明|精简|简练|简单(?:点|一点|些|一些)|言简意赅|长话短说|短一点|短一些|少说废话|说重点|直接说重点/i;
const CONCISE_NEG_RE =
  /\b(?:verbose|long[- ]winded|ramble|rambling|wordy|fluff|walls? of text|essays?|padding|waffle|too long)\b|啰嗦|啰唆|太长|冗长|废话|长篇大论/i;
const DETAILED_RE = /\b(?:detailed|in detail|thorough(?:ly)?|elaborate|longer answers|more detail)\b|详细|具体一点|展开说/i;
const FORMAL_RE =
  /\bformal(?:ly)?\b|\bprofessional(?:ly)?\b|\bbusiness tone\b|正式|书面语?|专业(?:的)?(?:语气|口吻|风格|一点|一些)|语气专业|严肃(?:一点|一些|的语气)?|礼貌/i;
const CASUAL_RE = /\b(?:casual|informal|relaxed|chatty)\b|随意|轻松(?:一点|一些)?|口语化/i;
const EXCLAIM_RE = /\bexclamation(?:\s+(?:marks?|points?))?\b|感叹号|叹号/i;
const HYPE_RE =
  /\b(?:hype|hyped|marketing(?:\s+(?:speak|tone|language|copy))?|salesy|sales[- ]pitch|advert\w*|like an ad|buzzwords?|superlatives)\b|营销|广告腔?|夸张|推销|浮夸/i;
const CALM_RE = /\b(?:neutral|factual|sober|calm|matter[- ]of[- ]fact)\b|客观|冷静|平实|平和/i;
const FORBID_EN_RE =
  /\b(?:never|don'?t|do not|stop|no longer)\s+(?:ever\s+)?(?:mention(?:ing)?|say(?:ing)?|use the (?:word|term|phrase|name)|bring(?:ing)? up|talk(?:ing)? about|recommend(?:ing)?|suggest(?:ing)?)\s+["“'‘]?([^"”'’.,;!?]{2,40})/i;
const FORBID_ZH_RE = /(?:不要|别|禁止|永远不要|不许|不准|不能)(?:再)?(?:提到|提及|提起|推荐|出现|使用词语?|说)\s*["“「『]?([^"”」』，。！？,.!?\s]{1,12})/;
const STOP_TERMS = new Set(['it', 'that', 'this', 'them', 'anything', 'things', 'so', 'me', 'him', 'her', 'any', 'what', 'the', 'a', '了', '这个', '那个', '话', '谎']);

const ZH_NUM: Record<string, number> = { 一: 1, 二: 2, 两: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9 };

/** "150", "一百五十", "两百", "五十" -> number */
function parseNumber(s: string): number | null {
  if (/^\d+$/.test(s)) return Number(s);
  let total = 0;
  let cur = 0;
  for (const ch of s) {
    if (ch in ZH_NUM) cur = ZH_NUM[ch];
    else if (ch === '十') {
      total += (cur || 1) * 10;
      cur = 0;
    } else if (ch === '百') {
      total += (cur || 1) * 100;
      cur = 0;
    } else if (ch === '千') {
      total += (cur || 1) * 1000;
      cur = 0;
    } else return null;
  }
  return total + cur || null;
}

/** Where the topic word itself sits in a match (a match may start with its verb: "no XML", "use tables"). */
function coreIndex(m: RegExpExecArray, core: RegExp | undefined): { idx: number; len: number } {
  if (!core) return { idx: m.index, len: m[0].length };
  const c = core.exec(m[0]);
  return c ? { idx: m.index + c.index, len: c[0].length } : { idx: m.index, len: m[0].length };
}

const topic = (re: RegExp, core: RegExp | undefined, neg: string | null, pos: string | null, needsList?: { neg?: boolean; pos?: boolean }): TopicFn => {
  return (c) => {
    const m = firstMatch(c, re);
    if (!m) return [];
    const { idx, len } = coreIndex(m, core);
    const n = negatedAt(c, idx, len);
    const key = n ? neg : pos;
    if (!key) return [];
    return [{ key, needsList: n ? needsList?.neg : needsList?.pos }];
  };
};

const TOPICS: TopicFn[] = [
  topic(XML_RE, /xml/i, 'format:no-xml', 'format:xml'),
  topic(TABLE_RE, /tabl|表格/i, 'format:lists-not-tables', 'format:tables'),
  topic(LIST_RE, /bullet|list|point form|列表|分点|要点|逐条|项目符号/i, 'format:no-lists', 'format:lists-not-tables', { pos: true }),
  topic(JSON_ONLY_RE, /json/i, null, 'format:json-only'),
  (c) => {
    if (firstMatch(c, PLAIN_TEXT_RE)) return [{ key: 'format:no-markdown' }];
    return topic(MARKDOWN_RE, /markdown|md/i, 'format:no-markdown', 'format:markdown')(c);
  },
  topic(EMOJI_RE, undefined, 'emoji:none', 'emoji:allowed'),
  (c) => {
    if (TRANSLATE_RE.test(c)) return [];
    const m = firstMatch(c, LANG_EN_RE) ?? firstMatch(c, LANG_ZH_RE);
    if (!m) return [];
    const lang = m.slice(1).find(Boolean)!.toLowerCase();
    const zh = /chinese|mandarin|中文|汉语|普通话/.test(lang);
    const { idx, len } = coreIndex(m, /english|chinese|mandarin|中文|汉语|普通话|英文|英语/i);
    const n = negatedAt(c, idx, len);
    return [{ key: zh ? (n ? 'language:not-zh' : 'language:zh') : n ? 'language:not-en' : 'language:en' }];
  },
  (c) => {
    const out: Hit[] = [];
    const me = firstMatch(c, MAX_EN_RE);
    if (me) {
      const u = me[2].toLowerCase();
      const unit = u.startsWith('char') ? 'chars' : u.startsWith('sentence') ? 'sentences' : u.startsWith('line') ? 'lines' : 'words';
      out.push({ key: `length:max-${Number(me[1])}-${unit}` });
    }
    const mz = firstMatch(c, MAX_ZH_RE);
    if (mz) {
      const n = parseNumber(mz[1] ?? mz[3]);
      const u = mz[2] ?? mz[4];
      const unit = u.startsWith('句') ? 'sentences' : u === '行' ? 'lines' : 'words';
      if (n) out.push({ key: `length:max-${n}-${unit}` });
    }
    if (out.length) return out;
    const pos = firstMatch(c, CONCISE_POS_RE);
    if (pos) return [{ key: negatedAt(c, pos.index, pos[0].length) ? 'length:detailed' : 'length:concise' }];
    const neg = firstMatch(c, CONCISE_NEG_RE);
    if (neg && negatedAt(c, neg.index, neg[0].length)) return [{ key: 'length:concise' }];
    const det = firstMatch(c, DETAILED_RE);
    if (det && !negatedAt(c, det.index, det[0].length)) return [{ key: 'length:detailed' }];
    return [];
  },
  (c) => {
    const f = firstMatch(c, FORMAL_RE);
    if (f) return [{ key: negatedAt(c, f.index, f[0].length) ? 'tone:casual' : 'tone:formal' }];
    const k = firstMatch(c, CASUAL_RE);
    if (k && !negatedAt(c, k.index, k[0].length)) return [{ key: 'tone:casual' }];
    return [];
  },
  topic(EXCLAIM_RE, undefined, 'tone:no-exclamation', null),
  (c) => {
    const h = firstMatch(c, HYPE_RE);
    if (h) return negatedAt(c, h.index, h[0].length) ? [{ key: 'tone:plain' }] : [];
    const k = firstMatch(c, CALM_RE);
    return k && !negatedAt(c, k.index, k[0].length) ? [{ key: 'tone:plain' }] : [];
  },
  (c) => {
    const m = firstMatch(c, FORBID_EN_RE) ?? firstMatch(c, FORBID_ZH_RE);
    if (!m) return [];
    const term = m[1].trim().toLowerCase().replace(/\s+(?:again|ever|anymore|please|to me)$/i, '').replace(/[了啦吧]$/, '');
    if (term.length < 2 && !/[\u4e00-\u9fff]/.test(term)) return [];
    if (STOP_TERMS.has(term) || STOP_TERMS.has(term.split(/\s+/)[0])) return [];
    // a format / style word is handled by its own topic
    if (XML_RE.test(`use ${term}`) || EMOJI_RE.test(term) || /tables?|表格|列表|json|markdown/i.test(term)) return [];
    return [{ key: `forbid:${term}` }];
  },
];

// ---------------------------------------------------------------------------------------------
// Detection

const MAX_SENTENCE = 400;
const MAX_SENTENCES = 4000;

/** Sentences: split at . ! ? followed by a space, at 。！？；; and at line ends. */
export function splitSentences(text: string): string[] {
  const out: string[] = [];
  for (const s of text.split(/(?<=[.!?])\s+|[。！？!?；;\n\r]+/)) {
    const t = s.trim();
    if (t) out.push(t);
    if (out.length >= MAX_SENTENCES) break;
  }
  return out;
}

function splitClauses(sentence: string): string[] {
  return sentence
    .split(/[,，:：—–]|\s-\s|\(|\)|（|）/)
    .map((c) => c.trim())
    .filter(Boolean);
}

/** The user's (or a system prompt's, or a memory's) preferences in a text, one per key. */
export function detectPreferences(text: string, mode: DetectMode = 'user'): Preference[] {
  const found = new Map<string, { sentence: string; clause: string; needsList: boolean }>();
  for (const sentence of splitSentences(text)) {
    if (sentence.length > MAX_SENTENCE) continue; // pasted code or logs, not an instruction
    let prevAddressed = false;
    for (const raw of splitClauses(sentence)) {
      const c = stripFillers(raw);
      if (!c) continue;
      const addressed: boolean = isAddressed(c, mode) || (prevAddressed && !isSelfStatement(c));
      prevAddressed = addressed;
      if (!addressed) continue;
      for (const fn of TOPICS) {
        for (const hit of fn(c)) {
          const prev = found.get(hit.key);
          // "use lists, not tables": a list hit and a table hit share the key; the list makes it "require"
          if (prev) prev.needsList ||= hit.needsList ?? false;
          else found.set(hit.key, { sentence, clause: c.replace(/[.。!！?？]+$/, ''), needsList: hit.needsList ?? false });
        }
      }
    }
  }
  const out: Preference[] = [];
  for (const [key, f] of found) {
    const d = spec(key, f.needsList);
    if (d) out.push(toPreference(d, f.sentence, f.clause));
  }
  return out;
}

function toPreference(d: Draft, sentence: string, clause: string): Preference {
  return { category: d.category, polarity: d.polarity, key: d.key, topic: d.topic, label: d.label, sentence, clause, check: d.check };
}

/** Permissions ("emoji are fine") only end an earlier preference on the same topic; nothing violates them. */
export function isPermission(p: Pick<Preference, 'polarity'>): boolean {
  return p.polarity === 'allow';
}

// ---------------------------------------------------------------------------------------------
// Is a constraint still present in a prompt?

export interface MessageLike {
  /** content-addressed id: the same body has the same id in every request */
  id: number | string;
  role: string;
  text: string;
}

export interface ConstraintRef {
  key: string;
  /** messages known to carry it: where it was stated, restated or pinned */
  messageIds: ReadonlySet<number | string>;
  /** distinctive text: the sentence it was stated in, a memory's text */
  texts: readonly string[];
}

export interface Presence {
  present: boolean;
  /** message: a known carrier is in the prompt; restatement: a message states the same key; text: a message contains its words */
  via?: 'message' | 'restatement' | 'text';
  messageId?: number | string;
  role?: string;
}

/** Lower-cased, whitespace collapsed, end punctuation dropped: how distinctive texts are compared. */
export function normalizeText(t: string): string {
  return t
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/^[\s"'“”‘’「」]+|[\s.!?。！？;；,，"'“”‘’「」]+$/g, '')
    .trim();
}

/** Long enough to be told apart from ordinary text: 12+ characters, or 6+ when it holds Chinese. */
export function isDistinctive(norm: string): boolean {
  return norm.length >= 12 || (/[\u4e00-\u9fff]/.test(norm) && norm.length >= 6);
}

/**
 * Caches, per content-addressed message id, the preference keys a message states and its
 * normalized text, so a long session scans each message body once.
 */
export class PromptScanner {
  private readonly keys = new Map<number | string, ReadonlySet<string>>();
  private readonly norms = new Map<number | string, string>();
  private readonly absent = new WeakMap<ConstraintRef, { texts: number; ids: Set<number | string> }>();

  /** Keys stated by a system / developer / user message (none for assistant and tool messages). */
  keysOf(m: MessageLike): ReadonlySet<string> {
    let k = this.keys.get(m.id);
    if (!k) {
      const mode: DetectMode | null = m.role === 'user' ? 'user' : m.role === 'system' || m.role === 'developer' ? 'system' : null;
      k = new Set(mode ? detectPreferences(m.text, mode).map((p) => p.key) : []);
      this.keys.set(m.id, k);
    }
    return k;
  }

  normOf(m: MessageLike): string {
    let n = this.norms.get(m.id);
    if (n === undefined) {
      n = m.text.toLowerCase().replace(/\s+/g, ' ');
      this.norms.set(m.id, n);
    }
    return n;
  }

  /**
   * Is the constraint still in this prompt? Yes when a message that carried it is there, or a
   * system / developer / user message states the same key (a restatement, a pinned copy, an
   * injected memory), or any message contains its distinctive text.
   */
  presence(c: ConstraintRef, messages: readonly MessageLike[]): Presence {
    for (const m of messages) if (c.messageIds.has(m.id)) return { present: true, via: 'message', messageId: m.id, role: m.role };
    // a message found not to carry this constraint never will (its body does not change): skip it next time
    let cache = this.absent.get(c);
    if (!cache || cache.texts !== c.texts.length) this.absent.set(c, (cache = { texts: c.texts.length, ids: new Set() }));
    const absent = cache.ids;
    let texts: string[] | null = null;
    for (const m of messages) {
      if (absent.has(m.id)) continue;
      if (this.keysOf(m).has(c.key)) return { present: true, via: 'restatement', messageId: m.id, role: m.role };
      texts ??= c.texts.map(normalizeText).filter(isDistinctive);
      if (texts.length) {
        const n = this.normOf(m);
        if (texts.some((t) => n.includes(t))) return { present: true, via: 'text', messageId: m.id, role: m.role };
      }
      absent.add(m.id);
    }
    return { present: false };
  }
}

/** One-shot form of PromptScanner.presence. */
export function constraintPresent(c: ConstraintRef, messages: readonly MessageLike[], scanner = new PromptScanner()): Presence {
  return scanner.presence(c, messages);
}
