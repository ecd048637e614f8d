#!/usr/bin/env node
// Copies converted real dialogue (convert-*.mjs) with one committed memory_write appended to each
// session: the same conversations as if a memory system had run beside them and written something
// after every user message. never-extracted reads a session only when it has memory writes; on this
// copy every durable statement its grammar reads in these conversations becomes a finding, so every
// finding is a false one (none of them states a lasting preference or asks to be remembered).
//
// usage: node eval/real-dialogue/with-memory.mjs --data eval/real-dialogue/data/locomo --out eval/real-dialogue/data/locomo-mem
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const argv = process.argv.slice(2);
const opt = {};
for (let i = 0; i < argv.length; i += 2) opt[argv[i].replace(/^--/, '')] = argv[i + 1];
if (!opt.data || !opt.out) {
  console.error('usage: node with-memory.mjs --data <converted folder> --out <folder>');
  process.exit(2);
}
mkdirSync(opt.out, { recursive: true });
let sessions = 0;
for (const f of readdirSync(opt.data)) {
  if (!f.endsWith('.jsonl')) continue;
  const lines = readFileSync(join(opt.data, f), 'utf8')
    .split('\n')
    .filter((l) => l.trim());
  const last = new Map();
  for (const l of lines) {
    const e = JSON.parse(l);
    last.set(e.session, e.ts);
  }
  for (const [session, ts] of last) {
    sessions++;
    lines.push(
      JSON.stringify({
        kind: 'memory_write',
        ts,
        session,
        write_id: `mem-${session}`,
        phase: 'committed',
        memory_id: `mem-${session}`,
        text: 'Conversation summary stored.',
      }),
    );
  }
  writeFileSync(join(opt.out, f), `${lines.join('\n')}\n`);
}
console.error(`with-memory: ${sessions} sessions -> ${opt.out}`);
