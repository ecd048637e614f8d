import fs from 'node:fs';
import path from 'node:path';
import { createElement } from 'react';
import { render } from 'ink-testing-library';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, FIXTURES, json, tmpdir, type CliResult } from './helpers.js';
import { App } from '../src/tui/App.js';
import { openTuiStore, type TuiStore } from '../src/tui/store.js';
import { routes, type Route } from '../src/tui/nav.js';
import { openStore } from '../src/store/connection.js';
import { KEY, press, until } from '../src/tui/__tests__/ink.js';
import { EXHAUSTIVE, SLOW } from './tier.js';
import { LOG_ID_KEYS, LOG_ID_SCOPES } from '../src/findings/redact.js';

/**
 * Issue 17: one way to show a finding. Every output surface, in every output format, with --redact,
 * over the bundled fixtures: no word of the fixtures' users and no raw session id may appear, on
 * stdout, on stderr or in a written report; the TUI's screens are checked the same way.
 */

/** Distinctive words of the fixtures' users (their messages, their memories, their bad lines). */
const USER_WORDS = [
  // English
  'Singapore',
  'Project Apollo',
  'laptops',
  'backend engineer',
  'bullet lists',
  'data import',
  'dark theme',
  'alice@example.com',
  'refund rounding',
  'MySQL',
  'pool timeouts',
  'ticket tool',
  'English only',
  'crashed log shipper',
  'side by side',
  // Chinese
  '杭州',
  '阿波罗',
  '后端工程师',
  '表情符号',
  '笔记本电脑',
  '导入数据',
  '退款表',
  '值班',
  '连接池',
];

const INPUTS = [path.join(FIXTURES, 'incidents'), path.join(FIXTURES, 'replay'), path.join(FIXTURES, 'bad-input', 'mixed.jsonl')];

/**
 * What triage and replay read, each format a whole run over the logs: in npm test every log but
 * window-overflow's two incidents (17.6 MB near a 128k window, most of each run's time; its
 * findings are checked under --redact by analyze, show and ci over every log in both tiers), every
 * log in test:slow.
 */
const LIGHT_INPUTS = SLOW
  ? INPUTS
  : [
      ...fs
        .readdirSync(path.join(FIXTURES, 'incidents'))
        .filter((d) => d !== 'window-overflow')
        .map((d) => path.join(FIXTURES, 'incidents', d)),
      ...INPUTS.slice(1),
    ];

let dir: string;
let db: string;
let sessions: string[];
/** The ids and names the fixtures' logs chose that the findings name (memories, writes, users, actors, state keys and values). */
let logIds: string[];

/** Strings a finding's details hold under an id key (or a state key, or a state value): what --redact must hash. */
function idsOf(findings: { analyzer: string; detail?: unknown; evidence: { detail?: unknown }[] }[]): string[] {
  const out = new Set<string>();
  const walk = (x: unknown, key: string | null, take: boolean, analyzer: string) => {
    const mine = take || (key !== null && (LOG_ID_KEYS.has(key) || /value$/.test(key) || (key === 'key' && analyzer === 'concurrent-overwrite')));
    if (typeof x === 'string' && mine) out.add(x);
    else if (Array.isArray(x)) for (const y of x) walk(y, key, mine, analyzer);
    else if (x && typeof x === 'object') for (const [k, y] of Object.entries(x)) walk(y, k, take || (key !== null && LOG_ID_SCOPES.has(key)), analyzer);
  };
  for (const f of findings) {
    walk(f.detail, null, false, f.analyzer);
    for (const e of f.evidence) walk(e.detail, null, false, f.analyzer);
  }
  // session ids are checked on their own; a value with spaces is prose, checked by the words; a store
  // named `memories` is hashed too, but the word is amnesia's own in its fixes and reports
  return [...out].filter((v) => v.length >= 2 && !sessions.includes(v) && !/\s/.test(v) && v !== 'memories').sort();
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The raw session ids found in a text: a whole id, not part of a longer word (`s7` is not in `s7-en`). */
function rawIds(text: string): string[] {
  return sessions.filter((id) => new RegExp(`(?<![\\w-])${escape(id)}(?![\\w-])`).test(text));
}

/**
 * A SARIF log carries each analyzer's README as its rule's help: documentation that quotes the
 * bundled fixtures as examples, not the run's logs. It is left out of the check (`help` only).
 */
function withoutRuleHelp(text: string): string {
  if (!text.includes('"$schema"') || !text.includes('sarif')) return text;
  const log = JSON.parse(text) as { runs: { tool: { driver: { rules: { help?: unknown }[] } } }[] };
  for (const run of log.runs) for (const rule of run.tool.driver.rules) delete rule.help;
  return JSON.stringify(log);
}

/**
 * Paths of the bundled log files. A coding agent names a file or folder after its session (a Cline task
 * folder is its task id): --redact hides the id in findings' evidence, but file-level diagnostics (what was
 * skipped, what was read) and copied events' origins name the files as they are on disk. Known and said in
 * SECURITY.md; the ids are checked everywhere else.
 */
const FIXTURE_PATH = /[^\s"'(]*fixtures\/[^\s"':)]*/g;

function leaks(raw: string): string[] {
  const text = withoutRuleHelp(raw).replace(FIXTURE_PATH, (p) => (sessions.some((id) => p.includes(`/${id}/`)) ? '<path>' : p));
  const lower = text.toLowerCase();
  const ids = logIds.filter((id) => new RegExp(`(?<![\\w-])${escape(id)}(?![\\w-])`).test(text));
  return [...USER_WORDS.filter((w) => lower.includes(w.toLowerCase())), ...rawIds(text).map((id) => `session ${id}`), ...ids.map((id) => `id ${id}`)];
}

/** Nothing of the users leaves in the run's stdout, stderr and written files. */
function clean(what: string, r: CliResult, files: string[] = []): void {
  expect(r.code, `${what}: exit ${r.code}\n${r.stderr}`).not.toBe(2);
  expect(leaks(r.stdout), `${what}: stdout`).toEqual([]);
  expect(leaks(r.stderr), `${what}: stderr`).toEqual([]);
  for (const f of files) expect(leaks(fs.readFileSync(f, 'utf8')), `${what}: ${path.basename(f)}`).toEqual([]);
}

beforeAll(() => {
  dir = tmpdir('amnesia-redact-');
  db = path.join(dir, 'evidence.db');
  const ing = cli(['ingest', ...INPUTS, '--db', db, '--no-progress']);
  expect(ing.code, ing.stderr).toBe(0);
  sessions = json<{ sessions: { session: string }[] }>(cli(['sessions', '--db', db, '--format', 'json'])).sessions.map((s) => s.session);
  logIds = idsOf(json<{ findings: Parameters<typeof idsOf>[0] }>(cli(['analyze', '--db', db, '--format', 'json'])).findings);
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('--redact on every output surface', () => {
  it('the check itself sees the words and ids when --redact is off (so a pass means something)', () => {
    expect(sessions.length).toBeGreaterThan(10);
    const plain = cli(['analyze', '--db', db, '--format', 'json']);
    expect(leaks(plain.stdout).length).toBeGreaterThan(5);
    expect(leaks(cli(['events', '--db', db]).stdout)).toEqual(expect.arrayContaining(['Singapore', '杭州']));
    expect(rawIds(cli(['sessions', '--db', db]).stdout).length).toBe(sessions.length);
    // memory ids, write ids, a user id, actors, a state key and its values: each named by an unredacted finding
    expect(logIds).toEqual(expect.arrayContaining(['m77', 'w-77', 'u-42', 'planner', 'executor', 'current_task', 'task_a_done', 'kb-pricing']));
    expect(leaks(plain.stdout).filter((l) => l.startsWith('id ')).length).toBe(logIds.length);
  });

  it('analyze, in every format', () => {
    for (const format of ['text', 'json', 'markdown']) clean(`analyze --format ${format}`, cli(['analyze', '--db', db, '--redact', '--format', format]));
  });

  it('show, for a finding of every analyzer, in every format; with the severity analyze shows', () => {
    const cfg = path.join(dir, 'severity.json');
    fs.writeFileSync(cfg, JSON.stringify({ analyzers: { 'lost-write': { severity: 'info' } } }));
    const doc = json<{ findings: { id: string; analyzer: string; severity: string; session: string }[] }>(
      cli(['analyze', '--db', db, '--redact', '--format', 'json', '--config', cfg]),
    );
    const one = [...new Map(doc.findings.map((f) => [f.analyzer, f])).values()];
    // scope-leak: bob's prompt in fixtures/replay/two-users-one-session.jsonl carried alice's memories;
    // destructive-update: fixtures/replay/inferred-against-user.jsonl's update dropped a negation;
    // memory-conflict: fixtures/replay/conflicting-decisions.jsonl's prompt carried Postgres and MySQL, no rule
    expect(one.map((f) => f.analyzer).sort()).toEqual([
      'concurrent-overwrite',
      'destructive-update',
      'lost-write',
      'memory-conflict',
      'recall-mismatch',
      'scope-leak',
      'tool-drift',
      'window-overflow',
    ]);
    for (const f of one) {
      clean(`show ${f.analyzer} --format text`, cli(['show', f.id, '--db', db, '--redact', '--format', 'text', '--config', cfg]));
      const asJson = cli(['show', f.id, '--db', db, '--redact', '--format', 'json', '--config', cfg]);
      clean(`show ${f.analyzer} --format json`, asJson);
      const shown = json(asJson);
      // one presentation: show says what analyze says (the severity override, the hashed session)
      expect({ severity: shown.severity, session: shown.session }).toEqual({ severity: f.severity, session: f.session });
    }
    expect(one.find((f) => f.analyzer === 'lost-write')!.severity).toBe('info');
    // a finding the config leaves out of analyze is not shown by show either: it says why, in one line
    const ignore = path.join(dir, 'ignore.json');
    fs.writeFileSync(ignore, JSON.stringify({ ignore: [{ analyzer: 'tool-drift', reason: 'accepted style drift' }] }));
    const left = cli(['show', one.find((f) => f.analyzer === 'tool-drift')!.id, '--db', db, '--config', ignore]);
    expect([left.code, left.stdout, left.stderr.trim()]).toEqual([
      2,
      '',
      expect.stringMatching(/^amnesia: finding f_\w+ is left out by the config: an ignore rule \(accepted style drift\)$/),
    ]);
  });

  it('triage, in every format', EXHAUSTIVE, () => {
    for (const format of ['text', 'json', 'markdown'])
      clean(`triage --format ${format}`, cli(['triage', ...LIGHT_INPUTS, '--redact', '--no-progress', '--format', format]));
  });

  it('ci, in every stdout format, with JUnit, SARIF and Markdown files, and a baseline written without --redact', () => {
    const cwd = tmpdir('amnesia-redact-ci-');
    try {
      // a baseline of every finding, written in clear: the ones gone later are listed as "fixed". The two
      // runs over every input keep their evidence in a store of their own: the second finds each file
      // already read there (the same gate and report, without reading the 17.6 MB again)
      const kept = ['--db', path.join(cwd, 'evidence.db')];
      expect(cli(['ci', ...INPUTS, '--update-baseline', '--no-progress', ...kept], { cwd }).code).toBe(0);
      const subset = [path.join(FIXTURES, 'incidents', 'lost-write'), path.join(FIXTURES, 'bad-input', 'mixed.jsonl')];
      for (const format of ['text', 'json', 'markdown', 'junit', 'sarif']) {
        const files = ['r.xml', 'r.sarif', 'r.md'].map((f) => path.join(cwd, `${format}-${f}`));
        const r = cli(['ci', ...subset, '--redact', '--no-progress', '--format', format, '--junit', files[0], '--sarif', files[1], '--markdown', files[2]], {
          cwd,
        });
        clean(`ci --format ${format}`, r, files);
        if (format === 'text') expect(r.stdout).toContain('Fixed since the baseline');
      }
      const fresh = cli(['ci', ...INPUTS, '--redact', '--no-progress', '--baseline', path.join(cwd, 'none.json'), '--update-baseline', ...kept], { cwd });
      clean('ci --update-baseline', fresh);
    } finally {
      fs.rmSync(cwd, { recursive: true, force: true });
    }
  });

  it('replay, in every format, and the reference events it writes', EXHAUSTIVE, () => {
    const events = path.join(dir, 'reference-events.jsonl');
    let store = db;
    if (!SLOW) {
      store = path.join(dir, 'light.db');
      const ing = cli(['ingest', ...LIGHT_INPUTS, '--db', store, '--no-progress']);
      expect(ing.code, ing.stderr).toBe(0);
    }
    for (const format of ['text', 'json'])
      clean(`replay --format ${format}`, cli(['replay', '--db', store, '--redact', '--format', format, '--events', events]), [events]);
    clean('replay of logs', cli(['replay', path.join(FIXTURES, 'replay', 'two-users-one-session.jsonl'), '--redact']));
  });

  it('sessions, events and bad-lines, in every format', () => {
    for (const format of ['text', 'json']) {
      clean(`sessions --format ${format}`, cli(['sessions', '--db', db, '--redact', '--format', format]));
      clean(`bad-lines --format ${format}`, cli(['bad-lines', '--db', db, '--redact', '--format', format]));
    }
    const ev = cli(['events', '--db', db, '--redact']);
    clean('events', ev);
    // still one JSON object per line, every session there under its hash
    const hashed = new Set(
      ev.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).session as string),
    );
    expect(hashed.size).toBe(sessions.length);
    const summaries = json<{ sessions: { session: string }[] }>(cli(['sessions', '--db', db, '--redact', '--format', 'json'])).sessions;
    expect(new Set(summaries.map((s) => s.session))).toEqual(hashed);
  });
});

describe('a hashed session id is accepted wherever --session is', () => {
  it('analyze, show, events and replay take the hash --redact printed (whole or bare) for the session it hides', () => {
    const raw = json<{ findings: { session: string; id: string }[] }>(cli(['analyze', '--db', db, '--format', 'json'])).findings[0];
    const red = json<{ findings: { session: string; id: string }[] }>(cli(['analyze', '--db', db, '--format', 'json', '--redact'])).findings[0];
    expect(red.session).toMatch(/^‹id #[0-9a-f]+›$/);
    const bare = red.session.slice(5, -1);
    const byRaw = cli(['analyze', '--db', db, '--format', 'json', '--session', raw.session]);
    const eventsByRaw = cli(['events', '--db', db, '--session', raw.session]);
    expect(eventsByRaw.stdout).not.toBe('');
    for (const given of [red.session, bare]) {
      expect(cli(['analyze', '--db', db, '--format', 'json', '--session', given]).stdout).toBe(byRaw.stdout);
      expect(cli(['events', '--db', db, '--session', given]).stdout).toBe(eventsByRaw.stdout);
    }
    const replay = cli(['replay', '--db', db, '--session', red.session, '--format', 'json', '--redact']);
    expect(replay.code, replay.stderr).toBe(0);
    expect(json<{ sessions: { session: string }[] }>(replay).sessions.map((x) => x.session)).toEqual([red.session]);
    expect(cli(['show', raw.id, '--db', db, '--session', bare, '--format', 'json']).code).toBe(0);
    // a hash no session has stays what it was: no such session
    expect(cli(['replay', '--db', db, '--session', '‹id #00000000›']).stderr).toContain('no session "‹id #00000000›"');
  });
});

describe('--redact in the TUI', () => {
  let store: TuiStore;
  beforeAll(() => {
    store = openTuiStore(openStore(db, { readonly: true }), { redact: true });
  });
  afterAll(() => store.close());

  const SIZE = { columns: 120, rows: 40 };

  async function screen(initial: Route[], ready: (frame: string) => boolean) {
    const app = render(createElement(App, { store, color: false, size: SIZE, initial }));
    const frame = () => app.lastFrame() ?? '';
    await until(() => expect(ready(frame()), frame()).toBe(true));
    return { ...app, frame };
  }

  const noLeak = (what: string, frame: string) => expect(leaks(frame), `${what}:\n${frame}`).toEqual([]);

  it('the overview, the findings and the sessions lists show hashed session ids', async () => {
    for (const [name, route] of [
      ['overview', routes.overview()],
      ['findings', routes.findings({ sort: 'session' })],
      ['sessions', routes.sessions({ sort: 'session' })],
    ] as const) {
      const app = await screen([route], (f) => f.includes('‹id #'));
      noLeak(name, app.frame());
      app.unmount();
    }
  });

  it('searching sessions and findings matches the hashes on the screen', () => {
    const rows = store.sessionsPage({ sort: 'session' }, 0, 1000);
    const shown = rows[0].session;
    expect(shown).toMatch(/^‹id #[0-9a-f]+›$/);
    const part = shown.slice(5, 11);
    const found = store.sessionsPage({ sort: 'session', text: part }, 0, 1000).map((r) => r.session);
    expect(found).toContain(shown);
    expect(found.every((s) => s.includes(part))).toBe(true);
    expect(store.findingsPage({ sort: 'session', text: part }, 0, 1000).every((r) => r.session.includes(part) || r.analyzer.includes(part))).toBe(true);
  });

  it("every finding's Evidence, Fix & detail and Replay panes, the session and the raw event", async () => {
    const rows = store.findingsPage({ sort: 'session' }, 0, 1000);
    const one = [...new Map(rows.map((r) => [r.analyzer, r])).values()];
    expect(one.length).toBe(8); // one per analyzer with a finding here (the list in the test above)
    for (const row of one) {
      const app = await screen([routes.finding(row.id)], (f) => f.includes(row.session));
      noLeak(`${row.analyzer} evidence`, app.frame());
      await press(app.stdin, KEY.tab);
      await until(() => expect(app.frame()).toMatch(/of session ‹id #|no picture for/));
      noLeak(`${row.analyzer} picture`, app.frame());
      await press(app.stdin, KEY.tab);
      await until(() => expect(app.frame()).toContain('fix'));
      noLeak(`${row.analyzer} fix & detail`, app.frame());
      await press(app.stdin, KEY.tab);
      await until(() => expect(app.frame()).toMatch(/reference design:/));
      noLeak(`${row.analyzer} replay`, app.frame());
      app.unmount();
      // the raw event of the finding's first evidence step, reached by its (hashed) ids
      const f = store.finding(row.id)!;
      const raw = await screen([routes.finding(row.id), routes.raw(f.evidence[0].event, f.session, f.evidence[0].source)], (x) =>
        x.includes(`session ${f.session}`),
      );
      noLeak(`${row.analyzer} raw event`, raw.frame());
      raw.unmount();
      // the session's own screen: its title and pictures
      const session = await screen([routes.session(row.session)], (x) => x.includes(`Session ${row.session}`));
      noLeak(`${row.analyzer} session`, session.frame());
      session.unmount();
    }
  });
});
