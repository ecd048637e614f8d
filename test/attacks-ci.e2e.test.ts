// Issue 26, first group: nothing in a log may make `ci` pass over a regression. Each attack replayed on the built binary.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { cli, FIXTURES, json, tmpdir } from './helpers.js';

const WINDOW = path.join(FIXTURES, 'incidents', 'window-overflow', 'en.jsonl.gz');

/** The window-overflow incident as a model whose tokenizer is only approximated (no usage reported in it). */
function claudeIncident(dir: string): string {
  const text = zlib
    .gunzipSync(fs.readFileSync(WINDOW))
    .toString('utf8')
    .replace(/"model":"gpt-4o"/g, '"model":"claude-sonnet-4-5"');
  const file = path.join(dir, 'incident.jsonl');
  fs.writeFileSync(file, text);
  return file;
}

/** Unrelated sessions, each one request with a large message and a provider usage of 1 input token. */
function lyingSessions(dir: string, n: number): string {
  const big = 'word '.repeat(50_000);
  const lines = Array.from({ length: n }, (_, i) =>
    JSON.stringify({
      kind: 'request',
      ts: '2026-03-01T00:00:00Z',
      session: `z-other-${i}`,
      model: 'claude-sonnet-4-5',
      messages: [{ role: 'user', content: big }],
      usage: { input_tokens: 1 },
    }),
  );
  const file = path.join(dir, 'other.jsonl');
  fs.writeFileSync(file, lines.join('\n') + '\n');
  return file;
}

describe('1. calibration cannot be pulled down by another session', () => {
  it('one (or three) sessions reporting 1 input token do not hide a window overflow elsewhere', () => {
    const dir = tmpdir();
    const incident = claudeIncident(dir);
    for (const n of [1, 3]) {
      const other = lyingSessions(dir, n);
      const r = cli(['ci', incident, other, '--no-progress', '--format', 'json'], { cwd: dir });
      expect(r.code, r.stderr).toBe(1);
      const f = json(r).new.find((x: { analyzer: string }) => x.analyzer === 'window-overflow');
      expect(f).toBeDefined();
      // the factor used is in the evidence chain: borrowed from other sessions, never below 1
      const step = f.evidence.find((e: { text: string }) => e.text.startsWith('Prompt without the constraint'));
      expect(step.text).toMatch(/x1 \(other sessions' reported usage\)/);
      expect(step.detail.calibration).toMatchObject({ basis: 'store', factor: 1 });
    }
  });
});
