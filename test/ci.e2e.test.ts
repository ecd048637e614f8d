import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { XMLParser } from 'fast-xml-parser';
import { cli, FIXTURES, json, sarifErrors, tmpdir } from './helpers.js';

const LOST = path.join(FIXTURES, 'incidents', 'lost-write');
const CONCURRENT = path.join(FIXTURES, 'incidents', 'concurrent-overwrite');

/** A workspace with a logs/ folder holding the given incident folders. */
function workspace(...dirs: string[]) {
  const dir = tmpdir('amnesia-ci-');
  const logs = path.join(dir, 'logs');
  fs.mkdirSync(logs);
  for (const d of dirs) fs.cpSync(d, path.join(logs, path.basename(d)), { recursive: true });
  return { dir, logs, run: (...args: string[]) => cli(['ci', 'logs', ...args], { cwd: dir }) };
}

describe('amnesia ci: verdict and exit status', () => {
  it('no baseline: every finding is new, an error fails the run (exit 1) and the verdict says so', () => {
    const w = workspace(LOST);
    const r = w.run();
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/FAIL: 2 new finding\(s\) at or above error/);
    expect(r.stderr).toMatch(/no baseline \(amnesia-baseline\.json\)/);
  });

  it('--update-baseline accepts the current findings (exit 0); the next run passes with them known', () => {
    const w = workspace(LOST);
    const u = w.run('--update-baseline');
    expect(u.code).toBe(0);
    expect(u.stdout).toMatch(/baseline written to amnesia-baseline\.json: 2 accepted finding\(s\)/);
    const b = JSON.parse(fs.readFileSync(path.join(w.dir, 'amnesia-baseline.json'), 'utf8'));
    expect(b.schema).toBe('amnesia.baseline/v1');
    expect(b.findings.map((f: any) => f.analyzer)).toEqual(['lost-write', 'lost-write']);
    const r = w.run('--format', 'json');
    expect(r.code).toBe(0);
    const doc = json(r);
    expect([doc.verdict, doc.new.length, doc.known.length, doc.fixed.length]).toEqual(['pass', 0, 2, 0]);
    expect(r.stderr).toMatch(/PASS: no new finding at or above error \(0 new, 2 known, 0 fixed\)/);
  });

  it('a newly introduced forgetting bug fails against the baseline; removing one reports it fixed', () => {
    const w = workspace(LOST);
    expect(w.run('--update-baseline').code).toBe(0);
    fs.cpSync(CONCURRENT, path.join(w.logs, 'concurrent-overwrite'), { recursive: true });
    const added = json(w.run('--format', 'json'));
    expect(added.verdict).toBe('fail');
    expect(added.new.map((f: any) => f.analyzer)).toEqual(['concurrent-overwrite', 'concurrent-overwrite']);
    expect(added.known).toHaveLength(2);
    fs.rmSync(path.join(w.logs, 'lost-write', 'en.jsonl'));
    const r = w.run('--format', 'json');
    const fixed = json(r);
    expect(fixed.fixed.map((f: any) => f.session)).toEqual(['s7-en']);
    expect(fixed.known).toHaveLength(1);
    const text = w.run();
    expect(text.stdout).toMatch(/Fixed since the baseline \(1\)/);
  });

  it('--fail-on warning / info is stricter; a finding below the fail level does not fail', () => {
    const w = workspace(LOST);
    // the incidents are errors: with --fail-on error they fail, and a trusted config severity override to info passes
    // (untrusted, that override is refused: test/attacks-ci.e2e.test.ts)
    fs.writeFileSync(path.join(w.dir, 'amnesia.config.json'), JSON.stringify({ analyzers: { 'lost-write': { severity: 'info' } } }));
    expect(w.run('--trust-config').code).toBe(0);
    expect(w.run('--fail-on', 'info').code).toBe(1);
  });

  it('ignore rules leave findings out, and a rule without a reason is refused (exit 2) naming the key', () => {
    const w = workspace(LOST);
    fs.writeFileSync(
      path.join(w.dir, 'amnesia.config.json'),
      JSON.stringify({ ignore: [{ analyzer: 'lost-write', session: 's7*', reason: 'worker queue fix lands in v2' }] }),
    );
    const r = w.run('--format', 'json');
    expect(r.code).toBe(0);
    expect(json(r).ignored).toBe(2);
    fs.writeFileSync(path.join(w.dir, 'amnesia.config.json'), JSON.stringify({ ignore: [{ analyzer: 'lost-write' }] }));
    const bad = w.run();
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/amnesia\.config\.json: ignore\[0\]\.reason: every ignore rule needs a reason/);
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('could not run: missing logs, an unreadable baseline -> exit 2', () => {
    const w = workspace(LOST);
    const missing = cli(['ci', 'nope/'], { cwd: w.dir });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/nope\/: no such file or directory/);
    fs.writeFileSync(path.join(w.dir, 'amnesia-baseline.json'), '{"findings": 3}');
    const badBaseline = w.run();
    expect(badBaseline.code).toBe(2);
    expect(badBaseline.stderr).toMatch(/amnesia-baseline\.json: not an amnesia\.baseline\/v1 file/);
    const explicit = w.run('--baseline', 'other.json');
    expect(explicit.code).toBe(2);
    expect(explicit.stderr).toMatch(/other\.json: no such baseline file/);
  });
});

describe('amnesia ci: reports', () => {
  // one run on both incidents writes the SARIF and the JUnit report the next two tests read
  let both: { dir: string; code: number | null } | undefined;
  const reports = () => {
    if (!both) {
      const w = workspace(LOST, CONCURRENT);
      both = { dir: w.dir, code: w.run('--sarif', 'out/amnesia.sarif', '--junit', 'junit.xml').code };
    }
    return both;
  };

  it('SARIF validates against the 2.1.0 schema, one rule per analyzer, results at the log line', () => {
    const w = reports();
    expect(w.code).toBe(1);
    const log = JSON.parse(fs.readFileSync(path.join(w.dir, 'out', 'amnesia.sarif'), 'utf8'));
    expect(sarifErrors(log)).toEqual([]);
    const run = log.runs[0];
    const ruleIds = run.tool.driver.rules.map((r: any) => r.id);
    expect(ruleIds).toContain('lost-write');
    expect(new Set(ruleIds).size).toBe(ruleIds.length);
    expect(run.tool.driver.rules.find((r: any) => r.id === 'lost-write').help.markdown).toMatch(/^# lost-write/);
    expect(run.results).toHaveLength(4);
    for (const res of run.results) {
      expect(run.tool.driver.rules[res.ruleIndex].id).toBe(res.ruleId);
      const loc = res.locations[0].physicalLocation;
      expect(loc.artifactLocation.uri).toMatch(/^logs\/(lost-write|concurrent-overwrite)\/(en|zh)\.jsonl$/);
      expect(loc.region.startLine).toBeGreaterThan(1);
      expect(res.baselineState).toBe('new');
    }
    const lost = run.results.find((r: any) => r.ruleId === 'lost-write' && r.locations[0].physicalLocation.artifactLocation.uri.endsWith('zh.jsonl'));
    // the key evidence of the lost write is the worker restart (line 17 of the incident)
    expect(lost.locations[0].physicalLocation.region.startLine).toBe(17);
  });

  it('JUnit parses back: a suite per analyzer, a case per analyzer x session, failures where new errors are', () => {
    const w = reports();
    expect(w.code).toBe(1);
    const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(fs.readFileSync(path.join(w.dir, 'junit.xml'), 'utf8'));
    const suites = [xml.testsuites.testsuite].flat();
    const ids = suites.map((s: any) => s.name);
    expect(ids).toEqual(expect.arrayContaining(['lost-write', 'concurrent-overwrite']));
    const sessions = 4; // s7, s7-en, team-run-en, team-run-zh
    for (const s of suites) expect([s.testcase].flat()).toHaveLength(sessions);
    const lost = suites.find((s: any) => s.name === 'lost-write');
    const failed = [lost.testcase]
      .flat()
      .filter((c: any) => c.failure)
      .map((c: any) => c.name)
      .sort();
    expect(failed).toEqual(['s7', 's7-en']);
    expect(Number(lost.failures)).toBe(2);
    expect(Number(xml.testsuites.failures)).toBe(4);
  });

  it('Markdown summary to a file and to $GITHUB_STEP_SUMMARY; GitHub annotations on stdout under Actions', () => {
    const w = workspace(LOST);
    const summary = path.join(w.dir, 'step-summary.md');
    fs.writeFileSync(summary, '# earlier step\n');
    const r = cli(['ci', 'logs', '--markdown', 'amnesia.md'], { cwd: w.dir, env: { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: summary } });
    expect(r.code).toBe(1);
    const md = fs.readFileSync(path.join(w.dir, 'amnesia.md'), 'utf8');
    expect(md).toMatch(/^## ❌ Amnesia Forensics: FAIL: 2 new finding/);
    expect(md).toMatch(/\| `lost-write` \| 2 \| 0 \| 0 \|/);
    expect(fs.readFileSync(summary, 'utf8')).toBe('# earlier step\n' + md);
    const annotations = r.stdout.split('\n').filter((l) => l.startsWith('::'));
    expect(annotations).toHaveLength(2);
    expect(annotations[0]).toMatch(
      /^::error file=logs\/lost-write\/(en|zh)\.jsonl,line=17,title=amnesia lost-write \(lost_in_restart\)::.+\[f_[0-9a-f]{16}\]%0AFix: /,
    );
  });

  it('the bundled fixtures: red without a baseline, green once accepted', () => {
    const dir = tmpdir('amnesia-ci-');
    // (a missing --baseline is refused before any log is read)
    expect(cli(['ci', FIXTURES, '--baseline', path.join(dir, 'b.json')], { cwd: dir }).code).toBe(2);
    // three whole-folder runs: red, accepted, green. The first reads every fixture into a kept store; the
    // other two find every file already read there (the same gate, without reading 6 MB three times)
    const db = ['--db', path.join(dir, 'evidence.db')];
    const red = cli(['ci', FIXTURES, '--format', 'json', '--no-progress', ...db], { cwd: dir });
    expect(red.code).toBe(1);
    const doc = json(red);
    expect(doc.verdict).toBe('fail');
    expect(doc.new.length).toBeGreaterThan(10);
    // the folder also holds files that are not logs (package.json, a dialogue's source): named, they pass.
    // What the coding agents write beside their transcripts (Cline's task metadata and UI messages, its SDK's
    // session manifest) is read with them, and Gemini CLI's resume files say what they held: neither is unread
    const unread = doc.unread.map((u: { path: string }) => u.path.replace(/^.*fixtures\//, ''));
    expect(unread.length).toBeGreaterThan(0);
    expect(unread).toEqual(expect.not.arrayContaining([expect.stringMatching(/ui_messages|task_metadata|cline\/sdk\/session\.json|gemini-cli/)]));
    expect(cli(['ci', FIXTURES, '--update-baseline', ...db], { cwd: dir }).code).toBe(0);
    const notLogs = ['*/package*.json', '*/human-dialogue/source.json'].flatMap((g) => ['--ignore-unread', g]);
    expect(cli(['ci', FIXTURES, ...notLogs, ...db], { cwd: dir }).code).toBe(0);
  });
});
