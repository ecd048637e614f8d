// What the converters of MemEval's runs share (convert.mjs: Mem0, convert-amem.mjs: A-Mem): reading
// the source checkout, LoCoMo's times, the arguments. Node 20 ESM, no dependencies.
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The MemEval commit the figures in eval/README.md were made from. */
export const COMMIT = '9e738ff25c79dfc3cc8fab0409192aa45471dadb';
/** LoCoMo conversations tuned on; the others are held out (eval/README.md says which were read). */
export const TUNE = new Set(['0']);

/**
 * The arguments: --source is required; `defaults` holds the others this converter takes, with their
 * default values; `check` may reject a combination (returns a message).
 */
export function args(argv, name, defaults, check = () => null) {
  const o = { ...defaults, out: resolve(defaults.out) };
  const keys = ['source', ...Object.keys(defaults)];
  const usage = `usage: node ${name} --source <MemEval checkout or bare git dir> ${Object.keys(defaults)
    .map((k) => `[--${k} ${defaults[k]}]`)
    .join(' ')}`;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '-h' || a === '--help') {
      console.log(usage);
      process.exit(0);
    }
    if (!keys.includes(a.slice(2)) || !a.startsWith('--') || argv[i + 1] === undefined) {
      console.error(`convert: unknown or incomplete argument ${a} (${usage})`);
      process.exit(2);
    }
    o[a.slice(2)] = argv[++i];
  }
  const bad = check(o);
  if (bad) {
    console.error(`convert: ${bad}`);
    process.exit(2);
  }
  if (!o.source) {
    console.error('convert: --source <MemEval checkout or bare git dir> is required (see SOURCES.md)');
    process.exit(2);
  }
  o.source = resolve(o.source);
  return o;
}

/** A file of the source: from a work tree, else from the git directory at COMMIT. */
export function readSource(source, path) {
  const file = join(source, path);
  if (existsSync(file)) return readFileSync(file, 'utf8');
  try {
    return execFileSync('git', ['--git-dir', source, 'show', `${COMMIT}:${path}`], {
      encoding: 'utf8',
      maxBuffer: 1 << 28,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch {
    console.error(`convert: ${path}: not in ${source} (neither a file there nor in its git history at ${COMMIT.slice(0, 7)})`);
    process.exit(2);
  }
}

export function parse(text, what) {
  try {
    return JSON.parse(text);
  } catch (e) {
    console.error(`convert: ${what}: not JSON (${e.message})`);
    process.exit(2);
  }
}

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
/** LoCoMo's session times ("1:56 pm on 8 May, 2023"), read as UTC; null when not of that form. */
export function locomoTime(s) {
  const m = /^(\d{1,2}):(\d{2})\s*(am|pm)\s+on\s+(\d{1,2})\s+([A-Za-z]+),?\s+(\d{4})$/i.exec(String(s ?? '').trim());
  if (!m) return null;
  const month = MONTHS.indexOf(m[5].toLowerCase());
  if (month < 0) return null;
  let h = Number(m[1]) % 12;
  if (m[3].toLowerCase() === 'pm') h += 12;
  return Date.UTC(Number(m[6]), month, Number(m[4]), h, Number(m[2]));
}

export const hash = (s) => createHash('sha256').update(s).digest('hex').slice(0, 12);
export const iso = (ms) => new Date(ms).toISOString();

/** A result list as Mem0's evaluation renders it into the answer prompt. */
export function render(results) {
  return JSON.stringify(
    results.map((r) => `${r.timestamp}: ${r.memory}`),
    null,
    4,
  );
}
