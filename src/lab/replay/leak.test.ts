/**
 * The recorded app's injection is not the reference's (issue 34, overclaims): the reference prompt
 * holds the agent's own system prompt and what the engine recalls under the request's own user,
 * never the recorded memory layer's injected memories; another user's memory injected into a
 * recorded prompt is reported as a leak.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../store/connection.js';
import { ingest } from '../../ingest/pipeline.js';
import { resolveInputs } from '../../ingest/inputs.js';
import { SessionReader } from '../../store/session.js';
import { contentText } from '../../events/validate.js';
import { Replayer } from './replayer.js';
import { carriesMemory } from './injection.js';

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'amnesia-replay-leak-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function replayed(session: string, events: Record<string, unknown>[], check: (r: Replayer) => void): Promise<void> {
  const file = path.join(dir, `${session}.jsonl`);
  fs.writeFileSync(file, `${events.map((e) => JSON.stringify({ session, ...e })).join('\n')}\n`);
  const db = openStore(path.join(dir, `${session}.db`));
  try {
    await ingest(db, { inputs: await resolveInputs([file]), progress: false });
    const r = new Replayer(new SessionReader(db).load(session), 'gpt-4o', 128_000, {});
    try {
      r.run();
      r.flushTail();
      check(r);
    } finally {
      r.engine.close();
    }
  } finally {
    db.close();
  }
}

const ALICE = { user: 'alice' };
const BOB = { user: 'bob' };
const SYSTEM = 'You are the gym concierge.';
const promptText = (r: Replayer, turn: number) =>
  r
    .plansAt(turn)
    .flatMap((p) => p.messages.map((m) => contentText(m.content)))
    .join('\n');

/** Bob asks at turn 2; the recorded app injects `injection` into his prompt. */
const bobAsks = (injection: string) => ({
  kind: 'request',
  ts: '2026-05-02T10:00:00Z',
  turn: 2,
  scope: BOB,
  model: 'gpt-4o',
  messages: [
    { role: 'system', content: SYSTEM },
    { role: 'system', content: injection },
    { role: 'user', content: 'What is my locker number?' },
  ],
});

describe("another user's memory injected into a recorded prompt", () => {
  it("a short memory of Alice's, written in the session: reported as a leak, not in Bob's reference prompt", async () => {
    await replayed(
      'leak-write',
      [
        {
          kind: 'request',
          ts: '2026-05-01T09:00:00Z',
          turn: 1,
          scope: ALICE,
          model: 'gpt-4o',
          messages: [
            { role: 'system', content: SYSTEM },
            { role: 'user', content: 'Please keep my locker for me.' },
          ],
        },
        {
          kind: 'memory_write',
          ts: '2026-05-01T09:00:02Z',
          turn: 1,
          scope: ALICE,
          write_id: 'w1',
          phase: 'committed',
          memory_id: 'a1',
          memory_type: 'fact',
          text: 'Locker 4471',
        },
        bobAsks('Memory: Locker 4471'),
      ],
      (r) => {
        const t2 = r.turnsOut.find((t) => t.turn === 2)!;
        expect(t2.user).toBe('bob');
        expect(promptText(r, 2)).not.toMatch(/4471/);
        // the agent's own system prompt is kept
        expect(promptText(r, 2)).toContain(SYSTEM);
        expect(t2.observations?.map((o) => [o.kind, o.text])).toContainEqual(['other_user', 'Locker 4471']);
      },
    );
  });

  it("Alice's memory known only from a recorded retrieval (written in another session): not copied, reported as a leak", async () => {
    await replayed(
      'leak-retrieval',
      [
        {
          kind: 'retrieval',
          ts: '2026-05-02T09:59:59Z',
          turn: 2,
          scope: BOB,
          query: 'locker number',
          top_k: 3,
          candidates: [{ id: 'mem-a-1', score: 0.91, text: "Alice's locker code is 4471", metadata: { user_id: 'alice' } }],
        },
        bobAsks("Relevant memories:\n- Alice's locker code is 4471"),
      ],
      (r) => {
        const t2 = r.turnsOut.find((t) => t.turn === 2)!;
        expect(promptText(r, 2)).not.toMatch(/4471/);
        expect(promptText(r, 2)).toContain(SYSTEM);
        expect(t2.observations?.map((o) => [o.kind, o.text])).toContainEqual(['other_user', "Alice's locker code is 4471"]);
      },
    );
  });

  it("look-alike: Bob's own memory is recalled by the engine under his scope, no leak reported; his system prompt kept", async () => {
    await replayed(
      'own-memory',
      [
        {
          kind: 'memory_write',
          ts: '2026-05-01T09:00:02Z',
          turn: 1,
          scope: BOB,
          write_id: 'w1',
          phase: 'committed',
          memory_id: 'b1',
          memory_type: 'fact',
          text: "Bob's locker number is 212",
        },
        bobAsks("Memory: Bob's locker number is 212"),
      ],
      (r) => {
        const t2 = r.turnsOut.find((t) => t.turn === 2)!;
        const text = promptText(r, 2);
        expect(text).toContain(SYSTEM);
        // carried by the engine's own injection, not by a copy of the recorded system message
        expect(text).not.toContain("Memory: Bob's locker number is 212");
        expect(t2.reference.injected.map((x) => x.text)).toContain("Bob's locker number is 212");
        expect(t2.observations?.filter((o) => o.kind === 'other_user')).toEqual([]);
      },
    );
  });
});

describe('carriesMemory', () => {
  it('a long memory text anywhere; a short one only as whole words', () => {
    expect(carriesMemory('relevant memories alice s locker code is 4471 saved today', ['alice s locker code is 4471'])).toBe(true);
    expect(carriesMemory('memory locker 4471', ['locker 4471'])).toBe(true);
    expect(carriesMemory('memory locker 44712', ['locker 4471'])).toBe(false);
    expect(carriesMemory('you are the gym concierge', ['gym'])).toBe(false);
  });
});
