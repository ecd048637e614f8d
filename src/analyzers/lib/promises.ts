/**
 * Detects an assistant's promise that something was (or will be) saved to memory, in English
 * and Chinese: "I've saved that", "I'll remember", "noted, saved to memory", "memory updated",
 * "已经记住", "记住了", "已保存", "已记录", "我会记住", "已经为你保存"...
 *
 * Not a promise: a question or an offer ("Should I remember that?", "要我记住吗？",
 * "If you like, I'll save it"), a negation ("I haven't saved", "没有保存", "保存失败"), or
 * saving a file rather than a memory ("I've saved the report to report.pdf", "文件已保存").
 * Work is per sentence, linear in the text's length.
 */

export interface SavePromise {
  /** the words that make the promise, as written */
  phrase: string;
  /** the sentence they are in, trimmed */
  sentence: string;
  lang: 'en' | 'zh';
}

const MEMORY_NOUN = String.raw`(?:memory|memories|notes|profile|preferences)`;

/** English promises; each applied to one sentence. */
const EN: RegExp[] = [
  // I've saved / I have stored / I've noted / I've made a note
  /\bI(?:'ve|’ve| have)\s+(?:now\s+|already\s+|just\s+|also\s+)?(?:saved|stored|recorded|noted|memori[sz]ed|remembered|made a note|noted down|written down|saved down)\b/i,
  // I've added / updated / committed / written ... to memory
  new RegExp(
    String.raw`\bI(?:'ve|’ve| have)\s+(?:now\s+|already\s+|just\s+|also\s+)?(?:added|updated|committed|written|put|logged)\b[^.!?]{0,40}?\b(?:to|in|into)\s+(?:my\s+|your\s+|the\s+|long[- ]term\s+|persistent\s+)*${MEMORY_NOUN}\b`,
    'i',
  ),
  // I'll remember / I will save / I'm going to note
  /\bI(?:'ll|’ll| will|'m going to|’m going to| am going to)\s+(?:always\s+|definitely\s+|now\s+|also\s+)?(?:remember|save|store|note|memori[sz]e|make a note|record)\b/i,
  // saved to memory / stored in your long-term memory / added to memory
  new RegExp(
    String.raw`\b(?:saved|stored|added|written|committed|recorded|logged)\s+(?:[\w’']+\s+){0,3}?(?:to|in|into)\s+(?:my\s+|your\s+|the\s+|long[- ]term\s+|persistent\s+)*${MEMORY_NOUN}\b`,
    'i',
  ),
  // memory updated / memory saved / memory has been updated
  /\bmemory\s+(?:has\s+been\s+|have\s+been\s+|was\s+|is\s+)?(?:saved|updated|stored)\b/i,
  // updated my memory
  new RegExp(String.raw`\bupdated\s+(?:my|your|the)\s+${MEMORY_NOUN}\b`, 'i'),
  // your preference has been saved / it's been noted
  /\b(?:has|have|'s|’s)\s+been\s+(?:saved|stored|recorded|remembered|noted|memori[sz]ed)\b/i,
  // "Saved." / "Got it — saved!" / "Noted and saved." / "Saved your preference."
  /^(?:(?:ok(?:ay)?|got it|done|sure|alright|all right|great)[\s,!.—–-]*)?(?:saved|stored|remembered|noted and saved|noted & saved)(?:\s+(?:your|the|this|that|it)\b[^.!?]*)?[\s.!]*$/i,
];

/** Chinese promises. */
const ZH: RegExp[] = [
  // 记忆已更新 / 已写入长期记忆 / 已添加到记忆
  /记忆(?:已经|已)(?:更新|保存|写入)|(?:已经|已)(?:帮你|为你|给你)?(?:更新|添加|写入|存入|加入)(?:到|进|至)?(?:你的|我的)?(?:长期)?记忆/,
  // 已经记住 / 已帮你记住 / 记住了
  /(?:已经|已)(?:帮你|为你|给你|替你)?(?:牢牢)?记住|记住了/,
  // 我会记住 / 以后会记得 / 我这就保存
  /(?:我|我们|以后|之后|今后|从现在起|从今以后)(?:都)?(?:会|将|将会|一定会|马上|这就)(?:帮你|为你|给你)?(?:一直|永远|好好|牢牢)?(?:记住|记得|记下|保存|记录)/,
  // 已保存 / 已记录 / 已经为你保存
  /(?:已经|已)(?:帮你|为你|给你|替你)?(?:保存|记录|存储|储存|记下|存好|记好|存档)/,
  // 保存好了 / 记下了 / 记录下来了 / 存好了
  /(?:保存|记录|存储|储存|记下)(?:好|下来|下)?了|(?:记|存)好了/,
];

const EN_NEGATION =
  /(?:\b(?:not|never|no|unable|cannot|fail(?:ed|s)?|forgot|without|yet to|no longer)\b|n['’]t\b)/i;
const EN_HEDGE =
  /\b(?:if|unless|whether|once|when you|should I|shall I|do you want|would you like|want me to|like me to|can I|may I|could I)\b/i;
const EN_QUESTION_START = /^(?:should|shall|would you|do you|can I|could I|may I|want me|did you|did I)\b/i;
const EN_NOT_MEMORY = /\b(?:files?|documents?|docs?|drafts?|spreadsheets?|attachments?|pdfs?|folders?|directory|disk|repo(?:sitory)?|desktop|downloads)\b|\.(?:md|pdf|txt|docx?|xlsx?|csv|json|png|jpg)\b/i;

const ZH_NEGATION_BEFORE = /(?:没有|没|未能|未|不|无法|不能|不会|别|尚未|还没有?|并未|并没有?|忘了|忘记)[^，,。！!？?；;]{0,3}$/;
const ZH_NEGATION_AFTER = /^[^，,。！!？?；;]{0,3}(?:失败|不了|出错|出现错误)/;
const ZH_HEDGE = /(?:如果|假如|要是|若是|若|一旦|等你|是否|要不要|需不需要|需要我|要我)/;
const ZH_QUESTION_END = /(?:吗|么|嘛|呢)[\s~～]*$/;
const ZH_NOT_MEMORY = /(?:文件|文档|草稿|磁盘|硬盘|文件夹|桌面|附件|代码|表格文件)/;

/** Split into sentences, keeping the end mark; clause marks stay inside. */
function sentences(text: string): string[] {
  const out: string[] = [];
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\n' || c === '。' || c === '！' || c === '？' || c === '!' || c === '?' || c === ';' || c === '；' ||
      (c === '.' && (i + 1 >= text.length || /\s/.test(text[i + 1])))) {
      // keep runs of end marks together ("?!", "。。")
      while (i + 1 < text.length && /[.!?。！？]/.test(text[i + 1])) i++;
      out.push(text.slice(start, i + 1));
      start = i + 1;
    }
  }
  if (start < text.length) out.push(text.slice(start));
  return out.map((s) => s.trim()).filter((s) => s.length > 0);
}

function isQuestion(s: string, zh: boolean): boolean {
  if (/[?？]\s*$/.test(s)) return true;
  const bare = s.replace(/[\s.!。！~～]+$/, '');
  if (zh) return ZH_QUESTION_END.test(bare);
  return EN_QUESTION_START.test(bare);
}

/** The clause before a match: from the last clause mark to the match. */
function clauseBefore(s: string, index: number): string {
  const before = s.slice(0, index);
  const cut = Math.max(
    before.lastIndexOf(','),
    before.lastIndexOf('，'),
    before.lastIndexOf('、'),
    before.lastIndexOf(':'),
    before.lastIndexOf('：'),
    before.lastIndexOf('—'),
    before.lastIndexOf(' - '),
  );
  return before.slice(cut + 1);
}

function matchEnglish(s: string): RegExpExecArray | null {
  if (isQuestion(s, false)) return null;
  for (const re of EN) {
    const m = re.exec(s);
    if (!m) continue;
    const before = s.slice(0, m.index);
    if (EN_HEDGE.test(before)) continue;
    if (EN_NEGATION.test(clauseBefore(s, m.index))) continue;
    if (EN_NOT_MEMORY.test(s) && !/\bmemor(?:y|ies|i[sz]e)\b/i.test(s)) continue;
    return m;
  }
  return null;
}

function matchChinese(s: string): RegExpExecArray | null {
  if (isQuestion(s, true)) return null;
  for (const re of ZH) {
    const g = new RegExp(re.source, 'g');
    for (let m = g.exec(s); m; m = g.exec(s)) {
      if (m[0].length === 0) {
        g.lastIndex++;
        continue;
      }
      const before = s.slice(0, m.index);
      const after = s.slice(m.index + m[0].length);
      if (ZH_HEDGE.test(before)) continue;
      if (ZH_NEGATION_BEFORE.test(clauseBefore(s, m.index))) continue;
      if (ZH_NEGATION_AFTER.test(after)) continue;
      if (ZH_NOT_MEMORY.test(s) && !/记忆/.test(s)) continue;
      return m;
    }
  }
  return null;
}

const HAN = /[\u3400-\u9fff]/;

/** The first sentence of `text` that promises a save, or null. */
export function findSavePromise(text: string): SavePromise | null {
  if (!text) return null;
  for (const s of sentences(text)) {
    if (HAN.test(s)) {
      const m = matchChinese(s);
      if (m) return { phrase: m[0], sentence: s, lang: 'zh' };
    }
    const m = matchEnglish(s);
    if (m) return { phrase: m[0].trim(), sentence: s, lang: 'en' };
  }
  return null;
}

export function isSavePromise(text: string): boolean {
  return findSavePromise(text) !== null;
}
