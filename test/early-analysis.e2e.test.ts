// triage analyses quiet sessions while ingest goes on (src/analyzers/speculate.ts) and keeps a
// result only where everything it was computed from is unchanged at the end. These runs compare
// the built binary's report with early analysis and without it, on inputs where early results
// must be thrown away: sessions touched again late in the file, calibration factors that move.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, FIXTURES, tmpdir } from './helpers.js';

const INCIDENTS = ['concurrent-overwrite', 'lost-write', 'recall-mismatch', 'tool-drift'].flatMap((d) =>
  ['en', 'zh'].map((l) => fs.readFileSync(path.join(FIXTURES, 'incidents', d, `${l}.jsonl`), 'utf8').trim().split('\n')),
);

/** `copies` copies of every incident session, each renamed, one after another (so that they go quiet), then `tail`. */
function log(copies: number, tail: (copy: (line: string, k: number) => string) => string[]): string {
  const copy = (line: string, k: number) => line.replace(/"session":"([^"]+)"/, (_m, s: string) => `"session":"${s}~${k}"`).replace(/"id":"([^"]+)"/g, (_m, s: string) => `"id":"${s}~${k}"`);
  const out: string[] = [];
  for (let k = 0; k < copies; k++) for (const lines of INCIDENTS) for (const l of lines) out.push(copy(l, k));
  out.push(...tail(copy));
  return `${out.join('\n')}\n`;
}

function triage(file: string, early: boolean) {
  const r = cli(['triage', file, '--format', 'json', '--no-progress'], {
    env: { AMNESIA_EARLY_ANALYSIS: early ? '1' : '0', AMNESIA_SPECULATION_STATS: '1', AMNESIA_WORKERS: '2' },
  });
  expect(r.code, r.stderr).toBeLessThan(2);
  const stats = /early analysis: (\d+) of (\d+) sessions kept/.exec(r.stderr);
  return { report: r.stdout, kept: stats ? Number(stats[1]) : null, analysed: stats ? Number(stats[2]) : null };
}

describe('triage: early analysis during ingest', () => {
  it('gives the same report as analysing after ingest, keeping early results that hold', () => {
    const file = path.join(tmpdir(), 'quiet.jsonl');
    fs.writeFileSync(file, log(40, () => []));
    const late = triage(file, false);
    const early = triage(file, true);
    expect(late.kept).toBeNull();
    expect(early.report).toBe(late.report);
    expect(JSON.parse(early.report).findings.length).toBeGreaterThan(100);
    // most sessions went quiet long before the end of the file, and nothing changed them after
    expect(early.analysed!).toBeGreaterThanOrEqual(16); // of 320 sessions: the worker starts while most of this small input is read
    expect(early.kept).toBe(early.analysed);
  });

  it('throws away early results whose inputs changed later in the file, and still gives the same report', () => {
    const file = path.join(tmpdir(), 'changed.jsonl');
    fs.writeFileSync(
      file,
      log(40, (copy) => {
        const tail: string[] = [];
        // a request with provider usage for qwen-max moves its calibration factor, which every earlier
        // qwen-max request without usage was scaled by: those sessions' early results no longer hold
        tail.push(JSON.stringify({ kind: 'request', ts: '2026-04-21T09:00:00Z', session: 'calibrate', model: 'qwen-max', messages: [{ role: 'user', content: 'ping' }], usage: { input_tokens: 4000 } }));
        // a session that went quiet long ago gets one more event: its early result is dropped at once
        for (const lines of INCIDENTS.slice(0, 2)) tail.push(copy(lines[lines.length - 1].replace(/"ts":"([^"]+)"/, '"ts":"2026-12-01T00:00:00Z"').replace(/"id":"([^"]+)"/, '"id":"late-$1"'), 0));
        return tail;
      }),
    );
    const late = triage(file, false);
    const early = triage(file, true);
    expect(early.report).toBe(late.report);
    expect(early.analysed!).toBeGreaterThanOrEqual(16); // of 320 sessions: the worker starts while most of this small input is read
    expect(early.kept!).toBeGreaterThan(0);
    expect(early.kept!).toBeLessThan(early.analysed!);
  });
});
