/**
 * What a clause names (the grammar's subjects, src/text/constraints.ts): format and tone topics,
 * languages, and length limits, each with where it stands in the clause. A word that names a thing
 * ("XML files", "your list", "a German Shepherd", "keep it up with German") is no subject.
 */
import type { Lexicon, Topic, Unit } from './lexicon.js';

export interface Found {
  index: number;
  len: number;
}

/** First occurrence of each topic; a topic word inside a longer one ("bullet points" vs "points") counts once. */
export function topicsIn(c: string, lex: Lexicon): { topic: Topic; at: Found }[] {
  const all: { topic: Topic; at: Found }[] = [];
  const matches = (Object.entries(lex.topics) as [Topic, Lexicon['topics'][Topic]][]).map(([topic, cues]) => [topic, cues.all(c)] as const);
  // a cue inside a longer cue of another topic is a piece of that word ("表" in "列表", a list; "表" in "表情", emoji)
  const inside = (x: { index: number; text: string }, topic: Topic) =>
    matches.some(
      ([t, ms]) => t !== topic && ms.some((y) => y.text.length > x.text.length && y.index <= x.index && y.index + y.text.length >= x.index + x.text.length),
    );
  for (const [topic, found] of matches) {
    // "XML files", "the users table": a topic word naming a thing, not a format, is skipped
    // sources are always someone's: "cite your sources", "geben Sie Ihre Quellen an" name the topic when
    // the clause asks for them ("look to your sources of strength" names someone's strength)
    const cite = topic === 'citation' && (!lex.latin || lex.cues.targets.has(c) || lex.cues.standing.has(c) || lex.cues.imperative.start(c) !== null);
    const m = found.find((x) => !inside(x, topic) && !isObject(c.slice(x.index + x.text.length), lex) && (cite || !isOwned(c.slice(0, x.index), lex)));
    if (m) all.push({ topic, at: { index: m.index, len: m.text.length } });
  }
  return all.filter((x) => !all.some((y) => y !== x && y.at.len > x.at.len && y.at.index <= x.at.index && y.at.index + y.at.len >= x.at.index + x.at.len));
}

/** "your list", "my to-do list", "bucket list": a topic word right after an owner is a thing someone has. */
function isOwned(before: string, lex: Lexicon): boolean {
  const t = before.slice(-24).trimEnd();
  return lex.cues.topic_owners.all(t).some((m) => m.index + m.text.length === t.length);
}

function isObject(after: string, lex: Lexicon): boolean {
  const rest = after.replace(/^[\s-]*/, '');
  return lex.cues.topic_objects.start(rest) !== null;
}

export function languagesIn(c: string, lex: Lexicon): { code: string; at: Found }[] {
  const all: { code: string; at: Found }[] = [];
  for (const { code, cues } of lex.languages) {
    for (const m of cues.all(c)) if (!isAttribute(c, m, lex)) all.push({ code, at: { index: m.index, len: m.text.length } });
  }
  return all.filter((x) => !all.some((y) => y !== x && y.at.len > x.at.len && y.at.index <= x.at.index && y.at.index + y.at.len >= x.at.index + x.at.len));
}

/** The systems of measurement a clause names ("metric units", "in Fahrenheit", "公制"), each once. */
export function measuresIn(c: string, lex: Lexicon): { system: string; at: Found }[] {
  const out: { system: string; at: Found }[] = [];
  for (const { system, cues } of lex.measures) {
    const m = cues.first(c);
    // a stem ("metrisch*", "метрическ*") names the whole word it starts ("метрическую")
    const rest = m && lex.latin ? (/^[\p{L}\p{M}\p{N}]*/u.exec(c.slice(m.index + m.text.length))?.[0].length ?? 0) : 0;
    if (m) out.push({ system, at: { index: m.index, len: m.text.length + rest } });
  }
  return out;
}

/**
 * In spaced scripts, a language name right before a word that is not one of the grammar's ("korean rap
 * battles", "a German Shepherd") names a thing, unless a frame ("in", "answer in", "auf") comes before it;
 * so does a name right after a word that makes it the topic of talk ("keep it up with German", "rather
 * Italian", "über Französisch": the lexicon's `language_about`).
 */
function isAttribute(c: string, m: { index: number; text: string }, lex: Lexicon): boolean {
  if (!lex.latin) return false;
  // "на русском", "po polsku": a cue that holds its frame is framed
  if (lex.cues.language_frame.start(m.text)) return false;
  const before = c.slice(Math.max(0, m.index - 16), m.index).trimEnd();
  if (lex.cues.language_frame.all(before).some((f) => f.index + f.text.length === before.length)) return false;
  const next = /^\s+([\p{L}\p{M}'-]+)/u.exec(c.slice(m.index + m.text.length));
  if (next && !lex.cueWords.has(next[1])) return true;
  const prev = /([\p{L}\p{M}'-]+)$/u.exec(before)?.[1];
  // ("mein Englisch ist schlecht", "il mio inglese": a language someone has, as a topic word someone has)
  return prev !== undefined && (lex.cues.language_about.start(prev) === prev || isOwned(before, lex));
}

const ZH_NUM: Record<string, number> = { 一: 1, 二: 2, 两: 2, 兩: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9 };

/** "150", "一百五十", "两百", "五十" -> number */
function parseNumber(s: string): number | null {
  if (/^\d+$/.test(s)) return Number(s);
  // Arabic-Indic, Persian and Devanagari digits: "١٠٠ كلمة", "१०० शब्द"
  if (/^[٠-٩]+$/.test(s)) return Number([...s].map((d) => d.charCodeAt(0) - 0x660).join(''));
  if (/^[۰-۹]+$/.test(s)) return Number([...s].map((d) => d.charCodeAt(0) - 0x6f0).join(''));
  if (/^[०-९]+$/.test(s)) return Number([...s].map((d) => d.charCodeAt(0) - 0x966).join(''));
  let total = 0;
  let cur = 0;
  for (const ch of s) {
    if (ch in ZH_NUM) cur = ZH_NUM[ch];
    else if (ch === '十' || ch === '百' || ch === '千') {
      total += (cur || 1) * (ch === '十' ? 10 : ch === '百' ? 100 : 1000);
      cur = 0;
    } else return null;
  }
  return total + cur || null;
}

/** A length limit: a number, then (within a word) a unit of the language; "at least" makes it a minimum. */
export function limitIn(c: string, lex: Lexicon): { key: string; at: Found } | null {
  const nums: { index: number; text: string; value: number }[] = [];
  for (const m of c.matchAll(/\d{1,5}|[٠-٩]{1,5}|[۰-۹]{1,5}|[०-९]{1,5}|[一二两兩三四五六七八九十百千]{1,6}/g)) {
    const v = parseNumber(m[0]);
    if (v) nums.push({ index: m.index!, text: m[0], value: v });
  }
  for (const m of lex.numbers.all(c)) nums.push({ index: m.index, text: m.text, value: lex.data.numbers[m.text.toLowerCase().replace(/\s+/g, ' ')] ?? 0 });
  for (const n of nums) {
    if (!n.value) continue;
    let rest = c.slice(n.index + n.text.length).replace(/^\s*(?:个|個|つ|の)?\s*/, '');
    let unit = unitAt(rest, lex);
    if (!unit && lex.latin) {
      // one word between: "three short sentences", "100 English words"
      rest = rest.replace(/^[\p{L}'-]+\s+/u, '');
      unit = unitAt(rest, lex);
    }
    if (!unit) continue;
    const before = c.slice(Math.max(0, n.index - 32), n.index);
    const after = rest.slice(0, 12);
    const cued = lex.cues.limit_max.has(before) || lex.cues.limit_min.has(before) || lex.cues.limit_suffix.has(after);
    // "一条规则", "简洁一点": a CJK count needs a limit word; so does a count of list items anywhere
    if (!cued && (!lex.latin || unit === 'items')) continue;
    const min = lex.cues.limit_min.has(before) && !lex.cues.limit_max.has(before);
    return { key: `length:${min ? 'min' : 'max'}-${n.value}-${unit}`, at: { index: n.index, len: n.text.length } };
  }
  return null;
}

function unitAt(rest: string, lex: Lexicon): Unit | null {
  let best: { unit: Unit; len: number } | null = null;
  for (const [unit, cues] of Object.entries(lex.units) as [Unit, Lexicon['units'][Unit]][]) {
    const m = cues.start(rest);
    if (m && (!best || m.length > best.len)) best = { unit, len: m.length };
  }
  return best?.unit ?? null;
}
