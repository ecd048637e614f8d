// One trace, one session, whichever file or ingest brings the span that names the session: the real
// @opentelemetry/instrumentation-openai sample (fixtures/real/generated/, SOURCES.md) has its session
// only on the app's own `agent.turn` spans; split from the instrumentation's spans into two files,
// read in one ingest or two (either order), it gives the sessions, turns and events of the whole file.
import fs from 'node:fs';
import path from 'node:path';
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
