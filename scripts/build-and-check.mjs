// npm test's first step: the build and the type check (tests included) at once, one per core,
// instead of one after the other; fails if either fails.
import { spawn } from 'node:child_process';

const run = (script) =>
  new Promise((resolve) => spawn('npm', ['run', script, '--silent'], { stdio: 'inherit' }).on('close', (code) => resolve(code ?? 1)));
const codes = await Promise.all([run('build'), run('typecheck')]);
process.exit(codes.find((c) => c !== 0) ?? 0);
