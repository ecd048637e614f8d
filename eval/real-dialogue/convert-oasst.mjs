#!/usr/bin/env node
// OpenAssistant conversations (oasst2 message trees, Apache 2.0, see SOURCES.md): people asking
// and people writing the assistant's answers, in 30 languages. Each tree becomes one session: the
// path from the prompt down through the best-ranked reply at every level, replayed as chat
// requests through a 1k window (long answers get the history trimmed).
//
// usage: node eval/real-dialogue/convert-oasst.mjs --source <trees .jsonl> [--out dir] [--window 1024]
import fs from 'node:fs';
import path from 'node:path';
import { options, replay } from './replay.mjs';

const opt = options(process.argv.slice(2), { source: '', out: 'eval/real-dialogue/data/oasst', window: '1024' });
if (!opt.source || !fs.existsSync(opt.source)) {
  console.error(`convert-oasst: ${opt.source || '--source'}: no such file (see eval/real-dialogue/SOURCES.md)`);
  process.exit(2);
}
const best = (replies) =>
  (replies ?? []).filter((r) => !r.deleted).sort((a, b) => (a.rank ?? 99) - (b.rank ?? 99) || a.created_date.localeCompare(b.created_date))[0];
fs.mkdirSync(opt.out, { recursive: true });
const lines = [];
let n = 0;
for (const [i, line] of fs.readFileSync(opt.source, 'utf8').split('\n').entries()) {
  if (!line.trim()) continue;
  let tree;
  try {
    tree = JSON.parse(line);
  } catch {
    console.error(`convert-oasst: ${opt.source}:${i + 1}: not JSON`);
    process.exit(2);
  }
  const utterances = [];
  for (let m = tree.prompt; m; m = best(m.replies)) utterances.push([m.role === 'prompter' ? 'user' : 'assistant', m.text]);
  if (utterances.length < 2) continue;
  const events = replay({
    session: `oasst-${tree.prompt.lang}-${tree.message_tree_id.slice(0, 8)}`,
    utterances,
    window: Number(opt.window),
    start: Date.parse('2026-01-05T10:00:00Z') + n * 3_600_000,
  });
  for (const e of events) lines.push(JSON.stringify(e));
  n++;
}
fs.writeFileSync(path.join(opt.out, 'oasst2.jsonl'), lines.join('\n') + '\n');
console.error(`convert-oasst: ${n} conversations -> ${opt.out}`);
