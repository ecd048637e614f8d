import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { inert } from '../util/sanitize.js';

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

/**
 * $VISUAL / $EDITOR as a program and its arguments, split like a shell splits words (spaces, single
 * and double quotes, backslash) but never run by one: `EDITOR="code -w"` works, `$(...)` is a word.
 */
export function editorWords(editor: string): string[] {
  const words: string[] = [];
  let cur = '';
  let inWord = false;
  let q: '"' | "'" | null = null;
  for (let i = 0; i < editor.length; i++) {
    const ch = editor[i];
    if (q) {
      if (ch === q) q = null;
      else if (ch === '\\' && q === '"' && i + 1 < editor.length) cur += editor[++i];
      else cur += ch;
    } else if (ch === '"' || ch === "'") {
      q = ch;
      inWord = true;
    } else if (ch === '\\' && i + 1 < editor.length) {
      cur += editor[++i];
      inWord = true;
    } else if (/\s/.test(ch)) {
      if (inWord) words.push(cur);
      cur = '';
      inWord = false;
    } else {
      cur += ch;
      inWord = true;
    }
  }
  if (inWord) words.push(cur);
  return words;
}

/** Editors whose command line ends options with `--` (getopt style; vi would read `+cmd` in a file name as a command). */
const DASHDASH = new Set([
  'vi',
  'vim',
  'nvim',
  'view',
  'gvim',
  'mvim',
  'vim.basic',
  'vim.tiny',
  'nano',
  'pico',
  'rnano',
  'emacs',
  'emacsclient',
  'hx',
  'kak',
  'micro',
]);

/** A file name as an editor argument: a relative name always as `./name`, so no name reads as an option (`-c`) or a command (`+!cmd`). */
export function fileArg(file: string): string {
  if (path.isAbsolute(file) || file.startsWith('./') || file.startsWith('../')) return file;
  return `./${file}`;
}

/**
 * The file a source names. A source's path is relative to the folder `amnesia ingest` ran in, which
 * need not be where the TUI runs: a relative path is tried against each base in turn (the working
 * directory, then the folder of the store's project: the one holding `.amnesia/`, or the store's own),
 * and the first that exists is opened by its absolute path. None: a message, never an empty buffer
 * named like the log.
 */
export function locateSource(file: string, bases: readonly string[], exists: (p: string) => boolean = fs.existsSync): { path: string } | { error: string } {
  const tried = path.isAbsolute(file) ? [file] : [...new Set(bases.map((b) => path.resolve(b, file)))];
  const found = tried.find((p) => exists(p));
  if (found) return { path: found };
  if (path.isAbsolute(file) || !bases.length) return { error: `no such file: ${inert(file)}` };
  return { error: `no such file: ${inert(file)} in ${bases.map(inert).join(' or ')} (a source is named from the folder amnesia ingest ran in)` };
}

/** Where relative sources are looked for: the working directory, then the store's project folder (the parent of `.amnesia/`, else the store's folder). */
export function sourceBases(cwd: string, db: string | undefined): string[] {
  if (!db) return [cwd];
  const dir = path.dirname(path.resolve(cwd, db));
  return [...new Set([cwd, path.basename(dir) === '.amnesia' ? path.dirname(dir) : dir])];
}

/** The editor's program and arguments for file at line: `vi +12 -- ./file`. */
export function editorCommand(editor: string, file: string, line: number | null): { program: string; args: string[] } | null {
  const [program, ...args] = editorWords(editor);
  if (!program) return null;
  const dashdash = DASHDASH.has(path.basename(program).replace(/\.exe$/i, ''));
  return { program, args: [...args, ...(line ? [`+${line}`] : []), ...(dashdash ? ['--'] : []), fileArg(file)] };
}

/**
 * The terminal's actions: `suspend` leaves Ink's raw mode and the alternate screen around the
 * editor (started without a shell: the file name is one argument whatever it holds), `resume` takes
 * them back and redraws.
 */
export function terminalActions(io: {
  write: (s: string) => void;
  suspend: () => void;
  resume: () => void;
  env: NodeJS.ProcessEnv;
  /** where relative sources are looked for (sourceBases); none: the path as given */
  bases?: readonly string[];
}): Actions {
  const env = io.env;
  return {
    copy: (text) => io.write(osc52(text)),
    edit: (given, line) => {
      let file = given;
      if (io.bases) {
        const at = locateSource(given, io.bases);
        if ('error' in at) return at.error;
        file = at.path;
      }
      const editor = env.VISUAL || env.EDITOR || 'vi';
      const cmd = editorCommand(editor, file, line);
      if (!cmd) return 'no editor: set $VISUAL or $EDITOR';
      io.suspend();
      try {
        const r = spawnSync(cmd.program, cmd.args, { stdio: 'inherit', shell: false, env });
        if (r.error) return `could not start ${cmd.program}: ${r.error.message}`;
        return r.status === 0 ? null : `${cmd.program} exited with status ${r.status}`;
      } finally {
        io.resume();
      }
    },
  };
}
