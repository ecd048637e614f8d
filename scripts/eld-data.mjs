// Build step: eld's "small" n-gram data as JSON beside the compiled language identification
// (src/text/language.ts reads it: JSON parses in a fraction of the time the 1.6 MB object literal takes).
import fs from 'node:fs';
import path from 'node:path';

const { ngramsData } = await import(new URL('../ngrams/small.js', import.meta.resolve('eld/small')).href);
fs.mkdirSync(path.join('dist', 'text'), { recursive: true });
fs.writeFileSync(path.join('dist', 'text', 'eld-small.json'), JSON.stringify(ngramsData));
