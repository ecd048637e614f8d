// A tmux server of the test's own (its own socket), driven with send-keys and read back with
// capture-pane: the TUI's end-to-end tests run the real binary in a real terminal.
import { spawnSync } from 'node:child_process';
import { WAIT_MS } from '../src/tui/__tests__/wait.js';

export interface Tmux {
  /** Run a tmux command on this server; its stdout. */
  tmux(...args: string[]): string;
  /** The pane's screen as text (`escapes`: with its colour sequences). */
  screen(target: string, escapes?: boolean): string;
  /** Poll the screen until `want` holds; fail with the last screen after `timeout` ms (a hang guard, not a speed limit). */
  waitFor(target: string, want: (s: string) => boolean, what: string, timeout?: number): Promise<string>;
  /** Send each key (tmux key names: "Enter", "PageDown", "q"). */
  keys(target: string, ...k: string[]): void;
  /** Stop the server and every session on it. */
  kill(): void;
}

export function tmuxServer(socket: string): Tmux {
  const tmux = (...args: string[]): string => {
    const r = spawnSync('tmux', ['-L', socket, ...args], { encoding: 'utf8' });
    if (r.error) throw new Error(`tmux is needed for this test (.ci/run installs it): ${r.error.message}`);
    if (r.status !== 0) throw new Error(`tmux ${args.join(' ')} failed: ${r.stderr}`);
    return r.stdout;
  };
  const screen = (target: string, escapes = false): string => tmux('capture-pane', '-p', ...(escapes ? ['-e'] : []), '-t', target);
  return {
    tmux,
    screen,
    async waitFor(target, want, what, timeout = WAIT_MS) {
      const start = Date.now();
      let last = '';
      while (Date.now() - start < timeout) {
        last = screen(target);
        if (want(last)) return last;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`timed out waiting for ${what}; the screen was:\n${last}`);
    },
    keys(target, ...k) {
      for (const key of k) tmux('send-keys', '-t', target, key);
    },
    kill() {
      spawnSync('tmux', ['-L', socket, 'kill-server']);
    },
  };
}
