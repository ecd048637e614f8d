import { describe, expect, it } from 'vitest';
import { analyzeFiles, testAnalyzer, flags } from '../../../test/analyzer-tester.js';
import type { MessageView, RequestView, SessionEvent } from '../../store/session.js';
import { optionDefaults } from '../define.js';
import { analyzer, composition } from './index.js';
import { EXHAUSTIVE } from '../../../test/tier.js';

const INCIDENT_EN = '../../../fixtures/incidents/window-overflow/en.jsonl.gz';
const INCIDENT_ZH = '../../../fixtures/incidents/window-overflow/zh.jsonl.gz';

testAnalyzer(analyzer, import.meta.dirname, {
  valid: [
    {
      name: 'Claude Code: a compaction whose summary restates both instructions, then a push to the release branch (hand-written)',
      files: ['../../../fixtures/incidents/compaction/claude-code-rules-kept.jsonl'],
    },
    {
      name: 'real Claude Code sessions with automatic compactions and real Codex rollouts whose compactions kept the user messages',
      files: ['../../../fixtures/real/claude-code', '../../../fixtures/real/codex'],
    },
    {
      name: 'Claude Code: the user edited the message holding "never npm, never push to main" (a branch by parentUuid), then npm and a push to main as the edit asked (hand-written)',
      files: ['../../../fixtures/incidents/compaction/claude-code-edited-prompt.jsonl'],
    },
    {
      name: 'a rewind: the user went back before the rule and asked something else (only the newest messages left), then XML',
      files: ['fixtures/valid/rewind-en.jsonl'],
    },
    {
      name: "a rewind recorded as a compaction (trigger rewind, as Gemini CLI's $rewindTo is read), then XML: deliberate, not a loss",
      files: ['fixtures/valid/rewind-compaction-en.jsonl'],
    },
    { name: 'a summary took the place of the middle messages at 1% fill: a summary, not a cut', files: ['fixtures/valid/summary-middle-en.jsonl'] },
    {
      name: 'a middle cut took out "never use XML" and its withdrawal ("Forget what I said about XML"), then XML: a withdrawal is no instruction to lose (hand-written)',
      files: ['fixtures/valid/cut-after-withdrawal-en.jsonl'],
    },
    { name: 'Spanish: a /reset at 1% fill drops the rule: deliberate, not the window', files: ['fixtures/valid/reset-low-fill-es.jsonl'] },
    { name: 'Portuguese: the rule withdrawn ("Esqueça o que eu disse sobre XML") before it left', files: ['fixtures/valid/withdrawn-pt.jsonl'] },
    { name: 'English: "Never say never" and a camping-trip memory are narrative, not rules', files: ['fixtures/valid/narrative-en.jsonl'] },
    { name: 'constraint pinned in the system prompt while history is truncated', files: ['fixtures/valid/pinned-system-en.jsonl'] },
    {
      name: 'the app cleared its history to a quarter of its largest prompt at 1% fill: a clear-out, not a trim to fit',
      files: ['fixtures/valid/clear-out-below-budget-en.jsonl'],
    },
    {
      name: 'a constraint memory that went through retrieval and was cut there (recall-mismatch, not an overflow)',
      files: ['../../../fixtures/incidents/recall-mismatch/en.jsonl', '../../../fixtures/incidents/recall-mismatch/zh.jsonl'],
    },
    {
      name: 'the memory ranked 2nd by the retrieval with top_k 1 (though its score is the best): cut there, recall-mismatch explains it',
      files: ['fixtures/valid/memory-ranked-second-en.jsonl'],
    },
    { name: 'constraint restated before it could leave the window (Chinese)', files: ['fixtures/valid/restated-zh.jsonl'] },
    { name: "sentences about the user's own life, then XML and emoji answers (English)", files: ['fixtures/valid/self-statements-en.jsonl'] },
    { name: "sentences about the user's own life, then English and emoji answers (Chinese)", files: ['fixtures/valid/self-statements-zh.jsonl'] },
    { name: 'window never fills: the whole history, constraint included, stays', files: ['fixtures/valid/no-overflow-en.jsonl'] },
    { name: 'preference memory injected into every prompt after truncation (Chinese)', files: ['fixtures/valid/memory-injected-zh.jsonl'] },
    { name: 'a sub-agent request with its own prompt is not a truncation', files: ['fixtures/valid/subagent-en.jsonl'] },
    { name: '"no emoji" taken back before it left the window', files: ['fixtures/valid/superseded-en.jsonl'] },
    {
      name: 'a constraint memory never injected, at 1% fill: no window pressure (recall, not overflow)',
      files: ['fixtures/valid/memory-only-low-fill-zh.jsonl'],
    },
  ],
  invalid: [
    flags(
      'Claude Code: a compaction summary keeps "pnpm" and "main" but neither instruction, then `git push origin main` (hand-written)',
      '../../../fixtures/incidents/compaction/claude-code-push-to-main.jsonl',
      '7b0c2d1e-5f4a-4e8b-9c3d-2a1b0c9d8e7f',
      [2, 'compacted_away', 'error'],
      [2, 'compacted_away', 'warning'],
    ),
    flags(
      'a middle cut at 1% fill: the rule and its answer left while the first exchange stayed, no compaction recorded; XML answer',
      'fixtures/invalid/cut-middle-en.jsonl',
      'wo-i-cut-middle-en',
      [3, 'cut_out', 'error'],
    ),
    flags(
      'the system prompt holding "Never use emoji" left while the history stayed; emoji answer',
      'fixtures/invalid/cut-system-prompt-en.jsonl',
      'wo-i-cut-system-en',
      [2, 'cut_out', 'error'],
    ),
    flags(
      'the user\'s first request ("under 40 words") left while the answer to it stayed; short answers: warning',
      'fixtures/invalid/cut-first-request-en.jsonl',
      'wo-i-cut-first-en',
      [2, 'cut_out', 'warning'],
    ),
    flags('German: "nie XML" trimmed out near the window, XML answer', 'fixtures/invalid/evicted-de.jsonl', 'wo-i-de', [4, 'constraint_evicted', 'error']),
    flags('Japanese: "50文字以内" trimmed out near the window, a long answer', 'fixtures/invalid/evicted-length-ja.jsonl', 'wo-i-ja', [
      4,
      'constraint_evicted',
      'error',
    ]),
    flags('incident (English): "Never use XML" dropped at turn 31 at 75% fill, XML answer at turn 33', INCIDENT_EN, 'wo-incident-en', [
      31,
      'constraint_evicted',
      'error',
    ]),
    // the English incident's twin (17.6 MB with it): test:slow only
    {
      ...flags('incident (Chinese): "回答里永远不要使用XML格式" dropped at turn 31, XML answer at turn 33', INCIDENT_ZH, 'wo-incident-zh', [
        31,
        'constraint_evicted',
        'error',
      ]),
      ...EXHAUSTIVE,
    },
    flags('"use bullet lists, never tables" dropped at turn 5, table in the same turn', 'fixtures/invalid/evicted-table-en.jsonl', 'wo-i-table-en', [
      5,
      'constraint_evicted',
      'error',
    ]),
    flags('"请用中文回答" dropped at turn 3, answers stay Chinese: warning', 'fixtures/invalid/evicted-language-zh.jsonl', 'wo-i-lang-zh', [
      3,
      'constraint_evicted',
      'warning',
    ]),
    flags(
      'the memory ranked 1st with top_k 1 was injected by the retrieval (rank decides, not its lower score), yet the prompt lacks it',
      'fixtures/invalid/memory-ranked-first-en.jsonl',
      'wo-i-rank-en',
      [3, 'memory_not_injected', 'error'],
    ),
    flags('preference saved to memory m12, never injected after truncation; emoji answer', 'fixtures/invalid/memory-not-injected-en.jsonl', 'wo-i-mem-en', [
      3,
      'memory_not_injected',
      'error',
    ]),
    {
      // "never use XML" leaves at turn 3 at 57% of the app's largest prompt (no pressure: not reported);
      // "under 60 words" leaves at turn 5, when the next prompt would have passed that largest prompt
      name: 'two constraints dropped at different turns, file lines in reverse order: only the drop under pressure',
      files: ['fixtures/invalid/two-constraints-reversed-en.jsonl'],
      expected: [{ session: 'wo-i-two-en', turn: 5, cause: 'constraint_evicted', severity: 'error' }],
    },
    flags(
      "old turns replaced by a summary without the constraint when the next prompt would pass the app's largest; unknown window",
      'fixtures/invalid/summarized-en.jsonl',
      'wo-i-summary-en',
      [3, 'constraint_evicted', 'error'],
    ),
    flags(
      'restated once then lost; stated again ("我说过...") and lost again (Chinese)',
      'fixtures/invalid/lost-twice-zh.jsonl',
      'wo-i-twice-zh',
      [4, 'constraint_evicted', 'error'],
      [9, 'constraint_evicted', 'warning'],
    ),
  ],
});

describe('window-overflow: the incident finding in detail', () => {
  it('reports fill, window, composition, dropped messages and the evidence chain (English)', async () => {
    const [f] = await analyzeFiles([analyzer], [`${import.meta.dirname}/${INCIDENT_EN}`]);
    const d = f.detail as Record<string, any>;
    expect(d.constraint).toBe('format:no-xml');
    expect(d.stated_turn).toBe(1);
    expect(d.context_limit).toBe(128000);
    expect(d.fill).toBeCloseTo(d.prompt_tokens / 128000, 3);
    expect(d.fill).toBeGreaterThan(0.72);
    expect(d.fill).toBeLessThan(0.78);
    // about 1850 / 3200 / 68900 / 21100 / 420 of 95470, counted with tiktoken
    const c = d.composition;
    expect(Math.abs(c.system - 1850)).toBeLessThan(100);
    expect(Math.abs(c.task_context - 3200)).toBeLessThan(150);
    expect(Math.abs(c.history - 68900)).toBeLessThan(2000);
    expect(Math.abs(c.tool_results - 21100)).toBeLessThan(1000);
    expect(Math.abs(c.latest_user - 420)).toBeLessThan(60);
    expect(c.total).toBe(c.system + c.task_context + c.history + c.tool_results + c.latest_user);
    expect(Math.abs(c.total - d.prompt_tokens)).toBeLessThanOrEqual(3); // the 3 reply-priming tokens
    expect(d.dropped_messages).toBeGreaterThan(0);
    expect(d.violation).toMatchObject({ turn: 33 });
    expect(f.evidence.map((e) => [e.role, e.turn])).toEqual([
      ['user_input', 1],
      ['context', 31],
      ['context', 31],
      ['response', 33],
    ]);
    expect(f.evidence[0].text).toMatch(/never use XML/);
    expect(f.evidence[2].detail).toMatchObject({ composition: c, context_limit: 128000 });
    expect(f.title).toMatch(
      /^Constraint "never use XML in your answers" \(turn 1\) dropped from the prompt at turn 31: 95,\d{3} \/ 128,000 tokens \(75%\) \(near the model's window\); .*XML/,
    );
  });

  it('names the memory that was not injected', async () => {
    const [f] = await analyzeFiles([analyzer], [`${import.meta.dirname}/fixtures/invalid/memory-not-injected-en.jsonl`]);
    expect(f.detail).toMatchObject({ memory_id: 'm12', source: 'user' });
    expect(f.evidence.map((e) => e.role)).toEqual(['user_input', 'write', 'context', 'context', 'response']);
    expect(f.fix).toMatch(/m12/);
  });
});

describe('composition()', () => {
  const req = (msgs: [string, number][]): RequestView => ({
    model: 'gpt-4o',
    encoding: 'o200k_base',
    messages: msgs.map(([role, tokens], i) => ({ id: i, role, tokens, text: '', raw: {} })),
    localTokens: 0,
    reportedTokens: null,
    promptTokens: 0,
    contextLimit: null,
  });
  it('splits system, task context, history, tool results and the latest user message', () => {
    const c = composition(
      req([
        ['system', 100],
        ['developer', 30],
        ['user', 5],
        ['assistant', 7],
        ['tool', 50],
        ['system', 20],
        ['assistant', 9],
        ['user', 11],
      ]),
    );
    expect(c).toEqual({ system: 100, task_context: 50, history: 21, tool_results: 50, latest_user: 11, total: 232 });
  });
  it('counts a request without a system message as history and latest user only', () => {
    expect(
      composition(
        req([
          ['user', 4],
          ['assistant', 6],
          ['user', 3],
        ]),
      ),
    ).toEqual({
      system: 0,
      task_context: 0,
      history: 10,
      tool_results: 0,
      latest_user: 3,
      total: 13,
    });
  });
});

describe('window-overflow: long sessions', () => {
  it('follows a constraint through 2,000 requests of 200 messages to the one request that dropped it (its cost is measured by npm run bench)', () => {
    const events: SessionEvent[] = [];
    const msg = (id: number, role: string, text: string): MessageView => ({ id, role, text, tokens: 50, raw: {} });
    const system = msg(1, 'system', 'You are a helpful assistant.');
    const rule = msg(2, 'user', 'Never use XML in your answers.');
    let seq = 0;
    for (let r = 0; r < 2000; r++) {
      const history: MessageView[] = [];
      for (let k = Math.max(0, r - 99); k <= r; k++)
        history.push(msg(10 + 2 * k, 'user', `question ${k}`), msg(11 + 2 * k, 'assistant', `answer ${k} `.repeat(20)));
      const messages = r < 1500 ? [system, rule, ...history] : [system, ...history];
      events.push({
        seq: seq++,
        rowid: seq,
        kind: 'request',
        ts: r * 1000,
        turn: r,
        actor: null,
        scope: null,
        eventId: null,
        source: `big.jsonl:${seq}`,
        body: { kind: 'request' },
        request: { model: 'gpt-4o', encoding: 'o200k_base', messages, localTokens: 0, reportedTokens: null, promptTokens: 10_000, contextLimit: 12_000 },
      });
      events.push({
        seq: seq++,
        rowid: seq,
        kind: 'response',
        ts: r * 1000 + 500,
        turn: r,
        actor: null,
        scope: null,
        eventId: null,
        source: `big.jsonl:${seq}`,
        body: { content: `answer ${r}` },
      });
    }
    const drafts = analyzer.run({ session: { session: 'big', events }, options: optionDefaults(analyzer.meta) as never });
    expect(drafts.map((d) => [d.cause, d.turn])).toEqual([['constraint_evicted', 1500]]);
  });
});

describe('compacted_away: the evidence chain runs from the user’s words through the compaction to the breaking action', () => {
  it('each step at its file:line, the compaction and the push among them', async () => {
    const found = await analyzeFiles(
      [analyzer],
      ['../../../fixtures/incidents/compaction/claude-code-push-to-main.jsonl'].map((f) => `${import.meta.dirname}/${f}`),
    );
    const push = found.find((f) => f.severity === 'error')!;
    expect(push.detail).toMatchObject({ constraint: 'directive:not push main', survival: 'absent', compaction: { trigger: 'auto', tokens_before: 168012 } });
    const where = push.evidence.map((e) => [e.role, e.source.replace(/^.*\//, '')]);
    expect(where).toEqual([
      ['user_input', 'claude-code-push-to-main.jsonl:2'],
      ['context', 'claude-code-push-to-main.jsonl:9'],
      ['context', 'claude-code-push-to-main.jsonl:10'],
      ['context', 'claude-code-push-to-main.jsonl:13'],
      ['tool', 'claude-code-push-to-main.jsonl:13'],
    ]);
    expect(push.evidence[4].text).toBe('git push origin main');
    expect(push.title).toMatch(/did not survive the auto compaction.*; then the agent broke it at turn 2: ran `git push origin main`$/);
    expect(push.detail?.violation).toEqual({ turn: 2, reason: 'ran `git push origin main`', kind: 'tool_call' });
    expect(push.evidence[4].detail).toEqual({ violation: 'ran `git push origin main`', key: 'directive:not push main' });
    // the instruction lost and not broken: a warning, no violation, no breaking step
    const kept = found.find((f) => f.severity === 'warning')!;
    expect(kept.detail?.violation).toBeNull();
    expect(kept.title).not.toMatch(/broke it/);
    expect(kept.evidence.map((e) => e.role)).not.toContain('tool');
  });
});

describe('cut_out: which messages left is read from the two prompts, not assumed', () => {
  it('names the shape, the messages that left, and the two requests at file:line', async () => {
    const [f] = await analyzeFiles([analyzer], [`${import.meta.dirname}/fixtures/invalid/cut-middle-en.jsonl`]);
    expect(f.detail).toMatchObject({
      constraint: 'format:no-xml',
      source: 'user',
      cut: { shape: 'middle', removed_messages: 2, before_turn: 2, after_turn: 3 },
    });
    expect(f.evidence.map((e) => [e.role, e.source.replace(/^.*\//, '')])).toEqual([
      ['user_input', 'cut-middle-en.jsonl:3'],
      ['context', 'cut-middle-en.jsonl:5'],
      ['context', 'cut-middle-en.jsonl:7'],
      ['response', 'cut-middle-en.jsonl:10'],
    ]);
    expect(f.evidence[2].detail).toMatchObject({ removed_roles: ['user', 'assistant'] });
    expect(f.detail?.violation).toMatchObject({ turn: 4, kind: 'response', reason: expect.stringMatching(/^answered in XML/) });
    expect(f.title).toMatch(/no compaction recorded; then the agent broke it at turn 4: answered in XML/);
  });

  it('reads the system prompt as the carrier when it is the system prompt that left', async () => {
    const [f] = await analyzeFiles([analyzer], [`${import.meta.dirname}/fixtures/invalid/cut-system-prompt-en.jsonl`]);
    expect(f.detail).toMatchObject({ constraint: 'emoji:none', source: 'system', cut: { shape: 'system_prompt' } });
  });
});
