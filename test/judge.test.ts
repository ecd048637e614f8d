/**
 * The optional model judge (issue 33) through the commands, against a mock endpoint on 127.0.0.1
 * (src/judge/__tests__/mock.ts): off by default (no request, output byte-identical), asked only
 * for the step the rules leave open, its verdicts cached in the store and shown in the chain (text
 * and JSON), a timeout or a malformed answer leaving the step not checkable, and nothing sent under
 * --redact.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { main } from '../src/cli/main.js';
import type { Finding } from '../src/findings/types.js';
import { mockJudge, type MockJudge } from '../src/judge/__tests__/mock.js';
import { ROOT } from './helpers.js';
import { openStore } from '../src/store/connection.js';
import { openTuiStore } from '../src/tui/store.js';
import { buildPlan } from '../src/analysis/plan.js';
import { loadConfig } from '../src/config/index.js';

const STORE = path.join(ROOT, 'src/analyzers/recall-mismatch/fixtures/store');
// flag-en: a memory the search did not return, reason unknown (open); ranked-below-en: the log shows it ranked below (settled)
const INPUTS = ['store-en.jsonl', 'flag-en.jsonl', 'ranked-below-en.jsonl'].map((f) => path.join(STORE, f));

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
  const code = await main(['node', 'amnesia', ...args], { out, err, in: Readable.from([]), env: { ...process.env, NO_COLOR: '1', CI: '1' } });
  return { code, out: out.text, err: err.text };
}

let dir: string;
let config: string;
let mock: MockJudge;
const RELEVANT = { verdict: 'relevant', reason: 'It says she trains for the Berlin marathon in September.' };

/** A new store of INPUTS. */
async function store(name: string): Promise<string> {
  const db = path.join(dir, `${name}.db`);
  const r = await amnesia('ingest', ...INPUTS, '--db', db, '--no-progress');
  expect(r.code, r.err).toBe(0);
  return db;
}

const findings = (out: string): Finding[] => JSON.parse(out).findings;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'amnesia-judge-cli-'));
  config = path.join(dir, 'judge.json');
  // far above a loaded machine's first request (the timeout test has its own config)
  fs.writeFileSync(config, JSON.stringify({ judge: { model: 'tiny-judge', timeout_ms: 20_000, retries: 0 } }));
  mock = await mockJudge([RELEVANT]);
});
afterAll(async () => {
  await mock.close();
  fs.rmSync(dir, { recursive: true, force: true });
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('--judge: a model asked where the rules cannot tell', () => {
  it('off by default: no request at all, and the output is byte-identical before and after a judged run', async () => {
    const db = await store('default');
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const text = await amnesia('analyze', '--db', db, '--config', config);
    const json = await amnesia('analyze', '--db', db, '--config', config, '--format', 'json');
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(text.out).not.toContain('judged by');
    expect(findings(json.out).map((f) => f.confidence)).toEqual(['possible', 'likely']);

    const judged = await amnesia('analyze', '--db', db, '--config', config, '--judge', mock.url);
    expect(judged.code, judged.err).toBe(0);
    expect(judged.out, judged.err).toContain('judged by');
    // the verdicts are in the store now; a run without --judge neither shows nor asks them
    expect((await amnesia('analyze', '--db', db, '--config', config)).out).toBe(text.out);
    expect((await amnesia('analyze', '--db', db, '--config', config, '--format', 'json')).out).toBe(json.out);
  });

  it('asks only about the open step, shows the verdict in the chain (text and JSON), and asks nothing on a second run', async () => {
    const db = await store('judged');
    const before = mock.received.length;
    mock.script([RELEVANT]);
    const text = await amnesia('analyze', '--db', db, '--config', config, '--judge', mock.url);
    expect(text.code, text.err).toBe(0);
    expect(mock.received.length - before).toBe(1);
    const asked = JSON.parse(mock.received.at(-1)!.body.messages[1].content);
    expect(asked).toEqual({ query: 'When is Priya running the Berlin marathon?', memory: 'Priya is training for the Berlin marathon in September.' });
    expect(text.out).toContain(`judged by tiny-judge: relevant: ${RELEVANT.reason}`);
    expect(text.err).toContain("judge: 1 open question(s): 0 from the store's cache, 1 answered by tiny-judge in 1 request(s)");

    const json = await amnesia('analyze', '--db', db, '--config', config, '--judge', mock.url, '--format', 'json');
    expect(mock.received.length - before).toBe(1);
    expect(json.err).toContain("1 from the store's cache, 0 answered");
    const [open, settled] = findings(json.out);
    expect(open.detail?.not_retrieved).toMatchObject({ reason: 'unknown' });
    expect(open.confidence).toBe('likely');
    const step = open.evidence.find((s) => s.judgement);
    expect(step?.role).toBe('retrieval');
    expect(step?.judgement).toMatchObject({
      by: 'tiny-judge',
      question: 'memory-relevance',
      prompt_version: '1',
      verdict: 'relevant',
      reason: RELEVANT.reason,
    });
    // the settled finding is as it was
    expect(settled.detail?.not_retrieved).toMatchObject({ reason: 'ranked_below' });
    expect(settled.evidence.some((s) => s.judgement)).toBe(false);
    // --min-confidence likely now keeps the judged finding
    const likely = await amnesia('analyze', '--db', db, '--config', config, '--judge', mock.url, '--format', 'json', '--min-confidence', 'likely');
    expect(findings(likely.out).map((f) => f.id)).toEqual([open.id, settled.id]);
  });

  it('a finding the plan does not show (--analyzer, an ignore rule) costs no request', async () => {
    const db = await store('narrowed');
    const ignoring = path.join(dir, 'ignoring.json');
    fs.writeFileSync(ignoring, JSON.stringify({ judge: { model: 'tiny-judge' }, ignore: [{ cause: 'not_retrieved', reason: 'leads only' }] }));
    const before = mock.received.length;
    mock.script([RELEVANT]);
    const a = await amnesia('analyze', '--db', db, '--config', config, '--judge', mock.url, '--analyzer', 'lost-write');
    const b = await amnesia('analyze', '--db', db, '--config', ignoring, '--judge', mock.url);
    expect(a.code, a.err).toBe(0);
    expect(b.code, b.err).toBe(0);
    expect(mock.received.length).toBe(before);
    expect(a.err + b.err).not.toContain('judge:');
  });

  it('a timeout or a malformed answer leaves the step not checkable: the findings are those of a run without the judge', async () => {
    const db = await store('unanswered');
    const short = path.join(dir, 'short.json');
    fs.writeFileSync(short, JSON.stringify({ judge: { model: 'tiny-judge', timeout_ms: 300, retries: 0 } }));
    const plain = await amnesia('analyze', '--db', db, '--config', short, '--format', 'json');
    for (const [step, cfg, why] of [
      [{ hang: true as const }, short, 'no answer within 300 ms'],
      [{ content: 'It is relevant, I think.' }, config, 'malformed answer'],
    ] as const) {
      mock.script([step]);
      const r = await amnesia('analyze', '--db', db, '--config', cfg, '--judge', mock.url, '--format', 'json');
      expect(r.code, r.err).toBe(0);
      expect(r.out).toBe(plain.out);
      expect(r.err).toContain(`1 left not checkable (${why}`);
    }
  });

  it('under --redact the judge is off, says so on stderr, and the endpoint receives nothing', async () => {
    const db = await store('redact');
    const before = mock.received.length;
    mock.script([RELEVANT]);
    for (const cmd of [
      ['analyze', '--db', db],
      ['triage', ...INPUTS, '--no-progress'],
    ]) {
      const r = await amnesia(...cmd, '--config', config, '--judge', mock.url, '--redact');
      expect(r.code, r.err).toBe(0);
      expect(r.err).toContain('judge: off under --redact');
      expect(r.out).not.toContain('judged by');
    }
    fs.writeFileSync(path.join(dir, 'redact.json'), JSON.stringify({ redact: true, judge: { url: mock.url, model: 'tiny-judge' } }));
    const r = await amnesia('analyze', '--db', db, '--config', path.join(dir, 'redact.json'));
    expect(r.err).toContain('judge: off under --redact');
    expect(mock.received.length).toBe(before);
  });

  it('triage and ci take --judge too', async () => {
    mock.script([RELEVANT]);
    const t = await amnesia('triage', ...INPUTS, '--config', config, '--judge', mock.url, '--no-progress');
    expect(t.code, t.err).toBe(0);
    expect(t.out).toContain('judged by tiny-judge: relevant');
    const c = await amnesia(
      'ci',
      ...INPUTS,
      '--config',
      config,
      '--judge',
      mock.url,
      '--format',
      'json',
      '--no-progress',
      '--baseline',
      path.join(dir, 'none.json'),
      '--update-baseline',
    );
    expect(c.code, c.err).toBe(0);
    expect(c.err).toContain('answered by tiny-judge');
  });

  it('every report format shows the verdict: Markdown, SARIF, JUnit', async () => {
    const db = await store('formats');
    mock.script([RELEVANT]);
    const md = await amnesia('analyze', '--db', db, '--config', config, '--judge', mock.url, '--format', 'markdown');
    // Markdown escapes the parentheses
    expect(md.out).toContain(`\\(judged by tiny-judge: relevant: ${RELEVANT.reason}\\)`);
    // the confidence says it rests on the verdict, in every format
    const WORDS = 'likely (judged by tiny-judge; rules alone: possible)';
    expect(md.out).toContain(WORDS.replace(/[()]/g, (p) => `\\${p}`));
    const text = await amnesia('analyze', '--db', db, '--config', config, '--judge', mock.url);
    expect(text.out).toContain(`${WORDS} · `);
    const json = await amnesia('analyze', '--db', db, '--config', config, '--judge', mock.url, '--format', 'json');
    expect(findings(json.out).filter((f) => f.confidence_judged)).toEqual([
      expect.objectContaining({ confidence: 'likely', confidence_judged: { by: 'tiny-judge', rules: 'possible' } }),
    ]);
    const sarif = path.join(dir, 'r.sarif');
    const junit = path.join(dir, 'r.xml');
    const r = await amnesia('ci', ...INPUTS, '--config', config, '--judge', mock.url, '--sarif', sarif, '--junit', junit, '--no-progress');
    expect([0, 1]).toContain(r.code);
    const results = JSON.parse(fs.readFileSync(sarif, 'utf8')).runs[0].results as { properties: { judged?: string[]; cause: string } }[];
    const judged = results.filter((x) => x.properties.judged);
    expect(judged).toHaveLength(1);
    expect(judged[0].properties.judged).toEqual([`step 2 judged by tiny-judge: relevant: ${RELEVANT.reason}`]);
    expect(fs.readFileSync(junit, 'utf8')).toContain(`step 2 judged by tiny-judge: relevant: ${RELEVANT.reason}`);
    expect(judged[0].properties).toMatchObject({ confidence: 'likely', confidenceJudged: { by: 'tiny-judge', rules: 'possible' } });
    expect(results.filter((x) => !x.properties.judged).every((x) => !('confidenceJudged' in x.properties))).toBe(true);
    expect(fs.readFileSync(junit, 'utf8')).toContain(WORDS);
  });

  it('show and the TUI show the verdicts with --judge; show asks only what the store lacks, and nothing without --judge', async () => {
    const db = await store('show');
    mock.script([RELEVANT]);
    const before = mock.received.length;
    const plainDoc = await amnesia('analyze', '--db', db, '--config', config, '--format', 'json');
    const open = findings(plainDoc.out).find((f) => (f.detail?.not_retrieved as { reason?: string } | undefined)?.reason === 'unknown')!;
    const plain = await amnesia('show', open.id, '--db', db, '--config', config);
    expect(plain.code, plain.err).toBe(0);
    expect(plain.out).not.toContain('judged by');
    expect(mock.received.length).toBe(before);

    const s1 = await amnesia('show', open.id, '--db', db, '--config', config, '--judge', mock.url);
    expect(s1.code, s1.err).toBe(0);
    expect(s1.out).toContain(`judged by tiny-judge: relevant: ${RELEVANT.reason}`);
    expect(s1.out).toContain('likely (judged by tiny-judge; rules alone: possible)');
    expect(mock.received.length).toBe(before + 1);
    const s2 = await amnesia('show', open.id, '--db', db, '--config', config, '--judge', mock.url, '--format', 'json');
    expect(mock.received.length).toBe(before + 1);
    const shown = JSON.parse(s2.out) as Finding;
    expect(shown.confidence_judged).toEqual({ by: 'tiny-judge', rules: 'possible' });
    expect(shown.evidence.find((e) => e.role === 'retrieval')?.judgement).toMatchObject({ by: 'tiny-judge', verdict: 'relevant' });

    // the TUI's store: the verdicts on the finding's steps with the judge in its plan, none without
    const cfg = loadConfig(config);
    const tdb = openStore(db, { readonly: true });
    try {
      const judged = openTuiStore(tdb, { plan: buildPlan(cfg, { judge: mock.url }) }).finding(open.id)!;
      expect(judged.evidence.find((e) => e.role === 'retrieval')?.judgement).toMatchObject({ by: 'tiny-judge', verdict: 'relevant', reason: RELEVANT.reason });
      expect(judged.confidence).toBe('likely');
      const unjudged = openTuiStore(tdb, { plan: buildPlan(cfg, {}) }).finding(open.id)!;
      expect(unjudged.evidence.some((e) => e.judgement)).toBe(false);
      expect(unjudged.confidence).toBe('possible');
    } finally {
      tdb.close();
    }
    expect(mock.received.length).toBe(before + 1);
  });

  it('ci refuses a config that points the judge somewhere, unless trusted; a bad URL or no model is a usage error', async () => {
    const cfg = path.join(dir, 'ci-judge.json');
    fs.writeFileSync(cfg, JSON.stringify({ judge: { url: mock.url, model: 'tiny-judge' } }));
    const before = mock.received.length;
    const r = await amnesia('ci', ...INPUTS, '--config', cfg, '--no-progress');
    expect(r.code).toBe(2);
    fs.writeFileSync(path.join(dir, 'empty.json'), '{}');
    expect(r.err).toContain(`judge.url sends the logs' words to ${mock.url}`);
    expect(mock.received.length).toBe(before);
    expect((await amnesia('analyze', '--db', path.join(dir, 'x.db'), '--judge', 'file:///etc/passwd', '--config', config)).code).toBe(2);
    const nomodel = await amnesia('analyze', '--db', path.join(dir, 'x.db'), '--judge', mock.url, '--config', path.join(dir, 'empty.json'));
    expect(nomodel.code).toBe(2);
    expect(nomodel.err).toContain('--judge needs a model');
  });
});
