import { spawnSync } from 'node:child_process';

/** What the TUI does outside its own frame: the clipboard and the editor. Tests pass their own. */
export interface Actions {
  /** put text on the clipboard with OSC 52 (the terminal decides whether it allows it) */
  copy(text: string): void;
  /** open file at line in $VISUAL / $EDITOR; the terminal is handed over until it exits; an error message or null */
  edit(file: string, line: number | null): string | null;
}

/** OSC 52 "set the clipboard" for a text (tmux passes it on with `set -g set-clipboard on`). */
export function osc52(text: string): string {
  return `\u001b]52;c;${Buffer.from(text, 'utf8').toString('base64')}\u0007`;
}

/** "path/to/file.jsonl:12" -> file and line; a gzip or folder source keeps its path. */
export function splitSource(source: string): { file: string; line: number | null } {
  const m = /^(.*):(\d+)$/.exec(source);
  return m ? { file: m[1], line: Number(m[2]) } : { file: source, line: null };
}

const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/**
 * The terminal's actions: `suspend` leaves Ink's raw mode and the alternate screen around the
 * editor (spawned in a shell, so `EDITOR="code -w"` works), `resume` takes them back and redraws.
 */
export function terminalActions(io: { write: (s: string) => void; suspend: () => void; resume: () => void; env?: NodeJS.ProcessEnv }): Actions {
  const env = io.env ?? process.env;
  return {
    copy: (text) => io.write(osc52(text)),
    edit: (file, line) => {
      const editor = env.VISUAL || env.EDITOR || 'vi';
      io.suspend();
      try {
        const r = spawnSync(`${editor} ${line ? `+${line} ` : ''}${quote(file)}`, { stdio: 'inherit', shell: true });
        if (r.error) return `could not start ${editor}: ${r.error.message}`;
        return r.status === 0 ? null : `${editor} exited with status ${r.status}`;
      } finally {
        io.resume();
      }
    },
  };
}
