/**
 * The constraint grammar: finds the directives a user (or a system prompt, or a stored memory)
 * gives the assistant, in any language with a lexicon (src/text/lexicon/*.json), and turns each
 * into a normalized key with a checker (src/text/checks.ts). One grammar, data per language.
 *
 * Per sentence: the lexicon is chosen by script (kana -> ja, Han -> zh-Hans / zh-Hant) or, for
 * Latin text, by which lexicon's cues the sentence holds (ties: language identification, then
 * English). Per clause, after fillers and time words ("now", "现在", "bitte", "今後は"):
 * - intent first: a question (unless a request: "can you..."), a withdrawal ("forget what I said
 *   about emoji", "算了") or a permission ("现在可以用表格了") is not a directive to follow;
 * - addressed to the assistant: an imperative, "you"/"please"/"请"/"ください", a wish ("I'd prefer"),
 *   a rule about "answers", or a short fragment ("No emoji.", "Auf Deutsch."); a statement about
 *   the speaker's own life ("I'll always remember our trip", "Ich benutze nie Emojis") is not;
 * - standing, not one-off: "summarize this in bullets" asks for one answer, not for all of them;
 * - cues anywhere in the clause: topics (formats, emoji, tone, citations), named languages,
 *   length limits with each language's units, forbidden terms; a directive with none of these is
 *   still a constraint, of the open class (`directive:<words>`, no checker).
 */
import { AnyCue, LANGS, lexicon, lexicons, type Lexicon, type Topic } from './lexicon.js';
import { clauses, sentences } from './sentences.js';
import { lexiconsFor } from './lexicon-choice.js';
import { languagesIn, limitIn, measuresIn, topicsIn, type Found } from './subjects.js';
import { reminderRest } from './reminder.js';
import { tokenize } from './tokenize.js';
import { bounded } from './bounded.js';
import { stopwords } from './stopwords.js';
import { isPermission, spec, toPreference, type Preference } from './checks.js';

export * from './checks.js';

/**
 * user: a user message (must be addressed to the assistant);
 * system: a system / developer message, or a summary (also accepts "the user prefers..." and "Constraints: ...");
 * memory: a stored memory whose type already says it is a preference or constraint.
 */
export type DetectMode = 'user' | 'system' | 'memory';

/** Sentences without their final ! ? ; or CJK end mark (a final "." stays: "package.json."). */
export function splitSentences(text: string): string[] {
  return sentences(text)
    .map((s) => s.replace(/[。！？!?；;؟؛।]+$/, '').trim())
    .filter(Boolean);
}

const MAX_SENTENCE = 400;

interface Hit {
  key: string;
  needsList?: boolean;
  /** a permission of an alternative (KeySet.allowOther): beside a rule on its key's subject in the same text, not a lift of it */
  alternative?: boolean;
}

/**
 * allowOther: the topic's permission lifts a rule on another thing ("lists are fine" ends "use lists, not
 * tables" withdrawn as a whole); said in the text that states that rule ("never use tables; plain sentences
 * or a short list are fine") it is the alternative the rule offers, and lifts nothing.
 */
type KeySet = { forbid?: string; require?: string; allow?: string; needsList?: boolean; allowOther?: boolean };
/** What a topic word means with each polarity. */
const KEYS: Record<Topic, KeySet> = {
  xml: { forbid: 'format:no-xml', require: 'format:xml-only', allow: 'format:xml' },
  json: { forbid: 'format:no-json', require: 'format:json-only', allow: 'format:json' },
  yaml: { forbid: 'format:no-yaml', require: 'format:yaml-only', allow: 'format:yaml' },
  csv: { forbid: 'format:no-csv', require: 'format:csv-only', allow: 'format:csv' },
  table: { forbid: 'format:lists-not-tables', require: 'format:table-required', allow: 'format:tables' },
  list: { forbid: 'format:no-lists', require: 'format:lists-not-tables', allow: 'format:tables', needsList: true, allowOther: true },
  heading: { forbid: 'format:no-headings', require: 'format:headings', allow: 'format:headings-ok' },
  code: { forbid: 'format:no-code', require: 'format:code-block', allow: 'format:code-ok' },
  markdown: { forbid: 'format:no-markdown', require: 'format:markdown', allow: 'format:markdown' },
  plain: { require: 'format:no-markdown' },
  emoji: { forbid: 'emoji:none', require: 'emoji:allowed', allow: 'emoji:allowed' },
  exclamation: { forbid: 'tone:no-exclamation', allow: 'tone:exclamation-ok' },
  formal: { forbid: 'tone:casual', require: 'tone:formal' },
  casual: { forbid: 'tone:formal', require: 'tone:casual', allow: 'tone:casual' },
  hype: { forbid: 'tone:plain', require: 'tone:hype-ok', allow: 'tone:hype-ok' },
  calm: { require: 'tone:plain' },
  citation: { forbid: 'cite:none', require: 'cite:required', allow: 'cite:ok' },
  concise: { forbid: 'length:detailed', require: 'length:concise' },
  verbose: { forbid: 'length:concise', require: 'length:detailed' },
  detailed: { forbid: 'length:concise', require: 'length:detailed', allow: 'length:detailed' },
};
/** The group a withdrawal of a topic without an "allow" key ends. */
const WITHDRAW_GROUP: Partial<Record<Topic, string>> = {
  plain: 'markdown',
  formal: 'tone',
  casual: 'tone',
  calm: 'hype',
  concise: 'length',
  verbose: 'length',
  detailed: 'length',
};

// ---------------------------------------------------------------------------------------------
// Clause analysis

const LEAD = /^(?:[-*•>#]+\s*|\d{1,2}[.)、]\s*|[（(]\d{1,2}[)）]\s*|["'“”‘’„«»「」『』]+)/;

function stripFillers(c: string, lex: Lexicon): string {
  let t = c.trim();
  for (let i = 0; i < 6; i++) {
    const lead = LEAD.exec(t);
    if (lead) t = t.slice(lead[0].length).trim();
    const f = lex.cues.fillers.start(t);
    if (!f) break;
    t = t
      .slice(f.length)
      .replace(/^[\s,，:：!！.。、-]+/, '')
      .trim();
  }
  return t;
}

function isQuestion(sentence: string, lower: string, lex: Lexicon): boolean {
  if (lex.cues.request_question.has(lower)) return false;
  const bare = sentence.replace(/[\s"'”’)」』»]+$/, '');
  if (/[?？؟]$/.test(bare)) return true;
  if (lex.latin) return false;
  const end = bare.replace(/[.。!！~～…]+$/, '');
  return /(?:吗|嗎|么|麼|嘛|呢|か|ですか|ますか|でしょうか|かな)$/.test(end);
}

/** "did you know that...", "have you tried...": a clause that opens as a question (its verb before "you"), with or without its mark. */
function asks(c: string, lex: Lexicon): boolean {
  if (!lex.latin || lex.cues.request_question.start(c)) return false;
  const q = lex.cues.question.start(c);
  return q !== null && lex.cues.address.start(c.slice(q.length).trimStart()) !== null;
}

/** A wish to the assistant ("I'd prefer...", "我希望..."): where the clause starts, or, verb-final, anywhere ("...してほしい"). */
function isWish(c: string, lex: Lexicon): boolean {
  return lex.data.verb_final ? lex.cues.wish.has(c) : lex.cues.wish.start(c) !== null;
}

function isSelf(c: string, lex: Lexicon): boolean {
  return (selfStart(c, lex) || speakerFirst(c, lex)) && !isWish(c, lex);
}

/**
 * The clause starts with someone or something other than the assistant ("I", "my", "she", "alle", "这"),
 * unless a longer standing or pointer cue starts it ("alle Antworten", "这条": every answer, this one).
 */
function selfStart(c: string, lex: Lexicon): boolean {
  const s = lex.cues.self.start(c);
  return s !== null && Math.max(lex.cues.standing.start(c)?.length ?? 0, lex.cues.oneoff.start(c)?.length ?? 0) <= s.length;
}

function isAddressed(c: string, lex: Lexicon, mode: DetectMode, hasSubject: boolean, sentence = c): boolean {
  if (mode === 'memory') return true;
  if (/^(?:the\s+)?user\b/.test(c)) return mode === 'system'; // about the user, not to the assistant
  if (mode === 'system' && lex.cues.third_person.has(c)) return true;
  if (isWish(c, lex)) return true;
  if ((selfStart(c, lex) && !endsAsRequest(c, lex)) || speakerFirst(c, lex)) return false;
  if (lex.cues.address.has(c)) return true;
  // ("英文我看着太费劲了", "英文的我看着太累了": in an unspaced script, the speaker right after the leading word,
  // or after a particle that ends it, is the clause's subject)
  const imp = lex.cues.imperative.start(c);
  if (imp && (lex.latin || !((lex.cues.self.first(c.slice(imp.length, imp.length + 4))?.index ?? 9) <= 1))) return true;
  if (lex.cues.negation.start(c) || lex.cues.limit_max.start(c)) return true;
  // "so tables are fine again from here on", "ab hier sind Tabellen wieder in Ordnung": a format, language or
  // length said to be fine is said to whoever produces it, at any length of the clause
  if (hasSubject && permitted(c, lex)) return true;
  // "Always answer in English" starts a directive; "always calm and peaceful" describes someone
  const standing = lex.cues.standing.start(c);
  if (standing && (!lex.latin || lex.cues.targets.has(c.slice(standing.length)) || lex.cues.imperative.has(c.slice(standing.length)))) return true;
  if (lex.data.verb_final && (lex.cues.imperative.has(c) || lex.cues.negation_after.has(c) || lex.cues.permission.has(c))) return true;
  if (lex.cues.answer.has(c) && (lex.cues.modal.has(c) || lex.cues.negation.has(c) || lex.cues.standing.has(c))) return true;
  // a short fragment about a topic: "No emoji.", "German only.", "表情符号就免了", "Sin emojis."; in spaced
  // scripts it needs a word that makes it a directive: "Spanish." and "That's so short!" answer or remark
  const n = lex.latin ? c.split(/\s+/).filter(Boolean).length : [...c.replace(/[\s\p{P}]/gu, '')].length;
  if (!hasSubject || n > (lex.latin ? 6 : 14)) return false;
  // a finished statement is no fragment: "今は表もちゃんと表示されます" (tables show fine now) says how things are
  if (lex.lang === 'ja' && JA_STATEMENT.test(c.replace(/[\s\p{P}]+$/u, '')) && !lex.cues.negation_after.has(c)) return false;
  // nor is, verb-medial, a subject with a predicate of its own after it: "表格显示不全" (tables get cut off),
  // "英文的我看着太累了" (English tires me) say something about the subject; a fragment is the subject and the
  // grammar's words ("表情符号就免了"), with its scope before it ("整段對話都不要用表格")
  if (!lex.latin && !lex.data.verb_final && contentWords(c.slice(subjectEnd(c, lex)), lex).join('').length >= 3) return false;
  const { fragment, negation, permission, limit_max, limit_min } = lex.cues;
  // "Emoji are not my thing", "Los emojis no son lo mío": a fragment about the speaker is a taste, not a request
  if (lex.latin && lex.cues.speaker.has(c) && !fragment.has(c) && !politeIn(sentence, c, lex)) return false;
  // "Short answers, please.", "Risposte brevi, per favore.": a polite word in its sentence makes it a request
  return !lex.latin || fragment.has(c) || negation.has(c) || permission.has(c) || limit_max.has(c) || limit_min.has(c) || politeIn(sentence, c, lex);
}

/** Where the first thing the clause names (a topic, a language, a length) ends. */
function subjectEnd(c: string, lex: Lexicon): number {
  const ats = [...topicsIn(c, lex), ...languagesIn(c, lex)].map((x) => x.at);
  const limit = limitIn(c, lex);
  if (limit) ats.push(limit.at);
  if (!ats.length) return 0;
  const first = ats.reduce((a, b) => (b.index < a.index ? b : a));
  return first.index + first.len;
}

/** A permission in the clause and no negation outside it ("没问题", "不介意" hold their own). */
function permitted(c: string, lex: Lexicon): boolean {
  const perms = lex.cues.permission.all(c);
  if (!perms.length) return false;
  return !lex.cues.negation.all(c).some((n) => !perms.some((p) => n.index < p.index + p.text.length && p.index < n.index + n.text.length));
}

/**
 * Verb-final, the clause ends with a request verb: a pronoun at its start is the object, not the
 * subject ("मुझे हमेशा हिन्दी में जवाब देना": always answer me in Hindi).
 */
function endsAsRequest(c: string, lex: Lexicon): boolean {
  if (!lex.data.verb_final) return false;
  const t = c.replace(/[\s\p{P}]+$/u, '');
  const last = lex.cues.imperative.all(t).pop();
  return last !== undefined && last.index + last.text.length === t.length;
}

/**
 * The clause's subject is the speaker: a first-person subject (or a verb form that has one) among its
 * first three words, with no word that addresses the assistant ("moi je n'utilise jamais d'emoji",
 * "würde ich Ausrufezeichen vermeiden", "nunca uso emojis"); "Never use emoji when I ask" has it later.
 */
function speakerFirst(c: string, lex: Lexicon): boolean {
  if (!lex.latin || !lex.cues.first_person.size) return false;
  const head = c.split(/\s+/).slice(0, 3).join(' ');
  return lex.cues.first_person.has(head) && !lex.cues.address.has(c);
}

/** A short sentence with a clause that is only a polite word ("please", "bitte", "per favore") besides this one. */
function politeIn(sentence: string, c: string, lex: Lexicon): boolean {
  if (sentence === c || sentence.length > 80) return false;
  return clauses(sentence).some((o) => {
    const t = o.replace(/[\s\p{P}]+$/u, '').trim();
    return t !== c && t.length > 0 && lex.cues.address.start(t) === t;
  });
}

/** A Japanese clause that ends as a plain or polite statement (not a request: those are read before the fragment rule). */
const JA_STATEMENT = /(?:ます|ました|です|でした|ている|ていた|てる|された|される|れる|だ|だった)$/;

/** Is the cue at [idx, idx+len) negated: a negation before it not reset by "but", or a negation right after it? */
function negatedAt(c: string, idx: number, len: number, lex: Lexicon): boolean {
  if (!lex.data.verb_final) {
    const before = c.slice(0, idx);
    // a negation governs the words close after it: "without emoji and in German" leaves German alone
    const reach = lex.latin ? 28 : 10;
    // "не используй в ответах маркированные списки", "never use in your answers any tables": the word
    // naming the answers, between the negation and its word, is where the rule applies, not another object
    const answers = lex.cues.answer.all(before);
    const gap = (from: number) => answers.reduce((n, a) => (a.index >= from ? n + a.text.length : n), 0);
    const negs = lex.cues.negation.all(before).filter((m) => m.index + m.text.length <= idx && idx - m.index - gap(m.index + m.text.length) <= reach);
    if (negs.length) {
      const last = negs[negs.length - 1].index;
      const reset = lex.cues.contrast.all(before).some((m) => m.index > last);
      if (!reset) return true;
    }
  } else if (lex.cues.negation_before.size) {
    // "बिना इमोजी": the few negations of a verb-final language that come before their word
    if (lex.cues.negation_before.has(c.slice(Math.max(0, idx - 16), idx))) return true;
  }
  // "XMLなどのマークアップは使わず", "XML이나 다른 마크업은 쓰지 말고": a word coordinated with the next one
  // shares the negation after that one (the verb at the end of the clause governs both)
  const rest = c.slice(idx + len);
  const coordinated = lex.data.verb_final === true && lex.cues.coordinator.start(rest.trimStart()) !== null;
  const span = (lex.latin ? 40 : 16) + (coordinated ? 12 : 0);
  let after = rest.slice(0, span);
  // "по-русски и не используй таблицы": a negation after "and" starts the next request
  const joint = lex.latin && !lex.data.verb_final ? lex.cues.fillers.first(after) : null;
  if (joint) after = after.slice(0, joint.index);
  const a = lex.cues.negation_after.first(after);
  if (!a) return false;
  // "emoji are banned", "表格就不要了", "絵文字は使わないで": close after the word, before another topic's clause
  return a.index <= (lex.latin ? 24 : 8) + (coordinated ? 12 : 0);
}

const QUOTED = /["“”'‘’「『]([^"“”'‘’「」『』]{2,40})["“”'‘’」』]/;
const TERM_TAIL =
  /\s+(?:again|ever|anymore|any more|please|to me|in (?:your|any|the) (?:answers?|replies|responses)|at all|mehr|bitte|jamais|plus|nunca|más|mais|nunca mais)$/i;

/** The term a "never mention X" names (the term itself, not the words after it). */
function termIn(c: string, raw: string, lex: Lexicon, at: Found): string | null {
  const q = QUOTED.exec(raw);
  if (q) return q[1].trim().toLowerCase();
  if (lex.latin && lex.data.verb_final) {
    // "Siyasetten asla bahsetme", "राजनीति के बारे में बात मत करो": the term comes before the cue
    const stop = stopwords(lex.lang);
    const words = c
      .slice(0, at.index)
      .split(/[^\p{L}\p{M}'-]+/u)
      .filter(Boolean);
    while (
      words.length &&
      (lex.cueWords.has(words[words.length - 1]) || stop.has(words[words.length - 1]) || lex.cues.term_skip.start(words[words.length - 1]))
    )
      words.pop();
    return words.length ? words[words.length - 1] : null;
  }
  if (lex.latin) {
    // a name: the capitalized words after the cue ("the competitor Acme", "le projet Falcon")
    const cue = c.slice(at.index, at.index + at.len);
    const ri = raw.toLowerCase().replace(/’/g, "'").indexOf(cue);
    const tail = ri >= 0 ? raw.slice(ri + at.len) : '';
    const caps = /(?:^|\s)((?:[A-Z][\p{L}\p{N}&'-]*)(?:\s+[A-Z][\p{L}\p{N}&'-]*){0,3})/u.exec(tail);
    if (caps && !/^(?:I|The|A|An)$/.test(caps[1])) return caps[1].toLowerCase();
    let rest = c.slice(at.index + at.len).trim();
    rest = rest.replace(
      /^(?:(?:ever|again|the|a|an|any|about|to|that|word|term|name|phrase|den|die|das|le|la|les|el|los|las|o|os|as|de|du|des|del|nie|niemals|jamais|nunca|mehr|namen|nom|nombre|nome|palabra|palavra|mot|wort)\s+)+/i,
      '',
    );
    // the lexicon's words between the cue and its term ("mai di", "nigdy o")
    for (let k = 0, skip = lex.cues.term_skip.start(rest); k < 4 && skip; k++, skip = lex.cues.term_skip.start(rest)) rest = rest.slice(skip.length).trim();
    rest = rest
      .replace(/[.!?;:]+$/, '')
      .replace(TERM_TAIL, '')
      .trim();
    const words = rest.split(/\s+/).filter(Boolean).slice(0, 4);
    const stop = stopwords(lex.lang);
    while (words.length && (stop.has(words[words.length - 1].toLowerCase()) || lex.cueWords.has(words[words.length - 1].toLowerCase()))) words.pop();
    const term = words.join(' ').toLowerCase();
    if (!term || words.every((w) => stop.has(w.toLowerCase()))) return null;
    return term;
  }
  if (lex.data.verb_final) {
    const before = c.slice(0, at.index).replace(/(?:には|について|のことは|のこと|は|を|に|も)$/, '');
    const t = before.split(/[、。\s]/).pop() ?? '';
    return t.length >= 2 ? t.slice(-12) : null;
  }
  let rest = c.slice(at.index + at.len).replace(/^(?:任何|关于|關於|有关|有關)/, '');
  // "任何含花生的东西": the lexicon's words before the term ("含", "带有") and the thing it stands in ("的东西")
  for (let k = 0, skip = lex.cues.term_skip.start(rest); k < 3 && skip; k++, skip = lex.cues.term_skip.start(rest)) rest = rest.slice(skip.length);
  const t = (/^[^，。！？,.!?\s]{1,12}/.exec(rest)?.[0] ?? '').replace(/[了啦吧呀哦]+$/, '').replace(/的(?:东西|東西|食物|食品|菜|菜品|甜点|甜點|料理)?$/, '');
  return t.length >= 2 ? t : null;
}

/**
 * "No peanuts, please", "Sin cacahuetes, por favor", "从现在起不要花生": a bare "no X" put as a request (a polite
 * word or a standing one in its sentence) names something the answers must leave out. The clause is the
 * negation and one or two content words, nothing else ("No problem" alone, "no time to cook" are not).
 */
function leftOutTerm(c: string, sentence: string, lex: Lexicon, standing: boolean): string | null {
  // the negation of a thing, not of a verb: "no", "sin", "без", "不要" (the lexicon's `left_out`); "never give up" is no ban
  const neg = lex.cues.left_out.start(c);
  if (!neg) return null;
  // its own scope ("from now on, no peanuts"), not a standing word of another clause ("No worries, just keep going")
  if (!politeIn(sentence, c, lex) && !standing) return null;
  // after a clause that says something, "no X" is its contrast, not a ban: "reference data, not instructions";
  // only a scope ("from now on, no peanuts") or a polite word ("please, no peanuts") may come before it
  const at = sentence.indexOf(c);
  if (at > 0) {
    let before = sentence.slice(0, at);
    for (const cues of [lex.cues.standing, lex.cues.address])
      for (const m of cues.all(before).reverse()) before = before.slice(0, m.index) + before.slice(m.index + m.text.length);
    if (/\p{L}/u.test(before)) return null;
  }
  let rest = c.slice(neg.length);
  // its scope ("from now on") and a closing word ("mehr", "please") are not the term
  for (const m of lex.cues.standing.all(rest).reverse()) rest = rest.slice(0, m.index) + rest.slice(m.index + m.text.length);
  rest = rest
    .replace(/[\s\p{P}]+$/u, '')
    .replace(TERM_TAIL, '')
    .trim();
  const words = contentWords(rest, lex);
  if (!words.length) return null;
  if (lex.latin) {
    const all = rest.split(/\s+/).filter(Boolean);
    return all.length <= 2 && words.length === all.length ? all.join(' ') : null;
  }
  const bare = rest.replace(/[\s\p{P}]/gu, '');
  return bare.length >= 2 && bare.length <= 6 && words.join('') === bare ? bare : null;
}

/** Words that carry content: not stop words, not the grammar's own cues (removed from the text first). */
function contentWords(c: string, lex: Lexicon): string[] {
  const stop = stopwords(lex.lang);
  let t = c;
  for (const cues of [lex.signal, lex.cues.oneoff, lex.cues.task, lex.cues.self, lex.cues.contrast, lex.numbers]) {
    for (const m of cues.all(t).reverse()) t = t.slice(0, m.index) + ' '.repeat(m.text.length) + t.slice(m.index + m.text.length);
  }
  return tokenize(t, lex.lang).filter(
    (w) => !stop.has(w) && !lex.cueWords.has(w) && !/^[\d٠-٩۰-۹०-९]+$/.test(w) && (w.length >= 2 || /[\u3400-\u9fff]/.test(w)),
  );
}

/**
 * A request for this one answer, not a standing rule: a task verb ("summarize this in bullets",
 * "把这段翻译成英文"), a pointer to this text ("this", "the following", "这次"), or a format asked
 * for some specific thing ("write a short summary of the incident": two content words besides it).
 */
function isOneOff(c: string, lex: Lexicon, topics: { at: Found }[], langs: { at: Found }[]): boolean {
  let t = c;
  for (let i = 0; i < 3; i++) {
    const p = lex.cues.request_question.start(t) ?? lex.cues.address.start(t);
    if (!p) break;
    t = t.slice(p.length).replace(/^[\s,，]+/, '');
  }
  // ("ce serait bien que...", "ça me va", "from here on": a pointer word inside a wish, a permission or a
  // standing phrase points at nothing)
  const cover = [...lex.cues.wish.all(c), ...lex.cues.permission.all(c), ...lex.cues.standing.all(c)];
  const pointer = lex.cues.oneoff.all(c).some((m) => !cover.some((w) => m.index < w.index + w.text.length && w.index < m.index + m.text.length));
  if (pointer) return true;
  const task = lex.cues.task.start(t);
  if (task) {
    // "Schreib mir auf Deutsch", "Write to me in German": a task verb whose only object is a language asks how to write, not for one text
    let rest = t.slice(task.length);
    for (const { at } of [...langs].sort((a, b) => b.at.index - a.at.index)) {
      const i = at.index - (c.length - rest.length);
      if (i >= 0) rest = rest.slice(0, i) + ' ' + rest.slice(i + at.len);
    }
    // (its other words only a frame or the assistant: "Summarize it in German" asks for one text)
    const toMe = rest
      .split(/[^\p{L}\p{M}'-]+/u)
      .filter(Boolean)
      .every((w) => lex.cues.address.start(w) === w || lex.cues.language_frame.start(w) === w);
    return !(langs.length && !topics.length && toMe);
  }
  let rest = c;
  for (const { at } of [...topics, ...langs].sort((a, b) => b.at.index - a.at.index)) rest = rest.slice(0, at.index) + ' ' + rest.slice(at.index + at.len);
  const words = contentWords(rest, lex);
  return lex.latin ? words.length >= 2 : words.join('').length >= 6;
}

interface ClauseResult {
  addressed: boolean;
  hits: Hit[];
  /** addressed only as a fragment or because the clause before it was ("Answer in Spanish, my English is weak", "英文我看着太费劲了") */
  carried?: boolean;
  /** a request for one answer: the clauses after it in the sentence share its scope */
  oneOff?: boolean;
}

/** Where a clause stands in its sentence: what the clauses before it were. */
interface Before {
  addressed: boolean;
  oneOff: boolean;
  scoped: boolean;
}

/**
 * Where the clause states a condition ("if I write in English", "auch wenn die Seite englisch ist",
 * "即使我用英文写", verb-final "英語で書いても"): what it names is the condition, not what is asked.
 */
function conditionSpan(c: string, lex: Lexicon, sentence: string): { from: number; to: number } | null {
  if (!lex.cues.condition.size) return null;
  // a wish put as a condition ("it would be great if you...", "썼으면 좋겠어요") is a wish
  // and a permission put as one ("써도 돼요", "使ってもいいです": "it is fine if you use") is a permission
  const wishes = [...lex.cues.wish.all(c), ...lex.cues.permission.all(c)];
  const conds = lex.cues.condition.all(c).filter((m) => !wishes.some((w) => m.index < w.index + w.text.length && w.index < m.index + m.text.length));
  if (!lex.data.verb_final) {
    // "if you...", "wenn du..." after a wish: a request put politely ("es wäre schön, wenn du keine Tabellen..."), not a condition
    const polite = lex.cues.wish.has(sentence);
    const m = conds.find((x) => !(polite && lex.cues.address.start(c.slice(x.index + x.text.length).trimStart())));
    return m ? { from: m.index, to: c.length } : null;
  }
  // the condition ends with its marker, at a word's end: everything before it
  const ends = conds.filter((m) => !/[\p{L}\p{N}]/u.test(c[m.index + m.text.length] ?? ''));
  const last = ends.pop();
  return last ? { from: 0, to: last.index + last.text.length } : null;
}

function analyzeClause(clause: string, raw: string, lex: Lexicon, mode: DetectMode, prev: Before, sentence: string): ClauseResult {
  // "Remember to always write tests", "N'oublie pas de toujours écrire des tests", "常にテストを書くことを覚えておいて":
  // the frame is said to the listener and its negation is its own; the rule is what it names ("Denk daran, immer
  // Tests zu schreiben": a frame alone addresses the clause after it)
  const framed = reminderRest(clause, lex);
  if (framed === '') return { addressed: true, hits: [] };
  const c = framed ?? clause;
  if (asks(c, lex)) return { addressed: false, hits: [] };
  const cond = conditionSpan(c, lex, sentence);
  const outside = (at: Found) => !cond || at.index + at.len <= cond.from || at.index >= cond.to;
  const topics = topicsIn(c, lex).filter((t) => outside(t.at));
  const langs = languagesIn(c, lex).filter((l) => !lex.cues.translate.has(c) && outside(l.at));
  // a system of measurement is named like a topic: "Please use metric units" is about every answer's numbers
  const measures = measuresIn(c, lex).filter((m) => outside(m.at));
  const found = limitIn(c, lex);
  const limit = found && outside(found.at) ? found : null;
  const mention = lex.cues.mention.first(c);
  const hasSubject = topics.length > 0 || langs.length > 0 || measures.length > 0 || limit !== null;
  // verb-final, a leading condition's subject is not the request's ("제가 영어로 써도 한국어로 답해 주세요")
  const main = cond && cond.from === 0 && cond.to < c.length ? c.slice(cond.to).trim() : c;
  // (by its own words, not only as a short fragment naming a subject)
  const own = (framed !== null && !isSelf(c, lex)) || isAddressed(main, lex, mode, false, sentence);
  const addressed = own || (hasSubject && isAddressed(main, lex, mode, true, sentence)) || (prev.addressed && !isSelf(main, lex));
  if (!addressed) return { addressed: false, hits: [] };

  const standing = prev.scoped || lex.cues.standing.has(c) || mode !== 'user';
  // "No emoji in this one, it's going to them officially", "W tym bez emoji, idzie oficjalnie": one answer's scope holds to the sentence's end
  // (a pointer to one text sets the scope: "in this one", "这条"; a task's own words do not: "nur reinen Text, kein Markdown")
  if (!standing && (prev.oneOff || isOneOff(c, lex, [...topics, ...measures], langs)))
    return { addressed, hits: [], oneOff: prev.oneOff || lex.cues.oneoff.has(c) };
  // "ich hätte gern, dass...": a permission word inside a wish is the wish's
  const wishes = lex.cues.wish.all(c);
  const permission =
    lex.cues.permission.all(c).find((p) => !wishes.some((w) => p.index < w.index + w.text.length && w.index < p.index + p.text.length)) ?? null;
  const hits: Hit[] = [];
  for (const { topic, at } of topics) {
    if (topic === 'plain' && limit?.key.endsWith('paragraphs')) continue;
    const neg = negatedAt(c, at.index, at.len, lex);
    const keys = KEYS[topic];
    const perm = !neg && permission !== null;
    const key = perm ? keys.allow : neg ? keys.forbid : keys.require;
    if (key) hits.push({ key, needsList: !neg && keys.needsList, alternative: perm && keys.allowOther });
  }
  for (const { code, at } of langs) {
    const neg = negatedAt(c, at.index, at.len, lex);
    hits.push({ key: neg ? `language:not-${code}` : `language:${code}` });
  }
  for (const { system, at } of measures) hits.push({ key: negatedAt(c, at.index, at.len, lex) ? `units:not-${system}` : `units:${system}` });
  if (limit) hits.push({ key: limit.key });
  if (mention && !hits.length) {
    const neg = negatedAt(c, mention.index, mention.text.length, lex) || lex.data.verb_final === true;
    const term = neg ? termIn(c, raw, lex, { index: mention.index, len: mention.text.length }) : null;
    if (term) hits.push({ key: `forbid:${term}` });
    // "You can suggest peanuts again": the ban on the term lifted
    const lifted = !neg && permission ? termIn(c, raw, lex, { index: mention.index, len: mention.text.length }) : null;
    if (lifted) hits.push({ key: `allow-term:${lifted}` });
  }
  if (!hits.length && !mention && !permission) {
    const t = leftOutTerm(c, sentence, lex, standing);
    if (t) hits.push({ key: `forbid:${t}` });
  }
  if (hits.length || mode === 'memory' || permission) return { addressed, hits, carried: !own };
  // the open class: a standing directive no checker covers ("Always call me Dr. Lee", "Nie über Politik reden")
  const verb =
    framed !== null ||
    lex.cues.imperative.start(c) ||
    lex.cues.negation.start(c) ||
    (lex.cues.standing.start(c) && lex.cues.targets.has(c)) ||
    lex.cues.address.has(c) ||
    isWish(c, lex) ||
    lex.cues.modal.has(c);
  // and its sentence names what the assistant produces or does ("Use pnpm, never npm"): "Keep shining",
  // "Never give up" name nothing of it
  const strong = lex.cues.standing.has(c) && verb && lex.cues.targets.has(sentence);
  if (!strong || c.length > 160) return { addressed, hits };
  const words = contentWords(c, lex);
  if (!words.length) return { addressed, hits };
  const neg = lex.cues.negation.has(c) || (lex.data.verb_final === true && lex.cues.negation_after.has(c));
  hits.push({ key: `directive:${neg ? 'not ' : ''}${words.slice(0, 6).join(' ')}` });
  return { addressed, hits };
}

/**
 * "No need to cite them", "pas besoin de les citer", "不必注明出处", "kaynak yazmanıza gerek yok": a
 * requirement lifted, not a prohibition. It ends what the sentence names, and nothing when it names
 * nothing ("No need to apologize").
 */
function release(lower: string, lex: Lexicon): Hit[] | null {
  if (!lex.cues.release.has(lower) || lex.cues.reported.has(lower)) return null;
  const out: Hit[] = [];
  // in the cue's clause, on the side its object is ("No emoji, no need to explain" lifts nothing)
  for (const c of clauses(lower)) {
    const r = lex.cues.release.first(c);
    if (!r) continue;
    // ("Quellen musst du nicht mehr angeben": the object may come first in its clause)
    const after = c.slice(r.index + r.text.length);
    const side = lex.data.verb_final ? c.slice(0, r.index) : topicsIn(after, lex).length || languagesIn(after, lex).length ? after : c;
    for (const { topic } of topicsIn(side, lex)) out.push({ key: KEYS[topic].allow ?? `${WITHDRAW_GROUP[topic] ?? topic}:withdrawn` });
    if (languagesIn(side, lex).length) out.push({ key: 'language:withdrawn' });
    if (limitIn(side, lex)) out.push({ key: 'length:withdrawn' });
  }
  return out.length ? out : null;
}

/** A withdrawal ends whatever the sentence names, or everything when it names nothing. */
function withdrawal(lower: string, lex: Lexicon): Hit[] | null {
  // "da igual en qué idioma te escriba": a withdrawal word that opens a condition is the condition's
  const conds = lex.cues.condition.all(lower);
  // (one that starts with it and holds more: "就算了" is a withdrawal, not the condition "就算")
  const w = lex.cues.withdraw.all(lower).find((m) => !conds.some((k) => k.index === m.index && k.text.length > m.text.length));
  if (!w) return release(lower, lex);
  // "don't forget what I said about emoji" is a reminder: a negation right before the cue, not
  // anywhere before it ("之前说别用表格那个，取消吧" withdraws the rule it names)
  const before = lower.slice(Math.max(0, w.index - 12), w.index).trimEnd();
  if (lex.cues.negation.all(before).some((m) => before.length - (m.index + m.text.length) <= (lex.latin ? 0 : 1))) return null;
  const out: Hit[] = [];
  for (const { topic } of topicsIn(lower, lex)) {
    const k = KEYS[topic].allow;
    out.push({ key: k ?? `${WITHDRAW_GROUP[topic] ?? topic}:withdrawn` });
  }
  if (languagesIn(lower, lex).length) out.push({ key: 'language:withdrawn' });
  if (limitIn(lower, lex)) out.push({ key: 'length:withdrawn' });
  return out.length ? out : [{ key: 'any:withdrawn' }];
}

/** The user's (or a system prompt's, or a memory's) constraints in a text, one per key. */
/** Sentences judged and kept at most (their hits are small; the sentence is the key). */
const SENTENCES_MAX = 20_000;

/** What one sentence states (a sentence is judged on its own), by (mode, sentence): sentences recur across messages. */
const SENTENCE_HITS = new Map<string, readonly { hit: Hit; clause: string }[]>();
/** Sentences with no cue of any lexicon (most of them), by (mode, sentence): a long system prompt repeats them in every session. */
const NO_HIT_SENTENCES = new Set<string>();

/**
 * Every hit needs one of these cues in its clause (or, for a withdrawal, in its sentence): a topic,
 * a language, a unit of a length limit, a "mention", a standing word (the open class), a withdrawal.
 * A sentence with none of them in any lexicon states nothing, and most sentences are such.
 */
let hitCues: AnyCue | null = null;
function mayHit(lower: string): boolean {
  if (!hitCues) {
    const lists: { cues: readonly string[]; wordStart: boolean; wordEnd?: boolean }[] = [];
    for (const lx of lexicons().values()) {
      // a clause starts after a mark or a space, never right after a letter, and ends before a mark:
      // the boundaries the cue lists check in a clause are the same in its sentence
      const wordStart = lx.latin && !lx.prefixed;
      for (const cues of [
        ...Object.values(lx.topics),
        ...lx.languages.map((l) => l.cues),
        ...lx.measures.map((m) => m.cues),
        lx.cues.mention,
        lx.cues.standing,
        lx.cues.withdraw,
        lx.cues.release,
      ]) {
        lists.push({ cues: cues.list, wordStart, wordEnd: lx.latin });
      }
      // a unit may follow its number with no space ("100words", "三个字")
      for (const cues of Object.values(lx.units)) lists.push({ cues: cues.list, wordStart: false });
    }
    hitCues = new AnyCue(lists);
  }
  return hitCues.in(lower);
}

const NO_HITS: readonly { hit: Hit; clause: string }[] = [];

/** A bracket that holds only marks ("（！）", "(!)", "(#)"): it names a symbol, it does not open a clause. */
const SYMBOL_BRACKET = /[(（]\s*[^\p{L}\p{N}\s()（）]{1,4}\s*[)）]/gu;

/**
 * The sentence's clauses, with a clause that is only a filler between two others ("Не используй,
 * пожалуйста, восклицательные знаки", "Nie używaj, proszę, wykrzykników") read as one clause with them:
 * the polite word set off by commas does not cut the verb from its object.
 */
function joinedClauses(sentence: string, lex: Lexicon): string[] {
  const parts = clauses(sentence.replace(SYMBOL_BRACKET, ' '));
  const size = (t: string) => (lex.latin ? t.split(/\s+/).filter(Boolean).length : [...t.replace(/\s/g, '')].length / 2);
  const out: string[] = [];
  for (let i = 0; i < parts.length; i++) {
    // a short polite word ("please", "bitte", "proszę") after a short verb phrase ("Не используй", "Don't use")
    // that names nothing yet; after one that names its subject ("sem tabela, por favor, por causa do leitor de
    // tela") the request is whole, and the clause after the polite word is its reason, not its object
    const empty = size(parts[i]) <= 3 && !stripFillers(parts[i].toLowerCase().replace(/’/g, "'"), lex);
    const head = out.length ? out[out.length - 1] : '';
    if (empty && out.length && size(head) <= 3 && i + 1 < parts.length && !named(head.toLowerCase().replace(/’/g, "'"), lex)) {
      out[out.length - 1] = `${out[out.length - 1]} ${parts[++i]}`;
      continue;
    }
    // "les tableaux, ça me va de nouveau", "Emoji — no thanks": a subject set off before the clause that says
    // what of it, which names none of its own, is that clause's subject
    if (i + 1 < parts.length && bareSubject(parts[i], lex) && !named(parts[i + 1].toLowerCase().replace(/’/g, "'"), lex)) {
      out.push(`${parts[i]} ${parts[++i]}`);
      continue;
    }
    out.push(parts[i]);
  }
  return out;
}

function named(lower: string, lex: Lexicon): boolean {
  return topicsIn(lower, lex).length > 0 || languagesIn(lower, lex).length > 0 || limitIn(lower, lex) !== null;
}

/** A clause that is only a topic, with fillers and small words ("donc à partir d'ici les tableaux"). */
function bareSubject(part: string, lex: Lexicon): boolean {
  const c = stripFillers(part.toLowerCase().replace(/’/g, "'").trim(), lex);
  const topics = topicsIn(c, lex);
  if (topics.length !== 1) return false;
  const { at } = topics[0];
  const rest = `${c.slice(0, at.index)} ${c.slice(at.index + at.len)}`;
  // ("emoji are fine again" says what of it already)
  const { permission, negation, negation_after, imperative, modal, address, wish } = lex.cues;
  if ([permission, negation, negation_after, imperative, modal, address, wish].some((cues) => cues.has(rest))) return false;
  return contentWords(rest, lex).length === 0;
}

/**
 * "In Mandarin, where words are drawn, the word for ship is...": a language with only its frame, set off
 * before a clause that names nothing the grammar asks for, is that clause's adverbial, not a fragment
 * asking for the language ("In German, please" and "In German, no emoji" stay requests).
 */
function adverbial(c: string, next: string | undefined, lex: Lexicon): boolean {
  const langs = languagesIn(c, lex);
  if (langs.length !== 1 || next === undefined) return false;
  const { at } = langs[0];
  const rest = (c.slice(0, at.index) + c.slice(at.index + at.len)).replace(/[\s\p{P}]+/gu, ' ').trim();
  if (rest && lex.cues.language_frame.start(rest) !== rest) return false;
  const n = stripFillers(next.toLowerCase().replace(/’/g, "'").trim(), lex);
  return n !== '' && !topicsIn(n, lex).length && !languagesIn(n, lex).length && !limitIn(n, lex) && !lex.cues.address.has(n);
}

function sentenceHits(sentence: string, mode: DetectMode): readonly { hit: Hit; clause: string }[] {
  const cacheKey = `${mode}\0${sentence}`;
  const cached = SENTENCE_HITS.get(cacheKey);
  if (cached) return cached;
  if (NO_HIT_SENTENCES.has(cacheKey)) return NO_HITS;
  const lower = sentence.toLowerCase().replace(/’/g, "'");
  if (!mayHit(lower)) {
    if (NO_HIT_SENTENCES.size >= SENTENCES_MAX) NO_HIT_SENTENCES.delete(NO_HIT_SENTENCES.values().next().value!);
    NO_HIT_SENTENCES.add(cacheKey);
    return NO_HITS;
  }
  const out: { hit: Hit; clause: string }[] = [];
  for (const lex of lexiconsFor(sentence, lower)) {
    if (isQuestion(sentence, lower, lex)) continue;
    // "for your next answer only, skip the code", "今回だけ": one answer's scope, no standing rule and no withdrawal
    if (lex.cues.once.has(lower)) continue;
    // a withdrawal names what the speaker said before ("forget what I said about tables", "표 쓰지 말라고
    // 했던 거 취소할게요"): reported speech of the speaker's own words, read before the rule below
    const w = withdrawal(lower, lex);
    if (w) {
      for (const h of w) out.push({ hit: h, clause: sentence });
      continue;
    }
    // "My boss always says: never send emails after 6pm": someone else's rule, quoted
    if (lex.cues.reported.has(lower) && !lex.cues.wish.has(lower)) continue;
    // "この表、箇条書きにしてもらえますか？", "Can you put this in a table?": a request about this text
    // "Kannst du das kürzer machen?": a request put as a question, with no standing word, asks for one answer
    if (/[?？؟]\s*$/.test(sentence) && (lex.cues.oneoff.has(lower) || lex.cues.request_question.start(lower)) && !lex.cues.standing.has(lower)) continue;
    const prev: Before = { addressed: false, oneOff: false, scoped: false };
    // "From now on, ...", "Od teraz każda odpowiedź...", "Bundan sonra her cevabı...": a standing word
    // among the fillers before a clause scopes it and the clauses after it
    const parts = joinedClauses(sentence, lex);
    const asked = new Set<string>();
    // "このチャットの間ずっと守ってほしいルールです：…", "이 대화 내내 지켜 주세요: …": a clause before a colon
    // that announces the rules after it is their heading; its own words ("keep", "守って") are no rule
    const mine: { hit: Hit; clause: string; part: number }[] = [];
    let lead = -1;
    let cursor = 0;
    for (let i = 0; i < parts.length; i++) {
      const raw = parts[i];
      const rawLower = raw.toLowerCase().replace(/’/g, "'").trim();
      const at = lower.indexOf(rawLower, cursor);
      if (at >= 0) {
        cursor = at + rawLower.length;
        if (lead < 0 && /^\s*[:：]\s*\S/u.test(lower.slice(cursor))) lead = i;
      }
      const c = stripFillers(rawLower, lex);
      const fill = rawLower.slice(0, rawLower.length - c.length);
      if (fill && lex.cues.standing.has(fill)) prev.scoped = true;
      if (!c) continue;
      if (adverbial(c, parts[i + 1], lex)) {
        prev.addressed = false;
        continue;
      }
      // "Proszę zawsze podawać źródła", "Bitte immer ...": a polite word among the fillers addresses the clause
      if (fill !== '' && lex.cues.address.has(fill)) prev.addressed = true;
      const r = analyzeClause(c, raw, lex, mode, prev, lower);
      prev.scoped = false; // the clause right after the standing word, not an explanation after it
      prev.addressed = r.addressed;
      prev.oneOff ||= r.oneOff === true;
      const before = [...asked];
      for (const h of r.hits) {
        // "Contéstame siempre en español, que mi inglés es flojo": a clause carried by the request before
        // it gives its reason; the language it names is not a second answer language
        const code = /^language:([a-z]{2,3})$/.exec(h.key)?.[1];
        if (code && r.carried && before.length && !before.includes(code)) continue;
        if (code) asked.add(code);
        mine.push({ hit: h, clause: raw.trim(), part: i });
      }
    }
    const ruled = lead >= 0 && mine.some((m) => m.part > lead && !m.hit.key.startsWith('directive:'));
    for (const m of mine) if (!(ruled && m.part <= lead && m.hit.key.startsWith('directive:'))) out.push({ hit: m.hit, clause: m.clause });
  }
  if (SENTENCE_HITS.size >= SENTENCES_MAX) SENTENCE_HITS.delete(SENTENCE_HITS.keys().next().value!);
  SENTENCE_HITS.set(cacheKey, out);
  return out;
}

/** Texts whose preferences are remembered (analyzers read the same user message several times per session). */
const TEXTS_MAX = 4_000;
/** Longer texts are remembered apart, bounded by their characters (pasted documents, system prompts). */
const TEXT_MEMO_CHARS = 8_192;
const TEXT_PREFS = new Map<string, readonly Preference[]>();
/**
 * Characters of long texts remembered (~1-2 MB). A coding agent's system prompt or developer
 * instructions (Copilot CLI's is 22 KB) and Claude Code's compaction prompt are the same in every
 * session of a version, and each is read by window-overflow (twice), ignored-in-context and
 * tool-drift: unremembered, reading them was most of the analysis of a folder of transcripts.
 */
const LONG_MEMO_CHARS = 1 << 20;
const LONG_PREFS = new Map<string, readonly Preference[]>();
let longChars = 0;

/**
 * The standing preferences a text states. The result is shared between callers and frozen: the
 * same message is read by window-overflow, tool-drift and presence, and the answer is remembered.
 */
export function detectPreferences(text: string, mode: DetectMode = 'user'): readonly Preference[] {
  const long = text.length > TEXT_MEMO_CHARS;
  const memo = long ? LONG_PREFS : TEXT_PREFS;
  const key = `${mode}\0${text}`;
  let out = memo.get(key);
  if (!out) {
    out = Object.freeze(findPreferences(text, mode).map((p) => Object.freeze(p)));
    if (!long) {
      if (TEXT_PREFS.size >= TEXTS_MAX) TEXT_PREFS.delete(TEXT_PREFS.keys().next().value!);
    } else if (key.length <= LONG_MEMO_CHARS / 4) {
      for (const k of LONG_PREFS.keys()) {
        if (longChars + key.length <= LONG_MEMO_CHARS) break;
        LONG_PREFS.delete(k);
        longChars -= k.length;
      }
      longChars += key.length;
    } else return out; // a text this long is read, not kept
    memo.set(key, out);
  }
  return out;
}

/** Opening quotation marks and the marks that may close them (German „...“, French «...», CJK 「...」). */
const QUOTES: Record<string, string> = { '"': '"', '“': '”“', '„': '“”', '«': '»', '‹': '›', '「': '」', '『': '』' };
/** Sentence ends inside a quotation: two or more make it a passage, not a phrase. */
const SENTENCE_END = /[。！？।؟]|[.!?](?=\s|$|[^\p{L}\p{N}])/gu;

/** Labels that introduce the speaker's own rules ("rules:", "规则：", "Regeln:"), from every lexicon's third_person cues. */
let ruleLabels: string[] | null = null;
/** Does the text before a quotation end with such a label ('My rules: "Never use XML. No emoji."')? */
function ruleLabelBefore(before: string): boolean {
  ruleLabels ??= [...lexicons().values()].flatMap((l) => l.data.third_person.filter((c) => /[:：]$/.test(c)).map((c) => c.replace(/\s+/g, ' ')));
  const t = before.toLowerCase().replace(/\s+/g, ' ').trimEnd();
  return ruleLabels.some((l) => t.endsWith(l));
}

/**
 * The text without the passages it quotes: a quotation that spans a line break or holds two or more
 * sentences is someone else's text pasted in (a customer's e-mail, a document, a chat log), and what
 * it asks ("Please do not use emoji in your replies to us") is asked of its reader, not of the
 * assistant. A short quoted phrase ('never mention "Project Falcon"') stays.
 */
export function withoutQuotedPassages(text: string): string {
  if (!/["“„«‹「『]/.test(text)) return text;
  let out = '';
  let i = 0;
  while (i < text.length) {
    const open = text[i];
    const close = QUOTES[open];
    if (!close) {
      out += open;
      i++;
      continue;
    }
    // the matching close, counting nested pairs of distinct marks («...«...»...»)
    let depth = 0;
    let end = -1;
    for (let j = i + 1; j < text.length; j++) {
      const ch = text[j];
      if (close.includes(ch)) {
        if (depth === 0) {
          end = j;
          break;
        }
        depth--;
      } else if (ch === open && open !== '"') depth++;
    }
    const inner = end > 0 ? text.slice(i + 1, end) : '';
    const ends = inner.match(SENTENCE_END)?.length ?? 0;
    if (end > 0 && inner.trim().length >= 20 && (/\n/.test(inner.trim()) || ends >= 2) && !ruleLabelBefore(text.slice(Math.max(0, i - 40), i))) {
      out += '\n\n';
      i = end + 1;
    } else {
      out += open;
      i++;
    }
  }
  return out;
}

function findPreferences(whole: string, mode: DetectMode): Preference[] {
  const text = bounded(whole); // the per-field limit before any pattern runs (./bounded.ts)
  const found = new Map<string, { sentence: string; clause: string; needsList: boolean; alternative: boolean }>();
  const add = (h: Hit, sentence: string, clause: string) => {
    const prev = found.get(h.key);
    // "use lists, not tables": a list hit and a table hit share the key; the list makes it a requirement
    if (prev) {
      prev.needsList ||= h.needsList ?? false;
      prev.alternative &&= h.alternative === true;
    } else found.set(h.key, { sentence, clause: clause.replace(/[.。!！?？;；]+$/, ''), needsList: h.needsList ?? false, alternative: h.alternative === true });
  };
  // a pasted passage in quotation marks is someone else's words (a summary or memory quoting the user is not: modes system, memory)
  for (const sentence of sentences(mode === 'user' ? withoutQuotedPassages(text) : text)) {
    if (sentence.length > MAX_SENTENCE) continue; // pasted code or logs, not an instruction
    for (const { hit, clause } of sentenceHits(sentence, mode)) add(hit, sentence, clause);
  }
  const all: { p: Preference; alternative: boolean }[] = [];
  for (const [key, f] of found) {
    const x = spec(key, f.needsList);
    if (x) all.push({ p: toPreference(x, f.sentence, f.clause), alternative: f.alternative });
  }
  // "never use tables; plain sentences or a short list are fine": the alternative the rule offers, not a lift of it
  const ruled = (topic: string) => all.some((o) => !o.alternative && o.p.topic === topic && !isPermission(o.p));
  return all.filter((o) => !(o.alternative && ruled(o.p.topic))).map((o) => o.p);
}

/** Does a text present itself as a summary of the conversation (any supported language)? */
export function isSummary(text: string): boolean {
  const head = text.slice(0, 300).toLowerCase();
  for (const l of LANGS) if (lexicon(l).cues.summary.has(head)) return true;
  return false;
}

/** The lexicon topics a constraint topic (as in checks.ts) is about. */
const TOPIC_CUES: Record<string, Topic[]> = {
  table: ['table', 'list'],
  xml: ['xml'],
  json: ['json'],
  yaml: ['yaml'],
  csv: ['csv'],
  heading: ['heading'],
  code: ['code'],
  // a table, a list, headings or code asked for are markdown asked for: "redo your last answer as a table" under "plain text only"
  markdown: ['markdown', 'plain', 'table', 'list', 'heading', 'code'],
  emoji: ['emoji'],
  exclamation: ['exclamation'],
  tone: ['formal', 'casual'],
  hype: ['hype', 'calm'],
  citation: ['citation'],
  length: ['concise', 'verbose', 'detailed'],
};

/**
 * Does a user message ask, for this answer, for what a standing constraint on `topic` forbids?
 * ("Translate it into English", "show me the table as-is", "give me the full page"): a one-off
 * request or override, under which an answer that breaks the constraint is no drift.
 */
export function asksForTopic(text: string, topic: string): boolean {
  for (const sentence of sentences(bounded(text))) {
    const lower = sentence.toLowerCase().replace(/’/g, "'");
    for (const lex of lexiconsFor(sentence, lower)) {
      // "paste the table exactly as the tool returns it", "原样贴出来": the tool's output as it is, whatever its style
      // ("te pego la información tal como me llegó", "原样贴过来了": how the user's own paste arrived, no request)
      if (lex.cues.verbatim.has(lower) && !lex.cues.pasted.has(lower) && !isQuestion(sentence, lower, lex)) return true;
      if (topic === 'language') {
        if (lex.cues.translate.has(lower) || languagesIn(lower, lex).length > 0) return true;
        continue;
      }
      if (topic === 'length' && limitIn(lower, lex)) return true;
      for (const { topic: t, at } of topicsIn(lower, lex)) {
        if ((TOPIC_CUES[topic] ?? []).includes(t) && !negatedAt(lower, at.index, at.len, lex)) return true;
      }
    }
  }
  return false;
}
