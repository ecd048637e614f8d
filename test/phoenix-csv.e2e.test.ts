import { describe, expect, it } from 'vitest';
import { tmpdir } from './helpers.js';
import { ingestReal, sessionView, write } from './real-samples.js';

// Phoenix's retrieved-documents table (get_retrieved_documents().to_csv()): the index columns first
const HEADER = 'context.span_id,document_position,context.trace_id,input,document,document_score,document_metadata';
const rows = [
  'ret-b,0,tr-9,where is my order?,Orders ship in 2 days.,0.82,"{""source"": ""faq.md""}"',
  'ret-b,1,tr-9,where is my order?,Returns take 30 days.,0.61,{}',
  'ret-a,0,tr-9,hello,Greeting policy.,,',
];

describe("Phoenix's retrieved-documents table saved as CSV", () => {
  it('with a start_time column added: one retrieval per span, ids from span and position, ranks, scores (absent when empty), metadata; the trace is the session', () => {
    const f = write(
      tmpdir(),
      'docs.csv',
      [`${HEADER},start_time`, `${rows[0]},2026-03-02 10:05:00`, `${rows[1]},2026-03-02 10:05:00`, `${rows[2]},2026-03-02 10:00:00`].join('\n') + '\n',
    );
    const { r, summary, events } = ingestReal([f]);
    expect(r.code).toBe(0);
    expect(summary.files[0].format).toBe('csv');
    expect(r.stderr).toMatch(/session from context\.trace_id \(no session column\) \(2\)/);
    expect(sessionView(events, 'tr-9')).toMatchObject({ turns: [0], retrievals: [['ret-a#0'], ['ret-b#0', 'ret-b#1']] });
    const b = events.find((e) => e.retrieval_id === 'ret-b')!;
    expect([b.query, b.ts]).toEqual(['where is my order?', '2026-03-02T10:05:00.000Z']);
    expect(b.candidates).toEqual([
      { id: 'ret-b#0', score: 0.82, rank: 1, text: 'Orders ship in 2 days.', metadata: { source: 'faq.md' } },
      { id: 'ret-b#1', score: 0.61, rank: 2, text: 'Returns take 30 days.', metadata: {} },
    ]);
    expect(events.find((e) => e.retrieval_id === 'ret-a')!.candidates).toEqual([{ id: 'ret-a#0', rank: 1, text: 'Greeting policy.' }]);
  });

  it('as Phoenix writes it (no time column): every row refused with one line naming the column to add, exit 2 from triage', () => {
    const f = write(tmpdir(), 'docs.csv', [HEADER, ...rows].join('\n') + '\n');
    const { summary } = ingestReal([f]);
    expect(summary.files[0].format).toBe('csv');
    expect(summary.events).toBe(0);
    expect(summary.bad_samples[0].reason).toMatch(
      /lacks required column\(s\): ts \(timestamp, start_time: Phoenix's retrieved-documents table has none; add the retriever spans' start_time\)/,
    );
  });
});
