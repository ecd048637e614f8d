// npm test's first step: the build, the type check (tests included) and the formatter / linter check
// at once instead of one after the other; fails if any fails.
import { spawn } from 'node:child_process';

const run = (script) => new Promise((resolve) => spawn('npm', ['run', script, '--silent'], { stdio: 'inherit' }).on('close', (code) => resolve(code ?? 1)));
const codes = await Promise.all([run('build'), run('typecheck'), run('lint')]);
process.exit(codes.find((c) => c !== 0) ?? 0);
