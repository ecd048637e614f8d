import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Every temporary folder of a test run (the tests' own stores and logs, and those the CLI makes)
 * goes under one folder made here, through TMPDIR, which the test processes and every binary they
 * start inherit; the folder is removed when the run ends. Thousands of folders used to stay in /tmp.
 */
export default function setup(): () => void {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'amnesia-test-run-'));
  // others may pass through, not list: a test runs its own PostgreSQL as the postgres user in here
  fs.chmodSync(root, 0o711);
  const before = process.env.TMPDIR;
  process.env.TMPDIR = root;
  return () => {
    if (before === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = before;
    fs.rmSync(root, { recursive: true, force: true });
  };
}
