import { describe, expect, it } from 'vitest';
import { analyzeFiles, testAnalyzer, flags } from '../../../test/analyzer-tester.js';
import type { SessionEvent } from '../../store/session.js';
import { optionDefaults } from '../define.js';
import { analyzer } from './index.js';

const INCIDENT_EN = '../../../fixtures/incidents/tool-drift/en.jsonl';
const INCIDENT_ZH = '../../../fixtures/incidents/tool-drift/zh.jsonl';

testAnalyzer(analyzer, import.meta.dirname, {
  valid: [
    { name: 'French: the user withdrew "no emoji" before the emoji tool result', files: ['fixtures/valid/withdrawn-fr.jsonl'] },
    { name: 'Portuguese: an explicit one-off translation into English after the tool', files: ['fixtures/valid/translation-request-pt.jsonl'] },
    { name: "Traditional Chinese: the user's own habit, not a preference", files: ['fixtures/valid/own-habit-zh-hant.jsonl'] },
    { name: 'loud tool result the answer did not take on (English)', files: ['fixtures/valid/loud-tool-ignored-en.jsonl'] },
    { name: 'loud tool result the answer did not take on (Chinese)', files: ['fixtures/valid/loud-tool-ignored-zh.jsonl'] },
    { name: 'emoji after a loud tool when nobody asked for no emoji', files: ['fixtures/valid/emoji-no-preference-en.jsonl'] },
    { name: 'answers already broke "不要用表情符号" before any tool', files: ['fixtures/valid/already-violating-zh.jsonl'] },
    { name: 'a long answer with no tool result before it', files: ['fixtures/valid/no-tool-en.jsonl'] },
    { name: '"I never use emoji myself" is not a preference', files: ['fixtures/valid/self-statement-en.jsonl'] },
    { name: 'emoji in the answer, but the tool output had none', files: ['fixtures/valid/plain-tool-en.jsonl'] },
    { name: 'preference taken back ("可以用表情") before the tool', files: ['fixtures/valid/permission-zh.jsonl'] },
    { name: '"forget what I said before" (no topic named) withdraws the word limit too', files: ['fixtures/valid/withdrawn-everything-en.jsonl'] },
    {
      name: 'lists asked for; the tool returned log lines (records, not prose); a prose answer took no style from them',
      files: ['fixtures/valid/log-lines-not-prose-en.jsonl'],
    },
    { name: 'no tables; the latest message asks for the report verbatim, and the answer is its table', files: ['fixtures/valid/verbatim-request-en.jsonl'] },
    {
      name: 'Chinese: no tables; the latest message asks for the report 原样, and the answer is its table',
      files: ['fixtures/valid/verbatim-request-zh.jsonl'],
    },
  ],
  invalid: [
    flags(
      'German: "immer auf Deutsch" stated with the task; the first answer after an English page is English (and the next)',
      'fixtures/invalid/language-same-message-de.jsonl',
      'td-i-lang-de',
      [0, 'language_after_tool'],
    ),
    flags('Japanese: no emoji honoured three times, then an emoji tool result', 'fixtures/invalid/emoji-ja.jsonl', 'td-i-emoji-ja', [3, 'emoji_after_tool']),
    flags('Spanish: lists asked for; after a prose page the answer is prose', 'fixtures/invalid/prose-es.jsonl', 'td-i-prose-es', [
      3,
      'style_drift_after_tool',
    ]),
    flags(
      'incident (English): "Be concise, and no emoji please", then a loud web search',
      INCIDENT_EN,
      'td-incident-en',
      [3, 'emoji_after_tool'],
      [3, 'length_after_tool'],
    ),
    flags(
      'incident (Chinese): "简洁一点，不要用表情符号", then a loud web search',
      INCIDENT_ZH,
      'td-incident-zh',
      [3, 'emoji_after_tool'],
      [3, 'length_after_tool'],
    ),
    flags('"请用中文回答", English specs from the tool, English answer', 'fixtures/invalid/language-zh.jsonl', 'td-i-lang-zh', [1, 'language_after_tool']),
    flags('"请用正式的语气回答", marketing copy from the tool, loud answer', 'fixtures/invalid/formal-zh.jsonl', 'td-i-formal-zh', [
      2,
      'style_drift_after_tool',
    ]),
    flags(
      '"under 50 words", a long tool output seen only as a tool message in the request',
      'fixtures/invalid/length-message-only-en.jsonl',
      'td-i-length-en',
      [2, 'length_after_tool'],
    ),
    flags('"用列表，不要用表格", a table from the tool copied into the answer', 'fixtures/invalid/table-zh.jsonl', 'td-i-table-zh', [
      2,
      'style_drift_after_tool',
    ]),
    flags(
      'preference from a memory write; two drift onsets with a compliant answer in between',
      'fixtures/invalid/two-onsets-memory-en.jsonl',
      'td-i-twice-en',
      [1, 'emoji_after_tool'],
      [3, 'emoji_after_tool'],
    ),
    flags(
      'Russian: "не длиннее 40 слов"; a long Russian policy from the tool, a long answer (Cyrillic words are words)',
      'fixtures/invalid/length-cyrillic-ru.jsonl',
      'td-i-length-ru',
      [1, 'length_after_tool'],
    ),
    flags('"No exclamation marks", loud tool, lines shuffled in the file', 'fixtures/invalid/exclamations-shuffled-en.jsonl', 'td-i-excl-en', [
      1,
      'style_drift_after_tool',
    ]),
  ],
});

describe('tool-drift: the incident finding in detail', () => {
  it('shows the preference, the compliant answer, the tool call and result, and the drifted answer', async () => {
    const findings = await analyzeFiles([analyzer], [`${import.meta.dirname}/${INCIDENT_EN}`]);
    const f = findings.find((x) => x.cause === 'emoji_after_tool')!;
    expect(f.evidence.map((e) => [e.role, e.turn])).toEqual([
      ['user_input', 0],
      ['response', 2],
      ['tool', 3],
      ['tool', 3],
      ['response', 3],
    ]);
    expect(f.evidence[0].text).toMatch(/no emoji/);
    expect(f.evidence[3].detail).toMatchObject({ name: 'web_search', from: 'tool_result' });
    expect((f.evidence[3].detail as any).style.emoji).toBeGreaterThan(20);
    expect((f.evidence[3].detail as any).style.exclamations).toBeGreaterThan(20);
    expect((f.evidence[4].detail as any).style.emoji).toBeGreaterThan(5);
    expect(f.detail).toMatchObject({
      preference: 'emoji:none',
      metric: 'emoji',
      before: 0,
      compliant_before: 3,
      drifted_responses: 2,
      tool_name: 'web_search',
    });
    expect((f.detail as any).tool).toBeGreaterThan(20);
    expect(f.title).toMatch(/^Response at turn 3 broke "Be concise, and no emoji please" \(turn 0\) right after web_search returned \d+ emoji/);

    const len = findings.find((x) => x.cause === 'length_after_tool')!;
    expect(len.detail).toMatchObject({ preference: 'length:concise', metric: 'words', drifted_responses: 1 });
    expect((len.detail as any).after).toBeGreaterThan(150);
    expect((len.detail as any).before).toBeLessThan(50);
  });

  it('honours the conciseMaxWords option', async () => {
    const findings = await analyzeFiles([analyzer], [`${import.meta.dirname}/${INCIDENT_EN}`], { 'tool-drift': { conciseMaxWords: 400 } });
    expect(findings.map((f) => f.cause)).toEqual(['emoji_after_tool']);
  });
});

describe('tool-drift: long sessions', () => {
  it('measures 5,000 responses and tool results and finds the one onset (speed: npm run bench)', () => {
    const events: SessionEvent[] = [];
    let seq = 0;
    const ev = (kind: string, turn: number, body: Record<string, unknown>, request?: SessionEvent['request']): SessionEvent => ({
      seq: seq++,
      rowid: seq,
      kind,
      ts: seq * 10,
      turn,
      actor: null,
      scope: null,
      eventId: null,
      source: `big.jsonl:${seq}`,
      body,
      request,
    });
    const user = { id: 1, role: 'user', text: 'No emoji in your answers, please.', tokens: 9, raw: {} };
    events.push(
      ev(
        'request',
        0,
        {},
        { model: 'gpt-4o', encoding: 'o200k_base', messages: [user], localTokens: 9, reportedTokens: null, promptTokens: 9, contextLimit: 128000 },
      ),
    );
    for (let t = 0; t < 5000; t++) {
      events.push(ev('tool_result', t, { call_id: `c${t}`, content: t === 4000 ? 'SALE 🚀🔥 today only!!!' : `row ${t}: plain data, nothing loud here.` }));
      events.push(ev('response', t, { content: t >= 4000 && t < 4003 ? `Deal 🚀 ${t}` : `Plain answer number ${t}, with a few words in it.` }));
    }
    const drafts = analyzer.run({ session: { session: 'big', events }, options: optionDefaults(analyzer.meta) as never });
    expect(drafts.map((d) => [d.cause, d.turn, (d.detail as any).drifted_responses])).toEqual([['emoji_after_tool', 4000, 3]]);
  });
});
