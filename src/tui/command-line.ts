import type { Severity } from '../findings/types.js';
import { routes, type Route } from './nav.js';
import type { TuiStore } from './store-types.js';

/**
 * The `:` command line (as k9s and lnav have one): jump to a finding by id, a session by id, a
 * filtered findings list, or quit. Pure over the store: what a line does, or why it cannot. The
 * lines it understands are listed in docs/tui.md ("The `:` command line").
 */
export type CommandResult = { go: Route } | { quit: true } | { help: true } | { error: string };

const SEVERITIES: readonly Severity[] = ['error', 'warning', 'info'];

/** What the line `text` (without its `:`) does on this store. */
export function runCommandLine(text: string, store: TuiStore): CommandResult {
  const line = text.trim();
  if (line === '') return { error: 'an empty command' };
  const [word, ...rest] = line.split(/\s+/);
  const arg = rest.join(' ');
  switch (word.toLowerCase()) {
    case 'q':
    case 'quit':
      return { quit: true };
    case 'help':
    case 'h':
      return { help: true };
    case 's':
    case 'session':
      return arg ? session(arg, store) : { error: 'which session? (:s <session id>)' };
    case 'a':
    case 'analyzer':
      return arg ? analyzer(arg, store) : { error: 'which analyzer? (:a <analyzer id>)' };
    case 'sev':
    case 'severity': {
      const sev = SEVERITIES.find((s) => s.startsWith(arg.toLowerCase()) && arg.length > 0);
      return sev ? { go: routes.findings({ severity: sev }) } : { error: `no severity "${arg}" (error, warning or info)` };
    }
    case '/':
    case 'search':
      return arg ? { go: routes.findings({ text: arg }) } : { error: 'search for what? (:/ <text>)' };
  }
  if (line.startsWith('/')) return { go: routes.findings({ text: line.slice(1).trim() }) };
  if (rest.length === 0) return finding(line, store);
  return { error: `unknown command "${word}"; try a finding id, s <session>, a <analyzer>, sev <level>, / <text>, q` };
}

function finding(id: string, store: TuiStore): CommandResult {
  if (store.finding(id)) return { go: routes.finding(id) };
  // a unique start of an id: the search matches ids (among titles, causes, sessions), the start is checked here
  const rows = store.findingsPage({ sort: 'severity', text: id }, 0, 50).filter((r) => r.id.startsWith(id));
  if (rows.length === 1) return { go: routes.finding(rows[0].id) };
  if (rows.length > 1) return { error: `${rows.length} findings start with "${id}": type more of the id` };
  return { error: `no finding "${id}" (a finding id, or s <session>, a <analyzer>, / <text>)` };
}

function session(id: string, store: TuiStore): CommandResult {
  const rows = store.sessionsPage({ sort: 'session', text: id }, 0, 50);
  const exact = rows.find((r) => r.session === id);
  if (exact) return { go: routes.session(exact.session) };
  if (rows.length === 1) return { go: routes.session(rows[0].session) };
  if (rows.length > 1) return { error: `${store.countSessions({ sort: 'session', text: id })} sessions match "${id}": type more of the id` };
  return { error: `no session "${id}"` };
}

function analyzer(id: string, store: TuiStore): CommandResult {
  const known = store.overview().analyzers;
  const hit = known.includes(id) ? id : known.filter((a) => a.startsWith(id)).length === 1 ? known.find((a) => a.startsWith(id)) : undefined;
  return hit ? { go: routes.findings({ analyzer: hit }) } : { error: `no analyzer "${id}" (${known.join(', ')})` };
}
