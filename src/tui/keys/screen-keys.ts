import { COMMANDS, KEYMAP, keyLabel, type Command, type HelpRow } from './keymap.js';
import type { ScreenName } from '../nav.js';

const MOVES: readonly Command[] = ['list.up', 'list.down', 'list.pageUp', 'list.pageDown', 'list.top', 'list.bottom'];
const SEARCH: readonly Command[] = ['search.open', 'search.next', 'search.prev'];

/**
 * The keys each screen answers besides the global ones: `?` shows these (lazygit's and k9s' help
 * is the focused view's). A test holds every command of the keymap to at least one screen.
 */
export const SCREEN_COMMANDS: Record<ScreenName, readonly Command[]> = {
  overview: ['list.up', 'list.down', 'list.top', 'list.bottom', 'list.open', 'row.copy'],
  findings: [
    ...MOVES,
    'list.open',
    'search.open',
    'filter.cycle',
    'filter.severity',
    'filter.confidence',
    'filter.clear',
    'sort.cycle',
    'sort.reverse',
    'row.copy',
  ],
  sessions: [...MOVES, 'list.open', 'search.open', 'filter.cycle', 'filter.severity', 'filter.clear', 'sort.cycle', 'sort.reverse', 'row.copy'],
  finding: [...MOVES, 'list.open', ...SEARCH, 'item.prev', 'item.next', 'session.open', 'source.edit', 'row.copy'],
  session: ['list.pageUp', 'list.pageDown', 'list.top', 'list.bottom', 'list.open', 'item.prev', 'item.next', 'row.copy'],
  raw: [...MOVES, ...SEARCH, 'row.copy'],
  bad: [...MOVES, 'row.copy'],
};

/** What the help calls a screen. */
export const SCREEN_TITLES: Record<ScreenName, string> = {
  overview: 'Overview',
  findings: 'Findings list',
  sessions: 'Sessions list',
  finding: 'Finding',
  session: 'Session',
  raw: 'Raw event',
  bad: 'Bad lines',
};

/** The help of one screen: its own keys (in keymap order), then the keys that work everywhere. */
export function screenHelp(screen: ScreenName): { title: string; rows: HelpRow[] }[] {
  const row = (c: Command): HelpRow => ({ command: c, keys: KEYMAP[c].keys.map(keyLabel).join(', '), help: KEYMAP[c].help });
  const own = new Set(SCREEN_COMMANDS[screen]);
  return [
    { title: `${SCREEN_TITLES[screen]} keys`, rows: COMMANDS.filter((c) => own.has(c) && KEYMAP[c].scope !== 'global').map(row) },
    { title: 'Everywhere', rows: COMMANDS.filter((c) => KEYMAP[c].scope === 'global').map(row) },
  ];
}
