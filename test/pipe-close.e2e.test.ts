// A reader that closes the pipe early (`amnesia triage … | head`): the rest of the output is dropped,
// no stack trace reaches stderr, and the command exits with its own code, so `ci … | head` under
// `set -o pipefail` still fails the gate (an EPIPE crash had exited 1 by accident, with a trace).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, FIXTURES, ROOT } from './helpers.js';

/** Run the binary, read its stdout until the first chunk, then close the pipe; the exit code and stderr. */
function runAndCloseEarly(args: string[]): Promise<{ code: number | null; stderr: string; got: number }> {
  return new Promise((resolve) => {
    const p = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, env: { ...process.env, NO_COLOR: '1', CI: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    let got = 0;
    p.stderr.on('data', (d: Buffer) => {
      stderr += d.toString('utf8');
    });
    p.stdout.once('data', (d: Buffer) => {
      got = d.length;
      p.stdout.destroy();
    });
    p.on('close', (code) => resolve({ code, stderr, got }));
  });
}

describe('a reader that closes the pipe early', () => {
  const incidents = path.join(FIXTURES, 'incidents');

  it('triage --format json | head: no trace, the run ends with its own exit code', async () => {
    const r = await runAndCloseEarly(['triage', incidents, '--format', 'json', '--no-progress']);
    expect(r.got).toBeGreaterThan(0);
    expect(r.stderr).not.toMatch(/EPIPE|Error:|at .*\.js:\d+/);
    expect(r.code).toBe(0);
  });

  it('ci | head: the gate still fails (exit 1), quietly', async () => {
    const r = await runAndCloseEarly(['ci', incidents, '--no-progress']);
    expect(r.stderr).not.toMatch(/EPIPE|at .*\.js:\d+/);
    expect(r.code).toBe(1);
  });
});
