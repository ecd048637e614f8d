// blind7, window-overflow: a tomato greenhouse's climate assistant reads the climate computer's export every turn;
// the harness trims whole turns, oldest first, to stay under 92% of the window. The rule is stated at turn 0.
import { climateLog, DE_WRONG, EN_WRONG, GREEN_SYS } from './shared.mjs';
import { open, tokens, windowChat, write } from './kit.mjs';

export const WO_SPECS = [
  {
    kind: 'fault',
    variant: 'no-tables-evicted',
    rule: 'noTables',
    model: 'gpt-4',
    window: 8192,
    final: 'table',
    description: 'turn 0: never answer with a table; gpt-4 (8,192, built-in); trimmed out; the weekly wrap-up is a markdown table',
  },
  {
    kind: 'fault',
    variant: 'answer-language-evicted',
    rule: 'lang',
    model: 'mistral-small-latest',
    window: 12000,
    contextLimit: 12000,
    final: 'wrong',
    description:
      'turn 0: answer me in <my language> from now on (en: in English, "my German is rusty"); context_limit 12,000; trimmed out; the wrap-up in English (en: German)',
  },
  {
    kind: 'fault',
    variant: 'no-emoji-memory-never-injected',
    rule: 'noEmoji',
    memory: true,
    model: 'llama-3.3-70b-instruct',
    window: 8000,
    contextLimit: 8000,
    final: 'emoji',
    description: 'turn 0: no emoji, also written to memory (preference, committed) and never injected; trimmed out; the wrap-up has emoji',
  },
  {
    kind: 'fault',
    variant: 'no-exclamation-compacted-away',
    rule: 'noExcl',
    compact: 'summaryWithout',
    model: 'gpt-4o-mini',
    window: 8000,
    contextLimit: 8000,
    final: 'excl',
    description:
      'turn 0: no exclamation marks; a recorded compaction (auto, summary, tokens_before 78% to 95% of an 8,000 window) whose summary leaves the rule out; the wrap-up has exclamation marks',
  },
  {
    kind: 'look-alike',
    variant: 'restated-before-it-left',
    rule: 'noTables',
    restate: 3,
    turns: 8,
    model: 'gpt-4',
    window: 8192,
    final: 'prose',
    description: 'turn 0: never a table; the user restates it in other words at turn 3, which stays in every later prompt; turn 0 trimmed; prose wrap-up',
  },
  {
    kind: 'look-alike',
    variant: 'tables-allowed-again',
    rule: 'noTables',
    permit: 1,
    model: 'gpt-4',
    window: 8192,
    final: 'table',
    description: 'turn 0: never a table; turn 1: tables are fine again (at the office PC); both trimmed; the wrap-up is a table',
  },
  {
    kind: 'look-alike',
    variant: 'own-reports-habit',
    rule: 'habit',
    model: 'gpt-4',
    window: 8192,
    final: 'table',
    description: 'turn 0: "in my own crop reports I never use tables" (first person, about the grower\'s reports); trimmed; the wrap-up is a table',
  },
  {
    kind: 'look-alike',
    variant: 'compaction-summary-keeps-the-rule',
    rule: 'noExcl',
    compact: 'summaryWith',
    model: 'gpt-4o-mini',
    window: 8000,
    contextLimit: 8000,
    final: 'prose',
    description: 'turn 0: no exclamation marks; the same compaction, whose summary restates the rule in the third person; the wrap-up keeps it',
  },
];

// 8 turns that read the log, then the wrap-up with no tool call (the restatement case: 7)

export function woCase(L, spec, id) {
  const TURNS = spec.turns ?? 9;
  const S = open(id);
  const W = L.wo;
  const houses = ['G1', 'G2', 'G3'];
  const turns = [];
  const toolTokens = Math.floor(spec.window * 0.155);
  let logStart = Date.parse('2026-11-09T00:00:00Z');
  for (let t = 0; t < TURNS - 1; t++) {
    const house = houses[t % 3];
    const day = L.days[t % 7];
    let user = W.ask(house, day);
    if (t === 0) user = `${W.rules[spec.rule]} ${W.task} ${user}`;
    if (spec.restate === t) user = `${user} ${W.restate}`;
    if (spec.permit === t) user = `${W.permit} ${user}`;
    // the log export: as many 5-minute lines as fill ~15.5% of the window
    const r = S.r;
    let lines = 20;
    let content = climateLog(r, logStart, lines);
    while (tokens([{ role: 'tool', content }], spec.model) < toolTokens) {
      lines += 6;
      content = climateLog(r, logStart, lines);
    }
    logStart += 86400000;
    turns.push({ user, tool: { name: 'read_climate_log', args: { house, day: t + 9 }, content }, answer: W.answer(t, house, day) });
  }
  const final = {
    table: W.finalTable,
    prose: W.finalProse,
    emoji: W.finalEmoji,
    excl: W.finalExcl,
    wrong: L.code === 'en' ? DE_WRONG.woFinal : EN_WRONG.woFinal,
  }[spec.final];
  turns.push({ user: W.finalAsk, answer: final });
  if (spec.memory) {
    turns[0].between = () =>
      write(S, 0, `${id}-w1`, { memory_id: `${id}-m1`, memory_type: 'preference', text: W.memNoEmoji, store: 'grower-prefs', source: 'user' }, [
        'requested',
        'committed',
      ]);
  }
  const compact = spec.compact ? { at: 0.78, summary: W[spec.compact] } : undefined;
  const log = windowChat(S, { model: spec.model, window: spec.window, contextLimit: spec.contextLimit, system: GREEN_SYS, turns, compact });
  // the generator's own checks: the rule is in the first prompt, out of the last, and left under window pressure
  const first = turns[0].user;
  if (!log[0].texts.has(first)) throw new Error(`${id}: rule not in the first prompt`);
  const gone = log.findIndex((l) => !l.texts.has(first));
  if (gone < 0 || log[log.length - 1].texts.has(first)) throw new Error(`${id}: the rule never left the prompt`);
  if (compact) {
    if (!compact.done || compact.done.turn !== gone || compact.done.fill < 0.78) throw new Error(`${id}: the rule did not leave with the compaction`);
    return { jsonl: S.jsonl(), fill: compact.done.fill, turns: TURNS };
  }
  if (log[gone].fill < 0.75) throw new Error(`${id}: dropped at ${log[gone].fill.toFixed(2)} of the window`);
  if (spec.restate !== undefined) {
    const carrier = turns[spec.restate].user;
    for (const l of log.slice(gone)) if (!l.texts.has(carrier)) throw new Error(`${id}: the restatement left at turn ${l.turn}`);
    if (gone <= spec.restate) throw new Error(`${id}: turn 0 left before the restatement was made`);
  }
  if (spec.permit !== undefined && log[log.length - 1].texts.has(turns[spec.permit].user)) throw new Error(`${id}: permission still in the last prompt`);
  return { jsonl: S.jsonl(), fill: log[gone].fill, turns: TURNS };
}
