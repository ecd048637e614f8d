// One step of a bench, measured in its own process by bench/measure.mjs: { seconds, cpuSeconds, maxRssMB, ... }.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Run `node bench/measure.mjs ...args` and return what it measured. */
export function measure(args) {
  const r = spawnSync(process.execPath, [path.join(here, 'measure.mjs'), ...args], { encoding: 'utf8', maxBuffer: 64 << 20 });
  const last = r.stderr.trim().split('\n').pop();
  try {
    return JSON.parse(last);
  } catch {
    throw new Error(`measurement failed: ${r.stderr.slice(-2000)}`);
  }
}
