import { describe, expect, it, vi } from 'vitest';
import { render } from 'ink-testing-library';
import { Text } from 'ink';
import { ListView } from './ListView.js';
import { Timeline } from './Timeline.js';
import { SearchBar } from './SearchBar.js';
import { Chart } from './Chart.js';
import { Tabs } from './Tabs.js';
import { RawEventView, wrapLines } from './RawEventView.js';
import { KEY, linesOf, press, ready } from '../__tests__/ink.js';
import type { EvidenceStep } from '../../findings/types.js';

describe('ListView', () => {
  it('shows the visible page, the selected row and where it is in the whole list', () => {
    const rows = Array.from({ length: 5 }, (_, i) => `row ${20 + i}`);
    const { lastFrame } = render(
      <ListView rows={rows} total={100_000} top={20} cursor={22} height={5} width={60} header="name" empty="none" renderRow={(r) => <Text>{r}</Text>} />,
    );
    const lines = linesOf(lastFrame());
    expect(lines[0]).toBe('  name');
    expect(lines[1]).toBe('  row 20');
    expect(lines[3]).toBe('› row 22');
    expect(lines.at(-1)).toBe('  21–25 of 100,000');
  });

  it('says why it is empty', () => {
    const { lastFrame } = render(
      <ListView rows={[]} total={0} top={0} cursor={0} height={3} width={40} header="h" empty="no findings match" renderRow={() => null} />,
    );
    expect(lastFrame()).toContain('no findings match');
  });
});

const step = (i: number, role: EvidenceStep['role'], source: string, text: string): EvidenceStep => ({
  step: i,
  role,
  turn: i,
  ts: `2026-03-02T10:00:0${i}.000Z`,
  event: source,
  source,
  text,
  detail: {},
});

describe('Timeline', () => {
  const steps = [
    step(1, 'user_input', 'logs/a.jsonl:13', 'answer with lists'),
    step(2, 'write', 'logs/a.jsonl:14', 'enqueued m77'),
    step(3, 'lifecycle', 'logs/deep/folder/structure/that/is/long/a.jsonl:17', 'memory-worker: restart'),
  ];

  it('draws the evidence chain top to bottom: step, role, turn, time, source, excerpt', () => {
    const lines = linesOf(render(<Timeline steps={steps} cursor={1} width={80} height={10} />).lastFrame());
    expect(lines[0]).toBe('● 1  user_input turn 1   10:00:01     logs/a.jsonl:13');
    expect(lines[1]).toBe('│   answer with lists');
    expect(lines[2]).toMatch(/^▶ 2 {2}write/);
    expect(lines[4]).toContain(' …/');
    expect(lines[4].endsWith('/long/a.jsonl:17')).toBe(true);
    expect([...lines[4]].length).toBeLessThanOrEqual(80);
    expect(lines[5]).toBe('    memory-worker: restart');
  });

  it('a step a model judged (--judge) shows its verdict before the excerpt; the others do not', () => {
    const judged: EvidenceStep[] = [
      steps[0],
      {
        ...step(2, 'context', 'logs/a.jsonl:20', 'The auto compaction: the summary does not state it'),
        judgement: {
          by: 'tiny',
          question: 'instruction-survival',
          prompt_version: '1',
          verdict: 'kept',
          reason: 'It says stay off main.',
          at: '2026-12-03T17:00:00.000Z',
        },
      },
    ];
    const lines = linesOf(render(<Timeline steps={judged} cursor={0} width={120} height={10} />).lastFrame());
    expect(lines[1]).toBe('│   answer with lists');
    expect(lines[3]).toBe('    judged by tiny: kept: It says stay off main. · The auto compaction: the summary does not state it');
  });

  it('scrolls to keep the selected step visible', () => {
    const many = Array.from({ length: 20 }, (_, i) => step(i + 1, 'response', `a.jsonl:${i + 1}`, `answer ${i + 1}`));
    const frame = render(<Timeline steps={many} cursor={17} width={60} height={6} />).lastFrame()!;
    expect(frame).toContain('▶18');
    expect(frame).not.toContain('answer 1\n');
    expect(linesOf(frame)).toHaveLength(6);
  });
});

describe('SearchBar', () => {
  it('edits text and submits it with Enter', async () => {
    const onSubmit = vi.fn();
    const onCancel = vi.fn();
    const r = render(<SearchBar initial="te" active onSubmit={onSubmit} onCancel={onCancel} />);
    const { stdin, lastFrame } = r;
    await ready(r);
    await press(stdin, 'a', 'm', 'x', KEY.backspace, 'q');
    expect(lastFrame()).toContain('/teamq');
    await press(stdin, KEY.enter);
    expect(onSubmit).toHaveBeenCalledWith('teamq');
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('cancels with Esc', async () => {
    const onCancel = vi.fn();
    const r = render(<SearchBar initial="" active onSubmit={() => undefined} onCancel={onCancel} />);
    const { stdin } = r;
    await ready(r);
    await press(stdin, KEY.esc);
    expect(onCancel).toHaveBeenCalled();
  });
});

describe('Chart, Tabs and RawEventView', () => {
  it('draws chart lines segment by segment', () => {
    const frame = render(<Chart lines={[[{ text: 'ab', tone: 'bar' }, { text: 'cd' }], [{ text: 'x' }]]} />).lastFrame();
    expect(linesOf(frame)).toEqual(['abcd', 'x']);
  });

  it('shows tabs with the active one', () => {
    expect(render(<Tabs labels={['Evidence', 'Picture']} active={1} />).lastFrame()).toBe('  Evidence  │  Picture');
  });

  it('wraps long JSON lines and shows where the event came from', () => {
    const json = JSON.stringify({ kind: 'response', content: 'x'.repeat(100) }, null, 2);
    const lines = wrapLines(json, 40);
    expect(lines.every((l) => [...l].length <= 40)).toBe(true);
    expect(lines.join('').replace(/\s+/g, '')).toContain('x'.repeat(90));
    const raw = { kind: 'response', session: 's1', turn: 2, ts: '2026-01-01T00:00:00.000Z', source: 'a.jsonl:7', eventId: null, json };
    const frame = render(<RawEventView raw={raw} lines={lines} scroll={0} width={40} height={10} />).lastFrame()!;
    expect(frame).toContain('response · session s1 · turn 2');
    expect(frame).toContain('source a.jsonl:7');
    expect(frame).toContain('"kind": "response"');
  });

  it('makes terminal escapes in log text visible instead of executing them', () => {
    const lines = wrapLines('{"content": "noted \u001b[2J cleared"}', 80);
    expect(lines[0]).toContain('\\x1b[2J');
    expect(lines[0]).not.toContain('\u001b');
  });
});
