import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore, type Db } from '../../store/connection.js';
import { ingest } from '../../ingest/pipeline.js';
import { resolveInputs } from '../../ingest/inputs.js';
import { analyzeStore } from '../../analyzers/run.js';
import { analyzer as concurrentOverwrite } from '../../analyzers/concurrent-overwrite/index.js';
import { analyzer as lostWrite } from '../../analyzers/lost-write/index.js';
import { analyzer as recallMismatch } from '../../analyzers/recall-mismatch/index.js';
import { analyzer as windowOverflow } from '../../analyzers/window-overflow/index.js';
import { replayStore, type ReplayReport } from './replay.js';
import { EXHAUSTIVE, SLOW } from '../../../test/tier.js';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../..');
const INCIDENTS = path.join(ROOT, 'fixtures', 'incidents');
/** all five, imported directly: this test does not depend on the registry */

let dir: string;
const reports = new Map<string, ReplayReport>();

async function store(file: string, inputs: string[]): Promise<Db> {
  const db = openStore(file);
  await ingest(db, { inputs: await resolveInputs(inputs), progress: false });
  return db;
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'amnesia-replay-'));
  const db = await store(path.join(dir, 'incidents.db'), [INCIDENTS]);
  try {
    for (const r of replayStore(db, { keepEvents: true })) reports.set(r.session, r);
  } finally {
    db.close();
  }
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** session of each bundled incident -> the analyzer whose finding it is about */
const CASES: [string, string][] = [
  ['wo-incident-en', 'window-overflow'],
  ['wo-incident-zh', 'window-overflow'],
  ['recall-incident-en', 'recall-mismatch'],
  ['recall-incident-zh', 'recall-mismatch'],
  ['recall-incident-csv-en', 'recall-mismatch'],
  ['s7', 'lost-write'],
  ['s7-en', 'lost-write'],
  ['team-run-en', 'concurrent-overwrite'],
  ['team-run-zh', 'concurrent-overwrite'],
  ['td-incident-en', 'tool-drift'],
  ['td-incident-zh', 'tool-drift'],
];

describe('replay of the bundled incidents', () => {
  it.each(CASES)('%s: the %s finding is prevented by the reference design', (session, analyzer) => {
    const r = reports.get(session)!;
    expect(r, `no replay of ${session}`).toBeDefined();
    const mine = r.findings.filter((f) => f.analyzer === analyzer);
    expect(mine.length).toBeGreaterThan(0);
    // every memory failure is prevented; an instruction the prompt carried and the answer broke
    // (ignored-in-context, beside the Chinese window-overflow incident) is not a memory design's to prevent
    for (const f of r.findings) {
      const memory = f.analyzer !== 'ignored-in-context';
      expect([f.analyzer, f.cause, f.prevented, f.how.length > 20]).toEqual([f.analyzer, f.cause, memory, true]);
    }
  });

  it('puts the recorded prompt next to the reference prompt of every request, under the same window', () => {
    for (const [session] of CASES) {
      const r = reports.get(session)!;
      if (session.includes('csv')) {
        expect(r.turns).toEqual([]); // a retrieval trace has no prompts
        continue;
      }
      expect(r.turns.length).toBeGreaterThan(0);
      for (const t of r.turns) {
        expect(t.recorded.tokens).toBeGreaterThan(0);
        expect(t.reference.tokens).toBeGreaterThan(0);
        expect(t.reference.tokens).toBeLessThanOrEqual(r.context_limit);
        // the reference prompt carries every constraint known so far
        expect(t.reference.constraints.every((c) => c.carried)).toBe(true);
      }
    }
  });

  it('window-overflow: at the turn the recorded prompt lost the constraint, the reference prompt still carries it', () => {
    const r = reports.get('wo-incident-en')!;
    const f = r.findings.find((x) => x.analyzer === 'window-overflow')!;
    const at = r.turns.filter((t) => t.turn === f.turn);
    expect(at.length).toBeGreaterThan(0);
    const xml = (c: { text: string }) => /never use XML/i.test(c.text);
    // the turn's second request (after the tool call) is the first that lost it
    expect(at.some((t) => t.recorded.constraints.some((c) => xml(c) && !c.carried))).toBe(true);
    for (const t of at) expect(t.reference.constraints.some((c) => xml(c) && c.carried)).toBe(true);
    // before that turn the recorded prompts carried it too
    expect(r.turns.filter((t) => t.turn !== null && t.turn > 1 && t.turn < f.turn!).every((t) => t.recorded.constraints.some((c) => xml(c) && c.carried))).toBe(
      true,
    );
    expect(r.context_limit).toBe(128_000);
  });

  it('lost-write: the preference the recorded worker lost is committed before it is acknowledged', () => {
    const r = reports.get('s7-en')!;
    const t3 = r.turns.find((t) => t.turn === 3)!;
    expect(t3.writes.map((w) => [w.memory_type, w.reference])).toContainEqual(['preference', 'committed, then acknowledged (synchronous: a critical memory)']);
    expect(t3.writes.find((w) => w.recorded_write === 'w1')?.recorded).toMatch(/restart: never committed/);
  });

  it("concurrent-overwrite: compare-and-set refuses the stale write and returns it to its writer; the planner's value stands", () => {
    const r = reports.get('team-run-en')!;
    const ops = r.turns.flatMap((t) => t.state);
    expect(ops.filter((o) => o.refused).map((o) => [o.key, o.actor, o.outcome, o.after])).toEqual([['current_task', 'executor', 'returned', 'task_a_done']]);
  });

  it('concurrent-overwrite: an owner violation is refused by field ownership', async () => {
    const file = path.join(dir, 'owner.jsonl');
    const ev = (o: Record<string, unknown>) => JSON.stringify({ session: 'own-1', turn: 1, kind: 'state', key: 'plan', ...o });
    fs.writeFileSync(
      file,
      [
        ev({ ts: '2026-04-20T09:05:00Z', actor: 'planner', op: 'write', value: ['a'], version: 1, owner: 'planner' }),
        ev({ ts: '2026-04-20T09:05:01Z', actor: 'executor', op: 'read', value: ['a'], version: 1 }),
        ev({ ts: '2026-04-20T09:05:02Z', actor: 'executor', op: 'write', value: ['b'], expected_version: 1, version: 2 }),
      ].join('\n'),
    );
    const db = await store(path.join(dir, 'owner.db'), [file]);
    try {
      const [r] = [...replayStore(db)];
      expect(r.findings.map((f) => [f.cause, f.prevented])).toEqual([['owner_violation', true]]);
      expect(r.findings[0].how).toMatch(/^field ownership on plan: executor's write was refused: plan is owned by planner/);
    } finally {
      db.close();
    }
  });

  // npm test: every session but the Chinese window-overflow incident, whose reference events (8 MB
  // of prompts near a 128,000-token window) repeat what the English one's (9 MB) check; test:slow: all
  it("the reference engine's own events are clean for every analyzer that judges prompts, writes and state", EXHAUSTIVE, async () => {
    // tool-drift judges answers, and replayed answers are the recorded ones: it is left out
    const file = path.join(dir, 'reference.jsonl');
    fs.writeFileSync(
      file,
      [...reports.values()]
        .filter((r) => SLOW || r.session !== 'wo-incident-zh')
        .flatMap((r) => r.events ?? [])
        .map((e) => JSON.stringify(e))
        .join('\n') + '\n',
    );
    const db = await store(path.join(dir, 'reference.db'), [file]);
    try {
      const found = [...analyzeStore(db, { analyzers: [concurrentOverwrite, lostWrite, recallMismatch, windowOverflow] })];
      expect(found.map((f) => `${f.session} ${f.analyzer} ${f.cause} turn ${f.turn}: ${f.title}`)).toEqual([]);
    } finally {
      db.close();
    }
  });
});
