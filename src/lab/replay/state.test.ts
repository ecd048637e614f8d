/**
 * Replay's shared state (issue 34, overclaims): a write compare-and-set refused as stale is merged
 * field by field or returned to its writer, never re-applied over the newer value; a
 * concurrent-overwrite finding is prevented only when the reference state still holds the value
 * the recorded run lost.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../store/connection.js';
import { ingest } from '../../ingest/pipeline.js';
import { resolveInputs } from '../../ingest/inputs.js';
import { replayStore, type ReplayReport } from './replay.js';
import { mergeStale } from './merge.js';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../..');
let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'amnesia-replay-state-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function replay(files: string[]): Promise<ReplayReport[]> {
  const db = openStore(path.join(dir, `${path.basename(files[0])}-${Math.random().toString(36).slice(2)}.db`));
  try {
    await ingest(db, { inputs: await resolveInputs(files), progress: false });
    return [...replayStore(db)];
  } finally {
    db.close();
  }
}

function lines(name: string, events: Record<string, unknown>[]): string {
  const file = path.join(dir, `${name}.jsonl`);
  fs.writeFileSync(file, `${events.map((e) => JSON.stringify({ kind: 'state', session: name, turn: 1, ...e })).join('\n')}\n`);
  return file;
}

const ops = (r: ReplayReport) => r.turns.flatMap((t) => t.state);

describe('mergeStale', () => {
  it('returns a whole-value write when the value changed since its writer read it', () => {
    expect(mergeStale({ value: 'task_a' }, 'task_b', 'task_a_done')).toMatchObject({ outcome: 'returned', clash: [''] });
  });
  it('merges a write whose fields did not change since', () => {
    expect(mergeStale({ value: { a: 1, b: 1 } }, { a: 1, b: 2 }, { a: 2, b: 1 })).toEqual({
      outcome: 'merged',
      value: { a: 2, b: 2 },
      mine: ['b'],
      theirs: ['a'],
    });
  });
  it('returns a write that changed a field changed since', () => {
    expect(mergeStale({ value: { a: 1, b: 1 } }, { a: 3, b: 2 }, { a: 2, b: 1 })).toMatchObject({ outcome: 'returned', clash: ['a'] });
  });
  it('the same change on both sides is no clash; a removed field stays removed', () => {
    expect(mergeStale({ value: { a: 1, b: 1, c: 1 } }, { a: 2, b: 1 }, { a: 2, b: 5, c: 1 })).toMatchObject({ outcome: 'merged', value: { a: 2, b: 5 } });
  });
  it('returns a write whose writer never read the field (what it changed is unknown)', () => {
    expect(mergeStale(null, { a: 1 }, { a: 2 })).toMatchObject({ outcome: 'returned' });
  });
  it('merges a scalar write when nothing changed since its read', () => {
    expect(mergeStale({ value: 'x' }, 'y', 'x')).toMatchObject({ outcome: 'merged', value: 'y' });
  });
});

describe('replay of a stale shared-state write', () => {
  it('the bundled incidents: the executor\'s stale "task_b" is returned and the planner\'s "task_a_done" stands', async () => {
    const [en] = await replay([path.join(ROOT, 'fixtures/incidents/concurrent-overwrite/en.jsonl')]);
    const refused = ops(en).filter((o) => o.refused);
    expect(refused.map((o) => [o.actor, o.outcome, o.after])).toEqual([['executor', 'returned', 'task_a_done']]);
    expect(refused[0].reference).not.toMatch(/re-appl/);
    const f = en.findings.find((x) => x.analyzer === 'concurrent-overwrite')!;
    expect([f.cause, f.verdict]).toEqual(['same_base_version', 'prevented']);
    expect(f.how).toMatch(/returned to executor/);
    const [zh] = await replay([path.join(ROOT, 'fixtures/incidents/concurrent-overwrite/zh.jsonl')]);
    expect(
      ops(zh)
        .filter((o) => o.refused)
        .map((o) => [o.outcome, o.after]),
    ).toEqual([['returned', '任务A已完成']]);
  });

  it('different fields: the stale write is merged into the newer value, both updates kept', async () => {
    const file = lines('co-merge', [
      { ts: '2026-04-20T09:00:00Z', actor: 'planner', key: 'job', op: 'read', value: { task: 'a', notes: '' }, version: 3 },
      { ts: '2026-04-20T09:00:01Z', actor: 'executor', key: 'job', op: 'read', value: { task: 'a', notes: '' }, version: 3 },
      { ts: '2026-04-20T09:00:02Z', actor: 'planner', key: 'job', op: 'write', value: { task: 'a_done', notes: '' }, expected_version: 3, version: 4 },
      { ts: '2026-04-20T09:00:03Z', actor: 'executor', key: 'job', op: 'write', value: { task: 'a', notes: 'slow' }, expected_version: 3, version: 5 },
    ]);
    const [r] = await replay([file]);
    expect(r.findings.map((f) => [f.cause, f.verdict])).toEqual([['same_base_version', 'prevented']]);
    expect(r.findings[0].how).toMatch(
      /"notes" does not clash \("task" changed since\): merged field by field as version 5 \(\{"task":"a_done","notes":"slow"\}\)/,
    );
  });

  it("three writers: the third write is returned too, so the second writer's lost value is not held: not prevented", async () => {
    const rs = await replay([path.join(ROOT, 'src/analyzers/concurrent-overwrite/fixtures/invalid/three-writers-en.jsonl')]);
    const r = rs[0];
    const byLoser = new Map(r.findings.map((f) => [f.title.match(/; (agent-\d)'s update was lost/)?.[1], f]));
    expect(byLoser.get('agent-1')?.verdict).toBe('prevented');
    expect(byLoser.get('agent-1')?.how).toMatch(/agent-2's write was refused/);
    // agent-2's own write was returned to it: the reference holds "fix bug 1", not agent-2's "fix bug 2"
    expect(byLoser.get('agent-2')?.verdict).toBe('not_prevented');
    expect(byLoser.get('agent-2')?.how).toMatch(/agent-3's write was refused.*holds "fix bug 1", not the lost "fix bug 2"/);
  });

  it("a merge write that changes the field changed since is returned (the analyzer's French fixture)", async () => {
    const [r] = await replay([path.join(ROOT, 'src/analyzers/concurrent-overwrite/fixtures/invalid/merge-same-field-fr.jsonl')]);
    const [f] = r.findings;
    expect([f.verdict, f.how]).toEqual(['prevented', expect.stringMatching(/changed "ville", which changed since version 2 too: returned to comptable/)]);
  });
});
