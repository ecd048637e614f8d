// Runs one task in this process and prints {seconds, maxRssMB} as JSON on stderr's last line.
// Usage: node bench/measure.mjs floor <file or folder>
//        node bench/measure.mjs cli <amnesia args...>   (the built CLI, in-process)
import crypto from 'node:crypto';
import fs from 'node:fs';
import readline from 'node:readline';

const [task, ...args] = process.argv.slice(2);
const t0 = process.hrtime.bigint();
let extra = {};
if (task === 'floor') {
  // The parse floor: read line by line, JSON.parse, and hash every chat message (the least any
  // reader that de-duplicates the history repeated in each request must do), nothing else.
  // A folder (coding agents' transcripts): every file, a JSONL line or a whole JSON document parsed
  // and each record's message hashed the same way.
  let lines = 0;
  const hash = (m) => crypto.createHash('sha1').update(JSON.stringify(m)).digest();
  const record = (o) => {
    if (Array.isArray(o)) for (const x of o) record(x);
    else if (o && typeof o === 'object') {
      if (Array.isArray(o.messages)) for (const m of o.messages) hash(m);
      else hash(o.message ?? o.payload ?? o);
    }
    lines++;
  };
  const files = fs.statSync(args[0]).isDirectory() ? fs.readdirSync(args[0], { recursive: true }).map((f) => `${args[0]}/${f}`) : [args[0]];
  for (const file of files) {
    if (!fs.statSync(file).isFile()) continue;
    const input = fs.createReadStream(file, { highWaterMark: 1 << 20 });
    if (file.endsWith('.json')) {
      let text = '';
      for await (const chunk of input) text += chunk;
      record(JSON.parse(text));
      continue;
    }
    for await (const line of readline.createInterface({ input, crlfDelay: Infinity })) {
      if (line.length === 0) continue;
      record(JSON.parse(line));
    }
  }
  extra = { lines };
} else if (task === 'cli') {
  const { main } = await import('../dist/cli/main.js');
  const devnull = fs.createWriteStream('/dev/null');
  const code = await main(['node', 'amnesia', ...args], { out: devnull, err: process.stderr, in: process.stdin, env: { ...process.env, NO_COLOR: '1' } });
  extra = { code };
} else {
  console.error('usage: measure.mjs floor <file> | cli <args...>');
  process.exit(2);
}
const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
const usage = process.resourceUsage();
const maxRssMB = usage.maxRSS / 1024;
// CPU time of every thread of this process (user + system): steadier than wall time on a shared machine
const cpuSeconds = (usage.userCPUTime + usage.systemCPUTime) / 1e6;
process.stderr.write(`\n${JSON.stringify({ seconds, cpuSeconds, maxRssMB, ...extra })}\n`);
