// Build step: where the building Node's Unicode classes (V8's \p{L} and the like, from its ICU) differ from
// tiktoken's (Unicode 16.0: src/tokens/tiktoken-unicode.ts), written to dist/tokens/unicode-classes.json with the
// ICU and Unicode versions and the data it was computed from. The pre-tokenizer (src/tokens/unicode-classes.ts)
// takes it when the Node that runs is of the same ICU and Unicode version, and otherwise computes the difference
// itself (about 25 ms of CPU once per thread): the record only saves that time.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const dist = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'tokens');
const { differenceRecord } = await import(pathToFileURL(path.join(dist, 'unicode-classes.js')).href);
const record = differenceRecord();
fs.writeFileSync(path.join(dist, 'unicode-classes.json'), `${JSON.stringify(record)}\n`);
const n = (r) => r.reduce((s, x, i) => (i % 2 ? s + x - r[i - 1] + 1 : s), 0);
const { otherSpaces, ...classes } = record.difference;
const counts = Object.entries(classes).map(([k, d]) => `${k} +${n(d.add)} -${n(d.remove)}`);
counts.push(`spaces or controls not White_Space ${n(otherSpaces)}`);
console.log(`wrote dist/tokens/unicode-classes.json (ICU ${record.icu}, Unicode ${record.unicode}): ${counts.join(', ')}`);
