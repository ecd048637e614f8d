/**
 * Replay of a recorded write's `op` (issue 34, overclaims): a delete forgets the memory its memory
 * id names and is never written as a memory; an update replaces the memory an earlier write of the
 * same id made, so only the new value is current; `supersedes` is honoured.
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

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'amnesia-replay-ops-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const ALICE = { user: 'alice' };
const ADDRESS = "User's home address: 12 Oak Street, Springfield";

/** Replay a session's events (the envelope's session and scope added) and hand the replayer to `check`. */
async function replayed(session: string, events: Record<string, unknown>[], check: (r: Replayer) => void): Promise<void> {
  const file = path.join(dir, `${session}.jsonl`);
  fs.writeFileSync(file, `${events.map((e) => JSON.stringify({ session, scope: ALICE, ...e })).join('\n')}\n`);
  const db = openStore(path.join(dir, `${session}.db`));
  try {
    await ingest(db, { inputs: await resolveInputs([file]), progress: false });
    const data = new SessionReader(db).load(session);
    const r = new Replayer(data, 'gpt-4o', 128_000, {});
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

const write = (ts: string, turn: number, id: string, phase: string, more: Record<string, unknown>) => ({
  kind: 'memory_write',
  ts,
  turn,
  write_id: id,
  phase,
  ...more,
});
const request = (ts: string, turn: number, messages: { role: string; content: string }[]) => ({ kind: 'request', ts, turn, model: 'gpt-4o', messages });
const promptText = (r: Replayer, turn: number) =>
  r
    .plansAt(turn)
    .flatMap((p) => p.messages.map((m) => contentText(m.content)))
    .join('\n');

describe('a recorded delete', () => {
  const forgotten = (withText: boolean): Record<string, unknown>[] => [
    write('2026-05-01T09:00:00Z', 0, 'w1', 'requested', { memory_id: 'm1', memory_type: 'fact', text: ADDRESS, op: 'add' }),
    write('2026-05-01T09:00:01Z', 0, 'w1', 'committed', { memory_id: 'm1' }),
    request('2026-05-01T10:00:00Z', 1, [
      { role: 'system', content: 'You are a shipping assistant.' },
      { role: 'user', content: 'Please forget my home address.' },
    ]),
    { kind: 'response', ts: '2026-05-01T10:00:02Z', turn: 1, content: 'Done: I will not keep it.' },
    write('2026-05-01T10:00:03Z', 1, 'w2', 'requested', { memory_id: 'm1', op: 'delete', ...(withText ? { text: ADDRESS } : {}) }),
    write('2026-05-01T10:00:04Z', 1, 'w2', 'committed', { memory_id: 'm1' }),
    // the recorded app still injects the address it deleted
    request('2026-05-01T11:00:00Z', 2, [
      { role: 'system', content: 'You are a shipping assistant.' },
      { role: 'system', content: `What you know about the user: ${ADDRESS}` },
      { role: 'user', content: 'Ship the parcel to my home address.' },
    ]),
  ];

  it.each([
    ['with the text', true],
    ['without the text', false],
  ])('forgets the address (%s): not remembered, not in the reference prompt', async (_, withText) => {
    await replayed(`del-${withText}`, forgotten(withText), (r) => {
      const t1 = r.turnsOut.find((t) => t.turn === 1)!;
      const w2 = t1.writes.find((w) => w.recorded_write === 'w2')!;
      expect(w2.reference).toMatch(/^forgotten: memory m-\w+ withdrawn/);
      expect(w2.recorded).toMatch(/^committed/);
      // a forget is not a write: it keeps no promise to remember
      expect(r.writtenAt.get(1) ?? []).toEqual([]);
      expect(r.engine.memories(ALICE).map((m) => m.text)).not.toContain(ADDRESS);
      const t2 = r.turnsOut.find((t) => t.turn === 2)!;
      expect(t2.reference.memories).toEqual([]);
      expect(t2.reference.injected.map((x) => x.text)).toEqual([]);
      expect(promptText(r, 2)).not.toMatch(/12 Oak Street/);
      // the recorded prompt carried it after its delete: said, as a forgotten memory
      expect(t2.recorded.memories).not.toContain(ADDRESS);
      expect(t2.recorded.superseded).toEqual([{ text: ADDRESS, by: null }]);
      expect(t2.observations?.map((o) => [o.kind, o.text])).toContainEqual(['forgotten', ADDRESS]);
    });
  });

  it('look-alike: a delete of a memory id the log never wrote forgets nothing else', async () => {
    const events = forgotten(false).map((e) => (e.write_id === 'w2' ? { ...e, memory_id: 'm9' } : e));
    await replayed('del-unknown', events, (r) => {
      const w2 = r.turnsOut.flatMap((t) => t.writes).find((w) => w.recorded_write === 'w2')!;
      expect(w2.reference).toMatch(/^nothing to forget: no earlier write of m9/);
      expect(r.engine.memories(ALICE).map((m) => m.text)).toContain(ADDRESS);
    });
  });
});

describe('a recorded update', () => {
  it('replaces the memory of the same id: only the new value is current, the old one superseded by it', async () => {
    await replayed(
      'upd',
      [
        write('2026-05-01T09:00:00Z', 0, 'w1', 'committed', { memory_id: 'm2', memory_type: 'fact', text: 'Parcels for the user go by DHL Express.' }),
        write('2026-05-01T09:00:01Z', 0, 'w3', 'committed', { memory_id: 'm3', memory_type: 'fact', text: 'The office opens at nine.' }),
        write('2026-05-02T09:00:00Z', 1, 'w2', 'committed', {
          memory_id: 'm2',
          op: 'update',
          memory_type: 'fact',
          text: 'Parcels for the user go by UPS Ground.',
        }),
      ],
      (r) => {
        const texts = r.engine.memories(ALICE).map((m) => m.text);
        expect(texts).toContain('Parcels for the user go by UPS Ground.');
        expect(texts).not.toContain('Parcels for the user go by DHL Express.');
        // a look-alike of another id stays current
        expect(texts).toContain('The office opens at nine.');
        const old = r.engine.memories(ALICE, { includeSuperseded: true }).find((m) => m.text.includes('DHL'))!;
        const now = r.engine.memories(ALICE).find((m) => m.text.includes('UPS'))!;
        expect([old.supersededAt !== null, old.supersededBy ?? old.id]).toEqual([true, now.id]);
      },
    );
  });

  it('honours supersedes: a write under a new id replaces the ids it names', async () => {
    await replayed(
      'sup',
      [
        write('2026-05-01T09:00:00Z', 0, 'w1', 'committed', { memory_id: 'm5', memory_type: 'fact', text: 'The depot gate code is 4471.' }),
        write('2026-05-02T09:00:00Z', 1, 'w2', 'committed', {
          memory_id: 'm6',
          memory_type: 'fact',
          text: 'Use the side entrance; the new code is 9902.',
          supersedes: ['m5'],
        }),
      ],
      (r) => {
        const texts = r.engine.memories(ALICE).map((m) => m.text);
        expect(texts).toEqual(['Use the side entrance; the new code is 9902.']);
      },
    );
  });
});

describe('a superseded decision', () => {
  const BOB = { user: 'bob' };
  const POSTGRES = 'Use Postgres for the orders database';
  const events = (recordedInjection: string): Record<string, unknown>[] => [
    request('2026-05-01T09:00:00Z', 1, [
      { role: 'system', content: 'You are a backend assistant.' },
      { role: 'user', content: 'We decided to use Postgres for the orders database.' },
    ]),
    { kind: 'response', ts: '2026-05-01T09:00:02Z', turn: 1, content: 'Noted.' },
    write('2026-05-01T09:00:03Z', 1, 'w1', 'committed', { memory_id: 'm1', memory_type: 'decision', text: POSTGRES }),
    request('2026-05-02T09:00:00Z', 2, [
      { role: 'system', content: 'You are a backend assistant.' },
      { role: 'user', content: 'Change of plan: use MySQL for the orders database instead of Postgres.' },
    ]),
    { kind: 'response', ts: '2026-05-02T09:00:02Z', turn: 2, content: 'OK, MySQL it is.' },
    write('2026-05-02T09:00:03Z', 2, 'w2', 'committed', { memory_id: 'm2', memory_type: 'decision', text: 'Use MySQL for the orders database' }),
    // the recorded app still injects the old decision
    request('2026-05-03T09:00:00Z', 3, [
      { role: 'system', content: 'You are a backend assistant.' },
      { role: 'system', content: `Memories: ${recordedInjection}` },
      { role: 'user', content: 'Write the migration for the orders database.' },
    ]),
  ];

  it('is shown as superseded, with what replaced it, never among the current memories', async () => {
    await replayed(
      'stale',
      events(POSTGRES).map((e) => ({ ...e, scope: BOB })),
      (r) => {
        const t3 = r.turnsOut.find((t) => t.turn === 3)!;
        expect(t3.recorded.memories).not.toContain(POSTGRES);
        expect(t3.recorded.superseded?.map((x) => x.text)).toEqual([POSTGRES]);
        expect(t3.recorded.superseded?.[0].by).toMatch(/MySQL/);
        expect(t3.reference.memories).not.toContain(POSTGRES);
        expect(t3.reference.memories).toContain('Use MySQL for the orders database');
        // its old words stay in the reference's history: carried there, said to be superseded
        for (const x of t3.reference.superseded ?? []) expect(x.by).toMatch(/MySQL/);
        const o = t3.observations?.find((x) => x.text === POSTGRES);
        expect([o?.kind, o?.detail]).toEqual(['superseded', expect.stringMatching(/^superseded in the reference by "[^"]*MySQL/)]);
      },
    );
  });

  it('look-alike: a recorded prompt that injects the current decision shows it as current, nothing superseded', async () => {
    await replayed(
      'current',
      events('Use MySQL for the orders database').map((e) => ({ ...e, scope: BOB })),
      (r) => {
        const t3 = r.turnsOut.find((t) => t.turn === 3)!;
        expect(t3.recorded.memories).toContain('Use MySQL for the orders database');
        expect(t3.recorded.superseded).toBeUndefined();
        expect(t3.observations?.filter((o) => o.kind === 'superseded')).toEqual([]);
      },
    );
  });
});
