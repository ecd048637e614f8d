// Shared helpers for the blind case generators (written without reading the analyzers' code).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** A session builder: events with increasing timestamps. */
export function session(id, start = '2026-05-04T09:00:00.000Z') {
  let t = Date.parse(start);
  const events = [];
  return {
    id,
    events,
    at(iso) {
      t = Date.parse(iso);
      return this;
    },
    add(kind, fields, dtMs = 1500) {
      t += dtMs;
      events.push({ kind, ts: new Date(t).toISOString(), session: id, ...fields });
      return this;
    },
  };
}

/** Deterministic pseudo-random numbers (mulberry32). */
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/** ASCII service log lines, about `tokens` tokens (roughly 3.3 characters per token). */
export function logBlock(seed, tokens, service = 'payments-service') {
  const r = rng(seed);
  const levels = ['INFO', 'WARN', 'ERROR', 'DEBUG'];
  const msgs = [
    'pool timeout acquiring connection after 30000ms',
    'request completed status=200 latency_ms=',
    'retrying upstream call to ledger-api attempt=',
    'cache miss for key=acct:',
    'GC pause young gen ms=',
    'circuit breaker half-open for ledger-api',
    'slow query detected table=transactions ms=',
    'healthcheck ok',
  ];
  const lines = [];
  let chars = 0;
  let sec = Math.floor(r() * 3000);
  while (chars < tokens * 3.3) {
    sec += 1 + Math.floor(r() * 7);
    const hh = String(22 + (Math.floor(sec / 3600) % 2)).padStart(2, '0');
    const mm = String(Math.floor(sec / 60) % 60).padStart(2, '0');
    const ss = String(sec % 60).padStart(2, '0');
    const lv = levels[Math.floor(r() * levels.length)];
    const m = msgs[Math.floor(r() * msgs.length)];
    const line = `2026-05-03T${hh}:${mm}:${ss}Z ${lv} ${service}[${1000 + Math.floor(r() * 9000)}] ${m}${Math.floor(r() * 5000)} trace=${Math.floor(r() * 1e9).toString(16)}`;
    lines.push(line);
    chars += line.length + 1;
  }
  return lines.join('\n');
}

/** Rough token estimate: CJK characters count one each, other text one per 3.3 characters. */
export function estTokens(text) {
  if (text == null) return 0;
  const s = typeof text === 'string' ? text : JSON.stringify(text);
  const cjk = (s.match(/[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff]/g) || []).length;
  return Math.ceil(cjk + (s.length - cjk) / 3.3);
}

export function msgTokens(m) {
  return 4 + estTokens(m.content) + (m.tool_calls ? estTokens(m.tool_calls) : 0);
}

/** Write one analyzer folder: one JSONL per group of cases, and labels.jsonl. */
export function writeFolder(root, analyzer, cases) {
  const dir = join(root, analyzer);
  mkdirSync(dir, { recursive: true });
  const byFile = new Map();
  const ids = new Set();
  for (const c of cases) {
    if (ids.has(c.label.session)) throw new Error(`duplicate session ${c.label.session}`);
    ids.add(c.label.session);
    const file = c.file;
    if (!byFile.has(file)) byFile.set(file, []);
    byFile.get(file).push(...c.events);
  }
  for (const [file, evs] of byFile) {
    writeFileSync(join(dir, file), evs.map((e) => JSON.stringify(e)).join('\n') + '\n');
  }
  const labels = cases.map((c) => JSON.stringify({ analyzer, ...c.label }));
  writeFileSync(join(dir, 'labels.jsonl'), labels.join('\n') + '\n');
  return cases.length;
}
