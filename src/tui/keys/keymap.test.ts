import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COMMANDS, KEYMAP, commandFor, keymapMarkdown, type Command } from './keymap.js';
import { splitKeys } from './useCommands.js';
import { helpLines } from '../components/Help.js';

const all = COMMANDS;

describe('the keymap', () => {
  it('maps keypresses to named commands', () => {
    expect(commandFor('j', {}, all)).toBe('list.down');
    expect(commandFor('', { downArrow: true }, all)).toBe('list.down');
    expect(commandFor('k', {}, all)).toBe('list.up');
    expect(commandFor('', { return: true }, all)).toBe('list.open');
    expect(commandFor('', { escape: true, meta: true }, all)).toBe('nav.back');
    // Backspace arrives as DEL, which Ink calls delete
    expect(commandFor('', { delete: true }, all)).toBe('nav.back');
    expect(commandFor('', { tab: true }, all)).toBe('pane.next');
    expect(commandFor('', { tab: true, shift: true }, all)).toBe('pane.prev');
    expect(commandFor('G', { shift: true }, all)).toBe('list.bottom');
    expect(commandFor('g', {}, all)).toBe('list.top');
    expect(commandFor('d', { ctrl: true }, all)).toBe('list.pageDown');
    expect(commandFor('c', { ctrl: true }, all)).toBe('app.quit');
    expect(commandFor(' ', {}, all)).toBe('list.pageDown');
    expect(commandFor('/', {}, all)).toBe('search.open');
    expect(commandFor('f', {}, all)).toBe('filter.cycle');
    expect(commandFor('F', { shift: true }, all)).toBe('filter.severity');
    expect(commandFor('?', {}, all)).toBe('help.toggle');
    expect(commandFor('q', {}, all)).toBe('app.quit');
    expect(commandFor('q', { ctrl: true }, all)).toBeNull();
    expect(commandFor('z', {}, all)).toBeNull();
  });

  it('only answers with the commands asked for', () => {
    expect(commandFor('j', {}, ['app.quit'])).toBeNull();
    expect(commandFor('', { leftArrow: true }, ['list.up', 'item.prev'])).toBe('item.prev');
  });

  it('never binds a global key to another command, nor one key twice in a scope', () => {
    const keysOf = (c: Command) => KEYMAP[c].keys as readonly string[];
    const global = all.filter((c) => KEYMAP[c].scope === 'global');
    for (const g of global) {
      for (const c of all) if (c !== g) for (const k of keysOf(g)) expect(keysOf(c), `${k} of ${g} also on ${c}`).not.toContain(k);
    }
    for (const scope of ['lists', 'pictures', 'finding'] as const) {
      const keys = all.filter((c) => KEYMAP[c].scope === scope).flatMap(keysOf);
      expect(new Set(keys).size).toBe(keys.length);
    }
    for (const c of all) {
      expect(keysOf(c).length).toBeGreaterThan(0);
      expect(KEYMAP[c].help.length).toBeGreaterThan(3);
    }
  });

  it('splits a burst of typed characters into keypresses', () => {
    expect(splitKeys('jj', {})).toEqual([
      ['j', {}],
      ['j', {}],
    ]);
    expect(splitKeys('j\r', {})).toEqual([
      ['j', {}],
      ['', { return: true }],
    ]);
    expect(splitKeys('\u0004x', {})).toEqual([
      ['d', { ctrl: true }],
      ['x', {}],
    ]);
    expect(splitKeys('', { upArrow: true })).toEqual([['', { upArrow: true }]]);
  });
});

describe('generated from the keymap', () => {
  it('the help screen lists every command with its keys', () => {
    const text = helpLines(200)
      .map((l) => l.text)
      .join('\n');
    for (const c of all) expect(text).toContain(KEYMAP[c].help);
    expect(text).toContain('Esc, Backspace');
    expect(text).toContain('PgDn, Ctrl+D, Space');
  });

  it('docs/tui.md holds the current key bindings table', () => {
    const doc = fs.readFileSync(new URL('../../../docs/tui.md', import.meta.url), 'utf8');
    expect(doc).toContain(keymapMarkdown());
  });
});
