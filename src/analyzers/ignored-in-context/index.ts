import { defineAnalyzer, type EvidenceDraft, type FindingDraft } from '../define.js';
import { logWords } from '../../findings/title.js';
import type { SessionEvent } from '../../store/session.js';
import { contentText } from '../../events/validate.js';
import {
  DEFAULT_CONCISE_MAX_WORDS,
  PromptScanner,
  asksForTopic,
  detectPreferences,
  isPermission,
  supersedes,
  shortQuote,
  type CheckOptions,
  type Preference,
} from '../../text/index.js';
import { measureStyle, styleSummary, type StyleMeasure } from '../../text/style.js';
import { toolCarries } from '../tool-drift/index.js';
import { lastCarrier, placement } from './placement.js';
import { longTermTypes, storedConstraints } from './recalled.js';
import { views } from './views.js';
import type { Cause, Detail, Placement } from './types.js';

export type { Cause, Detail };

type Draft = FindingDraft<Cause, Detail>;

interface Tool {
  ev: SessionEvent;
  text: string;
  readonly style: StyleMeasure;
}

interface Tracked {
  key: string;
  pref: Preference;
  origin: SessionEvent;
  /** retrieval: a constraint memory of an earlier session, returned by a search of this one */
  originRole: 'user_input' | 'write' | 'retrieval';
  originText: string;
  memoryId: string | null;
  messageIds: Set<number | string>;
  texts: string[];
  /** ok: the last answer with it in the prompt honoured it; bad: broke it; none: no such answer yet */
  state: 'none' | 'ok' | 'bad';
  /** tool results since the last compliant answer: a break one of them carried is tool-drift's */
  tools: Tool[];
  current: Draft | null;
  closed: boolean;
}

const FIX: Record<Cause, string> = {
  ignored_in_prompt:
    "The constraint reached the model and the answer ignored it: retrieval and the prompt budget are not the problem. Check answers against the user's standing constraints before sending them (a validator, or a retry that names the violation), state it as a rule in the system prompt, or use a model that follows instructions more reliably.",
  buried_in_prompt:
    'The constraint was in the prompt but far from its end, under long output: restate it after tool results and documents (or summarise those first), so the last thing the model reads before answering is the rule.',
  competing_instruction:
    "Two instructions on the same subject reached the prompt with no rule between them: drop the stale one (a default in the system prompt, an old memory, text in a tool result), or say which wins: the user's own latest instruction outranks defaults and tool text.",
};

const fmt = (n: number) => n.toLocaleString('en-US');

export const analyzer = defineAnalyzer<Cause, Detail, { conciseMaxWords: number; buriedTokens: number }>({
  meta: {
    id: 'ignored-in-context',
    description: 'A user constraint was in the final prompt of the turn, and the answer broke it',
    summary: {
      happened:
        'the constraint was in the final prompt of the turn and the answer broke it anyway (the chain shows where it sat: its place, the tokens after it, a competing instruction)',
      fix: 'not retrieval, not the budget: check answers against constraints, restate them last, resolve conflicting instructions',
    },
    severity: 'warning',
    causes: {
      ignored_in_prompt: 'the constraint was in the final prompt, near its end and with nothing after it saying otherwise, and the answer broke it',
      buried_in_prompt: 'the constraint was in the final prompt with long output after it (a tool result, documents, history) and the answer broke it',
      competing_instruction:
        'the constraint was in the final prompt, a later system, developer or tool text on the same subject said otherwise, and the answer broke it',
    },
    // the constraint and the break are read from text by rules; the presence, the place and the tokens are the log's
    confidence: { ignored_in_prompt: 'likely', buried_in_prompt: 'likely', competing_instruction: 'likely' },
    // the prompt held the rule and nothing contradicted it: the model's (generation); buried or contradicted: the prompt's assembly (injection)
    layers: { ignored_in_prompt: 'generation', buried_in_prompt: 'injection', competing_instruction: 'injection' },
    options: {
      conciseMaxWords: { default: DEFAULT_CONCISE_MAX_WORDS, description: 'words above which an answer breaks "be concise"', min: 1, integer: true },
      buriedTokens: { default: 2000, description: 'tokens after the constraint from which it counts as buried', min: 1, integer: true },
    },
  },
  ...views,
  run({ session, options, store }) {
    const opts: CheckOptions = { conciseMaxWords: options.conciseMaxWords };
    const scanner = new PromptScanner();
    const tracked: Tracked[] = [];
    const seenUser = new Set<number>();
    const seenTool = new Set<number>();
    const seenWrites = new Set<string>();
    const toolEvents = new Map<string, SessionEvent>();
    const lastRequest = new Map<string, SessionEvent>();
    let latest: SessionEvent | null = null;
    let pending: Tool[] = [];
    let newUser: { text: string; topics: Set<string> }[] = [];
    const out: Draft[] = [];
    const types = longTermTypes(store, session.session, session.events);
    /** topics the user spoke to in this session: their own word outranks a rule a search brings back from memory */
    const userTopics = new Set<string>();

    const add = (p: Preference, t: Origin) => track(tracked, p, t);
    const tool = (ev: SessionEvent, text: string) => {
      let style: StyleMeasure | undefined;
      pending.push({
        ev,
        text,
        get style() {
          return (style ??= measureStyle(text));
        },
      });
    };

    for (const ev of session.events) {
      const b = ev.body;
      if (ev.kind === 'memory_write' || ev.kind === 'retrieval') {
        // the user's own word in this session outranks a rule a search brings back from memory
        const lifted = (p: Preference) => userTopics.has(p.topic) || userTopics.has('*');
        for (const r of storedConstraints(ev, types, seenWrites)) {
          for (const p of detectPreferences(r.text, 'memory')) {
            if (r.role === 'retrieval' && lifted(p)) continue;
            add(p, { origin: ev, originRole: r.role, originText: r.text, memoryId: r.memoryId, messageIds: new Set(), texts: [r.text] });
          }
        }
      } else if (ev.kind === 'tool_result') {
        const text = typeof b.content === 'string' ? b.content : contentText(b.content);
        if (!text.trim()) continue;
        toolEvents.set(text, ev);
        if (!pending.some((t) => t.text === text)) tool(ev, text);
      } else if (ev.kind === 'request' && ev.request) {
        latest = ev;
        lastRequest.set(ev.actor ?? '', ev);
        for (const m of ev.request.messages) {
          if (m.role === 'user' && !seenUser.has(m.id)) {
            seenUser.add(m.id);
            const prefs = detectPreferences(m.text, 'user');
            newUser.push({ text: m.text, topics: new Set(prefs.map((p) => p.topic)) });
            for (const p of prefs) userTopics.add(p.topic);
            for (const p of prefs)
              add(p, { origin: ev, originRole: 'user_input', originText: p.sentence, memoryId: null, messageIds: new Set([m.id]), texts: [p.sentence] });
          } else if ((m.role === 'tool' || m.role === 'function') && !seenTool.has(m.id)) {
            seenTool.add(m.id);
            if (m.text.trim() && !pending.some((t) => t.text === m.text)) tool(ev, m.text);
          }
        }
      } else if (ev.kind === 'response') {
        const text = contentText(b.content);
        if (!text.trim()) continue; // a tool call without words: its results lead to the next answer
        const req = lastRequest.get(ev.actor ?? '') ?? latest;
        if (req) {
          const asked = (topic: string) => newUser.some((u) => asksForTopic(u.text, topic) && !u.topics.has(topic));
          let style: StyleMeasure | null = null;
          for (const t of tracked) {
            if (t.closed || t.origin.seq > req.seq) continue;
            t.tools.push(...pending);
            const at = lastCarrier(scanner, t, req.request!.messages);
            if (!at) {
              // not in the prompt: window-overflow's or recall-mismatch's to explain; a later return starts afresh
              t.state = 'none';
              t.current = null;
              continue;
            }
            t.messageIds.add(req.request!.messages[at.index].id);
            if (asked(t.pref.topic)) continue; // asked for this once ("show me the table as it is")
            // stated by the user in the message this answer replies to: an instruction not followed at
            // once, not one forgotten (nothing had to be remembered yet); the answers after it are judged
            if (t.originRole === 'user_input' && (t.origin.turn !== null && ev.turn !== null ? t.origin.turn === ev.turn : t.origin.seq === req.seq)) continue;
            style ??= measureStyle(text);
            const reason = t.pref.check(style, text, opts);
            if (!reason) {
              t.state = 'ok';
              t.tools = [];
              continue;
            }
            // one finding per constraint: every later answer that breaks it, in a row or after one that
            // honoured it, is counted on it (`ignored_responses`)
            if (t.current) {
              t.state = 'bad';
              t.current.detail!.ignored_responses++;
              continue;
            }
            t.state = 'bad';
            // a tool result since the last compliant answer carried the style the answer took on: tool-drift's
            const s = style;
            if (t.tools.some((x) => toolCarries(t.pref, x.style, s, opts))) continue;
            const where = placement(t.pref, at, req.request!.messages, (p) => p.checkable && p.check(s, text, opts) === null);
            t.current = draft(t, req, ev, text, s, reason, where, options.buriedTokens, toolEvents);
            out.push(t.current);
          }
        }
        pending = [];
        newUser = [];
      }
    }
    return out;
  },
});

type Origin = Omit<Tracked, 'key' | 'pref' | 'state' | 'tools' | 'current' | 'closed'>;

/** Follow a preference: a later one on the same topic replaces the earlier; "forget what I said" (topic "*") ends them all. */
function track(tracked: Tracked[], p: Preference, t: Origin): void {
  for (const x of tracked) if (!x.closed && supersedes(p, x.pref)) x.closed = true;
  if (isPermission(p) || !p.checkable) return;
  const open = tracked.find((x) => !x.closed && x.key === p.key);
  if (open) {
    for (const id of t.messageIds) open.messageIds.add(id);
    open.texts.push(...t.texts);
    open.memoryId ??= t.memoryId;
    return;
  }
  tracked.push({ key: p.key, pref: p, state: 'none', tools: [], current: null, closed: false, ...t });
}

function causeOf(where: Placement, buriedTokens: number): Cause {
  if (where.competing) return 'competing_instruction';
  return where.tokens_after >= buriedTokens ? 'buried_in_prompt' : 'ignored_in_prompt';
}

/** "message 2 of 9, 6,240 tokens from the end; after it: a 6,000-token tool result (web_fetch)" */
export function wherePhrase(w: Placement): string {
  let s = `message ${w.position} of ${w.messages} (${w.carrier_role}), ${fmt(w.tokens_after)} tokens from the end`;
  const l = w.longest_after;
  if (l)
    s += `; after it: ${w.messages - w.position} message${w.messages - w.position === 1 ? '' : 's'}, the longest a ${fmt(l.tokens)}-token ${l.role === 'tool' || l.role === 'function' ? `tool result${l.name ? ` (${l.name})` : ''}` : `${l.role} message`}`;
  else s += '; nothing after it';
  return s;
}

function draft(
  t: Tracked,
  req: SessionEvent,
  ev: SessionEvent,
  text: string,
  style: StyleMeasure,
  reason: string,
  where: Placement,
  buriedTokens: number,
  toolEvents: Map<string, SessionEvent>,
): Draft {
  const cause = causeOf(where, buriedTokens);
  const r = req.request!;
  const quote = logWords(shortQuote({ sentence: t.originText, clause: t.pref.clause, label: t.pref.label }));
  const stated = t.origin.turn !== null ? ` (turn ${t.origin.turn})` : '';
  const at = ev.turn !== null ? ` at turn ${ev.turn}` : '';
  const competing = where.competing
    ? `; a later ${where.competing.role} message (${where.competing.position}) says "${logWords(where.competing.sentence)}"`
    : '';
  const evidence: EvidenceDraft[] = [
    {
      role: t.originRole,
      event: t.origin,
      text: t.originText,
      detail: { key: t.key, label: t.pref.label, category: t.pref.category, polarity: t.pref.polarity },
    },
    {
      role: 'context',
      event: req,
      text: `Final prompt of the turn carries it: ${wherePhrase(where)}; ${fmt(r.promptTokens)} tokens in all${r.contextLimit ? ` of a ${fmt(r.contextLimit)} window` : ''}`,
      detail: { ...where, prompt_tokens: r.promptTokens, context_limit: r.contextLimit, model: r.model },
    },
  ];
  // the long output after it, at its own file:line when the log has it as a tool_result
  const longest = where.longest_after;
  const toolEv = longest && (longest.role === 'tool' || longest.role === 'function') ? toolEvents.get(r.messages[longest.position - 1].text) : undefined;
  if (toolEv && toolEv.seq < req.seq)
    evidence.push({ role: 'tool', event: toolEv, text: r.messages[longest!.position - 1].text, detail: { tokens: longest!.tokens, name: longest!.name } });
  if (where.competing)
    evidence.push({ role: 'context', event: req, text: `Competing instruction after it: ${where.competing.sentence}`, detail: { ...where.competing } });
  evidence.push({ role: 'response', event: ev, text, detail: { violation: reason, key: t.key, style: styleSummary(style) } });
  evidence.sort((a, b) => a.event.seq - b.event.seq);
  return {
    cause,
    key: `${t.key}@${ev.turn !== null ? `turn${ev.turn}` : ev.source}`,
    title: `Response${at} broke "${quote}"${stated} although it was in the final prompt (${wherePhrase(where)})${competing}: ${reason}`,
    fix: FIX[cause],
    turn: ev.turn,
    ts: ev.ts,
    evidence,
    detail: {
      constraint: t.key,
      label: t.pref.label,
      stated_turn: t.origin.turn,
      source: t.originRole === 'user_input' ? 'user' : 'memory',
      memory_id: t.memoryId,
      prompt_tokens: r.promptTokens,
      context_limit: r.contextLimit,
      ...where,
      violation: { turn: ev.turn, reason },
      ignored_responses: 1,
    },
  };
}
