import { Component, useMemo, useReducer, useState, type ReactNode } from 'react';
import { Box, useApp } from 'ink';
import type { Actions } from './actions.js';
import { useTerminalActions } from './hooks/useTerminalActions.js';
import { ThemeContext, makeTheme } from './theme.js';
import { useCommands } from './keys/useCommands.js';
import { KeypressProvider } from './keys/keypress.js';
import { hint, keysOf } from './keys/keymap.js';
import { useTerminalSize, type Size } from './hooks/useTerminalSize.js';
import { breadcrumb, navReducer, routes, type Navigator, type Route } from './nav.js';
import { Frame } from './components/Frame.js';
import { Help, helpLines } from './components/Help.js';
import { TooSmall, tooSmall } from './components/TooSmall.js';
import { OverviewScreen } from './screens/OverviewScreen.js';
import { Lazy, screenModule, usePreload } from './screens/lazy.js';
import type { TuiStore } from './store.js';
import { SearchBar } from './components/SearchBar.js';
import { runCommandLine } from './command-line.js';
import { useRefresh } from './hooks/useRefresh.js';
import { useFollow, type Tail } from './hooks/useFollow.js';

// Every screen but the overview is loaded when first shown, or just after the first frame (issue 35:
// the first frame waited for the lists, the finding's panes, the pictures and the replay to load)
const FindingsScreen = screenModule(() => import('./screens/FindingsScreen.js').then((m) => m.FindingsScreen));
const SessionsScreen = screenModule(() => import('./screens/SessionsScreen.js').then((m) => m.SessionsScreen));
const FindingScreen = screenModule(() => import('./screens/FindingScreen.js').then((m) => m.FindingScreen));
const SessionScreen = screenModule(() => import('./screens/SessionScreen.js').then((m) => m.SessionScreen));
const RawScreen = screenModule(() => import('./screens/RawScreen.js').then((m) => m.RawScreen));
const BadLinesScreen = screenModule(() => import('./screens/BadLinesScreen.js').then((m) => m.BadLinesScreen));
const LAZY = [FindingsScreen, SessionsScreen, FindingScreen, SessionScreen, RawScreen, BadLinesScreen];

export interface AppProps {
  store: TuiStore;
  /** colours (false with NO_COLOR) */
  color?: boolean;
  /** the screens to start on (default: the overview) */
  initial?: Route[];
  /** a fixed size instead of the terminal's (tests) */
  size?: Size;
  /** an error in a render or a key handler (default: end the app with it) */
  onFatal?: (e: Error) => void;
  /** the clipboard and the editor (default: OSC 52 and $EDITOR on this terminal) */
  actions?: Actions;
  /** the command's environment (Io.env): $VISUAL or $EDITOR for the default actions' editor */
  env?: NodeJS.ProcessEnv;
  /** where the default actions' editor looks for a source's relative path */
  sourceBases?: readonly string[];
  /**
   * `R`: analyze again what was ingested since the TUI opened and answer with a store that shows it
   * (the caller closes the one it replaces); without it `R` says there is nothing to refresh from
   */
  reload?: () => Promise<TuiStore>;
  /** live tail (`L`): a signature of the store's files that changes when another process writes to it; `follow`: from the start (`--follow`) */
  tail?: Tail;
}

/**
 * Chooses the screen: a stack of routes, the global keys (quit, help, back, 1/2/3) and the
 * help overlay. Everything else lives in the screens.
 */
export function App({ color = true, onFatal, ...rest }: AppProps) {
  const theme = useMemo(() => makeTheme(color), [color]);
  const { exit } = useApp();
  // an error in a render or a key handler ends the app (runTui restores the terminal, prints one line)
  const fatal = onFatal ?? ((e: Error) => exit(e));
  return (
    <Boundary onError={fatal}>
      <KeypressProvider onError={fatal}>
        <ThemeContext.Provider value={theme}>
          <Screens {...rest} />
        </ThemeContext.Provider>
      </KeypressProvider>
    </Boundary>
  );
}

/** Catches a render's error: nothing more is drawn (no stack trace on the screen), onError ends the app. */
class Boundary extends Component<{ onError: (e: Error) => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }
  override componentDidCatch(e: Error): void {
    this.props.onError(e);
  }
  override render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}

const NO_ENV: NodeJS.ProcessEnv = {};

function Screens({ store: first, initial, size, actions: given, env = NO_ENV, sourceBases, reload, tail }: Omit<AppProps, 'color' | 'onFatal'>) {
  const [stack, dispatch] = useReducer(navReducer, initial?.length ? initial : [routes.overview()]);
  // the store shown, and R's refresh of it; what the breadcrumb ends with
  const { store, notice, say, refresh, refreshing } = useRefresh(first, reload);
  // live tail: R's refresh, by itself, when the store changes
  const live = useFollow(tail, refresh, refreshing, store, say);
  const [help, setHelp] = useState(false);
  const [helpScroll, setHelpScroll] = useState(0);
  const [typing, setTyping] = useState(false);
  // the `:` command line is open (it takes every key, and the screen gives it its last row)
  const [commanding, setCommanding] = useState(false);
  const { exit } = useApp();
  const { actions, blank, stop } = useTerminalActions(given, env, sourceBases);
  usePreload(LAZY);
  const term = useTerminalSize(size);
  // below MIN_SIZE the screens give way to the too-small notice
  const width = term.columns;
  // one row less than the terminal: Ink then redraws in place instead of clearing the screen; one
  // more for the command line when it is open
  const height = term.rows - 1 - (commanding ? 1 : 0);
  const nav = useMemo<Navigator>(
    () => ({
      push: (route) => dispatch({ type: 'push', route }),
      back: () => dispatch({ type: 'back' }),
      update: (patch) => dispatch({ type: 'update', patch: patch as Partial<Route> | ((top: Route) => Partial<Route>) }),
    }),
    [],
  );
  useCommands(
    {
      'app.quit': () => exit(),
      'help.toggle': () => setHelp((h) => !h),
      'nav.back': () => (help ? setHelp(false) : dispatch({ type: 'back' })),
      'go.overview': () => {
        setHelp(false);
        dispatch({ type: 'root' });
      },
      'go.findings': () => {
        setHelp(false);
        dispatch({ type: 'root', route: routes.findings() });
      },
      'go.sessions': () => {
        setHelp(false);
        dispatch({ type: 'root', route: routes.sessions() });
      },
      'go.badLines': () => {
        setHelp(false);
        dispatch({ type: 'root', route: routes.bad() });
      },
      'app.refresh': refresh,
      'app.follow': live.toggle,
      'app.suspend': () => stop() || say('Ctrl+Z: no shell here could resume the TUI (no job control), so it keeps running'),
      'command.open': () => {
        setHelp(false);
        say(null);
        setCommanding(true);
      },
    },
    { isActive: !typing && !commanding },
  );
  const runCommand = (text: string) => {
    setCommanding(false);
    const r = runCommandLine(text, store);
    if ('quit' in r) exit();
    else if ('help' in r) setHelp(true);
    else if ('error' in r) say(r.error);
    else if (r.go.screen === 'findings') dispatch({ type: 'root', route: r.go });
    else dispatch({ type: 'push', route: r.go });
  };
  const helpMax = Math.max(0, helpLines(width, stack[stack.length - 1].screen).length - (height - 2));
  useCommands(
    {
      'list.up': () => setHelpScroll((s) => Math.max(0, s - 1)),
      'list.down': () => setHelpScroll((s) => Math.min(helpMax, s + 1)),
      'list.pageUp': () => setHelpScroll((s) => Math.max(0, s - (height - 2))),
      'list.pageDown': () => setHelpScroll((s) => Math.min(helpMax, s + (height - 2))),
    },
    { isActive: help },
  );
  const route = stack[stack.length - 1];
  const crumbs = [...breadcrumb(stack), ...(live.following ? ['following'] : []), ...(notice ? [notice] : [])];
  const common = { store, nav, active: !help && !commanding, width, height, crumbs, setTyping, actions };
  let screen;
  if (tooSmall(term)) return <TooSmall size={term} />;
  if (help) {
    screen = (
      <Frame
        width={width}
        height={height}
        crumbs={[...crumbs, 'Help']}
        hints={[
          hint('help.toggle', 'close help'),
          ...(helpMax > 0 ? [`${keysOf('list.up', 1)}${keysOf('list.down', 1)} scroll`] : []),
          hint('app.quit', 'quit'),
        ]}
      >
        <Help width={width} height={height - 2} scroll={helpScroll} screen={route.screen} />
      </Frame>
    );
  } else {
    screen = routeScreen(route, common);
  }
  return (
    <Box flexDirection="column" display={blank ? 'none' : 'flex'}>
      {screen}
      {commanding ? (
        <Box width={width} height={1}>
          <SearchBar
            prompt=":"
            initial=""
            active
            placeholder="finding id · s <session> · a <analyzer> · sev <level> · / <text> · q"
            onSubmit={runCommand}
            onCancel={() => setCommanding(false)}
          />
        </Box>
      ) : null}
    </Box>
  );
}

type Common = Omit<Parameters<typeof OverviewScreen>[0], 'route'>;

/** The screen a route names. */
function routeScreen(route: Route, common: Common): ReactNode {
  switch (route.screen) {
    case 'overview':
      return <OverviewScreen {...common} route={route} />;
    case 'findings':
      return <Lazy screen={FindingsScreen} props={{ ...common, route }} />;
    case 'sessions':
      return <Lazy screen={SessionsScreen} props={{ ...common, route }} />;
    case 'finding':
      return <Lazy screen={FindingScreen} props={{ ...common, route }} />;
    case 'session':
      return <Lazy screen={SessionScreen} props={{ ...common, route }} />;
    case 'raw':
      return <Lazy screen={RawScreen} props={{ ...common, route }} />;
    case 'bad':
      return <Lazy screen={BadLinesScreen} props={{ ...common, route }} />;
  }
}
