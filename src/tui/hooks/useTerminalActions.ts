import { useCallback, useEffect, useMemo, useState } from 'react';
import { useStdin, useStdout } from 'ink';
import { terminalActions, type Actions } from '../actions.js';
import { ENTER_SCREEN, LEAVE_SCREEN, suspendTui } from '../suspend.js';

/**
 * The clipboard and the editor on this terminal (or the ones given, in tests). `blank` is true for
 * one frame after the editor: the screen stays mounted meanwhile (its state, the editor's message
 * among it, is kept), then the whole frame is drawn again on the cleared screen.
 */
export function useTerminalActions(given: Actions | undefined, env: NodeJS.ProcessEnv, sourceBases: readonly string[] | undefined) {
  const { write, stdout } = useStdout();
  const { setRawMode, isRawModeSupported } = useStdin();
  const [blank, setBlank] = useState(false);
  const actions = useMemo<Actions>(
    () =>
      given ??
      terminalActions({
        write,
        suspend: () => {
          if (isRawModeSupported) setRawMode(false);
          write(LEAVE_SCREEN);
        },
        resume: () => {
          // the alternate screen again, cleared, the cursor hidden again (the editor, or a failing one, left it shown)
          write(ENTER_SCREEN);
          if (isRawModeSupported) setRawMode(true);
          setBlank(true);
        },
        env,
        bases: sourceBases,
      }),
    [given, write, setRawMode, isRawModeSupported, env, sourceBases],
  );
  // Ctrl-Z: stop until the shell's `fg`, then draw the frame again (false: no shell could continue it)
  const stop = useCallback(
    () =>
      suspendTui({
        setRawMode: (on) => {
          if (isRawModeSupported) setRawMode(on);
        },
        write: (s) => stdout.write(s),
        // a moment after SIGCONT: a frame drawn at once, as the shell's `fg` hands the terminal back,
        // was lost when the user had run a command while the TUI was stopped (the screen stayed blank
        // until a key; tmux, bash 5). Measured by the tmux e2e, not explained: drawn 30 ms later it shows
        redraw: () => setTimeout(() => setBlank(true), 30),
      }),
    [stdout, setRawMode, isRawModeSupported],
  );
  // the blank frame is drawn before the whole one: set back only once the blank one was committed (Ink
  // writes a frame at its commit). Set back on a timer started beside it, a render React scheduled
  // later took both changes at once, the frame was the one Ink last wrote, and nothing was drawn on the
  // cleared screen: after a shell's `fg` the TUI stayed blank until a key
  useEffect(() => {
    if (!blank) return;
    const t = setTimeout(() => setBlank(false), 0);
    return () => clearTimeout(t);
  }, [blank]);
  return { actions, blank, stop };
}
