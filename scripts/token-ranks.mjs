// Build step: tiktoken's byte-pair ranks of each encoding the counter uses, as one binary table beside
// the compiled counter (src/tokens/ranks.ts reads it). Loading it is a file read; building tiktoken's
// own encoder takes 0.4 s and 75 MB per thread. Layout, little-endian:
//   "AMRK" | u32 version (1) | u32 count | u32 keyBytes | u32 ranks[count] | u32 offsets[count + 1] | u8 keys[keyBytes]
// with the keys (token byte strings) sorted bytewise, so a lookup is a binary search.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const ENCODINGS = ['o200k_base', 'cl100k_base'];

for (const name of ENCODINGS) {
  const { bpe_ranks: text } = require(`tiktoken/encoders/${name}.json`);
  const entries = [];
  let rank = 0;
  let expectRank = false;
  for (const part of text.split(' ')) {
    if (part === '!') {
      expectRank = true;
      continue;
    }
    if (expectRank) {
      rank = Number(part);
      expectRank = false;
      continue;
    }
    entries.push({ key: Buffer.from(part, 'base64'), rank: rank++ });
  }
  entries.sort((a, b) => Buffer.compare(a.key, b.key));
  const keyBytes = entries.reduce((n, e) => n + e.key.length, 0);
  const n = entries.length;
  const out = Buffer.alloc(16 + 4 * n + 4 * (n + 1) + keyBytes);
  out.write('AMRK', 0, 'latin1');
  out.writeUInt32LE(1, 4);
  out.writeUInt32LE(n, 8);
  out.writeUInt32LE(keyBytes, 12);
  let at = 16 + 4 * n + 4 * (n + 1);
  let off = 0;
  entries.forEach((e, i) => {
    out.writeUInt32LE(e.rank, 16 + 4 * i);
    out.writeUInt32LE(off, 16 + 4 * n + 4 * i);
    e.key.copy(out, at);
    at += e.key.length;
    off += e.key.length;
  });
  out.writeUInt32LE(off, 16 + 4 * n + 4 * n);
  fs.mkdirSync(path.join('dist', 'tokens'), { recursive: true });
  fs.writeFileSync(path.join('dist', 'tokens', `${name}.ranks`), out);
}
