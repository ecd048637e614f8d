// Token counting speed of built trees, compared: 4 MB of Chinese (the zh window-overflow incident), of English
// (README.md, repeated) and of a mixed log (the en incident), in o200k_base and cl100k_base, each in a fresh process
// per run, the trees taken in turn so the machine's load falls on all alike.
// Usage: node bench/count-tokens.mjs [runs=5] <repo or worktree with dist/>...   (default: this one)
// Each run first counts 10,000 characters and a few non-ASCII ones (the counter's first use: rank table, pre-tokenizer),
// then times the text.
// Reports the median and least CPU ms of the timed count (process.cpuUsage, this thread) and the median wall ms.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import zlib from 'node:zlib';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.join(here, '..');

if (process.argv[2] === '--one') {
  // one run: node bench/count-tokens.mjs --one <tree> <text> <encoding>
  const [, , , tree, name, encoding] = process.argv;
  const { countTokens } = await import(pathToFileURL(path.join(tree, 'dist', 'tokens', 'count.js')).href);
  const text = texts()[name];
  const first = process.cpuUsage();
  countTokens(`${text.slice(0, 10_000)} café 中文`, encoding); // a non-ASCII piece: the pre-tokenizer is made
  const firstUse = process.cpuUsage(first);
  const cpu = process.cpuUsage();
  const t0 = performance.now();
  const tokens = countTokens(text, encoding);
  const wall = performance.now() - t0;
  const used = process.cpuUsage(cpu);
  const ms = (u) => (u.user + u.system) / 1000;
  console.log(JSON.stringify({ tokens, cpu: ms(used), wall, firstUse: ms(firstUse) }));
  process.exit(0);
}

function texts() {
  const gz = (f) => zlib.gunzipSync(fs.readFileSync(path.join(repo, 'fixtures', 'incidents', 'window-overflow', f))).toString('utf8');
  return {
    zh: gz('zh.jsonl.gz').slice(0, 4_000_000),
    en: fs.readFileSync(path.join(repo, 'README.md'), 'utf8').repeat(20).slice(0, 4_000_000),
    mixed: gz('en.jsonl.gz').slice(0, 4_000_000),
  };
}

const args = process.argv.slice(2);
const runs = /^\d+$/.test(args[0] ?? '') ? Number(args.shift()) : 5;
const trees = args.length > 0 ? args : [repo];
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const rows = [];
for (const name of ['zh', 'en', 'mixed']) {
  for (const encoding of ['o200k_base', 'cl100k_base']) {
    const got = new Map(trees.map((t) => [t, []]));
    for (let r = 0; r < runs; r++) {
      for (const tree of trees) {
        const p = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--one', tree, name, encoding], { encoding: 'utf8' });
        if (p.status !== 0) throw new Error(`${tree} ${name} ${encoding}: ${p.stderr}`);
        got.get(tree).push(JSON.parse(p.stdout.trim().split('\n').at(-1)));
      }
    }
    for (const tree of trees) {
      const xs = got.get(tree);
      rows.push({
        text: name,
        encoding,
        tree: path.basename(path.resolve(tree)),
        tokens: xs[0].tokens,
        'CPU ms (median)': Math.round(median(xs.map((x) => x.cpu))),
        'CPU ms (least)': Math.round(Math.min(...xs.map((x) => x.cpu))),
        'wall ms (median)': Math.round(median(xs.map((x) => x.wall))),
        'first use CPU ms (median)': Math.round(median(xs.map((x) => x.firstUse))),
      });
    }
  }
}
console.log(
  `load average: ${os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')} on ${os.availableParallelism()} cores; ${runs} runs per tree`,
);
console.table(rows);
