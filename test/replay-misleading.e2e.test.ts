/**
 * The four replays that misled before the engine followed its design (issue 19), kept as
 * fixtures in fixtures/replay/ and run through `amnesia replay` on the built binary. Each must
 * give the verdict a careful reader would: what the recorded prompt carried that it should not
 * have, and never "nothing to prevent" or "prevented N of N" beyond what the replay judged.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, FIXTURES, json, tmpdir } from './helpers.js';

const DIR = path.join(FIXTURES, 'replay');
let dir: string;
beforeAll(() => {
  dir = tmpdir('amnesia-replay-misleading-');
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function replay(file: string) {
  const text = cli(['replay', path.join(DIR, file)]);
  const doc = json(cli(['replay', path.join(DIR, file), '--format', 'json']));
  expect(text.code).toBe(0);
  expect(doc.sessions).toHaveLength(1);
  return { text: text.stdout, s: doc.sessions[0] };
}
const observations = (s: any) => s.turns.flatMap((t: any) => (t.observations ?? []).map((o: any) => ({ turn: t.turn, ...o })));

describe('amnesia replay on the four misleading sessions', () => {
  it('conflicting decisions: the stale "Postgres" decision the recorded prompt injected is named as superseded by the switch to MySQL', () => {
    const { text, s } = replay('conflicting-decisions.jsonl');
    expect(observations(s)).toEqual([
      expect.objectContaining({
        turn: 2,
        kind: 'superseded',
        text: 'Team decided to use Postgres for the orders database',
        detail: expect.stringMatching(/superseded in the reference by "Not anymore: we switched to MySQL[^"]*" \(the newer statement wins\)/),
      }),
    ]);
    const last = s.turns.at(-1).reference;
    expect(last.memories.some((m: string) => /MySQL/.test(m))).toBe(true);
    expect(last.injected.map((m: any) => m.text).join('\n')).not.toMatch(/Postgres/);
    expect(text).not.toMatch(/nothing to prevent/);
    expect(text).toMatch(/recorded prompt carries a superseded memory "Team decided to use Postgres/);
    expect(text).toMatch(/Beyond the analyzers, the recorded prompts carried 1 thing the reference design would not have/);
  });

  it('conflicting decisions in Chinese: "不对，我们改用 MySQL 了" supersedes the recorded "Postgres" decision', () => {
    const { s } = replay('conflicting-decisions.zh.jsonl');
    expect(observations(s)).toEqual([
      expect.objectContaining({
        turn: 2,
        kind: 'superseded',
        text: '团队决定订单库使用 Postgres',
        detail: expect.stringContaining('superseded in the reference by "不对，我们改用 MySQL 了"'),
      }),
    ]);
    expect(s.turns[1].writes.map((w: any) => [w.memory_type, w.text, w.source])).toEqual([['decision', '不对，我们改用 MySQL 了', 'user']]);
  });

  it('an inferred write against the user: the user\'s "Never use XML" stays pinned; the inferred "XML is fine" is superseded on credibility', () => {
    const { s } = replay('inferred-against-user.jsonl');
    for (const t of s.turns) expect(t.reference.pinned).toEqual(['Never use XML in your answers']);
    const w2 = s.turns.flatMap((t: any) => t.writes).find((w: any) => w.recorded_write === 'w2');
    expect(w2).toMatchObject({ source: 'inferred', text: 'XML is fine for this user' });
    expect(observations(s)).toEqual([
      expect.objectContaining({
        turn: 2,
        kind: 'superseded',
        text: 'XML is fine for this user',
        detail: expect.stringContaining('what the user stated outranks what was inferred'),
      }),
    ]);
    // the recorded write that restates the user is the user's, not an inference
    expect(s.turns[0].writes.find((w: any) => w.recorded_write === 'w1')).toMatchObject({ source: 'user' });
    // the user's message left a prompt at well under 1% of the window: not a window overflow (issue 12).
    // The one finding is the rewrite itself: destructive-update reads "Never use XML in answers" become
    // "XML is fine for this user" with no word of the user's (negation_lost), and the reference engine,
    // which kept the user's constraint, would have prevented it
    expect(s.findings.map((f: any) => [f.analyzer, f.cause, f.turn, f.verdict])).toEqual([['destructive-update', 'negation_lost', 1, 'prevented']]);
  });

  it('a stale task: the 60-day-old "working on PAY-512" the recorded prompt injected has decayed below injection', () => {
    const { text, s } = replay('stale-task.jsonl');
    expect(observations(s)).toEqual([
      expect.objectContaining({
        turn: 1,
        kind: 'decayed',
        text: 'User is working on PAY-512 (refund rounding bug)',
        detail: expect.stringMatching(/a task state 60 days old \(half-life 3 days\)/),
      }),
    ]);
    expect(s.turns[1].reference.injected).toEqual([]);
    expect(text).not.toMatch(/nothing to prevent/);
  });

  it("two users in one session: bob's reference prompt carries nothing of alice's; the recorded one is shown leaking her memories", () => {
    const { text, s } = replay('two-users-one-session.jsonl');
    expect(s.users).toEqual(['alice', 'bob']);
    expect(s.turns.map((t: any) => t.user)).toEqual(['alice', 'bob']);
    const bob = s.turns[1];
    expect(bob.reference.pinned).toEqual([]);
    expect(bob.reference.memories).toEqual([]);
    expect(bob.reference.history.kept).toBe(0);
    const leaks = observations(s);
    expect(leaks.length).toBeGreaterThanOrEqual(2);
    expect(leaks.every((o: any) => o.turn === 1 && o.kind === 'other_user')).toBe(true);
    expect(leaks.map((o: any) => o.text)).toEqual(
      expect.arrayContaining(['User prefers dark theme', expect.stringMatching(/^User's email is \[email #[0-9a-f]{8}\]$/)]),
    );
    expect(text).toContain('Session shared-kiosk-en (users alice, bob,');
    // secrets never reach any output
    for (const secret of ['alice@example.com', 'sk-live-AAAAbbbbCCCCdddd1234']) {
      expect(text).not.toContain(secret);
      expect(JSON.stringify(s)).not.toContain(secret);
    }
  });

  it('--events --redact: the reference events carry no key, email or user words', () => {
    const events = path.join(dir, 'events.jsonl');
    const r = cli(['replay', path.join(DIR, 'two-users-one-session.jsonl'), '--events', events, '--redact']);
    expect(r.code).toBe(0);
    const out = fs.readFileSync(events, 'utf8');
    for (const words of ['alice@example.com', 'sk-live-AAAAbbbbCCCCdddd1234', 'dark theme', 'invoice']) expect(out).not.toContain(words);
    const lines = out
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.some((e) => e.kind === 'memory_write' && /^‹#[0-9a-f]{8} /.test(e.text ?? ''))).toBe(true);
    // without --redact the words stay but keys and emails are still masked
    const plain = path.join(dir, 'plain.jsonl');
    expect(cli(['replay', path.join(DIR, 'two-users-one-session.jsonl'), '--events', plain]).code).toBe(0);
    const p = fs.readFileSync(plain, 'utf8');
    expect(p).toContain('dark theme');
    expect(p).not.toContain('alice@example.com');
    expect(p).not.toContain('sk-live-AAAAbbbbCCCCdddd1234');
  });

  it('says "not judged" where it has no verdict, and does not count it in "prevented N of M"', () => {
    // a write lost in a restart whose text the log never recorded: the reference cannot replay it
    const file = path.join(dir, 'no-text.jsonl');
    const ev = (e: object) => JSON.stringify({ session: 'nt', scope: { user: 'u' }, ...e });
    fs.writeFileSync(
      file,
      [
        ev({ kind: 'memory_write', ts: '2026-05-01T10:00:01Z', turn: 3, write_id: 'w1', phase: 'enqueued', memory_id: 'm77', memory_type: 'preference' }),
        ev({ kind: 'memory_write', ts: '2026-05-01T10:00:01Z', turn: 3, write_id: 'w1', phase: 'acknowledged' }),
        ev({ kind: 'lifecycle', ts: '2026-05-01T10:00:05Z', event: 'restart', process: 'memory-worker' }),
        ev({ kind: 'store_snapshot', ts: '2026-05-01T10:05:00Z', store: 'memories', memory_ids: ['m12'] }),
      ].join('\n') + '\n',
    );
    const s = json(cli(['replay', file, '--format', 'json'])).sessions[0];
    expect(s.findings.map((f: any) => [f.analyzer, f.cause, f.verdict, f.prevented])).toEqual([['lost-write', 'lost_in_restart', 'not_judged', false]]);
    expect(s.findings[0].how).toMatch(/^not judged: write w1 carries no text in the log/);
    expect(s.summary).toMatchObject({ findings: 1, prevented: 0, judged: 0, not_judged: 1 });
    const text = cli(['replay', file]).stdout;
    expect(text).toContain('Findings the reference design would have prevented: 0 of 0 judged (1 not judged)');
    expect(text).toMatch(/^ {2}not judged {2}lost-write \(lost_in_restart\) at turn 3/m);
  });
});
