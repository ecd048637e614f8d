import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { BIN, cli, json, ROOT, tmpdir } from './helpers.js';

// Logs as an agent's probe writes them: each question asked many times, each answer one request + response.
const QUESTIONS = ['How do I reset my password?', 'What are your opening hours?'];
const WORDS = 'you can reset it from the account page after confirming the email we send and the link is valid for one hour'.split(' ');

function rng(seed: number) {
  let s = seed >>> 0 || 1;
  return () => (s = (Math.imul(s ^ (s >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0) / 2 ** 32;
}

function logs(file: string, seed: number, opts: { tables?: boolean; tagged?: boolean; n?: number } = {}): void {
  const r = rng(seed);
  const lines: string[] = [];
  let t = Date.parse('2026-05-01T10:00:00Z');
  for (const [qi, q] of QUESTIONS.entries())
    for (let i = 0; i < (opts.n ?? 12); i++) {
      const session = `run-${seed}-${qi}-${i}`;
      let text = Array.from({ length: 30 + Math.floor(r() * 30) }, () => WORDS[Math.floor(r() * WORDS.length)]).join(' ');
      if (r() < 0.3) text += '\n- open the page\n- click reset';
      if (opts.tables) text += '\n\n| step | action |\n|---|---|\n| 1 | open |\n| 2 | reset |';
      const tag = opts.tagged ? { tag: `q${qi}` } : {};
      lines.push(
        JSON.stringify({
          kind: 'request',
          ts: new Date(t++).toISOString(),
          session,
          model: 'gpt-4o',
          request_id: `${session}/1`,
          messages: [{ role: 'user', content: q }],
          ...tag,
        }),
      );
      lines.push(JSON.stringify({ kind: 'response', ts: new Date(t++).toISOString(), session, request_id: `${session}/1`, content: text }));
    }
  fs.writeFileSync(file, `${lines.join('\n')}\n`);
}

let dir: string;
const f = (name: string) => path.join(dir, name);
/** v1 recorded once into b.json, for every test of this file that compares against it (none writes it) */
let rec: ReturnType<typeof cli>;
beforeAll(() => {
  dir = tmpdir('amnesia-baseline-');
  logs(f('v1.jsonl'), 1);
  logs(f('v1b.jsonl'), 2);
  logs(f('v2.jsonl'), 3, { tables: true });
  logs(f('few.jsonl'), 4, { n: 3 });
  rec = cli(['baseline', 'record', f('v1.jsonl'), '--out', f('b.json'), '--no-progress']);
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('amnesia baseline', () => {
  it('records per question, passes an unchanged agent and fails a shifted one on the feature that moved', () => {
    expect(rec.code, rec.stderr).toBe(0);
    expect(rec.stdout).toBe('');
    expect(rec.stderr).toContain('recorded 24 answers to 2 question(s)');
    const b = JSON.parse(fs.readFileSync(f('b.json'), 'utf8'));
    expect(b.schema).toBe('amnesia.behaviour-baseline/v1');
    expect(b.questions.map((q: any) => [q.question, q.answers])).toEqual([
      [expect.any(String), 12],
      [expect.any(String), 12],
    ]);

    const same = cli(['baseline', 'compare', f('v1b.jsonl'), '--against', f('b.json'), '--format', 'json', '--no-progress']);
    expect(same.code, same.stderr).toBe(0);
    expect(json(same)).toMatchObject({ schema: 'amnesia.behaviour-compare/v1', compared: 2, shifted: false });

    const shifted = cli(['baseline', 'compare', f('v2.jsonl'), '--against', f('b.json'), '--no-progress']);
    expect(shifted.code).toBe(1);
    expect(shifted.stdout).toMatch(/✖ table: yes 0% → yes 100%/);
    expect(shifted.stdout).toContain('question: How do I reset my password?');
    expect(shifted.stdout).toMatch(/v2\.jsonl:\d+ {2}table=yes/);
    const md = cli(['baseline', 'compare', f('v2.jsonl'), '--against', f('b.json'), '--format', 'markdown', '--no-progress']);
    expect(md.stdout).toMatch(/^## amnesia baseline compare: \d+ shift\(s\)/);
  });

  it('--redact keeps the questions and the answers out of the baseline and the report', () => {
    expect(cli(['baseline', 'record', f('v1.jsonl'), '--out', f('r.json'), '--redact', '--no-progress']).code).toBe(0);
    const text = fs.readFileSync(f('r.json'), 'utf8');
    expect(text).not.toContain('password');
    expect(text).not.toContain(f('v1.jsonl'));
    const r = cli(['baseline', 'compare', f('v2.jsonl'), '--against', f('r.json'), '--redact', '--format', 'json', '--no-progress']);
    expect(r.code).toBe(1);
    expect(r.stdout).not.toContain('password');
    expect(r.stdout).not.toContain('account page');
  });

  it('says it cannot compare instead of passing: too few answers, a file that is not a baseline (exit 2)', () => {
    const few = cli(['baseline', 'compare', f('few.jsonl'), '--against', f('b.json'), '--no-progress']);
    expect(few.code).toBe(2);
    expect(few.stderr).toContain('amnesia: no question has 8 or more answers both in');
    fs.writeFileSync(f('not.json'), '{"schema":"amnesia.findings/v1","findings":[]}');
    const bad = cli(['baseline', 'compare', f('v1.jsonl'), '--against', f('not.json'), '--no-progress']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe(
      `amnesia: ${f('not.json')}: not a behaviour baseline (schema is "amnesia.findings/v1", expected "amnesia.behaviour-baseline/v1"); make one with amnesia baseline record\n`,
    );
    const alpha = cli(['baseline', 'compare', f('v1.jsonl'), '--against', f('b.json'), '--alpha', '5']);
    expect(alpha.code).toBe(2);
    expect(alpha.stderr).toContain('--alpha: "5" is not a number between 0 and 1');
  });

  it('groups by the tag the log gives, and reads the events amnesia check writes', () => {
    logs(f('tagged.jsonl'), 5, { tagged: true });
    expect(cli(['baseline', 'record', f('tagged.jsonl'), '--out', f('t.json'), '--no-progress']).code).toBe(0);
    expect(JSON.parse(fs.readFileSync(f('t.json'), 'utf8')).questions.map((q: any) => q.key)).toEqual(['tag:q0', 'tag:q1']);

    fs.writeFileSync(
      f('set.yaml'),
      'checks:\n  - id: pm\n    memory: preference\n    layer: retrieval\n    sessions:\n      - - I always use pnpm as my package manager, never npm or yarn.\n      - - probe: Which package manager do I use?\n    expect:\n      contains: pnpm\n',
    );
    const run = cli(['check', '--set', f('set.yaml'), '--agent', 'reference', '--repeat', '8', '--events', f('events.jsonl')]);
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toContain('(8/8 runs passed)');
    const triage = cli(['triage', f('events.jsonl'), '--format', 'json', '--no-progress']);
    expect(triage.code).toBe(0);
    expect(json(triage).summary).toMatchObject({ sessions: 16, bad_lines: 0 });
    const rec = cli(['baseline', 'record', f('events.jsonl'), '--out', f('e.json'), '--no-progress']);
    expect(rec.code, rec.stderr).toBe(0);
    const q = JSON.parse(fs.readFileSync(f('e.json'), 'utf8')).questions.find((x: any) => x.key === 'tag:pm');
    expect(q.answers).toBe(8);
  });

  it('gates a pipeline: amnesia ci --baseline-behaviour fails on a shift, with the shift in JSON and JUnit', () => {
    const ok = cli(['ci', f('v1b.jsonl'), '--baseline-behaviour', f('b.json'), '--format', 'json', '--no-progress']);
    expect(ok.code, ok.stderr).toBe(0);
    expect(json(ok)).toMatchObject({ verdict: 'pass', behaviour: { compared: 2, shifted: false } });
    const bad = cli(['ci', f('v2.jsonl'), '--baseline-behaviour', f('b.json'), '--junit', f('ci.xml'), '--format', 'json', '--no-progress']);
    expect(bad.code).toBe(1);
    expect(json(bad).behaviour.shifted).toBe(true);
    expect(bad.stderr).toMatch(/behaviour shifted against .*b\.json: \d+ feature test\(s\)/);
    const xml = fs.readFileSync(f('ci.xml'), 'utf8');
    expect(xml).toMatch(/<testsuite name="behaviour" tests="2" failures="2"/);
    expect(xml).toContain('type="behaviour-shift"');
  });

  it('the example shell gate runs a check set and the CI gate with a behaviour baseline, worst status wins', () => {
    const ws = path.join(dir, 'ws');
    fs.mkdirSync(path.join(ws, 'logs'), { recursive: true });
    fs.copyFileSync(f('v1b.jsonl'), path.join(ws, 'logs', 'agent.jsonl'));
    fs.copyFileSync(f('b.json'), path.join(ws, 'behaviour.json'));
    fs.writeFileSync(
      path.join(ws, 'checks.yaml'),
      'checks:\n  - id: pm\n    memory: preference\n    layer: retrieval\n    sessions:\n      - - I always use pnpm as my package manager, never npm or yarn.\n      - - probe: Which package manager do I use?\n    expect:\n      contains: pnpm\n',
    );
    const gate = (logs: string) =>
      spawnSync('sh', [path.join(ROOT, 'examples', 'ci', 'ci.sh'), logs, 'none.json'], {
        cwd: ws,
        encoding: 'utf8',
        env: {
          ...process.env,
          NO_COLOR: '1',
          AMNESIA: `${process.execPath} ${BIN}`,
          AMNESIA_CHECKS: 'checks.yaml',
          AMNESIA_AGENT: 'reference',
          AMNESIA_BEHAVIOUR_BASELINE: 'behaviour.json',
        },
      });
    const ok = gate('logs');
    expect(ok.status, ok.stdout + ok.stderr).toBe(0);
    expect(ok.stdout).toContain('amnesia: pass');
    for (const r of ['amnesia-checks-junit.xml', 'amnesia-checks.md', 'amnesia-junit.xml', 'amnesia.sarif', 'amnesia.md'])
      expect(fs.existsSync(path.join(ws, 'reports', r))).toBe(true);
    expect(fs.existsSync(path.join(ws, 'logs', 'amnesia-checks.jsonl'))).toBe(true);
    fs.copyFileSync(f('v2.jsonl'), path.join(ws, 'logs', 'agent.jsonl'));
    const shifted = gate('logs');
    expect(shifted.status).toBe(1);
    expect(fs.readFileSync(path.join(ws, 'reports', 'amnesia.md'), 'utf8')).toContain('amnesia baseline compare:');
  });
});
