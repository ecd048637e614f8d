// examples/scale/parallel.sh as a user runs it: GNU parallel, the built binary, the incidents; the
// merged document is the one a single triage prints, and the gate answers as `amnesia ci` does.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN, FIXTURES, ROOT, cli, tmpdir } from './helpers.js';
import { EXHAUSTIVE, SLOW } from './tier.js';

const dir = tmpdir('amnesia-scale-');
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function run(env: Record<string, string>, cwd: string) {
  return spawnSync('bash', [path.join(ROOT, 'examples', 'scale', 'parallel.sh'), path.join(FIXTURES, 'incidents')], {
    cwd,
    encoding: 'utf8',
    env: {
      ...process.env,
      NO_COLOR: '1',
      AMNESIA: `${process.execPath} ${BIN}`,
      N: '3',
      JOBS: '2',
      ...env,
    },
  });
}

describe('examples/scale/parallel.sh', () => {
  it('shards, triages each shard in parallel, merges to the single-run document, and gates on it', EXHAUSTIVE, () => {
    const out = path.join(dir, 'run');
    const r = run({ OUT: out }, dir);
    // paths under the working folder are shown relative to it: the same folder for both
    const single = cli(['triage', path.join(FIXTURES, 'incidents'), '--format', 'json', '--no-progress'], { cwd: dir });
    const doc = JSON.parse(single.stdout) as { findings: { severity: string }[]; summary: { sessions: number } };
    const errors = doc.findings.filter((f) => f.severity === 'error').length;
    expect(errors).toBeGreaterThan(5);
    expect(r.stderr).toContain(`read 3 findings document(s): ${doc.summary.sessions} session(s), ${doc.findings.length} finding(s)`);
    expect(r.status, r.stderr).toBe(1); // new findings, no baseline yet
    expect(r.stdout).toContain(`FAIL: ${errors} new finding(s) at or above error (${doc.findings.length} new, 0 known, 0 fixed)`);
    expect(fs.readFileSync(path.join(out, 'findings.json'), 'utf8')).toBe(single.stdout);
    // the README's "Expected" output, line by line ("..." stands for the findings), with its /tmp/run
    const readme = fs.readFileSync(path.join(ROOT, 'examples', 'scale', 'README.md'), 'utf8');
    const block = /Expected[^\n]*\n\n```\n([\s\S]*?)\n```/.exec(readme)![1];
    const said = `${r.stdout}\n${r.stderr}`.split('\n');
    for (const line of block.split('\n').filter((l) => l !== '...')) expect(said, 'examples/scale/README.md').toContain(line.replaceAll('/tmp/run', out));

    // accepted into a baseline, the next run passes
    const docs = [0, 1, 2].map((k) => path.join(out, `findings-${k}.json`));
    expect(cli(['ci', '--findings', ...docs, '--update-baseline'], { cwd: dir }).code).toBe(0);
    // test:slow runs the whole example again; npm test runs its last step, the gate, on the first run's
    // documents: the example's own command line (parallel.sh step 4), which reads the baseline from its folder
    const again = SLOW
      ? run({ OUT: path.join(dir, 'run2') }, dir)
      : spawnSync(process.execPath, [BIN, 'ci', '--findings', ...docs, '--manifest', path.join(out, 'manifest.json'), '--fail-on', 'error'], {
          cwd: dir,
          encoding: 'utf8',
          env: { ...process.env, NO_COLOR: '1' },
        });
    expect(again.status, again.stderr + again.stdout).toBe(0);
    expect(again.stderr + again.stdout).toContain(`PASS: no new finding at or above error (0 new, ${doc.findings.length} known, 0 fixed)`);
  });
});
