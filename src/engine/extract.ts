/**
 * Event-driven extraction: which sentences of a user message are worth a memory write.
 * Not every turn writes: only an explicit preference or constraint, a decision, a task-state
 * change, a process, or a statement of fact about the user or their project. Questions and
 * small talk write nothing. English and Chinese, rule-based and deterministic.
 *
 * Preferences and constraints are found with the same detector the analyzers use
 * (src/text/constraints.ts), so what the engine pins is what the analyzers look for.
 */
import { clauses, detectPreferences, remindsAlways, splitSentences } from '../text/index.js';
import { claimOf } from './claims.js';
import { marksChange, subjectsOf } from './conflicts.js';
import { TRIGGER_CUES } from './lexicon/cues.js';
import type { MemoryType } from './types.js';

export interface Extracted {
  type: MemoryType;
  text: string;
  /** what it is about: a newer memory in the same slot supersedes an older one */
  slot: string | null;
  key: string | null;
  temporary: boolean;
  /**
   * why it is written: a correction or an update is checked against the current memories at once
   * (the memory it contradicts gets a new version, or is superseded); a pause commits what is
   * pending and records where it stopped; a withdrawal ("forget that") takes back the memories of
   * the message before it and writes nothing
   */
  trigger?: 'correction' | 'pause' | 'update' | 'withdraw';
}

const CJK = /[\u3400-\u9fff]/;
const esc = (x: string) => x.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** One regex per trigger, compiled from the per-language cue data. */
function cueRegex(pick: (c: (typeof TRIGGER_CUES)[string]) => readonly string[], anchored: boolean): RegExp {
  const alts = Object.values(TRIGGER_CUES)
    .flatMap(pick)
    .map((c) => (CJK.test(c) ? esc(c) : `${anchored ? '' : '\\b'}${esc(c)}${/\w$/.test(c) ? '\\b' : ''}`));
  return new RegExp(anchored ? `^(?:${alts.join('|')})` : `(?:${alts.join('|')})`, 'i');
}
const GENERAL_PREFERENCE = cueRegex((c) => c.preference, false);
const CORRECTION_START = cueRegex((c) => c.correction, true);
const PAUSE = cueRegex((c) => c.pause, false);
const WITHDRAW = cueRegex((c) => c.withdraw, true);
const REMEMBER = new RegExp(`${cueRegex((c) => c.remember, true).source}\\s*[:：,，]?\\s*`, 'i');
const ONE_OFF = cueRegex((c) => c.oneOff, false);
const GIVE_UP = cueRegex((c) => c.giveUp, true);
const STYLE_REQUEST = cueRegex((c) => c.styleRequest, false);
/** Longer sentences are cut into clauses (each kept whole up to this length), never dropped. */
const MAX_SENTENCE = 400;
/** A pause message is short and says little else ("好的，先这样吧", "OK, that's all for now."). */
const PAUSE_MAX_CHARS = 40;

const QUESTION =
  /[?？]\s*$|^(?:what|why|how|when|where|which|who|whom|whose|can|could|would|should|is|are|do|does|did|will|shall|may)\b|吗[。.]?$|呢[。.]?$|^(?:为什么|怎么|如何|什么|哪|谁|是否)/i;

const DECISION =
  /\b(?:we|i)\s+(?:have\s+)?(?:decided|agreed|chose|picked|settled on)\b|\b(?:we|i)(?:'ll| will)\s+go with\b|\blet'?s\s+(?:go with|use|stick with|pick)\b|\bdecision\s*[:：]|决定|定下来|就用|选定|拍板|最终方案/i;
const TASK =
  /\b(?:task|ticket|issue|step)\s+[\w#-]+\s+(?:is\s+)?(?:done|finished|complete[d]?|blocked|in progress|started)\b|\b(?:i'?m|we'?re|i am|we are)\s+(?:now\s+)?(?:working on|starting|blocked on|done with|finished with)\b|\b(?:next|current)\s+task\b|\bmoving on to\b|任务|工单|(?:正在|在)(?:做|处理|修|排查)|做完了|完成了|卡在|下一步|接下来做/i;
const PROCESS =
  /\b(?:always|first)\b.{0,60}\b(?:then|before|after)\b|\bour\s+(?:process|workflow|procedure|release process)\b|\bthe\s+(?:process|workflow)\s+is\b|流程|先.{1,20}再|之前(?:要|必须|先)|步骤是/i;
const FACT_EN =
  /\b(?:my|our)\s+([a-z][a-z0-9 -]{1,30}?)\s+(?:is|are|was|runs|lives|uses)\b|\bi(?:'m| am)\s+(?:a|an|the|in|based in|from|located in|working as)\b|\b(?:we|our team|our company|i)\s+(?:use|run|runs|deploy|work with|host|have)\b|\bi\s+work\s+(?:on|at|for|in|as)\b|\bfyi\b/i;
const FACT_ZH = /我(?:是|在|叫|住在|来自)|我们(?:用|使用|在用|的|团队|公司)|我的(.{1,8}?)(?:是|在)|团队(?:用|使用|在用)|项目(?:的)?(.{1,8}?)(?:是|在)/;
const TEMPORARY =
  /\b(?:today|tonight|right now|at the moment|this (?:morning|afternoon|evening|week))\b|今天|今晚|此刻|眼下|这会儿|这周|本周|今天下午|今天上午/i;

function subjectSlot(kind: string, subject: string | undefined): string | null {
  if (!subject) return null;
  const s = subject
    .toLowerCase()
    .replace(/\b(?:the|a|an|current|new|main)\b/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return s ? `${kind}:${s}` : null;
}

/** The memories a user message calls for (most messages: none). */
export function extractMemories(text: string): Extracted[] {
  const out: Extracted[] = [];
  const whole = text.trim();
  if (whole.length <= PAUSE_MAX_CHARS && PAUSE.test(whole) && !QUESTION.test(whole)) {
    return [{ type: 'task_state', text: whole, slot: 'session:pause', key: null, temporary: false, trigger: 'pause' }];
  }
  // "forget that", "never mind", "算了": a withdrawal, never a standing preference
  if (whole.length <= PAUSE_MAX_CHARS && WITHDRAW.test(whole.replace(/^(?:oh|ok|okay|sorry|actually|好吧|哦)[,，\s]*/i, ''))) {
    return [{ type: 'fact', text: whole, slot: null, key: null, temporary: false, trigger: 'withdraw' }];
  }
  // "Remember that the staging host is db-3": what follows is what to keep; "Remember to always write
  // tests" is a standing rule the user sets, read by the preference detector below (src/text/reminder.ts)
  const remembered = REMEMBER.exec(whole);
  if (remembered && remembered.index === 0 && whole.length > remembered[0].length + 2 && !(remindsAlways(whole) && detectPreferences(whole, 'user').length)) {
    const rest = whole.slice(remembered[0].length);
    const inner = extractMemories(rest);
    return inner.length ? inner : [{ type: 'fact', text: rest.trim(), slot: null, key: null, temporary: false }];
  }
  const seenKeys = new Set<string>();
  const prefSentences = new Set<string>();
  // a sentence too long for the detector is read in its pieces too, so a long preference is not dropped
  const long = splitSentences(text).filter((x) => x.length > MAX_SENTENCE);
  const found = [...detectPreferences(text, 'user'), ...long.flatMap((x) => pieces(x).flatMap((piece) => detectPreferences(piece, 'user')))];
  for (const p of found) {
    if (p.key === 'any:withdrawn') continue;
    // a request for this answer only ("keep it short for this one") is not a standing preference
    if (ONE_OFF.test(p.sentence)) {
      prefSentences.add(splitSentences(p.sentence)[0] ?? p.sentence);
      continue;
    }
    if (seenKeys.has(p.key)) continue;
    seenKeys.add(p.key);
    // the sentence as splitSentences gives it (no final ; ! ? or CJK end mark), so the two loops agree
    const sentence = splitSentences(p.sentence)[0] ?? p.sentence;
    prefSentences.add(sentence);
    out.push({
      // a rule the user asked to keep always ("Remember to always write tests") is pinned as a constraint: it does not decay
      type: p.polarity === 'forbid' || remindsAlways(sentence) ? 'constraint' : 'preference',
      text: sentence,
      slot: `pref:${p.topic}`,
      key: p.key,
      temporary: false,
    });
  }
  for (const raw of splitSentences(text).flatMap(pieces)) {
    const s = raw.trim();
    if (!s || prefSentences.has(s)) continue;
    if (QUESTION.test(s)) continue;
    const claim = claimOf(s);
    // giving up a liking ("I no longer drink coffee", "我戒咖啡了"): a preference on the same slot
    if (GIVE_UP.test(s) && claim.negated && claim.value) {
      const subject = [...subjectsOf(claim.value).keys()][0];
      out.push({ type: 'preference', text: s, slot: subject ? `pref:${subject}` : null, key: null, temporary: false, trigger: 'update' });
      continue;
    }
    if (STYLE_REQUEST.test(s) && !ONE_OFF.test(s)) {
      out.push({ type: 'preference', text: s, slot: 'pref:length', key: null, temporary: false });
      continue;
    }
    const temporary = TEMPORARY.test(s);
    // a correction ("不对，我们改用 MySQL 了", "No, we switched to MySQL"): a decision that replaces one
    const rest = s.replace(CORRECTION_START, '').trim();
    const corrects =
      CORRECTION_START.test(s) &&
      rest.length > 0 &&
      (marksChange(rest) || subjectsOf(rest).size > 0 || DECISION.test(rest) || FACT_EN.test(rest) || FACT_ZH.test(rest));
    if (corrects || (marksChange(s) && subjectsOf(s).size > 0) || (claim.oldValue && claim.value)) {
      out.push({ type: 'decision', text: s, slot: null, key: null, temporary, trigger: 'correction' });
      continue;
    }
    // an update of one subject ("the deadline moved to Monday", "截止日期改到周一了")
    if (claim.change && claim.subject && claim.value && !claim.negated) {
      out.push({ type: 'fact', text: s, slot: subjectSlot('fact', claim.subject), key: null, temporary, trigger: 'update' });
      continue;
    }
    if (GENERAL_PREFERENCE.test(s)) {
      const subject = [...subjectsOf(s).keys()][0];
      out.push({ type: 'preference', text: s, slot: subject ? `pref:${subject}` : null, key: null, temporary: false });
      continue;
    }
    if (DECISION.test(s)) {
      out.push({ type: 'decision', text: s, slot: null, key: null, temporary });
      continue;
    }
    if (TASK.test(s)) {
      out.push({ type: 'task_state', text: s, slot: 'task:current', key: null, temporary });
      continue;
    }
    if (PROCESS.test(s)) {
      out.push({ type: 'process', text: s, slot: null, key: null, temporary });
      continue;
    }
    const en = FACT_EN.exec(s);
    if (en) {
      out.push({ type: 'fact', text: s, slot: subjectSlot('fact', en[1]), key: null, temporary });
      continue;
    }
    const zh = FACT_ZH.exec(s);
    if (zh) {
      out.push({ type: 'fact', text: s, slot: subjectSlot('fact', zh[1] ?? zh[2]), key: null, temporary });
      continue;
    }
    // any subject given a specific value ("The deadline is Friday", "The staging host is db-stg-3")
    if (claim.subject && claim.value && SPECIFIC.test(claim.value) && !ASKS.test(s))
      out.push({ type: 'fact', text: s, slot: subjectSlot('fact', claim.subject), key: null, temporary });
  }
  return out;
}

/** Question words: a sentence that asks is no claim, even without its question mark. */
const ASKS = /什么|哪|谁|怎么|多少|几[个点时]|吗|呢|\b(?:what|which|who|how|when|where|why)\b/i;

/** A value that names something (a number, a name, a code, CJK text), not an opinion ("nice"). */
const SPECIFIC = /[\p{N}\p{Lu}\u3400-\u9fff]|[a-z]+[-_./][a-z0-9]/u;

/** A sentence too long for one memory, cut into clauses joined back up to MAX_SENTENCE characters. */
function pieces(s: string): string[] {
  if (s.length <= MAX_SENTENCE) return [s];
  const out: string[] = [];
  let cur = '';
  for (const c of clauses(s).flatMap((x) => (x.length > MAX_SENTENCE ? (x.match(new RegExp(`.{1,${MAX_SENTENCE}}(?=\\s|$)`, 'gsu')) ?? [x]) : [x]))) {
    if (cur && cur.length + c.length + 2 > MAX_SENTENCE) {
      out.push(cur);
      cur = '';
    }
    cur = cur ? `${cur}, ${c}` : c;
  }
  if (cur) out.push(cur);
  return out;
}
