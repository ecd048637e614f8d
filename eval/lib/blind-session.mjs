// Shared helpers for the blind3 generator: a seeded RNG, an event writer, token counting with the real
// tiktoken encodings (from the project's dependency, not from src/), and a chat agent simulator that keeps
// its prompt under a budget by dropping the oldest turns, as agent frameworks do.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { get_encoding } = require('tiktoken');

const encodings = {};
function enc(name) {
  encodings[name] ??= get_encoding(name);
  return encodings[name];
}

export function encodingFor(model) {
  const m = model.replace(/^[a-z-]+\//, '');
  if (/^(gpt-4o|gpt-4\.1|gpt-5|o1|o3|o4)/.test(m)) return 'o200k_base';
  if (/^(gpt-4|gpt-3\.5)/.test(m)) return 'cl100k_base';
  return 'o200k_base';
}

export function countText(text, encoding) {
  return enc(encoding).encode(text).length;
}

export function countMessages(messages, encoding) {
  let n = 3;
  for (const m of messages) {
    n += 3 + countText(typeof m.content === 'string' ? m.content : '', encoding);
    if (m.tool_calls) n += countText(JSON.stringify(m.tool_calls), encoding);
    if (m.name) n += 1 + countText(m.name, encoding);
  }
  return n;
}

export function hashSeed(s) {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const pick = (r, xs) => xs[Math.floor(r() * xs.length)];

/** Collects the events of one session, with a clock that moves forward. */
export class Session {
  constructor(id, start, r) {
    this.id = id;
    this.t = Date.parse(start);
    this.r = r;
    this.events = [];
    this.n = 0;
  }
  tick(ms) {
    this.t += ms ?? Math.floor(400 + this.r() * 2600);
    return new Date(this.t).toISOString();
  }
  add(kind, turn, fields, ms) {
    const e = { kind, ts: this.tick(ms), session: this.id };
    if (turn !== null && turn !== undefined) e.turn = turn;
    this.n += 1;
    e.id = `${this.id}-e${String(this.n).padStart(4, '0')}`;
    Object.assign(e, fields);
    this.events.push(e);
    return e;
  }
  jsonl() {
    return `${this.events.map((e) => JSON.stringify(e)).join('\n')}\n`;
  }
}

const services = ['payments-api', 'ledger-worker', 'checkout-web', 'auth-gateway', 'notify-svc', 'fx-rates'];
const messagesPool = [
  'acquire timeout after 30000ms active=50 idle=0 waiting=37',
  'request completed status=200 route=/v2/charges',
  'slow query duration_ms=4120 table=ledger_entries rows=18234',
  'retrying upstream call attempt=2 backoff_ms=800',
  'connection reset by peer remote=10.4.7.19:5432',
  'circuit breaker state=half_open failures=12 window=60s',
  'request completed status=502 route=/v2/refunds upstream=bank-adapter',
  'gc pause ms=312 heap_used_mb=1840 heap_total_mb=2048',
  'pool stats active=48 idle=2 waiting=11 max=50',
  'cache miss key=fx:EUR:USD ttl=60',
  'scheduled job finished job=settlement-batch duration_ms=90412',
  'tls handshake failed peer=partner-sftp reason=certificate_expired',
];

/** Tool output in the shape of real log lines (no emoji, tables, XML or markup). */
export function logLines(r, startMs, lines) {
  const out = [];
  let t = startMs;
  for (let i = 0; i < lines; i++) {
    t += Math.floor(r() * 4000);
    const lvl = pick(r, ['INFO', 'INFO', 'WARN', 'ERROR']);
    const trace = Math.floor(r() * 0xffffffff)
      .toString(16)
      .padStart(8, '0');
    out.push(`${new Date(t).toISOString()} ${lvl} ${pick(r, services)} trace=${trace} ${pick(r, messagesPool)}`);
  }
  return out.join('\n');
}
