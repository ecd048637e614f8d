/**
 * docs/new-analyzer.md, held: a sixth analyzer (test/toy-analyzer/, the docs' example) added to the
 * registry by one line and nothing else shows in analyze, show, ci, the TUI (the real App: its
 * overview, its picture pane, its Replay pane) and replay (`amnesia replay`). The registry module is
 * replaced here by the real registry with the toy added (the same mechanism a new analyzer's line
 * uses), so no file of src/ changes for the test; the toy's folder is held to what
 * test/registry.test.ts holds every analyzer folder to.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { render } from 'ink-testing-library';
import { createElement } from 'react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildPlan } from '../src/analysis/plan.js';
import { analyzersTable, TABLE_END, TABLE_START, withAnalyzersTable } from '../src/analyzers/docs.js';
import { ANALYZERS } from '../src/analyzers/registry.js';
import { main } from '../src/cli/main.js';
import type { Finding } from '../src/findings/types.js';
import { replaySession } from '../src/lab/index.js';
import { openStore } from '../src/store/connection.js';
import { SessionReader } from '../src/store/session.js';
import { availableKinds, buildPictures, drawPicture, focusOf, pictureFor, pictureTitle } from '../src/tui/charts/index.js';
import { App } from '../src/tui/App.js';
import { openTuiStore } from '../src/tui/store.js';
import { KEY, linesOf, press, ready, until } from '../src/tui/__tests__/ink.js';
import { describeAnalyzerFolder } from './analyzer-folder.js';
import { analyzer as toy } from './toy-analyzer/index.js';
import { ROOT } from './helpers.js';

vi.mock('../src/analyzers/registry.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../src/analyzers/registry.js')>();
  const { analyzer: toy } = await import('./toy-analyzer/index.js');
  return { ...real, ANALYZERS: [...real.ANALYZERS, toy].sort((a, b) => a.meta.id.localeCompare(b.meta.id)) };
});

const FIXTURES = path.join(ROOT, 'test', 'toy-analyzer', 'fixtures');
const INVALID = path.join(FIXTURES, 'invalid', 'empty-en.jsonl');

class Sink extends Writable {
  text = '';
  override _write(chunk: Buffer | string, _enc: BufferEncoding, done: () => void): void {
    this.text += String(chunk);
    done();
  }
}

async function amnesia(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  const out = new Sink();
  const err = new Sink();
  const code = await main(['node', 'amnesia', ...args], { out, err, in: Readable.from([]), env: { ...process.env, NO_COLOR: '1' } });
  return { code, out: out.text, err: err.text };
}

let dir: string;
let db: string;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'amnesia-toy-'));
  db = path.join(dir, 'evidence.db');
  const r = await amnesia('ingest', INVALID, path.join(FIXTURES, 'valid'), '--db', db, '--no-progress');
  expect(r.code, r.err).toBe(0);
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const toyFindings = (doc: { findings: Finding[] }) => doc.findings.filter((f) => f.analyzer === 'empty-answer');

describe('a sixth analyzer: one folder and one registry line', () => {
  it('analyze finds it, and only where it should', async () => {
    const r = await amnesia('analyze', '--db', db, '--format', 'json');
    const found = toyFindings(JSON.parse(r.out));
    expect(found.map((f) => [f.session, f.turn, f.cause, f.confidence])).toEqual([['toy-empty', 1, 'empty_answer', 'certain']]);
  });

  it('show prints it with the figures its analyzer gives', async () => {
    const id = toyFindings(JSON.parse((await amnesia('analyze', '--db', db, '--format', 'json')).out))[0].id;
    const r = await amnesia('show', id, '--db', db);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain('The answer to "And of Spain?" was empty');
    expect(r.out).toContain('unanswered: And of Spain?');
  });

  it('ci gates on it', async () => {
    const r = await amnesia('ci', INVALID, '--fail-on', 'warning', '--no-config', '--no-progress');
    expect(r.code).toBe(1);
    expect(r.out + r.err).toContain('empty-answer');
  });

  it("the TUI draws its picture from its own lines, and focuses the finding's item", async () => {
    const found = toyFindings(JSON.parse((await amnesia('analyze', '--db', db, '--format', 'json')).out));
    const store = openStore(db, { readonly: true });
    try {
      const p = buildPictures(new SessionReader(store).load('toy-empty'), found);
      expect(pictureFor('empty-answer')).toBe('answers');
      expect(pictureTitle('answers')).toBe('Answers');
      expect(p.answers).toEqual({
        answers: [
          { turn: 0, chars: 6, findingId: null },
          { turn: 1, chars: 0, findingId: found[0].id },
        ],
      });
      expect(availableKinds(p)).toContain('answers');
      expect(focusOf(p, 'answers', found[0].id)).toBe(1);
      expect(drawPicture(p, 'answers', 1, 60).map((line) => line.map((x) => x.text).join(''))).toEqual(['turn 1: 0 characters (empty)']);
    } finally {
      store.close();
    }
  });

  it('the TUI lists it, draws its picture in the Picture pane and its verdict in the Replay pane', async () => {
    const plan = buildPlan();
    const store = openTuiStore(openStore(db, { readonly: true }), { plan, analyzers: plan.analyzers.map((a) => a.meta.id) });
    const app = render(createElement(App, { store, color: false, size: { columns: 140, rows: 30 } }));
    try {
      await ready(app);
      const frame = () => app.lastFrame() ?? '';
      expect(linesOf(frame()).find((l) => l.trim().startsWith('empty-answer'))).toMatch(/empty-answer\s+·\s+1\s+·\s+1$/);
      // the first row is "all analyzers": Enter lists every finding, the toy's is the only one
      await press(app.stdin, KEY.enter, KEY.enter);
      expect(frame()).toContain('WARNING · empty-answer · empty_answer · session toy-empty · turn 1');
      await press(app.stdin, KEY.tab);
      await until(() => expect(frame()).toContain('Answers of session toy-empty'));
      expect(frame()).toContain('turn 1: 0 characters (empty)');
      await press(app.stdin, KEY.tab, KEY.tab);
      await until(() => expect(frame()).toContain('reference design: not judged'));
      expect(frame()).toContain('"And of Spain?" cannot be re-asked');
    } finally {
      app.unmount();
      store.close();
    }
  });

  it("the README's analyzers table the build writes has its row, from its meta, with no README edit", () => {
    const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    expect(readme).not.toContain('`empty-answer`');
    const written = withAnalyzersTable(readme, analyzersTable(ANALYZERS));
    expect(written).toContain("| `empty-answer` | the model answered a user's message with nothing | retry an empty response; log the finish reason |");
    // every built-in row is still there, in the registry's order
    const rows = written
      .slice(written.indexOf(TABLE_START), written.indexOf(TABLE_END))
      .split('\n')
      .filter((l) => l.startsWith('| `'))
      .map((l) => /^\| `([a-z-]+)`/.exec(l)![1]);
    expect(rows).toEqual(ANALYZERS.map((a) => a.meta.id));
  });

  it('amnesia replay gives its verdict from its own judge', async () => {
    const r = await amnesia('replay', '--db', db, '--session', 'toy-empty');
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/not judged\s+empty-answer \(empty_answer\) at turn 1/);
    expect(r.out).toContain('"And of Spain?" cannot be re-asked');
  });

  it('replay gives its verdict from its own judge', () => {
    const store = openStore(db, { readonly: true });
    try {
      const report = replaySession(new SessionReader(store).load('toy-empty'), { plan: buildPlan() });
      const v = report.findings.find((x) => x.analyzer === 'empty-answer');
      expect(v).toMatchObject({ verdict: 'not_judged', prevented: false });
      expect(v?.how).toContain('"And of Spain?" cannot be re-asked');
    } finally {
      store.close();
    }
  });
});

describe('the toy folder holds what every analyzer folder holds (test/registry.test.ts)', () => {
  describeAnalyzerFolder(toy, path.join(ROOT, 'test', 'toy-analyzer'));
});
