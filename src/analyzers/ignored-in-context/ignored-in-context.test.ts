import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeFiles, flags, testAnalyzer } from '../../../test/analyzer-tester.js';
import { EXHAUSTIVE, SLOW } from '../../../test/tier.js';
import type { Finding } from '../../findings/types.js';
import { analyzer as recallMismatch } from '../recall-mismatch/index.js';
import { analyzer as toolDrift } from '../tool-drift/index.js';
import { analyzer as windowOverflow } from '../window-overflow/index.js';
import type { FindingOf, ReplayView } from '../views.js';
import { analyzer, type Cause, type Detail } from './index.js';
import { judge } from './judge.js';
import { picture } from './picture.js';

const here = import.meta.dirname;
const abs = (f: string) => path.resolve(here, f);

testAnalyzer(analyzer, here, {
  valid: [
    { name: 'the rule in the prompt, every answer honours it (en)', files: ['fixtures/valid/honoured-en.jsonl'] },
    { name: 'the rule left the prompt (trimmed history): window-overflow, not this (zh-Hans)', files: ['fixtures/valid/dropped-zh.jsonl'] },
    { name: 'the user allowed emoji again (es)', files: ['fixtures/valid/permission-es.jsonl'] },
    { name: 'the user asked for a table after "no tables": the new word replaces the rule (de)', files: ['fixtures/valid/asked-for-table-de.jsonl'] },
    {
      name: '"plain text only", then "redo your previous answer as a table": a table asked for is markdown asked for (en)',
      files: ['fixtures/valid/redo-as-table-plain-en.jsonl'],
    },
    { name: 'an emoji-laden tool result last, the answer took them on: tool-drift, not this (ja)', files: ['fixtures/valid/tool-drift-ja.jsonl'] },
    {
      name: 'the memory was cut by retrieval and no rule reached the prompt: recall-mismatch, not this (en)',
      files: ['fixtures/valid/cut-not-pinned-en.jsonl'],
    },
    { name: "the user's own habit, no rule for the assistant (en)", files: ['fixtures/valid/own-habit-en.jsonl'] },
    {
      name: '"never suggest anything with peanuts": a later answer names peanuts only as left out, then the user lifts the ban (en)',
      files: ['fixtures/valid/avoid-peanuts-left-out-en.jsonl'],
    },
    {
      name: 'a constraint memory of an earlier session comes back by search, but the user lifted it in this session (fr)',
      files: ['fixtures/valid/recalled-lifted-fr.jsonl'],
    },
  ],
  invalid: [
    flags('"No emoji, please" two messages from the end, the answer has emoji (en)', 'fixtures/invalid/emoji-en.jsonl', 'iic-i-emoji-en', [
      1,
      'ignored_in_prompt',
      'warning',
    ]),
    flags('lists not tables, a 2,300-token plain tool result after it, a table (zh-Hans)', 'fixtures/invalid/buried-table-zh.jsonl', 'iic-i-buried-zh', [
      1,
      'buried_in_prompt',
    ]),
    flags(
      'always Spanish, a later system message says English, the answer is English (es)',
      'fixtures/invalid/competing-language-es.jsonl',
      'iic-i-competing-es',
      [1, 'competing_instruction'],
    ),
    flags('the preference is a memory injected in the system prompt, the answer is a table (de)', 'fixtures/invalid/memory-table-de.jsonl', 'iic-i-memory-de', [
      0,
      'ignored_in_prompt',
    ]),
    flags('no emoji, a 2,000-token emoji-free tool result after it, emoji in the answer (ja)', 'fixtures/invalid/buried-emoji-ja.jsonl', 'iic-i-buried-ja', [
      1,
      'buried_in_prompt',
    ]),
    flags('dropped from a first prompt of the turn, back in its final prompt, broken (en)', 'fixtures/invalid/back-in-final-prompt-en.jsonl', 'iic-i-back-en', [
      2,
      'ignored_in_prompt',
    ]),
    flags(
      'a later system rule that agrees ("under 60 words" after "be concise"), both broken: no competitor (en)',
      'fixtures/invalid/agreeing-rule-en.jsonl',
      'iic-i-agree-en',
      [1, 'ignored_in_prompt'],
    ),
    flags(
      'a compaction mid-turn dropped it, the rules re-read into the final prompt, broken (en)',
      'fixtures/invalid/back-after-compaction-en.jsonl',
      'iic-i-compact-en',
      [1, 'ignored_in_prompt'],
    ),
    flags('"never suggest anything with peanuts", a peanut dessert two turns later (en)', 'fixtures/invalid/avoid-peanuts-en.jsonl', 'iic-i-avoid-en', [
      2,
      'ignored_in_prompt',
    ]),
    flags(
      'a constraint memory of an earlier session, returned by every search (its type only on its write), injected, broken (fr)',
      'fixtures/invalid/recalled-emoji-fr.jsonl',
      'iic-i-recalled-fr',
      [1, 'ignored_in_prompt'],
    ),
    flags('the memory ranked below top_k, the rule pinned in other words, broken (en)', 'fixtures/invalid/pinned-despite-cut-en.jsonl', 'iic-i-pinned-en', [
      1,
      'ignored_in_prompt',
    ]),
  ],
});

const run = (files: string[], analyzers = [analyzer, windowOverflow, recallMismatch, toolDrift]) => analyzeFiles(analyzers, files);
const of = (found: Finding[], id: string) => found.filter((f) => f.analyzer === id);
/** the constraint a finding is about, as each analyzer's detail names it */
const constraintOf = (f: Finding) => String(f.detail?.constraint ?? f.detail?.preference ?? f.detail?.memory_id ?? '');

describe('ignored-in-context: where it sat (the chain)', () => {
  it('names the place, the tokens after it and the long tool output, each step at its file:line', async () => {
    const [f] = await run([abs('fixtures/invalid/buried-table-zh.jsonl')], [analyzer]);
    const d = f.detail as Record<string, unknown>;
    expect(d).toMatchObject({ constraint: 'format:lists-not-tables', position: 2, messages: 5, carrier_role: 'user', tools_after: 1, competing: null });
    expect(d.tokens_after).toBeGreaterThan(2000);
    expect(d.longest_after).toMatchObject({ position: 5, role: 'tool', name: 'web_fetch' });
    // oldest first: the tool result came before the request that carried it
    expect(f.evidence.map((e) => e.role)).toEqual(['user_input', 'tool', 'context', 'response']);
    const lines = fs.readFileSync(abs('fixtures/invalid/buried-table-zh.jsonl'), 'utf8').split('\n');
    for (const e of f.evidence) {
      const [file, line] = e.source.split(':');
      expect(path.basename(file)).toBe('buried-table-zh.jsonl');
      const ev = JSON.parse(lines[Number(line) - 1]);
      const kinds: Record<string, string> = { user_input: 'request', context: 'request', tool: 'tool_result', response: 'response' };
      expect(ev.kind).toBe(kinds[e.role]);
    }
    expect(f.layer).toBe('injection');
  });

  it('names the competing instruction and where it came', async () => {
    const [f] = await run([abs('fixtures/invalid/competing-language-es.jsonl')], [analyzer]);
    expect(f.detail?.competing).toMatchObject({ position: 5, role: 'system', key: 'language:en' });
    expect(f.evidence.some((e) => e.role === 'context' && e.text.includes('always answer in English'))).toBe(true);
  });

  it("a rule with nothing after it but the question is the model's: layer generation", async () => {
    const [f] = await run([abs('fixtures/invalid/emoji-en.jsonl')], [analyzer]);
    expect(f.layer).toBe('generation');
    expect(f.detail).toMatchObject({ position: 2, messages: 4, tools_after: 0 });
    expect(f.detail?.tokens_after as number).toBeLessThan(100);
  });

  it('counts the answers in a row that keep breaking it, one finding', async () => {
    const found = await run([abs('fixtures/invalid/emoji-en.jsonl')], [analyzer]);
    expect(found).toHaveLength(1);
    expect(found[0].detail?.ignored_responses).toBe(1);
  });
});

describe('the differential: window-overflow and recall-mismatch give way', () => {
  it('dropped from a first prompt of the turn, back in its final one: ignored-in-context, not window-overflow', async () => {
    const found = await run([abs('fixtures/invalid/back-in-final-prompt-en.jsonl')]);
    expect(of(found, 'ignored-in-context').map((f) => [f.turn, f.cause])).toEqual([[2, 'ignored_in_prompt']]);
    expect(of(found, 'window-overflow')).toEqual([]);
  });

  it('a compaction mid-turn dropped it, the final prompt of the turn carries it again: ignored-in-context, not window-overflow', async () => {
    const found = await run([abs('fixtures/invalid/back-after-compaction-en.jsonl')]);
    expect(of(found, 'ignored-in-context').map((f) => [f.turn, f.cause])).toEqual([[1, 'ignored_in_prompt']]);
    expect(of(found, 'window-overflow')).toEqual([]);
  });

  it('a memory cut by retrieval whose rule reached the prompt in other words: ignored-in-context, not recall-mismatch', async () => {
    const found = await run([abs('fixtures/invalid/pinned-despite-cut-en.jsonl')]);
    expect(of(found, 'ignored-in-context')).toHaveLength(1);
    expect(of(found, 'recall-mismatch')).toEqual([]);
  });

  it('the same cut with no rule in the prompt: recall-mismatch, not ignored-in-context', async () => {
    const found = await run([abs('fixtures/valid/cut-not-pinned-en.jsonl')]);
    expect(of(found, 'recall-mismatch').map((f) => f.cause)).toEqual(['rank_beyond_top_k']);
    expect(of(found, 'ignored-in-context')).toEqual([]);
  });

  // npm test: their fixtures and recall-mismatch's incidents; test:slow adds window-overflow's two
  // incidents (17.6 MB near a 128k window: most of this file's time), whose evicted constraint is
  // the same case as window-overflow's own evicted fixtures read here in both tiers
  it('never fires with window-overflow or recall-mismatch on the same constraint and turn (their incidents and fixtures)', EXHAUSTIVE, async () => {
    const files = [
      ...(SLOW ? [abs('../../../fixtures/incidents/window-overflow')] : []),
      abs('../../../fixtures/incidents/recall-mismatch'),
      abs('../window-overflow/fixtures/invalid'),
      abs('../recall-mismatch/fixtures/invalid'),
    ];
    const found = await run(files, [analyzer, windowOverflow, recallMismatch]);
    const others = found.filter((f) => f.analyzer !== 'ignored-in-context');
    expect(others.length).toBeGreaterThan(10);
    for (const f of of(found, 'ignored-in-context')) {
      const clash = others.find(
        (o) =>
          o.session === f.session &&
          o.turn === f.turn &&
          (constraintOf(o) === constraintOf(f) || (o.detail?.memory_id === f.detail?.memory_id && f.detail?.memory_id)),
      );
      expect(clash, `${f.session} turn ${f.turn}: ${f.title}`).toBeUndefined();
    }
  });
});

describe('the split with tool-drift', () => {
  const td = abs('../tool-drift/fixtures');
  it("a tool result since the last compliant answer carried the style the answer took on: tool-drift's alone", async () => {
    const found = await run(
      [path.join(td, 'invalid'), abs('../../../fixtures/incidents/tool-drift'), abs('fixtures/valid/tool-drift-ja.jsonl')],
      [analyzer, toolDrift],
    );
    const drifts = of(found, 'tool-drift');
    expect(drifts.length).toBeGreaterThan(8);
    for (const d of drifts) {
      const twin = of(found, 'ignored-in-context').find((f) => f.session === d.session && f.turn === d.turn && constraintOf(f) === constraintOf(d));
      expect(twin, `${d.session} turn ${d.turn} ${constraintOf(d)}`).toBeUndefined();
    }
  });

  it('no tool result between the rule and the break: ignored-in-context, and tool-drift stays silent', async () => {
    // tool-drift's own must-not-flag case: "Be concise." in every prompt, a long answer with no tool before it
    const found = await run([path.join(td, 'valid/no-tool-en.jsonl')], [analyzer, toolDrift]);
    expect(of(found, 'tool-drift')).toEqual([]);
    expect(of(found, 'ignored-in-context').map((f) => [f.turn, f.cause, f.detail?.constraint])).toEqual([[2, 'ignored_in_prompt', 'length:concise']]);
  });

  it('a long tool result that does not carry the broken style: ignored-in-context (buried), not tool-drift', async () => {
    const found = await run([abs('fixtures/invalid/buried-emoji-ja.jsonl')], [analyzer, toolDrift]);
    expect(of(found, 'tool-drift')).toEqual([]);
    expect(of(found, 'ignored-in-context').map((f) => f.cause)).toEqual(['buried_in_prompt']);
  });
});

describe('ignored-in-context: its picture and its replay verdict', () => {
  it('draws the final prompt around the constraint: before, the constraint, after it, the competing instruction, the break', async () => {
    const [f] = await run([abs('fixtures/invalid/competing-language-es.jsonl')], [analyzer]);
    const p = picture.build([], [f as FindingOf<Cause, Detail>]);
    expect(picture.count(p)).toBe(1);
    expect(picture.focus(p, f.id)).toBe(0);
    const lines = picture.lines(p, 0);
    expect(lines[0]).toContain('competing_instruction');
    expect(lines.find((l) => l.startsWith('▶'))).toMatch(/^▶ 2 +the constraint \(user\): answer in Spanish/i);
    expect(lines.find((l) => l.startsWith('✖'))).toContain('#5 system says otherwise: Operator note: always answer in English.');
    expect(lines.at(-1)).toMatch(/^answer: /);
  });

  it('a rule the prompt held near its end: a memory design would not have prevented it; the other causes are judged by what the engine pins', async () => {
    const none = { plansAt: () => [], scopeAt: () => ({}), engine: { pinned: () => [], memories: () => [] } } as unknown as ReplayView;
    const [plain] = await run([abs('fixtures/invalid/emoji-en.jsonl')], [analyzer]);
    expect(judge(plain as FindingOf<Cause, Detail>, none).verdict).toBe('not_prevented');
    const [competing] = await run([abs('fixtures/invalid/competing-language-es.jsonl')], [analyzer]);
    expect(judge(competing as FindingOf<Cause, Detail>, none).verdict).toBe('not_judged');
    const [buried] = await run([abs('fixtures/invalid/buried-emoji-ja.jsonl')], [analyzer]);
    const j = judge(buried as FindingOf<Cause, Detail>, none);
    expect(j.verdict).toBe('not_prevented');
    expect(j.how).toContain('no memory for "emoji:none"');
  });
});
