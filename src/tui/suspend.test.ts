import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { ENTER_SCREEN, LEAVE_SCREEN, jobControl, suspendTui } from './suspend.js';

/** A process tree: pid -> [parent, group, session]. */
const tree = (t: Record<number, [number, number, number]>) => (pid: number) => (t[pid] ? { ppid: t[pid][0], pgrp: t[pid][1], session: t[pid][2] } : null);

describe('jobControl: can a shell continue the TUI once Ctrl-Z stops it', () => {
  it('yes under an interactive shell: the job has a group of its own, its shell is in the same session', () => {
    // 100 bash (group 100, session 100) -> 200 amnesia (group 200)
    expect(jobControl(200, tree({ 1: [0, 1, 1], 100: [1, 100, 100], 200: [100, 200, 100] }))).toBe(true);
    // a wrapper of the same job between them (npx, a node launcher)
    expect(jobControl(300, tree({ 1: [0, 1, 1], 100: [1, 100, 100], 200: [100, 200, 100], 300: [200, 200, 100] }))).toBe(true);
  });

  it('no when the group is orphaned: `sh -c` under tmux or a service, its parent in another session', () => {
    // 50 tmux server (session 50) -> 100 sh (group and session 100) -> 200 amnesia (group 100)
    expect(jobControl(200, tree({ 1: [0, 1, 1], 50: [1, 50, 50], 100: [50, 100, 100], 200: [100, 100, 100] }))).toBe(false);
    // started by init itself
    expect(jobControl(200, tree({ 1: [0, 1, 1], 200: [1, 200, 200] }))).toBe(false);
  });

  it('answers for this very process without failing', () => {
    expect(typeof jobControl()).toBe('boolean');
  });
});

describe('suspendTui', () => {
  const fake = () => {
    const log: string[] = [];
    const proc = Object.assign(new EventEmitter(), {
      pid: 42,
      kill: (pid: number, sig: string) => {
        log.push(`kill ${pid} ${sig}`);
        return true;
      },
    });
    const io = {
      setRawMode: (on: boolean) => log.push(`raw ${on}`),
      write: (s: string) => log.push(s === LEAVE_SCREEN ? 'leave' : s === ENTER_SCREEN ? 'enter' : s),
      redraw: () => log.push('redraw'),
      proc: proc as unknown as NodeJS.Process,
    };
    return { log, proc, io };
  };

  it('hands the terminal back before it stops, and takes it again only on SIGCONT', () => {
    const { log, proc, io } = fake();
    expect(suspendTui(io, () => true)).toBe(true);
    expect(log).toEqual(['raw false', 'leave', 'kill 42 SIGTSTP']);
    proc.emit('SIGCONT');
    expect(log.slice(3)).toEqual(['enter', 'raw true', 'redraw']);
    // once: a later SIGCONT (another stop) is not a second return
    proc.emit('SIGCONT');
    expect(log).toHaveLength(6);
  });

  it('leaves the terminal alone when no shell could continue it', () => {
    const { log, io } = fake();
    expect(suspendTui(io, () => false)).toBe(false);
    expect(log).toEqual([]);
  });

  it('turns bracketed paste off with the screen and on again with it', () => {
    expect(LEAVE_SCREEN).toContain('\u001b[?2004l');
    expect(LEAVE_SCREEN).toContain('\u001b[?1049l');
    expect(LEAVE_SCREEN).toContain('\u001b[?25h');
    expect(ENTER_SCREEN).toContain('\u001b[?2004h');
    expect(ENTER_SCREEN).toContain('\u001b[?1049h');
  });
});
