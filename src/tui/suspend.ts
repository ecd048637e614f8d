import fs from 'node:fs';

/**
 * Ctrl-Z as every terminal program answers it. In raw mode the terminal sends the key as a byte
 * (0x1a) instead of stopping the program, so the TUI stops itself: it hands the terminal back
 * (raw mode off, mouse reports and bracketed paste off, the alternate screen left, the cursor shown), sends itself
 * SIGTSTP, and when the shell's `fg` continues it (SIGCONT) takes the terminal again and draws the
 * screen it was on.
 */

/** The wheel reported as mouse events (button presses, SGR encoding: keypress.tsx mouseKey), then off again. */
export const MOUSE_ON = '\u001b[?1000h\u001b[?1006h';
export const MOUSE_OFF = '\u001b[?1006l\u001b[?1000l';
/** Leaving: mouse reports and bracketed paste off, the main screen, the cursor shown. */
export const LEAVE_SCREEN = `${MOUSE_OFF}\u001b[?2004l\u001b[?1049l\u001b[?25h`;
/** Coming back: the alternate screen, cleared, the cursor hidden, bracketed paste and mouse reports on. */
export const ENTER_SCREEN = `\u001b[?1049h\u001b[2J\u001b[H\u001b[?25l\u001b[?2004h${MOUSE_ON}`;

interface Stat {
  ppid: number;
  pgrp: number;
  session: number;
}

/** /proc/<pid>/stat's parent, process group and session (the name, field 2, may hold spaces and parentheses). */
function stat(pid: number): Stat | null {
  try {
    const s = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = s.slice(s.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(f[1]), pgrp: Number(f[2]), session: Number(f[3]) };
  } catch {
    return null;
  }
}

/**
 * Can a shell continue this process once it stops? The kernel discards SIGTSTP sent to an orphaned
 * process group (no member's parent is in another group of the same session: no job-control shell
 * waits on it, as under `sh -c` or a program started by tmux), so stopping there would leave the
 * terminal handed over for nothing. Walks up the processes of our own group to the first one
 * outside it: a shell of the same session is job control. Without /proc (not Linux): assumed yes.
 */
export function jobControl(pid = process.pid, read: (pid: number) => Stat | null = stat): boolean {
  const self = read(pid);
  if (!self) return true;
  let cur = self;
  for (let hops = 0; hops < 64; hops++) {
    const parent = read(cur.ppid);
    if (!parent || cur.ppid <= 1) return false;
    if (parent.pgrp !== self.pgrp) return parent.session === self.session;
    cur = parent;
  }
  return false;
}

export interface SuspendIo {
  /** raw mode on or off (Ink's, so its count and the key reader follow) */
  setRawMode(on: boolean): void;
  /** the terminal itself, not Ink's write (which draws the frame again after what it writes) */
  write(s: string): void;
  /** draw the whole frame again */
  redraw(): void;
  /** the process to stop and continue (tests pass their own) */
  proc?: Pick<NodeJS.Process, 'once' | 'kill' | 'pid'>;
}

/** Stop the TUI (Ctrl-Z): false when no shell could continue it (nothing is done then). */
export function suspendTui(io: SuspendIo, canStop: () => boolean = jobControl): boolean {
  if (!canStop()) return false;
  const proc = io.proc ?? process;
  io.setRawMode(false);
  io.write(LEAVE_SCREEN);
  proc.once('SIGCONT', () => {
    io.write(ENTER_SCREEN);
    io.setRawMode(true);
    io.redraw();
  });
  proc.kill(proc.pid, 'SIGTSTP');
  return true;
}
