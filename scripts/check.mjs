// npm run check: the type check (tests included) and the formatter / linter check at once instead of
// one after the other; fails if either fails. `.ci/run` runs it before the tests; npm test builds and
// runs the tests only (vitest strips types without checking them), so run this before a commit too.
import { spawn } from 'node:child_process';

const run = (script) => new Promise((resolve) => spawn('npm', ['run', script, '--silent'], { stdio: 'inherit' }).on('close', (code) => resolve(code ?? 1)));
const codes = await Promise.all([run('typecheck'), run('lint')]);
process.exit(codes.find((c) => c !== 0) ?? 0);
