import { describe, expect, it } from 'vitest';
import { render } from 'ink-testing-library';
import { App } from '../App.js';
import { routes } from '../nav.js';
import { tuiFixture } from '../__tests__/fixture-store.js';
import { linesOf, press, ready } from '../__tests__/ink.js';
import { COMMANDS, KEYMAP } from './keymap.js';
import { SCREEN_COMMANDS, screenHelp } from './screen-keys.js';

/** Issue 35: `?` shows the keys of the screen one is on, not one global list. */

const fixture = tuiFixture();

describe('help for the screen', () => {
  it('gives every command of the keymap to a screen, or to all of them', () => {
    const given = new Set(Object.values(SCREEN_COMMANDS).flat());
    for (const c of COMMANDS) if (KEYMAP[c].scope !== 'global') expect(given.has(c), c).toBe(true);
  });

  it("lists a screen's own keys, then the global ones", () => {
    const raw = screenHelp('raw');
    expect(raw.map((s) => s.title)).toEqual(['Raw event keys', 'Everywhere']);
    const own = raw[0].rows.map((r) => r.command);
    expect(own).toContain('search.next');
    expect(own).not.toContain('sort.cycle');
    expect(own).not.toContain('filter.cycle');
    expect(raw[1].rows.map((r) => r.command)).toContain('app.quit');
    const sessions = screenHelp('sessions')[0].rows.map((r) => r.command);
    expect(sessions).toContain('sort.reverse');
    // a session has findings of several confidences: no confidence filter on the sessions list
    expect(sessions).not.toContain('filter.confidence');
  });

  it('? on the findings list shows its sort keys and not a finding pane keys; on a finding the reverse', async () => {
    const open = async (initial: Parameters<typeof App>[0]['initial']) => {
      const r = render(<App store={fixture.store} color={false} size={{ columns: 120, rows: 40 }} initial={initial} />);
      await ready(r);
      await press(r.stdin, '?');
      return { r, text: linesOf(r.lastFrame()).join('\n') };
    };
    const list = await open([routes.overview(), routes.findings()]);
    expect(list.text).toContain('Findings list keys');
    expect(list.text).toContain(KEYMAP['sort.reverse'].help);
    expect(list.text).toContain(KEYMAP['app.quit'].help);
    expect(list.text).not.toContain(KEYMAP['session.open'].help);
    expect(list.text).not.toContain(KEYMAP['item.next'].help);
    list.r.unmount();
    const finding = await open([routes.overview(), routes.finding('f_lost')]);
    expect(finding.text).toContain('Finding keys');
    expect(finding.text).toContain(KEYMAP['session.open'].help);
    expect(finding.text).toContain(KEYMAP['source.edit'].help);
    expect(finding.text).not.toContain(KEYMAP['sort.reverse'].help);
    expect(finding.text).not.toContain(KEYMAP['filter.confidence'].help);
    finding.r.unmount();
  });
});
