import { describe, expect, it } from 'vitest';
import { render } from 'ink-testing-library';
import { App } from '../App.js';
import { openTuiStore, type TuiStore } from '../store.js';
import { routes } from '../nav.js';
import { openStore } from '../../store/connection.js';
import { fixtureStore, removeStore, tuiFixture } from '../__tests__/fixture-store.js';
import { KEY, linesOf, press, until, ready } from '../__tests__/ink.js';
import { ReplayCancelled, type ReplayJob } from '../replay-job.js';
import { namedRequest, replayLines, replayPaneText } from './replay.js';
import type { ReplayState } from '../hooks/data.js';
import type { ReplayReport, ReplayTurn } from '../../lab/replay/replay.js';
import type { Finding } from '../../findings/types.js';

const fixture = tuiFixture();

/** The store with a replay that runs until the test settles it. */
function slowStore() {
  const jobs: { resolve: (r: ReplayReport) => void; reject: (e: Error) => void; cancelled: boolean }[] = [];
  const s: TuiStore = Object.create(fixture.store);
  s.replayAsync = (session: string): ReplayJob => {
    const entry = { resolve: (_: ReplayReport) => {}, reject: (_: Error) => {}, cancelled: false };
    const promise = new Promise<ReplayReport>((res, rej) => {
      entry.resolve = res;
      entry.reject = rej;
    });
    promise.catch(() => {});
    jobs.push(entry);
    void session;
    return {
      promise,
      cancel: () => {
        entry.cancelled = true;
        entry.reject(new ReplayCancelled());
      },
    };
  };
  return { s, jobs };
}

async function start(s: TuiStore, initial: Parameters<typeof App>[0]['initial']) {
  const r = render(<App store={s} color={false} size={{ columns: 80, rows: 24 }} initial={initial} />);
  await ready(r);
  return { ...r, frame: () => r.lastFrame() ?? '', lines: () => linesOf(r.lastFrame()) };
}

describe('the Replay pane, off the input path', () => {
  it('says "replaying…" while it computes, answers keys meanwhile, then shows the result', async () => {
    const { s, jobs } = slowStore();
    const app = await start(s, [routes.overview(), routes.finding('f_lost')]);
    await press(app.stdin, KEY.tab, KEY.tab, KEY.tab);
    await until(() => expect(app.frame()).toContain('replaying…'));
    // the pane says so from its first frame ('idle'), the job starts in the effect after it
    await until(() => expect(jobs).toHaveLength(1));
    // keys are answered while the replay runs: back to the evidence and again to the replay
    await press(app.stdin, KEY.shiftTab);
    await until(() => expect(app.frame()).toContain('fix:'));
    await press(app.stdin, KEY.tab);
    expect(app.frame()).toContain('replaying…');
    jobs[0].resolve(fixture.store.replay('s7-en'));
    await until(() => expect(app.frame()).toContain('reference design: PREVENTED'));
    expect(app.frame()).not.toContain('replaying…');
    app.unmount();
  });

  it('shows an error inside the pane, never fatal', async () => {
    const { s, jobs } = slowStore();
    const app = await start(s, [routes.overview(), routes.finding('f_lost')]);
    await press(app.stdin, KEY.tab, KEY.tab, KEY.tab);
    await until(() => expect(jobs).toHaveLength(1));
    jobs[0].reject(new Error('buildPrompt: no user message'));
    await until(() => expect(app.frame()).toContain('replay failed: buildPrompt: no user message'));
    // the app is alive: the keys still work
    await press(app.stdin, KEY.shiftTab);
    await until(() => expect(app.frame()).toContain('fix:'));
    app.unmount();
  });

  it('Esc leaves and cancels the replay', async () => {
    const { s, jobs } = slowStore();
    const app = await start(s, [routes.overview(), routes.finding('f_lost')]);
    await press(app.stdin, KEY.tab, KEY.tab, KEY.tab);
    await until(() => expect(jobs).toHaveLength(1));
    await press(app.stdin, KEY.esc);
    await until(() => expect(linesOf(app.lastFrame())[0]).toMatch(/^amnesia › Overview\s*$/));
    expect(jobs[0].cancelled).toBe(true);
    app.unmount();
  });
});

describe('the command-line hint of a failed replay', () => {
  const failed = { status: 'error', message: 'boom' } as ReplayState;
  it('quotes a redacted session id so a shell passes it whole, and leaves a plain id as it is', () => {
    expect(replayPaneText(failed, { session: '‹id #55a598f3›' } as Finding)).toContain("`amnesia replay --session '‹id #55a598f3›'`");
    expect(replayPaneText(failed, { session: "it's" } as Finding)).toContain(`--session 'it'\\''s'\``);
    expect(replayPaneText(failed, { session: 's7-en' } as Finding)).toContain('`amnesia replay --session s7-en`');
  });
});

describe('the request a finding names', () => {
  const side = (carried: boolean) => ({ tokens: 100, messages: 3, fill: 0.1, constraints: [{ text: 'never use XML', carried }], memories: [] });
  const turn = (ts: string, carried: boolean, id: string): ReplayTurn =>
    ({ turn: 31, ts, request_id: id, recorded: side(carried), reference: { ...side(true), pinned: [] }, writes: [], state: [] }) as unknown as ReplayTurn;
  const report = {
    session: 'wo',
    context_limit: 128_000,
    turns: [turn('2026-03-03T14:49:11.650Z', true, 'r39'), turn('2026-03-03T14:49:19.400Z', false, 'r40')],
    findings: [],
    summary: { requests: 2, findings: 1, prevented: 1 },
  } as unknown as ReplayReport;
  const f = { id: 'f', analyzer: 'window-overflow', cause: 'constraint_evicted', session: 'wo', turn: 31, ts: '2026-03-03T14:49:19.400Z' } as Finding;

  it("is the request at the finding's time, not the turn's first", () => {
    const n = namedRequest(report, f)!;
    expect(n.turn.request_id).toBe('r40');
    expect(n).toMatchObject({ index: 2, of: 2 });
    const text = replayLines(report, f).join('\n');
    expect(text).toContain("the finding's request r40: turn 31, request 2 of 2");
    // the recorded side of that request lost the constraint: the pane agrees with the finding
    expect(text).toMatch(/recorded prompt : 100 tokens, 3 messages\n {2}✗ never use XML/);
  });

  it('counts as `amnesia replay` does: prevented of the judged findings, the not-judged apart', () => {
    const judgedReport = {
      ...report,
      findings: [
        {
          finding_id: 'f',
          analyzer: 'window-overflow',
          cause: 'constraint_evicted',
          turn: 31,
          prevented: false,
          verdict: 'not_judged',
          how: 'not judged: no request',
        },
      ],
      summary: { requests: 2, findings: 3, prevented: 1, judged: 2, not_judged: 1 },
    } as unknown as ReplayReport;
    const text = replayLines(judgedReport, f).join('\n');
    expect(text).toContain('reference design: not judged');
    expect(text).toContain('session wo: 1 of 2 judged findings prevented (1 not judged) · window 128,000 tokens');
    // a report from before judged/not_judged were counted: every finding counts as judged
    expect(replayLines(report, f).join('\n')).toContain('session wo: 1 of 1 judged finding prevented · window');
  });

  it('is the last request at or before the finding when none is at its time (a response)', () => {
    const later = { ...f, ts: '2026-03-03T14:52:48.800Z' } as Finding;
    expect(namedRequest(report, later)!.turn.request_id).toBe('r40');
    const between = { ...f, ts: '2026-03-03T14:49:15.000Z' } as Finding;
    expect(namedRequest(report, between)!.turn.request_id).toBe('r39');
  });
});

describe('a request with no user message (a system prompt alone)', () => {
  it('replays instead of failing (buildPrompt: no user message)', async () => {
    const sys = await fixtureStore({ findings: () => [] });
    try {
      const { ingest } = await import('../../ingest/pipeline.js');
      const { resolveInputs } = await import('../../ingest/inputs.js');
      await ingest(sys.db, { inputs: await resolveInputs(['fixtures/tui/system-only.jsonl']), progress: false });
      sys.db.close();
      const s = openTuiStore(openStore(sys.file, { readonly: true }));
      try {
        const report = await s.replayAsync('sys-only').promise;
        expect(report.turns).toHaveLength(1);
        expect(report.turns[0].reference.messages).toBe(1);
        expect(report.turns[0].recorded.messages).toBe(1);
      } finally {
        s.close();
      }
    } finally {
      removeStore(sys);
    }
  });
});
