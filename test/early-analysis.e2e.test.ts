// triage analyses quiet sessions while ingest goes on (src/analyzers/speculate.ts) and keeps a
// result only where everything it was computed from is unchanged at the end. These runs compare
// the built binary's report with early analysis and without it, on inputs where early results
// must be thrown away: sessions touched again late in the file, calibration factors that move.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, FIXTURES, query, tmpdir } from './helpers.js';
import { EXHAUSTIVE, sampledByGroup } from './tier.js';

const INCIDENTS = ['concurrent-overwrite', 'lost-write', 'recall-mismatch', 'tool-drift'].flatMap((d) =>
  ['en', 'zh'].map((l) =>
    fs
      .readFileSync(path.join(FIXTURES, 'incidents', d, `${l}.jsonl`), 'utf8')
      .trim()
      .split('\n'),
  ),
);

/** `copies` copies of every incident session, each renamed, one after another (so that they go quiet), then `tail`. */
function log(copies: number, tail: (copy: (line: string, k: number) => string) => string[]): string {
  const copy = (line: string, k: number) =>
    line.replace(/"session":"([^"]+)"/, (_m, s: string) => `"session":"${s}~${k}"`).replace(/"id":"([^"]+)"/g, (_m, s: string) => `"id":"${s}~${k}"`);
  const out: string[] = [];
  for (let k = 0; k < copies; k++) for (const lines of INCIDENTS) for (const l of lines) out.push(copy(l, k));
  out.push(...tail(copy));
  return `${out.join('\n')}\n`;
}

function triage(file: string, early: boolean) {
  const r = cli(['triage', file, '--format', 'json', '--no-progress'], {
    env: { AMNESIA_EARLY_ANALYSIS: early ? '1' : '0', AMNESIA_SPECULATION_STATS: '1', AMNESIA_WORKERS: '2' },
  });
  expect(r.code, r.stderr).toBeLessThan(2);
  const stats = /early analysis: (\d+) of (\d+) sessions kept/.exec(r.stderr);
  return { report: r.stdout, kept: stats ? Number(stats[1]) : null, analysed: stats ? Number(stats[2]) : null };
}

describe('triage: early analysis during ingest', () => {
  it('gives the same report as analysing after ingest, keeping early results that hold', () => {
    const file = path.join(tmpdir(), 'quiet.jsonl');
    fs.writeFileSync(
      file,
      log(40, () => []),
    );
    const late = triage(file, false);
    const early = triage(file, true);
    expect(late.kept).toBeNull();
    expect(early.report).toBe(late.report);
    expect(JSON.parse(early.report).findings.length).toBeGreaterThan(100);
    // most sessions went quiet long before the end of the file, and nothing changed them after
    // how many go early depends on timing (the worker starts while most of this small input is read)
    expect(early.analysed!).toBeGreaterThanOrEqual(1);
    expect(early.kept).toBe(early.analysed);
  });

  it('keeps an early result only where its session, turns, prompts, factors and store answers are unchanged', async () => {
    // driven by hand on the built modules, so that which sessions were analysed early does not depend on timing
    // the built modules (the worker is compiled JavaScript), typed by their sources; the path is
    // computed so that the type check, which runs beside the build, does not look for dist/
    const built = <T>(m: string): Promise<T> => import(new URL(`../dist/${m}`, import.meta.url).href) as Promise<T>;
    const { openStore } = await built<typeof import('../src/store/connection.js')>('store/connection.js');
    const { SessionReader } = await built<typeof import('../src/store/session.js')>('store/session.js');
    const { Speculator } = await built<typeof import('../src/analyzers/speculate.js')>('analyzers/speculate.js');
    const { ANALYZERS } = await built<typeof import('../src/analyzers/registry.js')>('analyzers/registry.js');
    const { runOnSession, storeContext } = await built<typeof import('../src/analyzers/run.js')>('analyzers/run.js');
    const { storedFindings } = await built<typeof import('../src/store/findings.js')>('store/findings.js');
    const dir = tmpdir();
    const db = path.join(dir, 'spec.db');
    const first = path.join(dir, 'first.jsonl');
    fs.writeFileSync(
      first,
      log(6, () => []),
    );
    expect(cli(['ingest', first, '--db', db, '--no-progress']).code).toBe(0);
    const store = openStore(db);
    try {
      const reader = new SessionReader(store);
      const sessions = [...reader.sessionIds()];
      const spec = Speculator.start(store, { analyzers: ANALYZERS.map((a) => a.meta.id), models: {}, options: {} })!;
      const settle = (s: readonly string[]) => [...s];
      spec.touched(new Set(sessions), settle);
      for (let i = 0; i < 3; i++) spec.touched(new Set(), settle); // every session is quiet now
      await spec.drained();
      // later in the input: one more event of an early session, and provider usage that moves
      // qwen-max's calibration factor
      const late = INCIDENTS[0][INCIDENTS[0].length - 1].replace(/"ts":"[^"]+"/, '"ts":"2026-12-01T00:00:00Z"').replace(/"id":"([^"]+)"/, '"id":"late-$1"');
      const tail = path.join(dir, 'tail.jsonl');
      fs.writeFileSync(
        tail,
        [
          late.replace(/"session":"([^"]+)"/, '"session":"$1~0"'),
          JSON.stringify({
            kind: 'request',
            ts: '2026-04-21T09:00:00Z',
            session: 'calibrate',
            model: 'qwen-max',
            messages: [{ role: 'user', content: 'ping' }],
            usage: { input_tokens: 4000 },
          }),
        ].join('\n'),
      );
      expect(cli(['ingest', tail, '--db', db, '--no-progress']).code).toBe(0);
      const { kept, worker, stats } = await spec.finish(new SessionReader(store), storeContext(store));
      await worker?.terminate();
      const touched = /"session":"([^"]+)"/.exec(late)![1] + '~0';
      // the sessions with a qwen-max request of their own without usage: scaled by the factor
      const scaled = query<{ session: string }>(db, "SELECT DISTINCT session FROM requests WHERE model = 'qwen-max' AND usage_input_tokens IS NULL").map(
        (r) => r.session,
      );
      expect(scaled.length).toBe(12); // team-run-zh and recall-incident-zh, 6 copies each
      expect(stats.analysed).toBe(sessions.length);
      expect(kept.has(touched)).toBe(false);
      for (const s of scaled) expect(kept.has(s), s).toBe(false);
      expect(kept.size).toBe(sessions.length - 1 - scaled.length);
      // the findings table holds the kept sessions' early findings and nothing else, and they are
      // what analysing the store as it is now gives
      const stored = [...storedFindings(store)];
      for (const f of stored) expect(kept.has(f.session), f.session).toBe(true);
      const now = new SessionReader(store);
      const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : 1);
      for (const s of kept) {
        expect(stored.filter((f) => f.session === s).sort(byId), s).toEqual(runOnSession(ANALYZERS, now.load(s), {}, storeContext(store)).sort(byId));
      }
      expect(stored.length).toBeGreaterThan(20);
    } finally {
      store.close();
    }
  });

  it('a worker that runs out of its heap leaves its sessions to the main thread, with the same report', () => {
    // a 4 MB heap is too small for the worker's own modules, so a small input (16 sessions, split
    // between the worker and the main thread) reaches the same path as a large one
    const file = path.join(tmpdir(), 'oom.jsonl');
    fs.writeFileSync(
      file,
      log(2, () => []),
    );
    const single = cli(['triage', file, '--format', 'json', '--no-progress'], { env: { AMNESIA_WORKERS: '1' } });
    const starved = cli(['triage', file, '--format', 'json', '--no-progress'], {
      env: { AMNESIA_WORKERS: '2', AMNESIA_WORKER_HEAP_MB: '4', AMNESIA_PARALLEL_MIN_SESSIONS: '1' },
    });
    expect(starved.code, starved.stderr).toBe(single.code);
    expect(starved.stderr).toMatch(/analysis worker stopped \(.*\); its sessions are analysed on the main thread/);
    expect(starved.stdout).toBe(single.stdout);
  });

  // npm test: every exporter's folder, 6 files of each at most (Langfuse's 20 framework traces are
  // most of the bytes); test:slow: every file
  it('on files real exporters wrote, triage (one pass, hashed while read) reports what ingest into a store and analyze report', EXHAUSTIVE, () => {
    // every sample of fixtures/real/ (see the SOURCES.md beside each) that a format reads
    const every = ['langfuse', 'litellm', 'phoenix', 'generated/samples'].flatMap((d) =>
      fs
        .readdirSync(path.join(FIXTURES, 'real', d))
        .filter((f) => /\.jsonl?$/.test(f))
        .map((f) => path.join(FIXTURES, 'real', d, f)),
    );
    expect(every.length).toBeGreaterThan(25);
    const real = sampledByGroup(every, (f) => path.dirname(f), 6, 7);
    // (the real traces hold no fault; an incident beside them gives the reports findings to agree on)
    real.push(path.join(FIXTURES, 'incidents', 'tool-drift', 'en.jsonl'));
    const db = path.join(tmpdir(), 'real.db');
    const ingested = cli(['ingest', ...real, '--db', db, '--no-progress']);
    expect(ingested.code, ingested.stderr).toBe(0);
    const analyzed = cli(['analyze', '--db', db, '--format', 'json']);
    const triaged = cli(['triage', ...real, '--format', 'json', '--no-progress']);
    expect(triaged.code, triaged.stderr).toBe(analyzed.code);
    const doc = (out: string) => JSON.parse(out) as { summary: { sessions: number; events: number }; findings: { id: string }[] };
    expect(doc(triaged.stdout).summary).toEqual(doc(analyzed.stdout).summary);
    expect(doc(triaged.stdout).summary.events).toBeGreaterThan(100);
    expect(doc(triaged.stdout).findings.length).toBeGreaterThan(0);
    expect(doc(triaged.stdout).findings).toEqual(doc(analyzed.stdout).findings);
    // the same file twice in one triage: read twice, counted once
    const twice = cli(['triage', real[0], real[0], '--format', 'json', '--no-progress']);
    const once = cli(['triage', real[0], '--format', 'json', '--no-progress']);
    expect(doc(twice.stdout).summary).toEqual(doc(once.stdout).summary);
  });
});
