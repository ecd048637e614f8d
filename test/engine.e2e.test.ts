/**
 * The reference memory engine through the built binary: `amnesia replay` on the bundled
 * incidents, `amnesia chaos` + `amnesia eval` on a seeded corpus.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, FIXTURES, json, tmpdir } from './helpers.js';
import { EXHAUSTIVE, SLOW } from './tier.js';

const INCIDENTS = path.join(FIXTURES, 'incidents');
/**
 * What the JSON run reads: every incident folder, in npm test with window-overflow's English incident
 * only (its Chinese twin is another 8.8 MB of the same shape), in test:slow the whole folder.
 */
const JSON_INPUTS = SLOW ? [INCIDENTS] : fs.readdirSync(INCIDENTS).map((d) => path.join(INCIDENTS, d, d === 'window-overflow' ? 'en.jsonl.gz' : ''));
let dir: string;
beforeAll(() => {
  dir = tmpdir('amnesia-engine-e2e-');
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** incident folder, its English session, the finding it is about */
const INCIDENT_CASES: [string, string, string][] = [
  ['lost-write', 's7-en', 'lost-write (lost_in_restart) at turn 3'],
  ['concurrent-overwrite', 'team-run-en', 'concurrent-overwrite (same_base_version) at turn 1'],
  ['recall-mismatch', 'recall-incident-en', 'recall-mismatch (rank_beyond_top_k) at turn 4'],
  ['tool-drift', 'td-incident-en', 'tool-drift (emoji_after_tool) at turn 3'],
  ['window-overflow', 'wo-incident-en', 'window-overflow (constraint_evicted) at turn 31'],
];

describe('amnesia replay', () => {
  // the text of one run over the English log of each incident (the sessions the text tests read), and
  // the JSON of one run over every bundled incident (both languages, and the look-alikes)
  let text: ReturnType<typeof cli>;
  let doc: any;
  beforeAll(() => {
    text = cli(['replay', ...INCIDENT_CASES.map(([folder]) => path.join(INCIDENTS, folder, folder === 'window-overflow' ? 'en.jsonl.gz' : 'en.jsonl'))]);
    doc = json(cli(['replay', ...JSON_INPUTS, '--format', 'json']));
  });

  it.each(INCIDENT_CASES)('%s: shows the recorded prompt against the reference prompt and names the prevented finding', (_folder, session, finding) => {
    expect(text.code).toBe(0);
    expect(text.stderr).toMatch(/ingested \d+ events/);
    const start = text.stdout.indexOf(`Session ${session} (`);
    expect(start).toBeGreaterThanOrEqual(0);
    const next = text.stdout.indexOf('\nSession ', start + 1);
    const out = text.stdout.slice(start, next < 0 ? undefined : next);
    const recorded = out.match(/^turn \d+ +recorded +[\d,]+ tokens/gm) ?? [];
    const reference = out.match(/^ +reference [\d,]+ tokens/gm) ?? [];
    expect(recorded.length).toBeGreaterThan(0);
    expect(reference.length).toBe(recorded.length);
    expect(out).toMatch(/Findings the reference design would have prevented: (\d+) of \1\n/);
    expect(out).toContain(`prevented  ${finding}`);
    expect(out).toMatch(/\n {4}how: \S/);
  });

  it('json: one document per run, recorded and reference side by side per request, every finding judged', EXHAUSTIVE, () => {
    expect(doc.schema).toBe('amnesia.replay/v1');
    const sessions = doc.sessions.map((s: any) => s.session);
    for (const [, session] of INCIDENT_CASES) expect(sessions).toContain(session);
    // the incidents folder also holds look-alikes that must stay quiet (compaction/claude-code-rules-kept)
    const quiet = doc.sessions.filter((s: any) => s.findings.length === 0).map((s: any) => s.session);
    for (const [, session] of INCIDENT_CASES) expect(quiet).not.toContain(session);
    expect(quiet.length).toBeLessThan(doc.sessions.length / 2);
    // every finding of a memory failure is prevented by the reference design; an instruction the
    // prompt carried and the answer broke (ignored-in-context) is judged not preventable by memory
    const MEMORY = new Set(INCIDENT_CASES.map(([folder]) => folder));
    for (const s of doc.sessions.filter((x: any) => x.findings.length > 0)) {
      const memory = s.findings.filter((f: any) => MEMORY.has(f.analyzer));
      const other = s.findings.filter((f: any) => !MEMORY.has(f.analyzer));
      expect(memory.every((f: any) => f.prevented && f.verdict === 'prevented')).toBe(true);
      for (const f of other) expect([f.analyzer, f.verdict, f.prevented]).toEqual(['ignored-in-context', 'not_prevented', false]);
      expect(s.summary).toMatchObject({
        requests: s.turns.length,
        findings: s.findings.length,
        prevented: memory.length,
        judged: s.findings.length,
        not_judged: 0,
      });
    }
    const wo = doc.sessions.find((s: any) => s.session === 'wo-incident-en');
    expect([wo.model, wo.context_limit]).toEqual(['gpt-4o', 128_000]);
    const lost = wo.turns.filter((t: any) => t.recorded.constraints.some((c: any) => /never use XML/.test(c.text) && !c.carried));
    expect(lost.length).toBeGreaterThan(0);
    for (const t of wo.turns) {
      expect(t.reference.tokens).toBeLessThanOrEqual(128_000);
      expect(t.reference.constraints.every((c: any) => c.carried)).toBe(true);
    }
    expect(wo.findings.map((f: any) => [f.analyzer, f.cause, f.turn, f.prevented])).toEqual([['window-overflow', 'constraint_evicted', 31, true]]);
  });

  it("--redact: the users' words leave no output", () => {
    const r = cli(['replay', path.join(INCIDENTS, 'lost-write', 'en.jsonl'), '--redact']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/constraints: ✓ "‹#[0-9a-f]{8} \d+ chars en›"/);
    expect(r.stdout).not.toMatch(/bullet lists|backend engineer|PostgreSQL/);
    expect(r.stdout).toContain('prevented  lost-write (lost_in_restart) at turn 3');
  });

  it('replays the sessions of a store (--db), writes the reference events, and refuses an unknown session', () => {
    const db = path.join(dir, 'evidence.db');
    expect(cli(['ingest', path.join(INCIDENTS, 'concurrent-overwrite'), '--db', db, '--no-progress']).code).toBe(0);
    const events = path.join(dir, 'reference.jsonl');
    const r = cli(['replay', '--db', db, '--events', events]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Session team-run-en');
    expect(r.stdout).toContain('Session team-run-zh');
    expect(r.stdout).toMatch(/state current_task by executor: recorded .* -> reference refused: computed from version 3, current is 4/);
    const lines = fs
      .readFileSync(events, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.some((e) => e.kind === 'state' && e.result === 'conflict')).toBe(true);
    // the reference engine's own log: nothing wrong in it
    const t = cli(['triage', events, '--format', 'json']);
    expect(t.code).toBe(0);
    expect(json(t).findings).toEqual([]);
    const bad = cli(['replay', '--db', db, '--session', 'no-such-session']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/no session "no-such-session"/);
    expect(cli(['replay', '--db', path.join(dir, 'missing.db')]).code).toBe(2);
  });
});

describe('amnesia chaos + amnesia eval', () => {
  it('a seeded corpus scores precision and recall 1.0 for every analyzer, and nothing is flagged on fault-free sessions', () => {
    const out = path.join(dir, 'chaos');
    // seed 2: at seeds 1, 4, 5, 6 and 7 a fault-free English session's pair "The billing service owner is Priya" / "The billing
    // service backup owner is Marco" meets the engine's write-time conflict rule, which supersedes the owner (main gives it at seed 3)
    const c = cli(['chaos', '--out', out, '--seed', '2', '--sessions', '48']);
    expect(c.code).toBe(0);
    expect(c.stdout).toMatch(/Wrote 48 sessions \(seed 2; \d+ English, \d+ Chinese\)/);
    expect(fs.readdirSync(path.join(out, 'logs'))).toHaveLength(48);
    const manifest = JSON.parse(fs.readFileSync(path.join(out, 'manifest.json'), 'utf8'));
    expect(manifest).toMatchObject({ schema: 'amnesia.chaos/v1', seed: 2, sessions: 48 });

    const e = cli(['eval', path.join(out, 'logs'), '--labels', path.join(out, 'labels.jsonl'), '--format', 'json', '--fail-under', '1']);
    expect(e.code).toBe(0);
    const report = json(e);
    // chaos injects faults for the five incident analyzers and the memory-layer ones of issue 31 (those this seed drew);
    // one it injects none for yet (ignored-in-context) must find nothing
    const scored = report.analyzers.filter((a: any) => a.labels > 0);
    expect(scored.map((a: any) => a.analyzer)).toEqual(expect.arrayContaining(INCIDENT_CASES.map(([folder]) => folder)));
    for (const a of scored) expect([a.analyzer, a.precision, a.recall]).toEqual([a.analyzer, 1, 1]);
    for (const a of report.analyzers.filter((x: any) => !scored.includes(x))) expect([a.analyzer, a.findings]).toEqual([a.analyzer, 0]);
    expect(report.clean.sessions).toBeGreaterThan(0);
    expect(report.clean.flagged).toEqual([]);
    expect(report.missed).toEqual([]);
    expect(report.false_positives).toEqual([]);
  });

  it('eval prints a table; a wrong label scores as a miss and a false positive, and --fail-under turns it into exit 1', () => {
    const out = path.join(dir, 'chaos-small');
    expect(cli(['chaos', '--out', out, '--seed', '8', '--sessions', '12']).code).toBe(0);
    const text = cli(['eval', path.join(out, 'logs'), '--labels', path.join(out, 'labels.jsonl')]);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/^analyzer +labels +findings +TP +FP +FN +precision +recall$/m);
    expect(text.stdout).toMatch(/^lost-write +\d+ +\d+ +\d+ +0 +0 +(1\.000| +-) +(1\.000| +-)$/m);
    expect(text.stdout).toMatch(/labelled clean: \d+, of which flagged: 0/);
    const labels = fs
      .readFileSync(path.join(out, 'labels.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    const i = labels.findIndex((l) => l.analyzer !== null);
    labels[i] = { ...labels[i], turn: labels[i].turn + 100 };
    const wrong = path.join(out, 'wrong.jsonl');
    fs.writeFileSync(wrong, labels.map((l) => JSON.stringify(l)).join('\n'));
    const e = cli(['eval', path.join(out, 'logs'), '--labels', wrong, '--format', 'json', '--fail-under', '1']);
    expect(e.code).toBe(1);
    const report = json(e);
    expect(report.missed).toHaveLength(1);
    expect(report.false_positives.length).toBeGreaterThan(0);
    const a = report.analyzers.find((x: any) => x.analyzer === labels[i].analyzer);
    expect(a.recall).toBeLessThan(1);
    expect(a.precision).toBeLessThan(1);
  });

  it('usage errors exit 2 with a one-line message', () => {
    const missing = cli(['eval', path.join(INCIDENTS, 'lost-write'), '--labels', path.join(dir, 'nope.jsonl')]);
    expect([missing.code, missing.stderr.trim()]).toEqual([2, `amnesia: ${path.join(dir, 'nope.jsonl')}: no such file`]);
    expect(cli(['chaos', '--out', path.join(dir, 'x'), '--fault-free', '2']).code).toBe(2);
    expect(cli(['chaos', '--out', path.join(dir, 'x'), '--sessions', '0']).code).toBe(2);
    expect(cli(['chaos']).code).toBe(2);
    expect(cli(['eval', path.join(INCIDENTS, 'lost-write'), '--labels', path.join(dir, 'nope.jsonl'), '--analyzer', 'nope']).code).toBe(2);
  });
});
