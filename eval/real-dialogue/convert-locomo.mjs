#!/usr/bin/env node
// LoCoMo's ten very long conversations between two people (snap-research/locomo, see SOURCES.md),
// replayed as chat requests through a 4k window: speaker A is the "user", speaker B the
// "assistant" (--swap: the other way round). One session per conversation, its ~19 sittings in
// order. The data is not committed (licence CC BY-NC 4.0): this reads a checkout or the zip's folder.
//
// usage: node eval/real-dialogue/convert-locomo.mjs --source <dir with locomo10_v2/*.json> [--out dir] [--window 4096] [--swap yes]
import fs from 'node:fs';
import path from 'node:path';
import { options, replay } from './replay.mjs';

const opt = options(process.argv.slice(2), { source: '', out: 'eval/real-dialogue/data/locomo', window: '4096', swap: 'no' });
const dir = fs.existsSync(path.join(opt.source, 'locomo10_v2')) ? path.join(opt.source, 'locomo10_v2') : opt.source;
if (!opt.source || !fs.existsSync(dir)) {
  console.error(`convert-locomo: ${opt.source || '--source'}: no such folder (see eval/real-dialogue/SOURCES.md)`);
  process.exit(2);
}
const files = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort();
fs.mkdirSync(opt.out, { recursive: true });
let n = 0;
for (const f of files) {
  const c = JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8'));
  const conv = c.conversation ?? c;
  const user = opt.swap === 'yes' ? conv.speaker_b : conv.speaker_a;
  const utterances = [];
  for (let s = 1; conv[`session_${s}`]; s++) {
    for (const t of conv[`session_${s}`]) utterances.push([t.speaker === user ? 'user' : 'assistant', t.text]);
  }
  const session = `locomo-${path.basename(f, '.json')}${opt.swap === 'yes' ? '-b' : ''}`;
  const events = replay({ session, utterances, window: Number(opt.window), start: Date.parse('2026-01-05T10:00:00Z') + n * 86_400_000 });
  fs.writeFileSync(path.join(opt.out, `${session}.jsonl`), events.map((e) => JSON.stringify(e)).join('\n') + '\n');
  n++;
}
console.error(`convert-locomo: ${n} conversations -> ${opt.out}`);
