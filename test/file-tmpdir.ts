// Loaded before every test file (vitest.config.ts setupFiles): the file gets its own temporary
// folder as TMPDIR, so every folder it or a binary it starts makes is its own, never another file's,
// and all of it is removed once the file's tests and hooks are done (this afterAll runs last).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';

const before = process.env.TMPDIR;
const mine = fs.mkdtempSync(path.join(os.tmpdir(), 'file-'));
process.env.TMPDIR = mine;

afterAll(() => {
  if (before === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = before;
  fs.rmSync(mine, { recursive: true, force: true });
});
