// Regenerates every case folder under eval/blind from the generators in this folder.
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rmSync } from 'node:fs';
import { writeFolder } from './lib.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
for (const id of ['window-overflow', 'recall-mismatch', 'lost-write', 'concurrent-overwrite', 'tool-drift']) {
  const { cases } = await import(`./${id}.mjs`);
  rmSync(resolve(root, id), { recursive: true, force: true });
  const cs = cases();
  writeFolder(root, id, cs);
  const f = cs.filter((c) => c.label.expect === 'flag').length;
  console.log(`${id}: ${cs.length} cases (${f} faults, ${cs.length - f} look-alikes)`);
}
