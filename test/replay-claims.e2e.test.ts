/**
 * What `amnesia replay` says of the reference prompt, checked against the reference prompt it prints
 * (`--events`: the reference engine's own log, one `request` event per replayed request with the
 * messages it built). A replay that claims a memory injected, a superseded one kept out, a pinned
 * constraint carried or a prompt within its window must be right about the prompt it wrote out.
 * And §4.3 through replay: a bare correction ("MySQL instead of Postgres", "不是 Postgres，是 MySQL")
 * recorded as agreement by the app's memory layer.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMORIES_HEADER, PINNED_HEADER } from '../src/engine/index.js';
import { contentText } from '../src/events/validate.js';
import { cli, FIXTURES, json, tmpdir } from './helpers.js';

let dir: string;
beforeAll(() => {
  dir = tmpdir('amnesia-replay-claims-');
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

interface Printed {
  turn: number | null;
  messages: string[];
}

/** The replay's JSON report and the reference prompts it printed, per session. */
function replayed(file: string): { sessions: any[]; prompts: Map<string, Printed[]> } {
  const events = path.join(dir, `${path.basename(file)}.events.jsonl`);
  const r = cli(['replay', file, '--format', 'json', '--events', events]);
  expect(r.code, r.stderr).toBe(0);
  const prompts = new Map<string, Printed[]>();
  for (const line of fs.readFileSync(events, 'utf8').trim().split('\n')) {
    const e = JSON.parse(line);
    if (e.kind !== 'request') continue;
    const l = prompts.get(e.session) ?? [];
    l.push({ turn: e.turn ?? null, messages: e.messages.map((m: any) => contentText(m.content)) });
    prompts.set(e.session, l);
  }
  return { sessions: json(r).sessions, prompts };
}

/** Every claim a replayed turn makes about its reference prompt, checked against the printed prompt; the number checked. */
function checkClaims(file: string): number {
  const { sessions, prompts } = replayed(file);
  let checked = 0;
  for (const s of sessions) {
    const printed = prompts.get(`replay:${s.session}`) ?? [];
    // one printed prompt per replayed request, in order
    expect(
      printed.map((p) => p.turn),
      `${file} ${s.session}`,
    ).toEqual(s.turns.map((t: any) => t.turn));
    s.turns.forEach((t: any, i: number) => {
      const where = `${path.basename(file)} ${s.session} turn ${t.turn}`;
      const msgs = printed[i].messages;
      const ref = t.reference;
      const block = msgs.find((m) => m.startsWith(MEMORIES_HEADER)) ?? '';
      const pinnedBlock = msgs.find((m) => m.startsWith(PINNED_HEADER)) ?? '';
      const all = msgs.join('\n');
      expect(msgs.length, `${where}: messages`).toBe(ref.messages);
      // injected: in the memory block, and nothing else is (one line per injected memory)
      for (const m of ref.injected) expect(block, `${where}: injected "${m.text}"`).toContain(m.text);
      expect(block.split('\n').filter((l) => l.startsWith('- ')).length, `${where}: memory lines`).toBe(ref.injected.length);
      // pinned: in the pinned section; a constraint said to be carried is in the prompt
      for (const p of ref.pinned) expect(pinnedBlock, `${where}: pinned "${p}"`).toContain(p);
      for (const c of ref.constraints) if (c.carried) expect(all, `${where}: carried "${c.text}"`).toContain(c.text);
      // a memory held as superseded, or one the reference is said not to inject, is never in the memory block
      for (const x of ref.superseded ?? []) expect(block, `${where}: superseded "${x.text}" injected`).not.toContain(x.text);
      for (const o of t.observations ?? [])
        if (/the reference prompt does not inject it/.test(o.detail)) expect(block, `${where}: ${o.kind} "${o.text}" injected`).not.toContain(o.text);
      // within the window unless it says it is over
      if (!ref.over_budget && s.context_limit) expect(ref.tokens, `${where}: tokens`).toBeLessThanOrEqual(s.context_limit);
      checked++;
    });
  }
  return checked;
}

describe('§4.3 conflicts through amnesia replay: a bare correction the recorded memory layer read as agreement', () => {
  for (const [file, old, correction, current] of [
    ['bare-correction.jsonl', 'The orders database uses Postgres', 'MySQL instead of Postgres.', 'We use MySQL for the orders database.'],
    ['bare-correction.zh.jsonl', '订单库使用 Postgres', '不是 Postgres，是 MySQL', '订单库使用 MySQL'],
  ])
    it(`${file}: "${correction}" supersedes the recorded Postgres memory; the reference injects only MySQL`, () => {
      const { sessions } = replayed(path.join(FIXTURES, 'replay', file));
      const [s] = sessions;
      // the correction is written, as the correction of the memory it names
      expect(s.turns[1].writes.map((w: any) => [w.memory_type, w.text, w.source])).toEqual([['decision', correction, 'user']]);
      const last = s.turns.at(-1);
      expect(last.observations).toEqual([
        expect.objectContaining({ kind: 'superseded', text: old, detail: expect.stringContaining(`superseded in the reference by "${current}"`) }),
      ]);
      expect(last.reference.injected.map((m: any) => m.text)).toEqual([current]);
      expect(last.reference.memories.join('\n')).not.toMatch(/Postgres/);
      const text = cli(['replay', path.join(FIXTURES, 'replay', file)]).stdout;
      expect(text).toContain(`recorded prompt carries a superseded memory "${old}"`);
      expect(text).toMatch(/Beyond the analyzers, the recorded prompts carried 1 thing the reference design would not have/);
    });
});

describe("replay's claims hold against the reference prompt it prints (--events)", () => {
  it('every replay fixture: injected, pinned, carried, superseded, not injected, within the window', () => {
    const files = fs
      .readdirSync(path.join(FIXTURES, 'replay'))
      .filter((f) => f.endsWith('.jsonl'))
      .map((f) => path.join(FIXTURES, 'replay', f));
    expect(files.length).toBeGreaterThanOrEqual(7);
    for (const f of files) expect(checkClaims(f), f).toBeGreaterThan(0);
  });

  it('the incidents of the memory analyzers (English and Chinese), where the claims carry verdicts', () => {
    const files = ['lost-write', 'recall-mismatch', 'concurrent-overwrite', 'tool-drift'].flatMap((d) =>
      ['en.jsonl', 'zh.jsonl'].map((f) => path.join(FIXTURES, 'incidents', d, f)),
    );
    for (const f of files) expect(checkClaims(f), f).toBeGreaterThan(0);
  });

  it('"reference prompt carries superseded" names the conversation history: the printed memory block holds none of it, the history holds the user\'s old words', () => {
    const { sessions, prompts } = replayed(path.join(FIXTURES, 'replay', 'bare-correction.jsonl'));
    const last = sessions[0].turns.at(-1);
    const printed = prompts.get('replay:bare-correction-en')!.at(-1)!;
    const block = printed.messages.find((m) => m.startsWith(MEMORIES_HEADER)) ?? '';
    // the report's superseded memory is absent from the memory block, but its history holds the user's old words
    expect(block).not.toContain('Postgres');
    expect(printed.messages).toContain('We use Postgres for the orders database.');
    expect(last.reference.superseded.map((x: any) => x.text)).toEqual(['We use Postgres for the orders database.']);
  });
});
