import fs from 'node:fs';
import path from 'node:path';
import { cli, FIXTURES, tmpdir } from './helpers.js';

/** Real exporters' files (fixtures/real/<format>/, each folder with its SOURCES.md). */
export const REAL = path.join(FIXTURES, 'real');

export type Ev = Record<string, any>;

/** Ingest paths into a fresh store with the built binary; the store, the ingest result and its events. */
export function ingestReal(paths: string[], extra: string[] = []) {
  const db = path.join(tmpdir('amnesia-real-'), 'r.db');
  const r = cli(['ingest', ...paths, '--db', db, '--format', 'json', ...extra]);
  const out = cli(['events', '--db', db]);
  const events: Ev[] = out.stdout
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));
  return { db, r, summary: r.code === 0 || r.code === 1 ? JSON.parse(r.stdout) : undefined, events, eventsText: out.stdout };
}

/** What came through for one session: turns, requests, texts, tool calls, tokens, retrievals. */
export function sessionView(events: Ev[], session: string) {
  const es = events.filter((e) => e.session === session);
  const reqs = es.filter((e) => e.kind === 'request');
  const resps = es.filter((e) => e.kind === 'response');
  const user = reqs.flatMap((r) => r.messages).find((m: Ev) => m.role === 'user' && typeof m.content === 'string')?.content as string | undefined;
  return {
    turns: [...new Set(es.map((e) => e.turn).filter((t) => t !== undefined))].sort((a, b) => a - b),
    requests: reqs.length,
    responses: resps.length,
    user: user?.slice(0, 40) ?? '',
    calls: [...new Set(resps.flatMap((r) => (r.tool_calls ?? []).map((c: Ev) => c.function?.name)))].sort(),
    tools: [...new Set(es.filter((e) => e.kind === 'tool_call').map((e) => e.name))].sort(),
    input_tokens: reqs.reduce((n, r) => n + (r.usage?.input_tokens ?? 0), 0),
    retrievals: es.filter((e) => e.kind === 'retrieval').map((e) => e.candidates.map((c: Ev) => c.id)),
  };
}

export function write(dir: string, name: string, text: string): string {
  const f = path.join(dir, name);
  fs.writeFileSync(f, text);
  return f;
}
