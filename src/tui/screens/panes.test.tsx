import { describe, expect, it, vi } from 'vitest';
import { render } from 'ink-testing-library';
import { App } from '../App.js';
import { routes } from '../nav.js';
import { tuiFixture } from '../__tests__/fixture-store.js';
import { KEY, linesOf, press, until, ready } from '../__tests__/ink.js';
import { osc52, splitSource, type Actions } from '../actions.js';

const fixture = tuiFixture();

async function start(initial: Parameters<typeof App>[0]['initial'], actions?: Actions) {
  const r = render(<App store={fixture.store} color={false} size={{ columns: 100, rows: 30 }} initial={initial} actions={actions} />);
  await ready(r);
  return { ...r, frame: () => r.lastFrame() ?? '', lines: () => linesOf(r.lastFrame()) };
}

describe('search inside a raw event and a detail pane (/, n, N)', () => {
  it("opens a step's raw event on its message, marked, and searches it", async () => {
    const app = await start([routes.overview(), routes.finding('f_drift')]);
    await press(app.stdin, 'j', KEY.enter);
    await until(() => expect(app.frame()).toContain('Raw event'));
    // the step's excerpt is found in the event and is the current match
    await until(() => expect(app.frame()).toMatch(/match 1\/1 of "/));
    await press(app.stdin, '/', ...'session', KEY.enter);
    await until(() => expect(app.frame()).toMatch(/match 1\/\d+ of "session"/));
    const n = Number(/match 1\/(\d+) of "session"/.exec(app.frame())![1]);
    expect(n).toBeGreaterThanOrEqual(1);
    if (n > 1) {
      await press(app.stdin, 'n');
      await until(() => expect(app.frame()).toContain(`match 2/${n} of "session"`));
      await press(app.stdin, 'N');
      await until(() => expect(app.frame()).toContain(`match 1/${n} of "session"`));
    }
    app.unmount();
  });

  it('the Fix pane names the layer that failed under the cause, and nothing for a finding without one', async () => {
    const app = await start([routes.overview(), routes.finding('f_lost')]);
    await press(app.stdin, KEY.tab, KEY.tab);
    await until(() => expect(app.frame()).toContain('fix:'));
    expect(app.frame()).toMatch(/cause: lost_in_restart\s*\n[^\n]*layer that failed: update/);
    app.unmount();
    const other = await start([routes.overview(), routes.finding('f_state')]);
    await press(other.stdin, KEY.tab, KEY.tab);
    await until(() => expect(other.frame()).toContain('cause: same_base_version'));
    expect(other.frame()).not.toContain('layer that failed');
    other.unmount();
  });

  it('searches the Fix pane and says when nothing matches', async () => {
    const app = await start([routes.overview(), routes.finding('f_lost')]);
    await press(app.stdin, KEY.tab, KEY.tab);
    await until(() => expect(app.frame()).toContain('fix:'));
    await press(app.stdin, '/', ...'restart', KEY.enter);
    await until(() => expect(app.frame()).toMatch(/match 1\/\d+ of "restart"/));
    await press(app.stdin, '/', ...'zzqq', KEY.enter);
    await until(() => expect(app.frame()).toContain('no match of "zzqq"'));
    app.unmount();
  });
});

describe('copy a finding id, open the source in the editor', () => {
  it('y copies the id with OSC 52 and says so; e opens the selected step at its line', async () => {
    const actions = { copy: vi.fn(), edit: vi.fn(() => null) };
    const app = await start([routes.overview(), routes.finding('f_lost')], actions);
    await press(app.stdin, 'y');
    expect(actions.copy).toHaveBeenCalledWith('f_lost');
    await until(() => expect(app.frame()).toContain('copied f_lost (OSC 52)'));
    await press(app.stdin, 'j', 'e');
    const step = fixture.store.finding('f_lost')!.evidence[1];
    const { file, line } = splitSource(step.source);
    expect(actions.edit).toHaveBeenCalledWith(file, line);
    expect(line).toBeGreaterThan(0);
    app.unmount();
  });

  it('OSC 52 carries the text in base64', () => {
    expect(osc52('f_ab')).toBe(`\u001b]52;c;${Buffer.from('f_ab').toString('base64')}\u0007`);
    expect(splitSource('a/b.jsonl.gz:12')).toEqual({ file: 'a/b.jsonl.gz', line: 12 });
  });
});
