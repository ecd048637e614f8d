/**
 * The promise grammar: does an assistant's text promise that something was (or will be) saved
 * to memory? The phrases are data, per language (`promise` in src/text/lexicon/*.json):
 * "I'll remember", "I've saved that", "Memory updated", "Ich merke mir das", "C'est noté",
 * "Lo recordaré", "Vou lembrar", "覚えておきます", "已经记住", "記住了"...
 *
 * Not a promise: a question or an offer ("Should I remember that?", "要我记住吗？", "If you like,
 * I'll save it", "覚えておきましょうか"), a negation ("I haven't saved", "保存失败",
 * "Je n'ai pas pu l'enregistrer"), saving a file rather than a memory ("I've saved the report to
 * notes.md", "文件已保存"), or narrative ("I'll always remember our trip to Rome").
 * Whether a promise matters (the session has a memory system) is the analyzer's call.
 * Work is per sentence, linear in the text's length.
 */
import { AnyCue, LANGS, lexicon, type Lexicon } from './lexicon.js';
import { sentences } from './sentences.js';
import { bounded } from './bounded.js';
import { chineseScript } from './language.js';
import { latinLexicons, scriptLexicons } from './lexicon-choice.js';

export interface SavePromise {
  /** the words that make the promise, as written */
  phrase: string;
  /** the sentence they are in, trimmed */
  sentence: string;
  /** the lexicon that matched: en, de, fr, es, pt, ja, zh-Hans, zh-Hant */
  lang: string;
}

const KANA = /[\u3040-\u30ff]/;
const HAN = /[\u3400-\u9fff\uf900-\ufaff]/;

function candidates(s: string): Lexicon[] {
  if (KANA.test(s)) return [lexicon('ja')];
  const other = scriptLexicons(s);
  if (other) return other;
  if (HAN.test(s)) return [lexicon(chineseScript(s)), lexicon('en')];
  return latinLexicons();
}

function isQuestion(s: string): boolean {
  const bare = s.replace(/[\s"'”’)」』»]+$/, '');
  if (/[?？؟]$/.test(bare)) return true;
  const end = bare.replace(/[.。!！~～…]+$/, '');
  return (
    /(?:吗|嗎|么|麼|嘛|呢|ですか|ますか|でしょうか|ましょうか)$/.test(end) || /^(?:should|shall|would you|do you|can i|could i|may i|want me)\b/i.test(bare)
  );
}

/** The clause before a match: from the last clause mark to the match. */
function clauseBefore(s: string, index: number): string {
  const before = s.slice(0, index);
  let cut = -1;
  for (const mark of [',', '，', '、', ':', '：', '—', ' - ', ';', '；']) cut = Math.max(cut, before.lastIndexOf(mark));
  return before.slice(cut + 1);
}

/**
 * A file name or path in any language's sentence ("report.md", "./notes/todo.txt",
 * "clients/lucia/coco-2026.pdf"): a file was saved, not a memory. Any depth of folders; what follows
 * the extension is anything but more of the name, so a particle or a full stop of any script may
 * (Korean "…pdf에 저장했어요", Chinese "…pdf。", Japanese "…pdf に").
 */
const FILE_NAME =
  /(?:^|[\s(（「"'“])(?:[\w.~-]*[/\\])*[\w-]+\.(?:md|txt|pdf|docx?|xlsx?|pptx?|csv|tsv|json|ya?ml|toml|xml|html?|log|py|ts|js|png|jpe?g|zip)(?![\w-]|\.\w)/i;

/** The text with the spans of `cues` blanked out. */
function maskCues(text: string, cues: Lexicon['promise']['memory']): string {
  let t = text;
  for (const m of cues.all(t).reverse()) t = t.slice(0, m.index) + ' '.repeat(m.text.length) + t.slice(m.index + m.text.length);
  return t;
}

/**
 * Phrases, and a save verb with a memory word after it ("added your allergy to my memory"), and a
 * first person with a past save after it, no other subject between ("I hope they recorded it" is theirs).
 */
function spots(lower: string, lex: Lexicon): { index: number; text: string }[] {
  const out = lex.promise.phrases.all(lower);
  for (const v of lex.promise.save_verbs.all(lower)) {
    const tail = lower.slice(v.index + v.text.length, v.index + v.text.length + 50);
    const mem = lex.promise.memory.first(tail);
    if (mem) out.push({ index: v.index, text: lower.slice(v.index, v.index + v.text.length + mem.index + mem.text.length) });
  }
  for (const sub of lex.promise.subject.all(lower)) {
    const tail = lower.slice(sub.index + sub.text.length, sub.index + sub.text.length + 28);
    const v = lex.promise.pair_verbs.first(tail);
    if (v && !lex.promise.others.has(tail.slice(0, v.index)))
      out.push({ index: sub.index, text: lower.slice(sub.index, sub.index + sub.text.length + v.index + v.text.length) });
  }
  return out.sort((a, b) => a.index - b.index);
}

/**
 * Words that make a save promise said by a person of their own life, not by an assistant of what
 * the other party told it (the lexicon's lists, per language):
 * - a lasting memory of an experience, "I'll never forget it", "nunca olvidaré aquel día",
 *   "永远忘不了": a save only when it keeps the other party's ("I'll never forget that you're allergic");
 * - the speaker's own life in the same sentence ("...as I continue my journey", "I wish we had
 *   recorded the jam", "I saved some but I'm not sure"), unless it names the other party or a memory;
 * - a bare "Saved!" that does not open its clause ("Road trip saved!", "lives will be saved.");
 * - a passive save with a third party as its subject ("Killmonger will be remembered").
 * `rest` is the sentence without the promise's words.
 */
function personal(lower: string, m: { index: number; text: string }, rest: string, memory: boolean, lex: Lexicon): boolean {
  const p = lex.promise;
  const addressed = p.addressee.has(rest);
  if (!addressed && p.emphatic.has(lower)) return true;
  if (!addressed && !memory && !p.memory.has(m.text) && p.own.has(rest)) return true;
  const clause = clauseBefore(lower, m.index);
  if (p.alone.has(m.text) && clause.trim() !== '') return true;
  return p.passive.has(m.text) && !addressed && !memory && !p.deictic.has(clause);
}

function match(s: string, lower: string, lex: Lexicon): { index: number; text: string } | null {
  const p = lex.promise;
  for (const m of spots(lower, lex)) {
    const before = lower.slice(0, m.index);
    const after = lower.slice(m.index + m.text.length);
    if (p.hedge.has(before)) continue;
    const exempt = p.negation_exempt.has(lower.slice(Math.max(0, m.index - 12), m.index + m.text.length + 4));
    if (!exempt) {
      if (p.negation.has(clauseBefore(lower, m.index).slice(-24))) continue;
      if (p.negation.has(m.text)) continue; // "I haven't saved", "ich habe es nicht gespeichert"
      // "保存失败", "保存できませんでした", "मेमोरी में सेव नहीं कर पाया": a failure right after the words
      // (up to the next clause mark: "记住了，以后的菜谱都不放香菜" promises, then says what it will do)
      if ((!lex.latin || lex.data.verb_final) && p.negation.has(after.slice(0, lex.latin ? 16 : 8).split(/[,，、;；:：]/)[0])) continue;
    }
    // a memory word inside a thing that is no memory ("資料夾", a folder, holds "資料") is not one
    const memory = p.memory.has(maskCues(`${before} ${after}`, p.not_memory));
    // a file named or a file word, and no memory word, in the sentence or in the promise's own words ("메모리에 저장했어요")
    if ((p.not_memory.has(lower) || FILE_NAME.test(s)) && !memory && !p.memory.has(maskCues(lower, p.not_memory).slice(m.index, m.index + m.text.length)))
      continue;
    // "I'll never forget that day"; verb-final, the day comes first ("O günü asla unutmayacağım")
    if (p.narrative.has(lex.data.verb_final ? `${before} ${after}` : after) && !memory) continue;
    if (personal(lower, m, `${before} ${' '.repeat(m.text.length)} ${after}`, memory, lex)) continue;
    return { index: m.index, text: s.slice(m.index, m.index + m.text.length) };
  }
  return null;
}

/**
 * Every promise holds one of these cues: a phrase, a save verb, or the past save a first person
 * pairs with ("I" alone is no cue: it is in most sentences). A sentence with none of them
 * anywhere, most sentences, is passed over with one walk instead of three cue scans per lexicon.
 * The pair verbs are looked for anywhere (spots() looks for them in a tail cut after the subject).
 */
let promiseCues: AnyCue | null = null;
function mayPromise(lower: string): boolean {
  promiseCues ??= new AnyCue(
    LANGS.flatMap((l) => {
      const lx = lexicon(l);
      return [
        { cues: lx.promise.phrases.list, wordStart: lx.latin && !lx.prefixed, wordEnd: lx.latin },
        { cues: lx.promise.save_verbs.list, wordStart: lx.latin && !lx.prefixed, wordEnd: lx.latin },
        { cues: lx.promise.pair_verbs.list, wordStart: false },
      ];
    }),
  );
  return promiseCues.in(lower);
}

/** The first sentence of `text` that promises a save, or null. */
export function findSavePromise(text: string): SavePromise | null {
  if (!text) return null;
  for (const s of sentences(bounded(text))) {
    if (isQuestion(s)) continue;
    const lower = s.toLowerCase().replace(/’/g, "'");
    if (!mayPromise(lower)) continue;
    for (const lex of candidates(s)) {
      const m = match(s, lower, lex);
      if (m) return { phrase: m.text.trim(), sentence: s, lang: lex.lang };
    }
  }
  return null;
}

export function isSavePromise(text: string): boolean {
  return findSavePromise(text) !== null;
}
