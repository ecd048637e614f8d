import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { render } from 'ink-testing-library';
import { App } from '../App.js';
import { routes } from '../nav.js';
import { openTuiStore, type TuiStore } from '../store.js';
import { openStore } from '../../store/connection.js';
import { resolveInputs } from '../../ingest/inputs.js';
import { ingest } from '../../ingest/pipeline.js';
import { KEY, linesOf, press, ready } from '../__tests__/ink.js';
import { badLineDetail } from './BadLinesScreen.js';

/** Issue 35: a screen for the bad lines the overview counts: file:line, the error, the kept text; redacted under --redact. */

const GOOD = [
  '{"kind":"request","ts":"2026-05-01T10:00:00Z","session":"demo-bad","turn":0,"model":"gpt-4o","messages":[{"role":"user","content":"Please answer in English only."}]}',
  '{"kind":"response","ts":"2026-05-01T10:00:01Z","session":"demo-bad","turn":0,"content":"Sure, English only."}',
];
/** Two lines cut by a crashed shipper: a customer's name and street, and an escape sequence (clear screen). */
const BAD = [
  '{"kind":"response","ts":"2026-05-01T10:01:01Z","session":"demo-bad","turn":1,"content":"import done for Erika Mustermann of Hauptstr 7',
  '{"kind":"response","session":"demo-bad","content":"\u001b[2Jwiped screen',
];

let dir: string;
let file: string;
let log: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'amnesia-tui-bad-'));
  log = path.join(dir, 'shipper.jsonl');
  fs.writeFileSync(log, [GOOD[0], BAD[0], GOOD[1], BAD[1]].join('\n') + '\n');
  file = path.join(dir, 'evidence.db');
  const db = openStore(file);
  await ingest(db, { inputs: await resolveInputs([log]), progress: false });
  db.close();
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function start(store: TuiStore, initial?: Parameters<typeof App>[0]['initial'], actions?: Parameters<typeof App>[0]['actions']) {
  const r = render(<App store={store} color={false} size={{ columns: 100, rows: 30 }} initial={initial} actions={actions} />);
  await ready(r);
  return { ...r, frame: () => r.lastFrame() ?? '', lines: () => linesOf(r.lastFrame()) };
}

describe('the bad lines screen', () => {
  it('opens from the overview with b: file:line, the error, the kept text; y copies file:line', async () => {
    const store = openTuiStore(openStore(file, { readonly: true }));
    // a page at a time, in file and line order
    expect(store.countBadLines()).toEqual({ kept: 2, notKept: 0 });
    expect(store.badLines(0, 1).map((b) => b.line)).toEqual([2]);
    expect(store.badLines(1, 5).map((b) => b.line)).toEqual([4]);
    expect(store.badLines(2, 5)).toEqual([]);
    const actions = { copy: vi.fn(), edit: vi.fn(() => null) };
    const app = await start(store, undefined, actions);
    expect(app.frame()).toContain('2 bad lines (b)');
    await press(app.stdin, 'b');
    const f = app.frame();
    expect(app.lines()[0]).toMatch(/^amnesia › Overview › Bad lines\s+2 bad lines$/);
    expect(f).toMatch(/› .*shipper\.jsonl:2\s+\S/);
    expect(f).toMatch(/ {2}.*shipper\.jsonl:4\s+\S/);
    expect(f).toContain('error: not valid JSON');
    expect(f).toMatch(/kept \(\d+ bytes\):\s+\{"kind":"response"/);
    expect(f).toContain('Erika Mustermann of Hauptstr 7');
    await press(app.stdin, 'j');
    // the escape sequence is shown as text, never sent
    expect(app.frame()).toContain('\\x1b[2Jwiped screen');
    expect(app.frame()).not.toContain('\u001b[2J');
    await press(app.stdin, 'y');
    expect(actions.copy).toHaveBeenLastCalledWith(expect.stringMatching(/shipper\.jsonl:4$/));
    // an absolute path, cut in the middle in the message: it stays on the status line
    expect(app.frame()).toMatch(/copied \S*…\S*shipper\.jsonl:4 \(OSC 52\)/);
    await press(app.stdin, KEY.esc);
    expect(app.lines()[0]).toMatch(/^amnesia › Overview\s*$/);
    app.unmount();
    store.close();
  });

  it('under --redact shows no clear word of a bad line, its place still named', async () => {
    const store = openTuiStore(openStore(file, { readonly: true }), { redact: true });
    const app = await start(store, [routes.overview(), routes.bad()]);
    const f = app.frame();
    expect(f).toMatch(/shipper\.jsonl:2/);
    expect(f).toMatch(/kept \(\d+ bytes\):/);
    for (const w of ['Erika', 'Mustermann', 'Hauptstr', 'import done']) expect(f).not.toContain(w);
    await press(app.stdin, 'j');
    expect(app.frame()).not.toContain('wiped screen');
    app.unmount();
    store.close();
  });

  it('fits 60x17, the smallest size every screen keeps', async () => {
    const store = openTuiStore(openStore(file, { readonly: true }));
    const r = render(<App store={store} color={false} size={{ columns: 60, rows: 17 }} initial={[routes.overview(), routes.bad()]} />);
    await ready(r);
    const lines = linesOf(r.lastFrame());
    expect(lines.length).toBeLessThanOrEqual(16);
    for (const l of lines) expect([...l].length, l).toBeLessThanOrEqual(60);
    expect(lines.join('\n')).toMatch(/› .*\.jsonl:2 /);
    expect(lines.join('\n')).toContain('error: not valid JSON');
    r.unmount();
    store.close();
  });

  it('says when there are none, and cuts a long kept text to the rows it has', async () => {
    const empty = path.join(dir, 'empty.db');
    openStore(empty).close();
    const store = openTuiStore(openStore(empty, { readonly: true }));
    const app = await start(store, [routes.overview(), routes.bad()]);
    expect(app.frame()).toContain('no bad lines');
    app.unmount();
    store.close();
    const detail = badLineDetail({ source: 'a.jsonl:1', line: 1, reason: 'bad', raw: 'word '.repeat(200), raw_bytes: 5000 }, 40, 4);
    expect(detail).toHaveLength(4);
    expect(detail[0]).toBe('error: bad');
    for (const l of detail) expect(l.length).toBeLessThanOrEqual(40);
  });
});
