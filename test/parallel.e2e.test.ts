import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, FIXTURES, json, query, tmpdir } from './helpers.js';
import { EXHAUSTIVE, SLOW } from './tier.js';

// Analysis runs on worker threads, a batch of sessions at a time; the report must be the very
// document the single-threaded run gives, whatever the number of workers.
// npm test compares on fixtures/incidents (every analyzer's incidents, both languages, and their
// look-alikes: enough sessions for uneven batches); test:slow on the whole fixtures/ folder, every format.
const INPUT = SLOW ? FIXTURES : path.join(FIXTURES, 'incidents');

describe('parallel analysis', () => {
  const first = cli(['triage', INPUT, '--format', 'json', '--no-progress'], { env: { AMNESIA_WORKERS: '1' } });
  const single = json(first);

  it('finds something to compare (the fixtures hold one incident per analyzer and language)', () => {
    expect(single.findings.length).toBeGreaterThan(10);
    const analyzers = new Set(single.findings.map((f: { analyzer: string }) => f.analyzer));
    expect([...analyzers]).toEqual(expect.arrayContaining(['concurrent-overwrite', 'lost-write', 'recall-mismatch', 'tool-drift', 'window-overflow']));
  });

  // npm test: 3 workers (uneven batches) on the incidents; test:slow: 2, 3 and 5 on every fixture
  it.each(SLOW ? ['2', '3', '5'] : ['3'])('gives the same findings, in the same order, on %s workers', EXHAUSTIVE, (n) => {
    const r = cli(['triage', INPUT, '--format', 'json', '--no-progress'], {
      env: { AMNESIA_WORKERS: n, AMNESIA_PARALLEL_MIN_SESSIONS: '2' },
    });
    expect(r.code).toBe(first.code);
    expect(json(r)).toEqual(single);
  });

  it('stores the findings and their fingerprint, so show and a second analyze reuse them', () => {
    const db = path.join(tmpdir(), 'evidence.db');
    expect(cli(['ingest', INPUT, '--db', db, '--no-progress']).code).toBe(0);
    const env = { AMNESIA_WORKERS: '2', AMNESIA_PARALLEL_MIN_SESSIONS: '2' };
    const analyzed = json(cli(['analyze', '--db', db, '--format', 'json'], { env }));
    expect(analyzed).toEqual(single);
    expect(query(db, 'SELECT count(*) AS n FROM findings')[0].n).toBe(single.findings.length);
    expect(query(db, 'SELECT count(*) AS n FROM analysis_state WHERE fingerprint IS NOT NULL')[0].n).toBe(1);
    const id = single.findings[0].id as string;
    const shown = cli(['show', id, '--db', db, '--format', 'json'], { env });
    expect(shown.code).toBe(0);
    expect(json(shown).id ?? json(shown).findings?.[0]?.id).toBe(id);
  });
});
