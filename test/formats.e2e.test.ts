// The OTLP GenAI, OpenInference and Langfuse readers, end to end with the built binary: the same forgetting
// incidents as the native fixtures give the same findings (analyzer, cause, turn), a clean session gives
// none, and bad input is reported line by line.
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cli, FIXTURES, json, query, tmpdir } from './helpers.js';

const FORMATS = path.join(FIXTURES, 'formats');
const INCIDENTS = path.join(FIXTURES, 'incidents');

interface Finding {
  analyzer: string;
  cause: string;
  turn: number | null;
  session: string;
  detail: Record<string, unknown>;
  evidence: { source: string }[];
}

interface Report {
  findings: Finding[];
  summary: { bad_lines: number; events: number; sessions: number };
}

const key = (f: Finding) => `${f.analyzer}:${f.cause}:${f.turn}`;

/** Findings by the file their evidence comes from (each fixture file holds its own session). */
function byFile(doc: Report): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const f of doc.findings) {
    const file = f.evidence[0].source.replace(/:\d+$/, '');
    if (!out.has(file)) out.set(file, []);
    out.get(file)!.push(key(f));
  }
  for (const v of out.values()) v.sort();
  return out;
}

let native: Map<string, string[]>;
function nativeFindings(incident: string): string[] {
  native ??= byFile(
    json(cli(['triage', ...['lost-write', 'concurrent-overwrite', 'recall-mismatch'].map((i) => path.join(INCIDENTS, i, 'en.jsonl')), '--format', 'json'])),
  );
  return native.get(`fixtures/incidents/${incident}/en.jsonl`) ?? [];
}

const HEADLINE: Record<string, string> = {
  'lost-write': 'lost-write:lost_in_restart:3',
  'concurrent-overwrite': 'concurrent-overwrite:same_base_version:1',
  'recall-mismatch': 'recall-mismatch:rank_beyond_top_k:4',
};

const CASES = [
  {
    format: 'otlp-genai',
    files: { 'lost-write': 'lost-write.jsonl', 'concurrent-overwrite': 'concurrent-overwrite.json', 'recall-mismatch': 'recall-mismatch.jsonl' },
    clean: 'clean.json',
    bad: 'bad-spans.jsonl',
    threshold: null,
  },
  {
    format: 'openinference',
    files: { 'lost-write': 'lost-write.jsonl', 'concurrent-overwrite': 'concurrent-overwrite.json', 'recall-mismatch': 'recall-mismatch.jsonl' },
    clean: 'clean.json',
    bad: 'bad-spans.jsonl',
    threshold: null,
  },
  {
    format: 'langfuse',
    files: { 'lost-write': 'lost-write.json', 'concurrent-overwrite': 'concurrent-overwrite.json', 'recall-mismatch': 'recall-mismatch.jsonl' },
    clean: 'clean.jsonl',
    bad: 'bad-observations.jsonl',
    threshold: 0.75,
  },
] as const;

const BAD_LINES: Record<string, [number, RegExp][]> = {
  'otlp-genai': [
    [1, /missing traceId/],
    [2, /not valid JSON/],
    [3, /expected an OTLP\/JSON document/],
    [4, /gen_ai\.input\.messages: not valid JSON/],
    [5, /without gen_ai\.retrieval\.query\.text/],
    [6, /no messages captured and no token counts/],
    [7, /startTimeUnixNano: expected Unix nanoseconds/],
  ],
  openinference: [
    [1, /LLM span without llm\.input_messages/],
    // line 2, a document with an id and no score, is read: the score is absent (EVENTS.md), never made up
    [3, /TOOL span without tool\.name or a span name/],
    [4, /not valid JSON/],
    [5, /message\.role: missing/],
  ],
  langfuse: [
    // line 2, a generation with neither input nor output, is kept raw (langfuse.generation), not refused
    [3, /expected a Langfuse trace/],
    [4, /no numeric score/],
    [5, /startTime: expected an ISO-8601 time/],
    [6, /not valid JSON/],
  ],
};

for (const c of CASES) {
  const dir = path.join(FORMATS, c.format);
  const rel = (file: string) => `fixtures/formats/${c.format}/${file}`;
  describe(`${c.format}: the native incidents, read from this format`, () => {
    // the whole folder in one store: ingest once, analyze once
    let db: string;
    let ingested: { files: { path: string; format: string; events: number; bad_lines: number }[] };
    let report: Report;
    let findings: Map<string, string[]>;
    beforeAll(() => {
      db = path.join(tmpdir(), 'e.db');
      const r = cli(['ingest', dir, '--db', db, '--format', 'json']);
      expect(r.code, r.stderr).toBe(0);
      ingested = json(r);
      report = json(cli(['analyze', '--db', db, '--format', 'json']));
      findings = byFile(report);
    });
    const fileSummary = (file: string) => ingested.files.find((f) => f.path.endsWith(`/${c.format}/${file}`))!;

    for (const [incident, file] of Object.entries(c.files)) {
      it(`${incident}: the same findings as the native incident`, () => {
        expect(fileSummary(file)).toMatchObject({ format: c.format, bad_lines: 0 });
        const got = findings.get(rel(file)) ?? [];
        expect(got).toContain(HEADLINE[incident]);
        expect(got).toEqual(nativeFindings(incident));
        // every step of the evidence points back to this file's lines
        for (const f of report.findings.filter((x) => x.evidence[0].source.startsWith(rel(file)))) {
          for (const s of f.evidence) expect(s.source).toMatch(new RegExp(`^${rel(file).replace(/\./g, '\\.')}:\\d+$`));
        }
        if (incident === 'recall-mismatch') {
          const f = report.findings.find((x) => x.analyzer === 'recall-mismatch' && x.evidence[0].source.startsWith(rel(file)))!;
          // what the format does not carry is unknown in the finding, not guessed
          expect(f.detail).toMatchObject({ top_k: 2, threshold: c.threshold });
        }
      });
    }

    it('a clean session: no findings, no bad lines', () => {
      expect(findings.get(rel(c.clean))).toBeUndefined();
      expect(fileSummary(c.clean).bad_lines).toBe(0);
      expect(fileSummary(c.clean).events).toBeGreaterThan(10);
    });

    it('bad input is reported line by line, and the good spans of a line are kept', () => {
      expect(fileSummary(c.bad).events).toBeGreaterThan(0);
      const rows = query<{ line: number; reason: string }>(
        db,
        `SELECT b.line, b.reason FROM bad_lines b JOIN sources s ON s.id = b.source_id WHERE s.path LIKE ? ORDER BY b.line`,
        `%${c.bad}`,
      );
      expect(rows.map((x) => x.line)).toEqual(BAD_LINES[c.format].map(([l]) => l));
      for (const [i, [, re]] of BAD_LINES[c.format].entries()) expect(rows[i].reason).toMatch(re);
    });

    it('every file of the folder is detected as this format', () => {
      expect(ingested.files).toHaveLength(5);
      expect(new Set(ingested.files.map((f) => f.format))).toEqual(new Set([c.format]));
    });
  });
}
