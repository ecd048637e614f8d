/**
 * `amnesia replay` (the built binary) and the TUI's Replay pane (its store model, as `amnesia tui`
 * builds it) judge the same findings with the same verdicts on the same store under the same
 * config: both take the one analysis plan (src/analysis/plan.ts). Before the plan, a config that
 * turned window-overflow off left its findings out of `amnesia replay` but not out of the pane.
 * "Every config": each key a config file can hold that either command reads (models, analyzers'
 * enabled / severity / options, ignore, redact) and the --redact flag, each in a case of its own
 * (a test fails when the config grows a key no case sets); `replay` and `tui` take no other flag
 * that shapes the plan (no --analyzer, --severity or --min-confidence).
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, FIXTURES, json, ROOT, tmpdir } from './helpers.js';
import { openStore } from '../src/store/connection.js';
import { openTuiStore } from '../src/tui/store.js';
import { commandPlan } from '../src/analysis/flags.js';
import { ANALYZER_KEYS, TOP_KEYS } from '../src/config/index.js';
import type { ReplayReport } from '../src/lab/replay/types.js';
import { EXHAUSTIVE, SLOW } from './tier.js';

// npm test: window-overflow's own 12 KB case of an evicted constraint (a table rule lost at a
// 1,024-token window); test:slow: the bundled incident, 31 turns near a 128,000-token window
// (replayed three times by the binary and three times in process, it was most of this file's time)
const WINDOW_OVERFLOW = SLOW
  ? path.join(FIXTURES, 'incidents', 'window-overflow', 'en.jsonl.gz')
  : path.join(ROOT, 'src', 'analyzers', 'window-overflow', 'fixtures', 'invalid', 'evicted-table-en.jsonl');

let dir: string;
let db: string;

beforeAll(() => {
  dir = tmpdir('amnesia-replay-agrees-');
  db = path.join(dir, 'e.db');
  const logs = [WINDOW_OVERFLOW, path.join(FIXTURES, 'incidents', 'tool-drift', 'en.jsonl')];
  const r = cli(['ingest', '--db', db, '--no-progress', ...logs]);
  expect(r.code, r.stderr).toBe(0);
}, 300_000);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

type Verdicts = Record<string, string[]>;

/** session (as shown) -> its window, then "analyzer cause finding verdict how" per judged finding, in order. */
const verdicts = (reports: ReplayReport[]): Verdicts =>
  Object.fromEntries(
    reports.map((r) => [r.session, [`window ${r.context_limit}`, ...r.findings.map((p) => `${p.analyzer} ${p.cause} ${p.finding_id} ${p.verdict} ${p.how}`)]]),
  );

function cliVerdicts(config: string, redact: boolean): Verdicts {
  const r = cli(['replay', '--db', db, '--format', 'json', '--config', config, ...(redact ? ['--redact'] : [])]);
  expect(r.code, r.stderr).toBe(0);
  return verdicts(json<{ sessions: ReplayReport[] }>(r).sessions);
}

function paneVerdicts(config: string, redact: boolean, sessions: string[]): Verdicts {
  // as `amnesia tui --config <file> [--redact]` builds it
  const plan = commandPlan({ config, redact });
  const store = openTuiStore(openStore(db, { readonly: true }), { plan, analyzers: plan.analyzers.map((a) => a.meta.id) });
  try {
    // the pane opens a session the lists showed (hashed under --redact)
    store.sessionsPage({ sort: 'worst' }, 0, 100);
    return verdicts(sessions.map((s) => store.replay(s)));
  } finally {
    store.close();
  }
}

/** Each case: a config file's content, and --redact. */
const CONFIGS: Record<string, { config: Record<string, unknown>; redact?: boolean }> = {
  'no config': { config: {} },
  'window-overflow off': { config: { analyzers: { 'window-overflow': false } } },
  'tool-drift as info, one cause ignored': {
    config: {
      analyzers: { 'tool-drift': { severity: 'info' } },
      ignore: [{ analyzer: 'window-overflow', cause: 'constraint_evicted', reason: 'accepted in this test' }],
    },
  },
  'window-overflow off by enabled: false, tool-drift with an option': {
    config: { analyzers: { 'window-overflow': { enabled: false }, 'tool-drift': { options: { conciseMaxWords: 1 } } } },
  },
  "a model's window from the config": { config: { models: { 'gpt-4o': { context_limit: 64000 } } } },
  'redact from the config': { config: { redact: true } },
  '--redact, fail_on set': { config: { fail_on: 'warning' }, redact: true },
  // replay asks no model (issue 33: analyze, triage and ci do, with --judge); port 9 answers nothing
  'a judge in the config': { config: { judge: { url: 'http://127.0.0.1:9/v1', model: 'tiny' } } },
};

describe('amnesia replay and the Replay pane agree, under every config', () => {
  const seen: Record<string, Verdicts> = {};
  for (const [name, value] of Object.entries(CONFIGS)) {
    it(name, EXHAUSTIVE, () => {
      const file = path.join(dir, `${name.replace(/\W+/g, '-')}.json`);
      fs.writeFileSync(file, JSON.stringify(value.config));
      const fromCli = cliVerdicts(file, value.redact === true);
      const sessions = Object.keys(fromCli);
      expect(sessions.length).toBeGreaterThan(0);
      expect(paneVerdicts(file, value.redact === true, sessions)).toEqual(fromCli);
      seen[name] = fromCli;
    });
  }

  it("the cases set every key of a config file (and of an analyzer's entry) and --redact", () => {
    const set = new Set(Object.values(CONFIGS).flatMap((c) => Object.keys(c.config)));
    expect([...set].sort()).toEqual(TOP_KEYS.filter((k) => k !== '$schema').sort());
    const entries = Object.values(CONFIGS).flatMap((c) => Object.values((c.config.analyzers ?? {}) as Record<string, unknown>));
    const analyzerKeys = new Set(entries.flatMap((e) => (typeof e === 'object' && e !== null ? Object.keys(e) : [])));
    expect([...analyzerKeys].sort()).toEqual([...ANALYZER_KEYS].sort());
    expect(Object.values(CONFIGS).some((c) => c.redact)).toBe(true);
  });

  it('the configs changed what is judged (so the agreement above is not the agreement of two empty lists)', () => {
    const all = (v: Verdicts) => Object.values(v).flat();
    const base = all(seen['no config']);
    expect(base.some((l) => l.startsWith('window-overflow '))).toBe(true);
    expect(base.some((l) => l.startsWith('tool-drift '))).toBe(true);
    expect(all(seen['window-overflow off']).some((l) => l.startsWith('window-overflow '))).toBe(false);
    expect(all(seen['window-overflow off']).some((l) => l.startsWith('tool-drift '))).toBe(true);
    expect(all(seen['tool-drift as info, one cause ignored']).some((l) => l.startsWith('window-overflow constraint_evicted '))).toBe(false);
    expect(all(seen['window-overflow off by enabled: false, tool-drift with an option']).some((l) => l.startsWith('window-overflow '))).toBe(false);
    expect(all(seen["a model's window from the config"])).toContain('window 64000');
    expect(base).not.toContain('window 64000');
    // redacted: the sessions are shown by their hashes, and the verdicts are the same ones
    for (const name of ['redact from the config', '--redact, fail_on set']) {
      expect(Object.keys(seen[name]).every((s) => s.startsWith('‹id #'))).toBe(true);
      expect(Object.values(seen[name]).flat().length).toBe(base.length);
    }
  });
});
