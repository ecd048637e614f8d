/**
 * Test stores for the TUI: real fixture logs ingested into a real SQLite store, plus findings
 * written with the store's own saveFindings (hand-made, so the tests do not depend on the
 * analyzers' wording; their evidence points at real events of the ingested logs).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { openStore, type Db } from '../../store/connection.js';
import { resolveInputs } from '../../ingest/inputs.js';
import { ingest } from '../../ingest/pipeline.js';
import { saveFindings } from '../../store/findings.js';
import { openTuiStore, type TuiStore } from '../store.js';
import type { EvidenceRole, EvidenceStep, Finding, Severity } from '../../findings/types.js';

export const FIXTURE_LOGS = [
  'fixtures/incidents/lost-write/en.jsonl',
  'fixtures/incidents/concurrent-overwrite/en.jsonl',
  'fixtures/incidents/tool-drift/en.jsonl',
  'fixtures/incidents/recall-mismatch/trace',
];

/** A log line with a secret and terminal escapes in it, to check what reaches the screen. */
export const HOSTILE_SESSION = 'hostile-1';
const HOSTILE = [
  {
    kind: 'request',
    ts: '2026-05-01T10:00:00Z',
    session: HOSTILE_SESSION,
    turn: 0,
    id: 'hostile-req',
    model: 'gpt-4o',
    messages: [{ role: 'user', content: 'my key is sk-abcdefghijklmnopqrstuvwx1234 \u001b]0;pwned\u0007 ok' }],
  },
  { kind: 'response', ts: '2026-05-01T10:00:01Z', session: HOSTILE_SESSION, turn: 0, content: 'noted \u001b[2J cleared?' },
];

interface Ev {
  source: string;
  event: string;
  turn: number | null;
  ts: string;
  kind: string;
  body: Record<string, unknown>;
}

export function events(db: Db, session: string): Ev[] {
  const rows = db
    .prepare(
      `SELECT e.kind, e.turn, e.ts, e.event_id, e.body, s.path, e.line FROM events e JOIN sources s ON s.id = e.source_id
       WHERE e.session = ? ORDER BY e.ts, e.source_id, e.line`,
    )
    .all(session) as { kind: string; turn: number | null; ts: number; event_id: string | null; body: string; path: string; line: number }[];
  return rows.map((r) => ({
    source: `${r.path}:${r.line}`,
    event: r.event_id ?? `${r.path}:${r.line}`,
    turn: r.turn,
    ts: new Date(r.ts).toISOString(),
    kind: r.kind,
    body: JSON.parse(r.body) as Record<string, unknown>,
  }));
}

function step(i: number, role: EvidenceRole, e: Ev, text: string, detail: Record<string, unknown> = {}): EvidenceStep {
  return { step: i + 1, role, turn: e.turn, ts: e.ts, event: e.event, source: e.source, text, detail };
}

function finding(
  id: string,
  analyzer: string,
  severity: Severity,
  session: string,
  cause: string,
  title: string,
  steps: EvidenceStep[],
  detail: Record<string, unknown>,
): Finding {
  const last = steps[steps.length - 1];
  return {
    id,
    analyzer,
    severity,
    confidence: 'certain',
    session,
    turn: last?.turn ?? null,
    ts: last?.ts ?? '2026-01-01T00:00:00.000Z',
    title,
    cause,
    evidence: steps,
    fix: `fix for ${cause}`,
    detail,
  };
}

/** The hand-made findings over the ingested fixtures (one per failure mode with data, plus a hostile one). */
export function fixtureFindings(db: Db): Finding[] {
  const out: Finding[] = [];
  const lw = events(db, 's7-en');
  const w1 = lw.filter((e) => e.kind === 'memory_write' && e.body.write_id === 'w1');
  const restart = lw.find((e) => e.kind === 'lifecycle')!;
  out.push(
    finding(
      'f_lost',
      'lost-write',
      'error',
      's7-en',
      'lost_in_restart',
      'Preference m77 (write w1) was acknowledged, then memory-worker restarted before it was committed',
      [...w1, restart].map((e, i) =>
        step(i, e.kind === 'lifecycle' ? 'lifecycle' : 'write', e, `${e.kind} ${String(e.body.phase ?? e.body.event)}`, { write_id: 'w1' }),
      ),
      {
        write_id: 'w1',
        memory_id: 'm77',
        gap_ms: 4000,
        restart: { process: 'memory-worker', event: 'restart', ts: restart.ts },
      },
    ),
  );
  out[0].layer = 'update'; // the layer that failed (FINDINGS.md); the other hand-made findings are as documents written before it
  const co = events(db, 'team-run-en').filter((e) => e.kind === 'state');
  const [r1, r2, wA, wB] = co;
  out.push(
    finding(
      'f_state',
      'concurrent-overwrite',
      'error',
      'team-run-en',
      'same_base_version',
      "current_task: executor's write replaced planner's; planner's update was lost",
      [
        step(0, 'state', r1, 'planner read current_task'),
        step(1, 'state', r2, 'executor read current_task'),
        step(2, 'state', wA, 'planner wrote task_a_done', { key: 'current_task', lost: true }),
        step(3, 'state', wB, 'executor wrote task_b', { key: 'current_task', overwrote: true }),
      ],
      { key: 'current_task', lost_value: 'task_a_done', surviving_value: 'task_b', base_version: 3, writers: ['planner', 'executor'] },
    ),
  );
  const td = events(db, 'td-incident-en');
  const tool = td.find((e) => e.kind === 'tool_result')!;
  const drifted = td.filter((e) => e.kind === 'response' && e.ts > tool.ts)[0];
  out.push(
    finding(
      'f_drift',
      'tool-drift',
      'warning',
      'td-incident-en',
      'length_after_tool',
      'Response broke "Be concise" right after web_search returned 202 words',
      [step(0, 'tool', tool, 'web_search result'), step(1, 'response', drifted, String(drifted.body.content).slice(0, 80))],
      { label: 'be concise', metric: 'words' },
    ),
  );
  const rm = events(db, 'recall-incident-csv-en');
  const retrieval = rm.find((e) => e.kind === 'retrieval')!;
  out.push(
    finding(
      'f_recall',
      'recall-mismatch',
      'error',
      'recall-incident-csv-en',
      'rank_beyond_top_k',
      'Stored preference m77 ranked 3rd with top_k=2 and score 0.74 < threshold 0.75',
      [step(0, 'retrieval', retrieval, String(retrieval.body.query))],
      { memory_id: 'm77', top_k: 2, threshold: 0.75, missed: { id: 'm77', score: 0.74, rank: 3 } },
    ),
  );
  const req = lw.filter((e) => e.kind === 'request');
  out.push(
    finding(
      'f_window',
      'window-overflow',
      'info',
      's7-en',
      'constraint_evicted',
      'Constraint "use bullet lists" dropped from the prompt',
      [
        step(0, 'user_input', req[3], 'From now on, answer with bullet lists, never tables.'),
        step(1, 'context', req[req.length - 1], 'Prompt without the constraint'),
      ],
      { label: 'use bullet lists', fill: 0.01 },
    ),
  );
  const h = events(db, HOSTILE_SESSION);
  out.push(
    finding(
      'f_hostile',
      'tool-drift',
      'info',
      HOSTILE_SESSION,
      'length_after_tool',
      'hostile \u001b[2J title',
      [step(0, 'user_input', h[0], 'my key is [api-key #00000000]'), step(1, 'response', h[1], 'noted \u001b[2J cleared?')],
      {},
    ),
  );
  return out;
}

export interface FixtureStore {
  dir: string;
  file: string;
  /** a writable connection (close it, or use it to add rows) */
  db: Db;
}

/** Ingest the fixture logs into a new store in a temporary folder and save the fixture findings. */
export async function fixtureStore(opts: { findings?: (db: Db) => Finding[] } = {}): Promise<FixtureStore> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'amnesia-tui-'));
  const hostile = path.join(dir, 'hostile.jsonl');
  fs.writeFileSync(hostile, HOSTILE.map((o) => JSON.stringify(o)).join('\n') + '\n');
  const file = path.join(dir, 'evidence.db');
  const db = openStore(file);
  await ingest(db, { inputs: await resolveInputs([...FIXTURE_LOGS, hostile]), progress: false });
  saveFindings(db, (opts.findings ?? fixtureFindings)(db), 'test');
  return { dir, file, db };
}

export function removeStore(s: FixtureStore): void {
  try {
    s.db.close();
  } catch {
    // already closed
  }
  fs.rmSync(s.dir, { recursive: true, force: true });
}

/**
 * The fixture store opened read-only as the TUI opens it, for the tests of one file: built before
 * them, closed and removed after. Read `.store` and `.fx` inside the tests (they are set by then).
 */
export function tuiFixture(): { fx: FixtureStore; store: TuiStore } {
  const t = {} as { fx: FixtureStore; store: TuiStore };
  beforeAll(async () => {
    t.fx = await fixtureStore();
    t.fx.db.close();
    t.store = openTuiStore(openStore(t.fx.file, { readonly: true }));
  });
  afterAll(() => {
    t.store.close();
    removeStore(t.fx);
  });
  return t;
}
