// One trace, one session, whichever file or ingest brings the span that names the session: the real
// @opentelemetry/instrumentation-openai sample (fixtures/real/generated/, SOURCES.md) has its session
// only on the app's own `agent.turn` spans; split from the instrumentation's spans into two files,
// read in one ingest or two (either order), it gives the sessions, turns and events of the whole file.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { cli, tmpdir } from './helpers.js';
import { type Ev, ingestReal, REAL } from './real-samples.js';

const SAMPLE = path.join(REAL, 'generated', 'samples', 'otel-instrumentation-openai.jsonl');
const FORCE = ['--input-format', 'otlp-genai']; // the app's spans alone carry no GenAI attribute to detect

/** The sample's first line (its spans) split in two documents: the app's turn spans, and the rest with the log records. */
function split(): { turns: string; rest: string } {
  const [spans, logs] = fs.readFileSync(SAMPLE, 'utf8').split('\n');
  const only = (keep: (s: Ev) => boolean) => {
    const d = JSON.parse(spans);
    for (const rs of d.resourceSpans) for (const ss of rs.scopeSpans) ss.spans = ss.spans.filter(keep);
    return JSON.stringify(d);
  };
  const dir = tmpdir('amnesia-joins-');
  const turns = path.join(dir, 'turns.jsonl');
  const rest = path.join(dir, 'rest.jsonl');
  fs.writeFileSync(turns, `${only((s) => s.name === 'agent.turn')}\n`);
  fs.writeFileSync(rest, `${only((s) => s.name !== 'agent.turn')}\n${logs}\n`);
  return { turns, rest };
}

/** Ingest each group of paths in turn into one store; its events. */
function ingestInTurn(...groups: string[][]): { codes: (number | null)[]; events: Ev[]; db: string } {
  const db = path.join(tmpdir('amnesia-joins-db-'), 'j.db');
  const codes = groups.map((g) => cli(['ingest', ...g, '--db', db, ...FORCE]).code);
  return { codes, events: cliEvents(db), db };
}

const cliEvents = (db: string): Ev[] =>
  cli(['events', '--db', db])
    .stdout.split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Ev);

/** What a person reads of the store: per session, its events in order with their turns (ids aside). */
const told = (events: Ev[]) =>
  events
    .map((e) => `${e.session} ${e.turn} ${e.kind} ${e.kind === 'request' ? e.messages.length : ''}`)
    .sort()
    .join('\n');

describe('log records join the spans an earlier ingest stored', () => {
  it('traces ingested, their log records (the messages) the next day: the requests get their messages, the responses come, as if read together', () => {
    const [spans, logs] = fs.readFileSync(SAMPLE, 'utf8').split('\n');
    const dir = tmpdir('amnesia-joins-logs-');
    const traces = path.join(dir, 'traces.jsonl');
    const records = path.join(dir, 'logs.jsonl');
    fs.writeFileSync(traces, `${spans}\n`);
    fs.writeFileSync(records, `${logs}\n`);
    const db = path.join(dir, 'j.db');
    expect(cli(['ingest', traces, '--db', db]).code).toBe(0);
    const before = cliEvents(db);
    expect(before.filter((e) => e.kind === 'request').every((e) => e.messages.length === 0)).toBe(true);
    const r = cli(['ingest', records, '--db', db, '--format', 'json']);
    expect(JSON.parse(r.stdout).bad_lines).toBe(0);
    expect(told(cliEvents(db))).toBe(told(ingestReal([SAMPLE]).events));
    // the stored request kept its id and usage, and took the messages
    const req = cliEvents(db).find((e) => e.kind === 'request' && e.session.endsWith('trip-paris-1'));
    expect(req).toMatchObject({ usage: { input_tokens: 54 }, messages: [{ role: 'system' }, { role: 'user' }] });
  });

  it('look-alike: records of a span the store holds with its messages already are a duplicate, not a second copy', () => {
    const db = path.join(tmpdir('amnesia-joins-dup-'), 'j.db');
    expect(cli(['ingest', SAMPLE, '--db', db]).code).toBe(0);
    const [, logs] = fs.readFileSync(SAMPLE, 'utf8').split('\n');
    const records = path.join(tmpdir('amnesia-joins-dup-logs-'), 'logs.jsonl');
    fs.writeFileSync(records, `${logs}\n`);
    const r = JSON.parse(cli(['ingest', records, '--db', db, '--format', 'json']).stdout);
    // no stored request lacks its messages: the records find nothing to complete and stay bad lines, nothing doubled
    expect(r.files[0].events).toBe(0);
    expect(told(cliEvents(db))).toBe(told(ingestReal([SAMPLE]).events));
  });
});

describe('spans join the log records an earlier ingest kept (the logs file read first)', () => {
  const [spans, logs] = fs.readFileSync(SAMPLE, 'utf8').split('\n');
  const dir = tmpdir('amnesia-joins-first-');
  const traces = path.join(dir, 'traces.jsonl');
  const records = path.join(dir, 'logs.jsonl');
  fs.writeFileSync(traces, `${spans}\n`);
  fs.writeFileSync(records, `${logs}\n`);
  const whole = told(ingestReal([SAMPLE]).events);
  const badLines = (db: string) => cli(['bad-lines', '--db', db]).stdout;

  it('logs on one run, traces on the next: the spans take the kept records, as if read at once, and the bad line is settled', () => {
    const db = path.join(tmpdir('amnesia-joins-first-db-'), 'j.db');
    const first = JSON.parse(cli(['ingest', records, '--db', db, '--format', 'json']).stdout);
    expect(first.bad_lines).toBe(1);
    expect(badLines(db)).toMatch(/log records .* of span \w+ .*no span with this spanId in this file or the store/);
    expect(cli(['ingest', traces, '--db', db]).code).toBe(0);
    const events = cliEvents(db);
    expect(told(events)).toBe(whole);
    const req = events.find((e) => e.kind === 'request' && e.session.endsWith('trip-paris-1'));
    expect(req).toMatchObject({ usage: { input_tokens: 54 }, messages: [{ role: 'system' }, { role: 'user' }] });
    expect(events.filter((e) => e.kind === 'response')).toHaveLength(5);
    expect(badLines(db)).toMatch(/no bad lines/);
    // the logs file no longer counts a bad line
    const store = new Database(db, { readonly: true });
    expect(store.prepare('SELECT path, bad_lines AS bad FROM sources ORDER BY id').all()).toEqual([
      { path: records, bad: 0 },
      { path: traces, bad: 0 },
    ]);
    store.close();
  });

  it('both orders on two runs and one run with the logs named first give what the whole file gives', () => {
    for (const groups of [[[records], [traces]], [[traces], [records]], [[records, traces]]]) {
      const db = path.join(tmpdir('amnesia-joins-order-'), 'j.db');
      for (const g of groups) expect(cli(['ingest', ...g, '--db', db]).code).toBe(0);
      expect(told(cliEvents(db))).toBe(whole);
      expect(badLines(db)).toMatch(/no bad lines/);
    }
  });

  it('a traces file with some of the spans takes only their records: the bad line keeps the others until their span comes', () => {
    const all: Ev[] = (JSON.parse(spans) as Ev).resourceSpans.flatMap((rs: Ev) => rs.scopeSpans.flatMap((ss: Ev) => ss.spans));
    // the Rome conversation: the one trace without the app's agent.turn span
    const rome = all.find((s) => !all.some((t) => t.name === 'agent.turn' && t.traceId === s.traceId))?.traceId as string;
    const keep = (inRome: boolean) => {
      const d = JSON.parse(spans);
      for (const rs of d.resourceSpans) for (const ss of rs.scopeSpans) ss.spans = ss.spans.filter((s: Ev) => (s.traceId === rome) === inRome);
      return `${JSON.stringify(d)}\n`;
    };
    const paris = path.join(dir, 'paris.jsonl');
    const romeFile = path.join(dir, 'rome.jsonl');
    fs.writeFileSync(paris, keep(false));
    fs.writeFileSync(romeFile, keep(true));
    const db = path.join(tmpdir('amnesia-joins-part-'), 'j.db');
    for (const f of [records, paris]) expect(cli(['ingest', f, '--db', db]).code).toBe(0);
    const left = badLines(db);
    expect(left).toMatch(new RegExp(`trace ${rome}\\): no span`));
    expect(left).not.toMatch(/bad items on this line/); // one span's records left, the others settled
    expect(cliEvents(db).filter((e) => e.kind === 'request' && e.messages.length === 0)).toEqual([]);
    expect(cli(['ingest', romeFile, '--db', db]).code).toBe(0);
    expect(told(cliEvents(db))).toBe(whole);
    expect(badLines(db)).toMatch(/no bad lines/);
  });
});

describe('a trace joins its session across files and ingests', () => {
  const whole = ingestReal([SAMPLE]);
  const { turns, rest } = split();

  it('the whole file: the Paris conversation under its session id, three user turns', () => {
    const paris = whole.events.filter((e) => e.session === 'otel-instrumentation-openai:trip-paris-1');
    expect(paris.filter((e) => e.kind === 'request').map((e) => e.turn)).toEqual([0, 1, 1, 2]);
  });

  it('split in two files of one ingest, or ingested one after the other in either order: the same sessions, turns and events', () => {
    const together = ingestInTurn([turns, rest]);
    expect(together.codes).toEqual([0]);
    expect(told(together.events)).toBe(told(whole.events));
    for (const order of [
      [turns, rest],
      [rest, turns],
    ]) {
      const apart = ingestInTurn([order[0]], [order[1]]);
      expect(apart.codes).toEqual([0, 0]);
      expect(told(apart.events)).toBe(told(whole.events));
    }
  });

  it('ingesting the joined files again adds nothing: their event ids were moved with their session', () => {
    const apart = ingestInTurn([rest], [turns]);
    const again = cli(['ingest', SAMPLE, '--db', apart.db, '--format', 'json']);
    expect(JSON.parse(again.stdout).files[0].events).toBe(0);
    expect(told(cliEvents(apart.db))).toBe(told(whole.events));
  });
});
