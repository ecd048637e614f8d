#!/usr/bin/env node
// A scripted stand-in for the model judge (issue 33), for measurement only: an OpenAI-compatible
// /chat/completions on 127.0.0.1 that answers the judge's memory-relevance question from the human labels,
// "relevant" exactly when the memory's text is one of the question's evidence memories (labels.jsonl's
// evidence_ids, their texts read from the converted events), else "not_relevant". It gives the ceiling of that
// one question: what a judge that is never wrong would do to score.mjs's figures. Node 20 ESM, no dependencies.
//
// usage: node oracle-judge.mjs [--data eval/real-memsys/data] [--port 18733]
//   then: AMNESIA_JUDGE_MODEL=oracle node score.mjs --bin bin/amnesia.js --judge http://127.0.0.1:18733/v1
import fs from 'node:fs';
import http from 'node:http';

const argv = process.argv.slice(2);
const opt = { data: 'eval/real-memsys/data', port: '18733' };
for (let i = 0; i < argv.length; i += 2) {
  if (!['--data', '--port'].includes(argv[i]) || argv[i + 1] === undefined) {
    console.error(`oracle-judge: unknown or incomplete argument ${argv[i]}`);
    process.exit(2);
  }
  opt[argv[i].slice(2)] = argv[i + 1];
}

const evidence = new Map();
for (const l of fs.readFileSync(`${opt.data}/labels.jsonl`, 'utf8').split('\n').filter(Boolean)) {
  const o = JSON.parse(l);
  evidence.set(o.question, new Set(o.evidence_ids ?? []));
}
const texts = new Map();
for (const f of fs.readdirSync(`${opt.data}/events`)) {
  for (const l of fs.readFileSync(`${opt.data}/events/${f}`, 'utf8').split('\n').filter(Boolean)) {
    const e = JSON.parse(l);
    if (e.kind !== 'memory_write' || !e.memory_id || typeof e.text !== 'string') continue;
    if (!texts.has(e.memory_id)) texts.set(e.memory_id, new Set());
    texts.get(e.memory_id).add(e.text.trim());
  }
}

let asked = 0;
let relevant = 0;
http
  .createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      asked++;
      const { query, memory } = JSON.parse(JSON.parse(body).messages[1].content);
      const hit = [...(evidence.get(query) ?? [])].some((id) => texts.get(id)?.has(String(memory).trim()));
      if (hit) relevant++;
      const content = JSON.stringify({ verdict: hit ? 'relevant' : 'not_relevant', reason: hit ? 'one of the evidence memories' : 'not an evidence memory' });
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ choices: [{ message: { content } }] }));
      console.error(`oracle-judge: ${asked} asked, ${relevant} relevant`);
    });
  })
  .listen(Number(opt.port), '127.0.0.1', () => console.error(`oracle-judge: http://127.0.0.1:${opt.port}/v1`));
