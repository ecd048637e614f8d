import { describe, expect, it } from 'vitest';
import { render } from 'ink-testing-library';
import { App } from '../App.js';
import { routes } from '../nav.js';
import { tuiFixture } from '../__tests__/fixture-store.js';
import { KEY, linesOf, press, tick, until, ready } from '../__tests__/ink.js';
import { mouseKey, splitKeys } from './keypress.js';

const fixture = tuiFixture();

async function start(initial: Parameters<typeof App>[0]['initial']) {
  const r = render(<App store={fixture.store} color={false} size={{ columns: 80, rows: 24 }} initial={initial} />);
  await ready(r);
  return { ...r, lines: () => linesOf(r.lastFrame()), frame: () => r.lastFrame() ?? '' };
}
const crumb = (lines: string[]) => lines[0].split(/ {2,}/)[0];
const rows = (lines: string[]) => lines.filter((l) => /^(›| ) (ERROR|WARN|INFO) /.test(l));

describe('a lone Esc is a key of its own', () => {
  it('splits Esc-then-a-key (what Alt+key also sends) into the two keys', () => {
    expect(splitKeys('j', { meta: true })).toEqual([
      ['', { escape: true }],
      ['j', { meta: false }],
    ]);
    expect(splitKeys('', { escape: true, meta: true })).toEqual([['', { escape: true, meta: true }]]);
  });

  it('Esc quickly followed by j goes back, then moves down', async () => {
    const app = await start([routes.overview(), routes.findings()]);
    expect(crumb(app.lines())).toBe('amnesia › Overview › Findings');
    // one read: the terminal sent ESC j together
    app.stdin.write('\u001bj');
    // back on the overview, and the j moved its cursor to the second analyzer row
    await until(() => {
      expect(crumb(app.lines())).toBe('amnesia › Overview');
      expect(app.lines().find((l) => l.startsWith('› '))).not.toContain('all analyzers');
    });
    app.unmount();
  });
});

describe('the search line reads every character, whatever the speed', () => {
  it('takes "/zh" and Enter arriving in one chunk as four keys', async () => {
    const app = await start([routes.overview(), routes.findings()]);
    app.stdin.write('/zh\r');
    await until(() => expect(app.frame()).toContain('search: "zh"'));
    expect(app.frame()).not.toContain('type to search');
    app.stdin.write('/');
    await tick(30);
    app.stdin.write(`${KEY.backspace}${KEY.backspace}te`);
    app.stdin.write('am\r');
    await until(() => expect(app.frame()).toContain('search: "team"'));
    expect(rows(app.lines())).toHaveLength(1);
    app.unmount();
  });

  it('filters as you type, and Esc puts back the search there was', async () => {
    const app = await start([routes.overview(), routes.findings()]);
    await press(app.stdin, '/', 'm', '7', '7');
    // the search line is still open and the list already follows it
    await until(() => expect(rows(app.lines())).toHaveLength(2));
    expect(app.frame()).toContain('/m77');
    await press(app.stdin, KEY.esc);
    await until(() => expect(rows(app.lines())).toHaveLength(6));
    expect(app.frame()).not.toContain('/m77');
    app.unmount();
  });
});

describe('the mouse (issue 35: lazygit scrolls with the wheel)', () => {
  it('reads the wheel as ↑ / ↓, whatever the modifiers; a click or a release is no key, never text', () => {
    expect(mouseKey('[<64;10;5M', {})).toEqual(['', { upArrow: true }]);
    expect(mouseKey('[<65;10;5M', {})).toEqual(['', { downArrow: true }]);
    expect(mouseKey('[<69;1;1M', {})).toEqual(['', { downArrow: true }]);
    for (const click of ['[<0;10;5M', '[<0;10;5m', '[<2;3;4M', '[<32;3;4M', '[<64;10;5m']) expect(mouseKey(click, {}), click).toBeNull();
    // not mouse reports: keys and text as they were
    for (const text of ['j', '[', '[<64', '<64;10;5M', '']) expect(mouseKey(text, {}), text).toBeUndefined();
    expect(mouseKey('[<65;10;5M', { paste: true })).toBeUndefined();
  });

  it('scrolls a list with the wheel, and a click types nothing into the search line', async () => {
    const app = await start([routes.overview(), routes.findings()]);
    expect(rows(app.lines())[0]).toMatch(/^› /);
    await press(app.stdin, '\u001b[<65;10;5M', '\u001b[<65;10;5M');
    expect(rows(app.lines())[2]).toMatch(/^› /);
    await press(app.stdin, '\u001b[<64;10;5M');
    expect(rows(app.lines())[1]).toMatch(/^› /);
    await press(app.stdin, '/', '\u001b[<0;10;5M', '\u001b[<0;10;5m', 'z');
    expect(app.frame()).toMatch(/^\/z {2,}Enter apply/m);
    app.unmount();
  });
});
