/**
 * The one keymap: every key the TUI answers to is a named command here. Components ask for
 * commands (`list.down`), never for keys, so bindings are testable and the `?` help screen and
 * docs/tui.md are generated from this table.
 */

/** What Ink's useInput reports for a keypress (the fields we read). */
export interface KeyInfo {
  upArrow?: boolean;
  downArrow?: boolean;
  leftArrow?: boolean;
  rightArrow?: boolean;
  pageDown?: boolean;
  pageUp?: boolean;
  home?: boolean;
  end?: boolean;
  return?: boolean;
  escape?: boolean;
  ctrl?: boolean;
  shift?: boolean;
  tab?: boolean;
  backspace?: boolean;
  delete?: boolean;
  meta?: boolean;
  /** a bracketed paste: `input` is the pasted text, one line (keypress.tsx); no command answers it */
  paste?: boolean;
}

export type Scope = 'global' | 'lists' | 'finding' | 'pictures';

export interface Binding {
  /** key names: up, down, left, right, pageup, pagedown, home, end, enter, escape, backspace, tab, shift+tab, space, ctrl+<c>, or one character */
  keys: readonly string[];
  scope: Scope;
  help: string;
}

export const KEYMAP = {
  'app.quit': { keys: ['q', 'ctrl+c'], scope: 'global', help: 'quit' },
  'help.toggle': { keys: ['?'], scope: 'global', help: 'show / hide this help' },
  'nav.back': { keys: ['escape', 'backspace'], scope: 'global', help: 'back to the previous screen (a list filtered since it opened: first its filter back)' },
  'go.overview': { keys: ['1'], scope: 'global', help: 'overview' },
  'go.findings': { keys: ['2'], scope: 'global', help: 'all findings' },
  'go.sessions': { keys: ['3'], scope: 'global', help: 'all sessions' },
  'go.badLines': { keys: ['b'], scope: 'global', help: 'bad lines: the lines ingest could not read (file:line, the error, the text kept)' },
  'command.open': { keys: [':'], scope: 'global', help: 'command line: a finding id, s <session>, a <analyzer>, sev <level>, / <text>, q (Enter runs it)' },
  'app.refresh': { keys: ['R'], scope: 'global', help: 'refresh: analyze what was ingested since the TUI opened, and show it' },
  'app.follow': { keys: ['L'], scope: 'global', help: 'live tail: refresh by itself when the store changes (another process ingesting); again to stop' },
  'app.suspend': { keys: ['ctrl+z'], scope: 'global', help: 'suspend to the shell (its `fg` comes back to the same screen)' },
  'pane.next': { keys: ['tab'], scope: 'global', help: 'next pane / next picture of a session' },
  'pane.prev': { keys: ['shift+tab'], scope: 'global', help: 'previous pane / picture' },
  'list.up': { keys: ['up', 'k'], scope: 'lists', help: 'move up (scroll up in a raw event)' },
  'list.down': { keys: ['down', 'j'], scope: 'lists', help: 'move down (scroll down in a raw event)' },
  'list.pageUp': { keys: ['pageup', 'ctrl+u'], scope: 'lists', help: 'page up (ten items back in a picture)' },
  'list.pageDown': { keys: ['pagedown', 'ctrl+d', 'space'], scope: 'lists', help: 'page down (ten items on in a picture)' },
  'list.top': { keys: ['home', 'g'], scope: 'lists', help: 'first row (first item of a picture)' },
  'list.bottom': { keys: ['end', 'G'], scope: 'lists', help: 'last row (last item of a picture)' },
  'list.open': { keys: ['enter'], scope: 'lists', help: 'open the selected row / evidence step' },
  'search.open': { keys: ['/'], scope: 'lists', help: 'search: lists filter as you type, a raw event or pane jumps to matches' },
  'search.next': { keys: ['n'], scope: 'lists', help: 'next match of the search (raw event, fix, replay)' },
  'search.prev': { keys: ['N'], scope: 'lists', help: 'previous match of the search' },
  'filter.cycle': { keys: ['f'], scope: 'lists', help: 'filter by analyzer: pick one of those with findings (counts shown; Enter chooses, Esc closes)' },
  'filter.severity': { keys: ['F'], scope: 'lists', help: 'filter by the next severity' },
  'filter.confidence': { keys: ['c'], scope: 'lists', help: 'findings: show only the more sure (likely and certain, then certain)' },
  'filter.clear': { keys: ['x'], scope: 'lists', help: 'clear filters and search' },
  'sort.cycle': { keys: ['s'], scope: 'lists', help: 'sort by the next column (its header marked ▼ or ▲)' },
  'sort.reverse': { keys: ['S'], scope: 'lists', help: 'reverse the sort order' },
  'row.copy': {
    keys: ['y'],
    scope: 'lists',
    help: "copy the selected row's id or text (a finding's id, a session, an analyzer, a file:line) to the clipboard (OSC 52: the terminal must allow it)",
  },
  'item.prev': { keys: ['left', 'h'], scope: 'pictures', help: 'previous item of the picture' },
  'item.next': { keys: ['right', 'l'], scope: 'pictures', help: 'next item of the picture (request, retrieval, write, key, response)' },
  'session.open': { keys: ['t'], scope: 'finding', help: "open the finding's session timeline" },
  'source.edit': { keys: ['e'], scope: 'finding', help: "open the step's source file:line in $VISUAL / $EDITOR (the TUI waits)" },
} as const satisfies Record<string, Binding>;

export type Command = keyof typeof KEYMAP;
export const COMMANDS = Object.keys(KEYMAP) as Command[];

const NAMED: Record<string, (k: KeyInfo, input: string) => boolean> = {
  up: (k) => !!k.upArrow,
  down: (k) => !!k.downArrow,
  left: (k) => !!k.leftArrow,
  right: (k) => !!k.rightArrow,
  pageup: (k) => !!k.pageUp,
  pagedown: (k) => !!k.pageDown,
  home: (k) => !!k.home,
  end: (k) => !!k.end,
  enter: (k) => !!k.return,
  escape: (k) => !!k.escape,
  // terminals send DEL (0x7f) for the Backspace key, which Ink reports as `delete`
  backspace: (k) => !!k.backspace || !!k.delete,
  tab: (k) => !!k.tab && !k.shift,
  'shift+tab': (k) => !!k.tab && !!k.shift,
  space: (k, input) => input === ' ' && !k.ctrl && !k.meta,
};

/** Does a key name match this keypress? */
export function keyMatches(name: string, input: string, key: KeyInfo): boolean {
  if (key.paste) return false;
  const named = NAMED[name];
  if (named) return named(key, input);
  if (name.startsWith('ctrl+')) return !!key.ctrl && input.toLowerCase() === name.slice(5);
  return name.length === 1 && input === name && !key.ctrl && !key.meta;
}

/** The first of `commands` (in their order) bound to this keypress. */
export function commandFor<C extends Command>(input: string, key: KeyInfo, commands: readonly C[]): C | null {
  for (const c of commands) {
    for (const k of KEYMAP[c].keys) if (keyMatches(k, input, key)) return c;
  }
  return null;
}

const LABELS: Record<string, string> = {
  up: '↑',
  down: '↓',
  left: '←',
  right: '→',
  pageup: 'PgUp',
  pagedown: 'PgDn',
  home: 'Home',
  end: 'End',
  enter: 'Enter',
  escape: 'Esc',
  backspace: 'Backspace',
  tab: 'Tab',
  'shift+tab': 'Shift+Tab',
  space: 'Space',
};

export function keyLabel(name: string): string {
  if (LABELS[name]) return LABELS[name];
  if (name.startsWith('ctrl+')) return `Ctrl+${name.slice(5).toUpperCase()}`;
  return name;
}

/** "↓ j" for a command. */
export function keysOf(c: Command, max = 2): string {
  return KEYMAP[c].keys.slice(0, max).map(keyLabel).join(' ');
}

export const SCOPES: readonly Scope[] = ['global', 'lists', 'finding', 'pictures'];

export interface HelpRow {
  command: Command;
  keys: string;
  help: string;
}

/** The help screen's content, by scope, in keymap order. */
export function helpSections(): { scope: Scope; rows: HelpRow[] }[] {
  return SCOPES.map((scope) => ({
    scope,
    rows: COMMANDS.filter((c) => KEYMAP[c].scope === scope).map((c) => ({
      command: c,
      keys: KEYMAP[c].keys.map(keyLabel).join(', '),
      help: KEYMAP[c].help,
    })),
  })).filter((s) => s.rows.length > 0);
}

/** The key bindings table of docs/tui.md (a test keeps the doc in step). */
export function keymapMarkdown(): string {
  const esc = (s: string) => s.replace(/\|/g, '\\|');
  const lines = ['| scope | command | keys | does |', '|---|---|---|---|'];
  for (const s of helpSections()) {
    for (const r of s.rows)
      lines.push(
        `| ${s.scope} | \`${r.command}\` | ${esc(
          r.keys
            .split(', ')
            .map((k) => `\`${k}\``)
            .join(' '),
        )} | ${esc(r.help)} |`,
      );
  }
  return lines.join('\n') + '\n';
}

/** Short hints for a status line: "↑↓ move · Enter open". */
export function hint(c: Command, text?: string): string {
  return `${keysOf(c, 1)} ${text ?? KEYMAP[c].help}`;
}
