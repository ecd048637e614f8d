// A tmux server of the test's own (its own socket), driven with send-keys and read back with
// capture-pane: the TUI's end-to-end tests run the real binary in a real terminal.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { WAIT_MS } from '../src/tui/__tests__/wait.js';
import { BIN, ROOT } from './helpers.js';

export interface StartOptions {
  env?: Record<string, string>;
  cols?: number;
  rows?: number;
  /** the folder the program starts in (default: the repository) */
  cwd?: string;
}

export interface Tmux {
  /** Run a tmux command on this server; its stdout. */
  tmux(...args: string[]): string;
  /** The pane's screen as text (`escapes`: with its colour sequences). */
  screen(target: string, escapes?: boolean): string;
  /** Poll the screen until `want` holds; fail with the last screen after `timeout` ms (a hang guard, not a speed limit). */
  waitFor(target: string, want: (s: string) => boolean, what: string, timeout?: number): Promise<string>;
  /** Send each key (tmux key names: "Enter", "PageDown", "q"). */
  keys(target: string, ...k: string[]): void;
  /**
   * Run `amnesia <args>` in a new session of its own (named `name`). When it ends, the shell prints
   * `EXIT:<status>` and the terminal's line discipline as `TTY: icanon echo` (`-icanon` if still raw).
   */
  start(name: string, args: string[], opts?: StartOptions): string;
  /** The pid of the program `start` runs (the pane's shell's child; Linux /proc). */
  pid(target: string): number;
  /** The pane's state after the program: on the alternate screen, cursor shown. */
  terminal(target: string): { alternate: boolean; cursor: boolean };
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
    start(name, args, { env = {}, cols = 100, rows = 30, cwd = ROOT } = {}) {
      const vars = Object.entries({ TERM: 'xterm-256color', ...env })
        .map(([k, v]) => `${k}=${v}`)
        .join(' ');
      const argv = [process.execPath, BIN, ...args].map((a) => JSON.stringify(a)).join(' ');
      const tty = `stty -a | tr ' ;' '\\n\\n' | grep -xE -- '-?(icanon|echo)' | tr '\\n' ' '`;
      // the shell traps SIGINT, so a Ctrl-C outside raw mode ends the program, not the pane
      const cmd = `trap 'true' INT; cd ${JSON.stringify(cwd)} && env ${vars} ${argv}; echo "EXIT:$?"; echo "TTY: $(${tty})"; sleep 60`;
      tmux('new-session', '-d', '-x', String(cols), '-y', String(rows), '-s', name, cmd);
      return name;
    },
    pid(target) {
      const shell = tmux('display', '-p', '-t', target, '#{pane_pid}').trim();
      return Number(fs.readFileSync(`/proc/${shell}/task/${shell}/children`, 'utf8').trim().split(' ')[0]);
    },
    terminal(target) {
      const [alt, cursor] = tmux('display', '-p', '-t', target, '#{alternate_on} #{cursor_flag}').trim().split(' ');
      return { alternate: alt === '1', cursor: cursor === '1' };
    },
    kill() {
      spawnSync('tmux', ['-L', socket, 'kill-server']);
    },
  };
}
