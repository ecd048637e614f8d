/**
 * `amnesia replay` (the built binary) and the TUI's Replay pane (its store model, as `amnesia tui`
 * builds it) judge the same findings with the same verdicts on the same store under the same
 * config: both take the one analysis plan (src/analysis/plan.ts). Before the plan, a config that
 * turned window-overflow off left its findings out of `amnesia replay` but not out of the pane.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, FIXTURES, json, ROOT, tmpdir } from './helpers.js';
import { openStore } from '../src/store/connection.js';
import { openTuiStore } from '../src/tui/store.js';
import { commandPlan } from '../src/analysis/flags.js';
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

/** session -> "analyzer cause finding verdict" per judged finding, in order. */
const verdicts = (reports: ReplayReport[]): Verdicts =>
  Object.fromEntries(reports.map((r) => [r.session, r.findings.map((p) => `${p.analyzer} ${p.cause} ${p.finding_id} ${p.verdict}`)]));

function cliVerdicts(config: string): Verdicts {
  const r = cli(['replay', '--db', db, '--format', 'json', '--config', config]);
  expect(r.code, r.stderr).toBe(0);
  return verdicts(json<{ sessions: ReplayReport[] }>(r).sessions);
}

function paneVerdicts(config: string, sessions: string[]): Verdicts {
  // as `amnesia tui --config <file>` builds it
  const plan = commandPlan({ config });
  const store = openTuiStore(openStore(db, { readonly: true }), { plan, analyzers: plan.analyzers.map((a) => a.meta.id) });
  try {
    return verdicts(sessions.map((s) => store.replay(s)));
  } finally {
    store.close();
  }
}

const CONFIGS: Record<string, unknown> = {
  'no config': {},
  'window-overflow off': { analyzers: { 'window-overflow': false } },
  'tool-drift as info, one cause ignored': {
    analyzers: { 'tool-drift': { severity: 'info' } },
    ignore: [{ analyzer: 'window-overflow', cause: 'constraint_evicted', reason: 'accepted in this test' }],
  },
};

describe('amnesia replay and the Replay pane agree, under every config', () => {
  const seen: Record<string, Verdicts> = {};
  for (const [name, value] of Object.entries(CONFIGS)) {
    it(name, EXHAUSTIVE, () => {
      const file = path.join(dir, `${name.replace(/\W+/g, '-')}.json`);
      fs.writeFileSync(file, JSON.stringify(value));
      const fromCli = cliVerdicts(file);
      const sessions = Object.keys(fromCli);
      expect(sessions.length).toBeGreaterThan(0);
      expect(paneVerdicts(file, sessions)).toEqual(fromCli);
      seen[name] = fromCli;
    });
  }

  it('the configs changed what is judged (so the agreement above is not the agreement of two empty lists)', () => {
    const all = (v: Verdicts) => Object.values(v).flat();
    const base = all(seen['no config']);
    expect(base.some((l) => l.startsWith('window-overflow '))).toBe(true);
    expect(base.some((l) => l.startsWith('tool-drift '))).toBe(true);
    expect(all(seen['window-overflow off']).some((l) => l.startsWith('window-overflow '))).toBe(false);
    expect(all(seen['window-overflow off']).some((l) => l.startsWith('tool-drift '))).toBe(true);
    expect(all(seen['tool-drift as info, one cause ignored']).some((l) => l.startsWith('window-overflow constraint_evicted '))).toBe(false);
  });
});
