import { defineAnalyzer, type EvidenceDraft, type FindingDraft } from '../define.js';
import { logWords } from '../../findings/title.js';
import { views } from './views.js';
import type { SessionEvent } from '../../store/session.js';
import { contentText } from '../../events/validate.js';
import {
  DEFAULT_CONCISE_MAX_WORDS,
  asksForTopic,
  detectPreferences,
  isPermission,
  supersedes,
  languageName,
  sameLanguage,
  shortQuote,
  unitValue,
  type CheckOptions,
  type Preference,
} from '../../text/index.js';
import { measureStyle, styleSummary, type StyleMeasure } from '../../text/style.js';
import { str } from '../../util/values.js';

const MEMORY_TYPES = new Set(['constraint', 'preference']);
/** Preferences about style that a tool result can rub off on; JSON-only and forbidden words are not style. */
const STYLE_KEY =
  /^(?:emoji:none|length:(?:concise|max-)|language:|tone:(?:formal|plain|no-exclamation)|format:(?:lists-not-tables|table-required|no-xml|no-json|no-yaml|no-csv|no-markdown|no-lists|no-headings|no-code))/;

import type { Cause, Detail } from './types.js';

export type { Cause, Detail };

type Draft = FindingDraft<Cause, Detail>;

interface Tool {
  /** the tool_result event, or the request whose new tool message held the result */
  ev: SessionEvent;
  text: string;
  name: string | null;
  callId: string | null;
  /** measured when first read: only a drift onset compares a tool's style */
  readonly style: StyleMeasure;
}

function toolOf(ev: SessionEvent, text: string, name: string | null, callId: string | null): Tool {
  let style: StyleMeasure | undefined;
  return {
    ev,
    text,
    name,
    callId,
    get style() {
      return (style ??= measureStyle(text));
    },
  };
}

interface Drift {
  draft: Draft;
  count: number;
}

interface Tracked {
  pref: Preference;
  origin: SessionEvent;
  originRole: 'user_input' | 'write';
  originText: string;
  /** the words to quote in a title */
  quote: string;
  /** ok: the last response honoured it; bad: the last response broke it; none: no response yet */
  state: 'none' | 'ok' | 'bad';
  lastOk: { ev: SessionEvent; style: StyleMeasure } | null;
  /** tool results seen since the preference was stated or last honoured (a drift may start one answer late) */
  tools: Tool[];
  okCount: number;
  drift: Drift | null;
  closed: boolean;
}

function toolText(content: unknown): string {
  if (typeof content === 'string') return content;
  const t = contentText(content);
  if (t) return t;
  return content === undefined || content === null ? '' : JSON.stringify(content);
}

function causeOf(p: Preference): Cause {
  if (p.category === 'emoji') return 'emoji_after_tool';
  if (p.category === 'length') return 'length_after_tool';
  if (p.category === 'language') return 'language_after_tool';
  return 'style_drift_after_tool';
}

const loud = (s: StyleMeasure) => ({
  emoji: s.emoji > 0,
  exclamations: s.exclamations >= 2,
  shouting: s.shouting > 0,
  marketing: s.marketing > 0,
  slang: s.slang > 0,
});

/** The figure a UI would chart for this preference, read from a style measure. */
function metric(p: Preference, s: StyleMeasure): { name: string; value: number } {
  const k = p.key;
  if (k === 'emoji:none') return { name: 'emoji', value: s.emoji };
  const m = /^length:max-\d+-(\w+)$/.exec(k);
  if (m) return { name: m[1], value: unitValue(s, m[1]) };
  if (k.startsWith('length:')) return { name: 'words', value: s.words };
  if (k.startsWith('language:')) return { name: 'language', value: s.cjkRatio };
  if (k === 'tone:no-exclamation') return { name: 'exclamations', value: s.exclamations };
  if (k.startsWith('tone:')) return { name: 'loudness', value: s.emoji + s.exclamations + s.shouting + s.marketing + s.slang };
  if (k === 'format:lists-not-tables' || k === 'format:table-required') return { name: 'table_rows', value: s.tableRows };
  if (k === 'format:no-xml') return { name: 'xml_tags', value: s.xmlTags };
  if (k === 'format:no-lists') return { name: 'list_lines', value: s.listLines };
  return { name: 'markdown', value: s.markdown ? 1 : 0 };
}

/** The style of a response in the terms of a preference, for a title: "no emoji", "42 words", "in Chinese". */
function describe(p: Preference, s: StyleMeasure): string {
  const m = metric(p, s);
  const n = (v: number, one: string, many: string) => (v === 0 ? `no ${many}` : `${v} ${v === 1 ? one : many}`);
  switch (m.name) {
    case 'emoji':
      return n(m.value, 'emoji', 'emoji');
    case 'language':
      return `in ${languageName(s.lang)}`;
    case 'exclamations':
      return n(m.value, 'exclamation mark', 'exclamation marks');
    case 'loudness':
      return m.value === 0 ? 'no emoji, exclamation marks or hype' : `${s.emoji} emoji, ${s.exclamations} exclamation marks, ${s.marketing} marketing words`;
    case 'table_rows':
      return m.value === 0 ? 'no table' : `a ${m.value}-row table`;
    case 'xml_tags':
      return m.value === 0 ? 'no XML' : `${m.value} XML tags`;
    case 'list_lines':
      return n(m.value, 'list line', 'list lines');
    case 'markdown':
      return m.value === 0 ? 'no markdown' : 'markdown';
    default:
      return `${m.value} ${m.name}`;
  }
}

/**
 * Prose: sentences, not records. Log lines, metrics and `key=value` dumps (most lines a record) are data:
 * an answer in prose after them took no style from them.
 */
const isProse = (s: StyleMeasure) => s.recordLines * 2 < s.lines;

/** What the tool result carried of the style the response took on; null when it carried none of it. */
function carried(p: Preference, tool: StyleMeasure, resp: StyleMeasure, opts: CheckOptions): string | null {
  const k = p.key;
  if (k === 'emoji:none') return tool.emoji > 0 ? `${tool.emoji} emoji (${tool.emojiSeen.join('')})` : null;
  if (k.startsWith('length:')) {
    const m = /^length:max-(\d+)-(\w+)$/.exec(k);
    const max = m ? Number(m[1]) : (opts.conciseMaxWords ?? DEFAULT_CONCISE_MAX_WORDS);
    const unit = m ? m[2] : 'words';
    const v = unitValue(tool, unit);
    return v > max ? `${v.toLocaleString('en-US')} ${unit}` : null;
  }
  if (k.startsWith('language:')) {
    // the answer switched to the tool's language
    if (resp.lang && tool.lang && (sameLanguage(resp.lang, tool.lang) || sameLanguage(tool.lang, resp.lang))) return `text in ${languageName(tool.lang)}`;
    return null;
  }
  if (k === 'format:lists-not-tables' && resp.listLines < 2 && !resp.table && tool.listLines < 2 && tool.extent >= 60 && !tool.table && isProse(tool)) {
    return `prose (${tool.words.toLocaleString('en-US')} words, no list)`; // a list was asked for; the answer copied the prose
  }
  if (k === 'format:table-required')
    return !tool.table && !tool.asciiTable && tool.extent >= 40 && isProse(tool) ? `prose (${tool.words.toLocaleString('en-US')} words, no table)` : null;
  if (k === 'format:no-json') return tool.json ? 'JSON' : null;
  if (k === 'format:no-yaml') return tool.yaml ? 'YAML' : null;
  if (k === 'format:no-csv') return tool.csv || tool.tsv ? 'CSV' : null;
  if (k === 'format:no-headings') return tool.headings > 0 ? `${tool.headings} headings` : null;
  if (k === 'format:no-code') return tool.codeFences > 0 ? `${tool.codeFences} code blocks` : null;
  if (k === 'tone:no-exclamation') return tool.exclamations > 0 ? `${tool.exclamations} exclamation marks` : null;
  if (k === 'tone:formal' || k === 'tone:plain') {
    const r = loud(resp);
    const t = loud(tool);
    const shared: string[] = [];
    if (r.emoji && t.emoji) shared.push(`${tool.emoji} emoji`);
    if (r.exclamations && t.exclamations) shared.push(`${tool.exclamations} exclamation marks`);
    if (r.shouting && t.shouting) shared.push(`shouting (${tool.shoutingWords.join(', ')})`);
    if (r.marketing && t.marketing) shared.push(`marketing words (${tool.marketingWords.join(', ')})`);
    if (r.slang && t.slang) shared.push('slang');
    return shared.length ? shared.join(', ') : null;
  }
  if (k === 'format:lists-not-tables') {
    if (tool.table) return `a table (${tool.tableRows} rows)`;
    if (tool.asciiTable || tool.tsv || tool.csv) return tool.asciiTable ? 'an ASCII table' : tool.tsv ? 'a TSV table' : 'a CSV table';
    return null;
  }
  if (k === 'format:no-xml') return tool.xml ? `XML (${tool.xmlTags} tags)` : null;
  if (k === 'format:no-lists') return tool.listLines >= 3 ? `a list (${tool.listLines} lines)` : null;
  if (k === 'format:no-markdown') return tool.markdown ? 'markdown formatting' : null;
  return null;
}

const FIX: Record<Cause, string> = {
  emoji_after_tool:
    "Restate the user's style preferences after tool results (or keep them in the system prompt next to the tool output), and strip emoji from tool output or mark it as quoted data the answer must not imitate.",
  length_after_tool:
    'Summarize or truncate long tool results before they reach the model, and restate the length limit after them so the answer does not grow with its input.',
  language_after_tool:
    "Tell the model to answer in the user's language whatever language a tool returns, and restate it after tool results (or translate / summarize them first).",
  style_drift_after_tool:
    'Wrap tool results as clearly delimited quoted data and restate the tone and format preferences after them; strip hype, tables or markup from tool output the answer should not copy.',
};

const quote = (t: Tracked) => logWords(shortQuote({ sentence: t.originText, clause: t.quote, label: t.pref.label }));

export const analyzer = defineAnalyzer<Cause, Detail, { conciseMaxWords: number }>({
  meta: {
    id: 'tool-drift',
    description: "Right after a tool result, responses stop honouring a user's style preference and take on the tool output's style",
    summary: {
      happened: "a loud tool result sat last in the context and the agent dropped the user's stated style",
      fix: 'put tool output in a reference section below the instructions',
    },
    severity: 'warning',
    causes: {
      emoji_after_tool: 'the user asked for no emoji; answers had none until a tool result full of emoji, and the next answer used them',
      length_after_tool: 'the user asked for concise (or at most N words) answers; right after a long tool result the answer ran over the limit',
      language_after_tool: 'the user asked for a language; right after a tool result in another language the answer switched to it',
      style_drift_after_tool:
        'a tone or format preference (formal, no hype, no exclamation marks, lists not tables, no XML, no markdown) broke right after a tool result that had that style',
    },
    // the preference and the drift are read from text by rules; a tone or format drift is the loosest reading
    confidence: { emoji_after_tool: 'likely', length_after_tool: 'likely', language_after_tool: 'likely', style_drift_after_tool: 'possible' },
    // emoji, length, tone and format ride on tool text the prompt's assembly could have cleaned, cut or
    // quoted (injection); a language cannot be stripped from content: choosing it was the model's (generation)
    layers: { emoji_after_tool: 'injection', length_after_tool: 'injection', language_after_tool: 'generation', style_drift_after_tool: 'injection' },
    options: { conciseMaxWords: { default: DEFAULT_CONCISE_MAX_WORDS, description: 'words above which an answer breaks "be concise"', min: 1, integer: true } },
  },
  ...views,
  run({ session, options }) {
    const opts: CheckOptions = { conciseMaxWords: options.conciseMaxWords };
    const tracked: Tracked[] = [];
    const seenUser = new Set<number>();
    const seenTool = new Set<number>();
    const seenWrites = new Set<string>();
    const calls = new Map<string, SessionEvent>();
    let pending: Tool[] = [];
    /** user messages new since the last answer, with the topics they state as standing preferences */
    let newUser: { text: string; topics: Set<string> }[] = [];
    const out: Draft[] = [];

    const add = (p: Preference, origin: SessionEvent, role: Tracked['originRole'], text: string, quote: string) => {
      // a later preference on the same topic replaces the earlier one; "forget what I said" (topic "*") ends them all
      for (const t of tracked) if (!t.closed && supersedes(p, t.pref)) t.closed = true;
      if (isPermission(p) || !STYLE_KEY.test(p.key)) return;
      if (tracked.some((t) => !t.closed && t.pref.key === p.key)) return; // a restatement: keep following the first
      tracked.push({
        pref: p,
        origin,
        originRole: role,
        originText: text,
        quote,
        state: 'none',
        lastOk: null,
        tools: [],
        okCount: 0,
        drift: null,
        closed: false,
      });
    };

    for (const ev of session.events) {
      const b = ev.body;
      switch (ev.kind) {
        case 'memory_write': {
          const type = str(b.memory_type)?.toLowerCase();
          const text = str(b.text);
          const writeId = str(b.write_id) ?? ev.source;
          if (!type || !MEMORY_TYPES.has(type) || !text || seenWrites.has(writeId)) break;
          seenWrites.add(writeId);
          for (const p of detectPreferences(text, 'memory')) add(p, ev, 'write', text, text);
          break;
        }
        case 'request': {
          for (const m of ev.request?.messages ?? []) {
            if (m.role === 'user' && !seenUser.has(m.id)) {
              seenUser.add(m.id);
              const prefs = detectPreferences(m.text, 'user');
              newUser.push({ text: m.text, topics: new Set(prefs.map((p) => p.topic)) });
              for (const p of prefs) add(p, ev, 'user_input', p.sentence, p.clause);
            } else if ((m.role === 'tool' || m.role === 'function') && !seenTool.has(m.id)) {
              seenTool.add(m.id);
              if (!m.text.trim() || pending.some((t) => t.text === m.text)) continue; // already seen as a tool_result event
              const callId = str(m.raw.tool_call_id) ?? null;
              pending.push(toolOf(ev, m.text, str(m.raw.name) ?? null, callId));
            }
          }
          break;
        }
        case 'tool_call': {
          const id = str(b.call_id);
          if (id) calls.set(id, ev);
          break;
        }
        case 'tool_result': {
          const text = toolText(b.content);
          if (!text.trim() || pending.some((t) => t.text === text)) break;
          const callId = str(b.call_id) ?? null;
          const name = str(b.name) ?? (callId && calls.has(callId) ? (str(calls.get(callId)!.body.name) ?? null) : null);
          pending.push(toolOf(ev, text, name, callId));
          break;
        }
        case 'response': {
          const text = contentText(b.content);
          if (!text.trim()) break; // a tool call without words: the tool results still lead to the next answer
          if (!tracked.some((t) => !t.closed)) {
            // no preference to judge the answer by: nothing below would read its style
            pending = [];
            newUser = [];
            break;
          }
          const style = measureStyle(text);
          // what the user asked for this once ("translate it into English", "show me the table as-is")
          const asked = (topic: string) => newUser.some((u) => asksForTopic(u.text, topic) && !u.topics.has(topic));
          for (const t of tracked) {
            if (t.closed) continue;
            t.tools.push(...pending);
            if (asked(t.pref.topic)) continue;
            const reason = t.pref.check(style, text, opts);
            if (!reason) {
              t.state = 'ok';
              t.lastOk = { ev, style };
              t.okCount++;
              t.drift = null;
              t.tools = [];
              continue;
            }
            if (t.state === 'bad') {
              if (t.drift) t.drift.draft.detail!.drifted_responses = ++t.drift.count;
              continue;
            }
            // an onset: the last answer honoured it, or none came since it was stated (stated in the
            // same message as the task, the first answer after the tool is the onset)
            t.state = 'bad';
            if (t.tools.length === 0) continue; // broken with no tool in between: not tool-induced
            let best: { tool: Tool; what: string } | null = null;
            for (const tool of t.tools) {
              const what = carried(t.pref, tool.style, style, opts);
              if (what && (!best || metric(t.pref, tool.style).value > metric(t.pref, best.tool.style).value)) best = { tool, what };
            }
            if (!best) continue; // the tool did not carry that style: not tool-induced
            t.drift = { draft: buildDraft(t, best.tool, best.what, ev, text, style, reason, calls), count: 1 };
            out.push(t.drift.draft);
          }
          pending = [];
          newUser = [];
          break;
        }
        default:
          break;
      }
    }
    return out;
  },
});

function buildDraft(
  t: Tracked,
  tool: Tool,
  what: string,
  ev: SessionEvent,
  text: string,
  style: StyleMeasure,
  reason: string,
  calls: Map<string, SessionEvent>,
): Draft {
  const cause = causeOf(t.pref);
  const before = t.lastOk;
  const mBefore = before ? metric(t.pref, before.style) : null;
  const mTool = metric(t.pref, tool.style);
  const mAfter = metric(t.pref, style);
  const name = tool.name ?? 'a tool';
  const evidence: EvidenceDraft[] = [
    {
      role: t.originRole,
      event: t.origin,
      text: t.originText,
      detail: { key: t.pref.key, label: t.pref.label, category: t.pref.category, polarity: t.pref.polarity },
    },
  ];
  if (before) {
    evidence.push({
      role: 'response',
      event: before.ev,
      text: contentText(before.ev.body.content),
      detail: { complies: true, compliant_responses: t.okCount, style: styleSummary(before.style) },
    });
  }
  const call = tool.callId ? calls.get(tool.callId) : undefined;
  if (call) {
    evidence.push({
      role: 'tool',
      event: call,
      text: `${str(call.body.name) ?? 'tool'}(${typeof call.body.arguments === 'string' ? call.body.arguments : JSON.stringify(call.body.arguments ?? {})})`,
      detail: { call_id: tool.callId, name: str(call.body.name) },
    });
  }
  evidence.push({
    role: 'tool',
    event: tool.ev,
    text: tool.text,
    detail: {
      name: tool.name,
      call_id: tool.callId,
      carried: what,
      from: tool.ev.kind === 'request' ? 'tool message in the request' : 'tool_result',
      style: styleSummary(tool.style),
    },
  });
  evidence.push({
    role: 'response',
    event: ev,
    text,
    detail: { complies: false, violation: reason, style: styleSummary(style) },
  });
  evidence.sort((a, b) => a.event.seq - b.event.seq);
  const stated = t.origin.turn !== null ? ` (turn ${t.origin.turn})` : '';
  const at = ev.turn !== null ? ` at turn ${ev.turn}` : '';
  return {
    cause,
    key: `${t.pref.key}@${ev.turn !== null ? `turn${ev.turn}` : ev.source}`,
    title: `Response${at} broke "${quote(t)}"${stated} right after ${name} returned ${what}: ${reason} (${before ? `the answer before: ${describe(t.pref, before.style)}` : 'the first answer since it was stated'})`,
    fix: FIX[cause],
    turn: ev.turn,
    ts: ev.ts,
    evidence,
    detail: {
      preference: t.pref.key,
      label: t.pref.label,
      stated_turn: t.origin.turn,
      tool_name: tool.name,
      metric: mAfter.name,
      before: mBefore?.value ?? null,
      tool: mTool.value,
      after: mAfter.value,
      compliant_before: t.okCount,
      drifted_responses: 1,
      style_before: before ? styleSummary(before.style) : null,
      style_tool: styleSummary(tool.style),
      style_after: styleSummary(style),
    },
  };
}

/**
 * Would a break of `p` be tool-drift's? Yes for a style preference and a tool result that carries
 * the style the answer took on (the rule of `carried`). ignored-in-context gives way on it (its README).
 */
export function toolCarries(p: Preference, tool: StyleMeasure, resp: StyleMeasure, opts: CheckOptions): string | null {
  return STYLE_KEY.test(p.key) ? carried(p, tool, resp, opts) : null;
}
