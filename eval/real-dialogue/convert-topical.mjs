#!/usr/bin/env node
// Topical-Chat (alexa/Topical-Chat, see SOURCES.md): ~21-turn conversations between two crowd
// workers about a topic, replayed as chat requests (agent_1 the "user", agent_2 the "assistant")
// through a small window (512 tokens by default: most conversations get their history trimmed,
// so every sentence the grammar takes for a constraint is followed out of the prompt).
//
// usage: node eval/real-dialogue/convert-topical.mjs --source <Topical-Chat checkout>/conversations [--out dir] [--window 512] [--files test_freq,test_rare,valid_freq,valid_rare]
import fs from 'node:fs';
import path from 'node:path';
import { options, replay } from './replay.mjs';

const opt = options(process.argv.slice(2), {
  source: '',
  out: 'eval/real-dialogue/data/topical',
  window: '512',
  files: 'test_freq,test_rare,valid_freq,valid_rare',
});
if (!opt.source || !fs.existsSync(opt.source)) {
  console.error(`convert-topical: ${opt.source || '--source'}: no such folder (see eval/real-dialogue/SOURCES.md)`);
  process.exit(2);
}
fs.mkdirSync(opt.out, { recursive: true });
let n = 0;
for (const name of opt.files.split(',')) {
  const file = path.join(opt.source, `${name}.json`);
  const all = JSON.parse(fs.readFileSync(file, 'utf8'));
  const lines = [];
  for (const [id, c] of Object.entries(all)) {
    const utterances = c.content.map((t) => [t.agent === 'agent_1' ? 'user' : 'assistant', t.message]);
    const events = replay({ session: `topical-${id}`, utterances, window: Number(opt.window), start: Date.parse('2026-01-05T10:00:00Z') + n * 3_600_000 });
    for (const e of events) lines.push(JSON.stringify(e));
    n++;
  }
  fs.writeFileSync(path.join(opt.out, `${name}.jsonl`), lines.join('\n') + '\n');
}
console.error(`convert-topical: ${n} conversations -> ${opt.out}`);
