import { describe, expect, it } from 'vitest';
import { render } from 'ink-testing-library';
import { App } from '../App.js';
import { routes } from '../nav.js';
import { tuiFixture } from '../__tests__/fixture-store.js';
import { linesOf, press, tick, until, ready } from '../__tests__/ink.js';
import { pasteReader } from './keypress.js';
import type { KeyInfo } from './keymap.js';

const fixture = tuiFixture();
const START = '\u001b[200~';
const END = '\u001b[201~';

async function start() {
  const r = render(<App store={fixture.store} color={false} size={{ columns: 80, rows: 24 }} initial={[routes.overview(), routes.findings()]} />);
  await ready(r);
  return { ...r, lines: () => linesOf(r.lastFrame()), frame: () => r.lastFrame() ?? '' };
}
const crumb = (lines: string[]) => lines[0].split(/ {2,}/)[0];
const rows = (lines: string[]) => lines.filter((l) => /^(›| ) (ERROR|WARN|INFO) /.test(l));

describe('bracketed paste', () => {
  it('reads the keys between the marks as one text: line ends are spaces, escape sequences are dropped', () => {
    const got: [string, KeyInfo][] = [];
    const read = pasteReader((i, k) => got.push([i, k]));
    read('j', {});
    read('[200~', {});
    read('ab\ncd', {});
    read('', { return: true });
    read('', { upArrow: true });
    read('q', {});
    read('[201~', {});
    read('k', {});
    expect(got).toEqual([
      ['j', {}],
      ['ab cd q', { paste: true }],
      ['k', {}],
    ]);
  });

  it('a paste into the search line neither submits at its newline nor moves at its arrow key', async () => {
    const app = await start();
    await press(app.stdin, '/');
    app.stdin.write(`${START}m7\r\u001b[B7\r${END}`);
    // still typing: the line holds the text, the list already follows it
    await until(() => expect(app.frame()).toContain('/m7 7 '));
    expect(app.frame()).toContain('Enter apply');
    await press(app.stdin, '\u0015');
    app.stdin.write(`${START}m7${END}`);
    app.stdin.write(`${START}7${END}`);
    await press(app.stdin, '\r');
    await until(() => expect(app.frame()).toContain('search: "m77"'));
    expect(rows(app.lines())).toHaveLength(2);
    app.unmount();
  });

  it('a paste outside a text line is no key: pasted q, 3 or j do nothing', async () => {
    const app = await start();
    const before = app.frame();
    app.stdin.write(`${START}3jq${END}`);
    app.stdin.write(`${START}q${END}`);
    await tick(100);
    expect(crumb(app.lines())).toBe('amnesia › Overview › Findings');
    expect(app.frame()).toBe(before);
    // and a key typed after it still works
    await press(app.stdin, '3');
    await until(() => expect(crumb(app.lines())).toBe('amnesia › Overview › Sessions'));
    app.unmount();
  });
});
