// node bench/tui.mjs [--sessions 10000] [--findings 100000] [--presses 50] [--fresh]   (after `npm run build`)
// Generates an evidence store of 10k sessions / 100k stored findings (rows inserted directly, with an
// analysis_state fingerprint that matches, so `amnesia tui --db bench/out/tui-bench.db` opens it as is),
// then renders the TUI in-process on a fake 100x30 terminal and measures: time to the first frame,
// and how long a page-down keypress and a full page scroll take to be answered on the findings list.
// Then it opens the Replay pane of a heavy real session (fixtures/incidents/window-overflow) and
// measures how soon "replaying…" shows and how fast keys are answered while the worker computes.
// A benchmark, not a test: it prints the figures and the targets (first frame < 0.5 s, a key < 50 ms).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';

// as `amnesia tui` does (src/cli/actions/tui.ts): React's production build
process.env.NODE_ENV ??= 'production';
const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(here, '..', 'dist');

const argv = process.argv.slice(2);
const arg = (name, dflt) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? Number(argv[i + 1]) : dflt;
};
const SESSIONS = arg('sessions', 10_000);
const FINDINGS = arg('findings', 100_000);
const PRESSES = arg('presses', 50);
const COLS = 100;
const ROWS = 30;

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
const WORDS = [
  'the',
  'deploy',
  'failed',
  'because',
  'database',
  'migration',
  'timed',
  'out',
  'please',
  'check',
  'logs',
  'user',
  'prefers',
  'short',
  'answers',
  'service',
  'latency',
  'cache',
  'query',
  'index',
  'memory',
  'agent',
  'tool',
  'result',
];
const words = (r, n) => Array.from({ length: n }, () => WORDS[Math.floor(r() * WORDS.length)]).join(' ');

const { openStore } = await import(path.join(dist, 'store', 'connection.js'));
const { analysisFingerprint } = await import(path.join(dist, 'store', 'findings.js'));
const { ANALYZERS } = await import(path.join(dist, 'analyzers', 'registry.js'));

/** Build the store: events (with requests rows), findings and analysis_state, in a few transactions. */
function generateStore(file) {
  for (const s of ['', '-wal', '-shm']) fs.rmSync(file + s, { force: true });
  const db = openStore(file);
  const r = rng(7);
  const src = db
    .prepare(
      `INSERT INTO sources (sha256, path, size, format, status, items_done, events, started_at, finished_at)
       VALUES (?, 'bench/tui-synthetic.jsonl', 0, 'native', 'complete', 0, 0, ?, ?) RETURNING id`,
    )
    .get(crypto.randomBytes(32).toString('hex'), new Date().toISOString(), new Date().toISOString()).id;
  const insEvent = db.prepare(
    `INSERT INTO events (dedupe, event_id, kind, session, turn, ts, actor, scope, source_id, line, body)
     VALUES (?, NULL, ?, ?, ?, ?, ?, NULL, ?, ?, ?) RETURNING id`,
  );
  const insReq = db.prepare(
    `INSERT INTO requests (event, session, model, encoding, message_count, prompt_tokens, usage_input_tokens, context_limit)
     VALUES (?, ?, 'gpt-4o', 'o200k_base', 0, ?, NULL, 128000)`,
  );
  const insFinding = db.prepare('INSERT INTO findings (id, analyzer, severity, session, turn, ts, title, cause, json) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)');
  const analyzers = ['window-overflow', 'recall-mismatch', 'lost-write', 'concurrent-overwrite', 'tool-drift'];
  const causes = {
    'window-overflow': 'constraint_evicted',
    'recall-mismatch': 'rank_beyond_top_k',
    'lost-write': 'lost_in_restart',
    'concurrent-overwrite': 'same_base_version',
    'tool-drift': 'length_after_tool',
  };
  const perSession = Math.ceil(FINDINGS / SESSIONS);
  let line = 0;
  let made = 0;
  const t0 = Date.UTC(2026, 2, 1);
  db.transaction(() => {
    for (let s = 0; s < SESSIONS; s++) {
      const session = `tui-${String(s).padStart(6, '0')}`;
      let ts = t0 + s * 600_000;
      const lines = [];
      const add = (kind, turn, body, actor = null) => {
        line++;
        ts += 1000;
        const ev = { kind, ts: new Date(ts).toISOString(), session, turn, ...(actor ? { actor } : {}), ...body };
        const id = insEvent.get(
          crypto.createHash('sha1').update(`${session}:${line}`).digest(),
          kind,
          session,
          turn,
          ts,
          actor,
          src,
          line,
          JSON.stringify(ev),
        ).id;
        lines.push({ line, ts, turn, kind });
        return id;
      };
      for (let turn = 0; turn < 4; turn++) {
        const ev = add('request', turn, { model: 'gpt-4o', context_limit: 128000 });
        insReq.run(ev, session, Math.round(20000 + turn * 30000 + r() * 20000));
        if (turn === 1) {
          add('retrieval', turn, {
            query: words(r, 6),
            top_k: 2,
            threshold: 0.75,
            candidates: [0, 1, 2, 3].map((i) => ({ id: `m${i}`, score: +(0.85 - i * 0.04).toFixed(2) })),
            injected: ['m0', 'm1'],
          });
        }
        add('response', turn, { content: words(r, 20 + Math.floor(r() * 60)) });
      }
      for (let i = 0; i < perSession && made < FINDINGS; i++, made++) {
        const analyzer = analyzers[Math.floor(r() * analyzers.length)];
        const x = r();
        const severity = x < 0.2 ? 'error' : x < 0.7 ? 'warning' : 'info';
        const ev = lines[(i * 3) % lines.length];
        const evidence = [0, 1, 2, 3].map((k) => {
          const e = lines[(i + k) % lines.length];
          return {
            step: k + 1,
            role: ['user_input', 'context', 'retrieval', 'response'][k],
            turn: e.turn,
            ts: new Date(e.ts).toISOString(),
            event: `bench/tui-synthetic.jsonl:${e.line}`,
            source: `bench/tui-synthetic.jsonl:${e.line}`,
            text: words(r, 30 + Math.floor(r() * 40)),
            detail: { prompt_tokens: 100000 + k, context_limit: 128000 },
          };
        });
        const title = `${analyzer} in ${session}: ${words(r, 10)}`;
        const f = {
          id: `f_${crypto.createHash('sha256').update(`${session}:${i}`).digest('hex').slice(0, 16)}`,
          analyzer,
          severity,
          session,
          turn: ev.turn,
          ts: new Date(ev.ts).toISOString(),
          title,
          cause: causes[analyzer],
          evidence,
          fix: words(r, 25),
          detail: { fill: 1.02, prompt_tokens: 130000, context_limit: 128000, top_k: 2, threshold: 0.75 },
        };
        insFinding.run(f.id, f.analyzer, f.severity, f.session, f.turn, f.ts, f.title, f.cause, JSON.stringify(f));
      }
    }
    db.prepare('UPDATE sources SET events = ?, items_done = ?').run(line, line);
    const fp = analysisFingerprint(db, { analyzers: ANALYZERS, config: { models: {}, analyzers: {} } });
    db.prepare(
      'INSERT INTO analysis_state (id, fingerprint, finished_at) VALUES (1, ?, ?) ON CONFLICT (id) DO UPDATE SET fingerprint = excluded.fingerprint',
    ).run(fp, new Date().toISOString());
  })();
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  return { events: line, findings: made };
}

const out = path.join(here, 'out');
fs.mkdirSync(out, { recursive: true });
const file = path.join(out, `tui-bench-${SESSIONS}-${FINDINGS}.db`);
if (argv.includes('--fresh') || !fs.existsSync(file)) {
  const t = performance.now();
  const g = generateStore(file);
  console.error(`generated ${file}: ${SESSIONS} sessions, ${g.events} events, ${g.findings} findings in ${((performance.now() - t) / 1000).toFixed(1)} s`);
}
if (argv.includes('--generate-only')) process.exit(0);
if (!fs.existsSync(path.join(dist, 'tui', 'App.js'))) {
  console.error('dist/tui/App.js is missing: run `npm run build` first');
  process.exit(2);
}

// ---- measure -------------------------------------------------------------------------
const tImport = performance.now();
const React = await import('react');
const { render } = await import('ink-testing-library');
const { App } = await import(path.join(dist, 'tui', 'App.js'));
const { openTuiStore } = await import(path.join(dist, 'tui', 'store.js'));
const importMs = performance.now() - tImport;

const KEYS = { pageDown: '\u001b[6~', down: 'j', end: 'G', home: 'g', enter: '\r', esc: '\u001b' };
const footer = (frame) => (frame.match(/\s(\d[\d,]*–[\d,]+ of [\d,]+)/) ?? [])[1] ?? '';
const ms = (x) => `${x.toFixed(1)} ms`;
const stats = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return { median: s[Math.floor(s.length / 2)], p95: s[Math.min(s.length - 1, Math.floor(s.length * 0.95))], max: s[s.length - 1] };
};

/** Write a key and wait until the frame shows `done(frame)`; the time it took. */
const cpu = []; // CPU time (user + system) of each answer: less sensitive than wall time to a busy machine
async function answer(inst, key, done) {
  const t = performance.now();
  const c = process.cpuUsage();
  inst.stdin.write(key);
  while (!done(inst.lastFrame() ?? '')) {
    if (performance.now() - t > 5000) throw new Error(`no answer to ${JSON.stringify(key)}: ${inst.lastFrame()}`);
    await new Promise((r) => setImmediate(r));
  }
  const u = process.cpuUsage(c);
  cpu.push((u.user + u.system) / 1000);
  return performance.now() - t;
}
const settle = () => new Promise((r) => setTimeout(r, 40));

const t0 = performance.now();
const db = openStore(file, { readonly: true });
const store = openTuiStore(db, { analyzers: ANALYZERS.map((a) => a.meta.id) });
const inst = render(React.createElement(App, { store, color: false, size: { columns: COLS, rows: ROWS } }));
while (!(inst.lastFrame() ?? '').includes('worst sessions first')) await new Promise((r) => setImmediate(r));
const firstFrame = performance.now() - t0;
const overview = inst.lastFrame();
await new Promise((r) => setTimeout(r, 100)); // Ink subscribes to input after the first frame

const openList = await answer(inst, '2', (f) => footer(f).startsWith('1–'));
await settle();
const pageDowns = [];
cpu.length = 0;
for (let i = 0; i < PRESSES; i++) {
  const before = footer(inst.lastFrame());
  pageDowns.push(await answer(inst, KEYS.pageDown, (f) => footer(f) !== before));
  await settle();
}
const pageDownCpu = stats(cpu);
const afterPages = footer(inst.lastFrame());
const downs = [];
for (let i = 0; i < PRESSES; i++) {
  const before = inst.lastFrame();
  downs.push(await answer(inst, KEYS.down, (f) => f !== before));
  await settle();
}
const toEnd = await answer(inst, KEYS.end, (f) => /–([\d,]+) of \1\b/.test(footer(f)));
await settle();
const toTop = await answer(inst, KEYS.home, (f) => footer(f).startsWith('1–'));
await settle();
const sortTime = await answer(inst, 's', (f) => f.includes('sort: time'));
await settle();
const sortTimePage = await answer(inst, KEYS.pageDown, (f) => !footer(f).startsWith('1–'));
await settle();
const filterAnalyzer = await answer(inst, 'f', (f) => /analyzer: (?!all)/.test(f));
await settle();
const filterSeverity = await answer(inst, 'F', (f) => f.includes('severity: error'));
await settle();
const openFinding = await answer(inst, KEYS.enter, (f) => f.includes('Evidence  │'));
await settle();
const openRaw = await answer(inst, KEYS.enter, (f) => f.includes('source bench/'));
await settle();
await answer(inst, KEYS.esc, (f) => f.includes('Evidence  │'));
await settle();
await answer(inst, KEYS.esc, (f) => f.includes('sort: time'));
await settle();
await answer(inst, 'x', (f) => f.includes('analyzer: all · severity: all'));
await settle();
inst.stdin.write('/');
await settle();
for (const ch of 'deploy failed') {
  inst.stdin.write(ch);
  await settle();
}
const search = await answer(inst, KEYS.enter, (f) => f.includes('search: "deploy failed"'));
await settle();
const sessions = await answer(inst, '3', (f) => f.includes('sort: worst'));
await settle();
const sessionPageDowns = [];
for (let i = 0; i < Math.min(20, PRESSES); i++) {
  const before = footer(inst.lastFrame());
  sessionPageDowns.push(await answer(inst, KEYS.pageDown, (f) => footer(f) !== before));
  await settle();
}
const openSession = await answer(inst, KEYS.enter, (f) => f.includes('Prompt fill'));
inst.unmount();
store.close();

// ---- Replay: a heavy real session (the window-overflow incident: 50 requests near 100k tokens)
// replayed in its worker thread while keys are pressed; each key must be answered meanwhile
const { ingest } = await import(path.join(dist, 'ingest', 'pipeline.js'));
const { resolveInputs } = await import(path.join(dist, 'ingest', 'inputs.js'));
const { analyze } = await import(path.join(dist, 'analyzers', 'analyze.js'));
const { routes } = await import(path.join(dist, 'tui', 'nav.js'));
const replayFile = path.join(out, 'tui-bench-replay.db');
if (!fs.existsSync(replayFile)) {
  const w = openStore(replayFile);
  await ingest(w, { inputs: await resolveInputs([path.join(here, '..', 'fixtures', 'incidents', 'window-overflow', 'en.jsonl.gz')]), progress: false });
  analyze(w, { analyzers: ANALYZERS, persist: true });
  w.close();
}
const rstore = openTuiStore(openStore(replayFile, { readonly: true }), { analyzers: ANALYZERS.map((a) => a.meta.id) });
const wo = rstore.findingsPage({ sort: 'severity', analyzer: 'window-overflow' }, 0, 1)[0];
const rinst = render(
  React.createElement(App, { store: rstore, color: false, size: { columns: COLS, rows: ROWS }, initial: [routes.overview(), routes.finding(wo.id)] }),
);
while (!(rinst.lastFrame() ?? '').includes('Evidence  │')) await new Promise((r) => setImmediate(r));
await new Promise((r) => setTimeout(r, 100));
await answer(rinst, '\t', (f) => /Prompt fill|no picture/.test(f));
await settle();
await answer(rinst, '\t', (f) => f.includes('fix:'));
await settle();
const tReplay = performance.now();
const replayShown = await answer(rinst, '\t', (f) => f.includes('replaying…'));
const duringReplay = [];
while (!(rinst.lastFrame() ?? '').includes('reference design')) {
  // Tab to the evidence and Shift+Tab back to the replay, each answered while the worker computes
  duringReplay.push(await answer(rinst, '\t', (f) => f.includes('▶ 1')));
  await new Promise((r) => setTimeout(r, 50));
  if ((rinst.lastFrame() ?? '').includes('reference design')) break;
  duringReplay.push(await answer(rinst, '\u001b[Z', (f) => f.includes('replaying…') || f.includes('reference design')));
  await new Promise((r) => setTimeout(r, 50));
  if (performance.now() - tReplay > 120_000) throw new Error('the replay did not finish in 120 s');
}
const replayDone = performance.now() - tReplay;
// the same keys once the replay is done: what the machine takes anyway (a baseline for the figure above)
const afterReplay = [];
for (let i = 0; i < Math.max(6, Math.min(20, duringReplay.length)); i += 2) {
  afterReplay.push(await answer(rinst, '\t', (f) => f.includes('▶ 1')));
  await new Promise((r) => setTimeout(r, 50));
  afterReplay.push(await answer(rinst, '\u001b[Z', (f) => f.includes('reference design')));
  await new Promise((r) => setTimeout(r, 50));
}
rinst.unmount();
rstore.close();
const rk = duringReplay.length ? stats(duringReplay) : { median: 0, p95: 0, max: 0 };
const ra = stats(afterReplay);

const pd = stats(pageDowns);
const dn = stats(downs);
const sp = stats(sessionPageDowns);
const report = [
  `load average ${os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')} on ${os.cpus().length} CPUs (wall times grow with it)`,
  `store: ${file} (${(fs.statSync(file).size / 1e6).toFixed(0)} MB): ${SESSIONS.toLocaleString('en-US')} sessions, ${FINDINGS.toLocaleString('en-US')} findings; terminal ${COLS}x${ROWS}; node ${process.version}`,
  `module import (react, ink, the TUI)       ${ms(importMs)}`,
  `first frame (open store -> overview)      ${ms(firstFrame)}   target < 500 ms ${firstFrame < 500 ? 'OK' : 'MISSED'}`,
  `open the findings list (key 2)            ${ms(openList)}`,
  `page down x${PRESSES} (findings)             median ${ms(pd.median)}  p95 ${ms(pd.p95)}  max ${ms(pd.max)}   target < 50 ms ${pd.max < 50 ? 'OK' : pd.median < 50 ? 'median OK' : 'MISSED'}  (now at ${afterPages})`,
  `  CPU time of a page down                  median ${ms(pageDownCpu.median)}  p95 ${ms(pageDownCpu.p95)}  max ${ms(pageDownCpu.max)}`,
  `row down x${PRESSES} (j)                     median ${ms(dn.median)}  p95 ${ms(dn.p95)}  max ${ms(dn.max)}`,
  `last page (G) / first page (g)            ${ms(toEnd)} / ${ms(toTop)}`,
  `sort by time (first time) / page down     ${ms(sortTime)} / ${ms(sortTimePage)}`,
  `filter analyzer (f) / severity (F)        ${ms(filterAnalyzer)} / ${ms(filterSeverity)}`,
  `open a finding / its raw event            ${ms(openFinding)} / ${ms(openRaw)}`,
  `search "deploy failed" in titles (Enter)  ${ms(search)}`,
  `open the sessions list (key 3)            ${ms(sessions)}`,
  `page down x${sessionPageDowns.length} (sessions)             median ${ms(sp.median)}  max ${ms(sp.max)}`,
  `open a session timeline                   ${ms(openSession)}`,
  `Replay of ${wo.session} (${wo.id}): "replaying…" shown in ${ms(replayShown)}, result after ${(replayDone / 1000).toFixed(1)} s (worker thread)`,
  `  keys answered while it computes x${duringReplay.length}    median ${ms(rk.median)}  p95 ${ms(rk.p95)}  max ${ms(rk.max)}   target < 50 ms ${rk.max < 50 ? 'OK' : rk.median < 50 ? 'median OK' : 'MISSED'}`,
  `  the same keys once it is done x${afterReplay.length}     median ${ms(ra.median)}  p95 ${ms(ra.p95)}  max ${ms(ra.max)}   (the machine's own figure, for comparison)`,
];
console.log(report.join('\n'));
if (argv.includes('--show')) console.log(overview);
