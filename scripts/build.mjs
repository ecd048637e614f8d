// The build. `npm run build`: src/ to dist/ as JavaScript, file by file in the same layout (esbuild,
// about a second), then the data beside it, and tsc's check of src/ with the declarations the
// package's exports name (`types`). `npm run build:js` (what npm test, test:slow, bench and start
// run) is the same JavaScript and data without tsc: `npm run check` type-checks src/, test/ and
// bench/ in CI, and the JavaScript the tests run is byte for byte the JavaScript `npm run build`
// ships. tsc's emit took 15 s of a 2-core machine's single thread before npm test's first test;
// esbuild's is the same code, since tsconfig.json has isolatedModules (every file compiles alone,
// which is all esbuild does) and both emit ES2022 modules with the automatic JSX runtime.
//
// usage: node scripts/build.mjs [--js]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const jsOnly = process.argv.includes('--js');
const unknown = process.argv.slice(2).filter((a) => a !== '--js');
if (unknown.length > 0) {
  console.error(`build: unknown option ${unknown[0]} (usage: node scripts/build.mjs [--js])`);
  process.exit(2);
}

/** Every source module of the package: no tests, no test helpers, no declaration files. */
const entryPoints = fs
  .readdirSync('src', { recursive: true, encoding: 'utf8' })
  .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && !f.endsWith('.d.ts') && !f.split(path.sep).includes('__tests__'))
  .map((f) => path.join('src', f))
  .sort();

try {
  await build({
    entryPoints,
    outdir: 'dist',
    outbase: 'src',
    bundle: false,
    format: 'esm',
    platform: 'node',
    // tsconfig.json's target, so the output is what tsc gave (class fields, for one, are defined)
    target: 'es2022',
    jsx: 'automatic',
    sourcemap: 'linked',
    // the lexicons and tables keep their own characters (esbuild's default escapes non-ASCII)
    charset: 'utf8',
    tsconfig: 'tsconfig.build.json',
    logLevel: 'warning',
  });
} catch {
  // esbuild printed the errors, each at file:line
  console.error('build: compiling src/ failed (above)');
  process.exit(1);
}

/** One build step in its own process, its output passed through; resolves to its exit code. */
function step(cmd, args) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: 'inherit' });
    child.on('error', (e) => {
      console.error(`build: ${[cmd, ...args].join(' ')}: ${e.message}`);
      resolve(1);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const node = process.execPath;
const tsc = path.join('node_modules', 'typescript', 'bin', 'tsc');
// the analyzers' READMEs and the lexicons first: the compiled modules the other steps load read them
if ((await step(node, ['scripts/copy-readmes.mjs'])) !== 0) {
  console.error('build: copy-readmes failed (above)');
  process.exit(1);
}
// then at once: each reads only src/, node_modules and the files above, and writes its own
const steps = [
  ['eld-data', step(node, ['scripts/eld-data.mjs'])],
  ['token-ranks', step(node, ['scripts/token-ranks.mjs'])],
  ['unicode-classes', step(node, ['scripts/unicode-classes.mjs'])],
  ['readme-analyzers', step(node, ['scripts/readme-analyzers.mjs'])],
  ...(jsOnly ? [] : [['tsc (the check of src/ and its declarations)', step(node, [tsc, '-p', 'tsconfig.build.json', '--emitDeclarationOnly'])]]),
];
let failed = false;
for (const [name, done] of steps) {
  if ((await done) !== 0) {
    console.error(`build: ${name} failed (above)`);
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
