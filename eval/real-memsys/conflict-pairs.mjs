// How many distinct pairs of memories that one search injected together contradict each other, by
// memory-conflict's rule (src/analyzers/memory-conflict/contradict.ts), whatever the answer did.
// usage: npm run build && node eval/real-memsys/conflict-pairs.mjs <events folder>
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const { contradiction } = await import(path.join(root, 'dist/analyzers/memory-conflict/contradict.js'));
const dir = process.argv[2];
if (!dir) throw new Error('usage: node eval/real-memsys/conflict-pairs.mjs <events folder>');
let searches = 0;
const kinds = {};
const seen = new Set();
for (const f of fs.readdirSync(dir).filter((x) => x.endsWith('.jsonl')))
  for (const line of fs.readFileSync(path.join(dir, f), 'utf8').split('\n')) {
    if (!line.includes('"retrieval"')) continue;
    const e = JSON.parse(line);
    if (e.kind !== 'retrieval') continue;
    searches++;
    const injected = new Set(e.injected ?? []);
    const c = (e.candidates ?? []).filter((x) => x.text && (!injected.size || injected.has(x.id))).slice(0, e.top_k ?? 10);
    for (let i = 0; i < c.length; i++)
      for (let j = i + 1; j < c.length; j++) {
        const k = [c[i].text, c[j].text].sort().join('\u0000');
        if (seen.has(k)) continue;
        seen.add(k);
        const r = contradiction({ text: c[i].text }, { text: c[j].text });
        if (r) {
          kinds[r.kind] = (kinds[r.kind] ?? 0) + 1;
          console.log(`${r.kind}: ${c[i].text} | ${c[j].text}`);
        }
      }
  }
console.log(JSON.stringify({ searches, pairs: seen.size, contradicting: kinds }));
