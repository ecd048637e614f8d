// Build step: eld's "small" n-gram data packed into one binary image beside the compiled language
// identification (src/text/eld-packed.ts packEld; src/text/language.ts reads it in place).
import fs from 'node:fs';
import path from 'node:path';

const { ngramsData } = await import(new URL('../ngrams/small.js', import.meta.resolve('eld/small')).href);
const { packEld } = await import('../dist/text/eld-packed.js');
fs.mkdirSync(path.join('dist', 'text'), { recursive: true });
fs.rmSync(path.join('dist', 'text', 'eld-small.json'), { force: true });
fs.writeFileSync(path.join('dist', 'text', 'eld-small.bin'), packEld(ngramsData));
