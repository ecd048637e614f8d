import { describe, expect, it } from 'vitest';
import { runCommandLine } from './command-line.js';
import { tuiFixture } from './__tests__/fixture-store.js';

const fixture = tuiFixture();
const run = (line: string) => runCommandLine(line, fixture.store);

describe('the : command line', () => {
  it('opens a finding by its id or a unique start of it, and names what is ambiguous or missing', () => {
    expect(run('f_state')).toEqual({ go: expect.objectContaining({ screen: 'finding', id: 'f_state' }) });
    expect(run('  f_sta ')).toEqual({ go: expect.objectContaining({ screen: 'finding', id: 'f_state' }) });
    // f_lost, f_state, ... all start with "f_"
    expect(run('f_')).toEqual({ error: expect.stringMatching(/^\d+ findings start with "f_": type more/) });
    expect(run('f_nothing')).toEqual({ error: expect.stringContaining('no finding "f_nothing"') });
  });

  it('opens a session by its id or a unique part, and lists findings by analyzer, severity or text', () => {
    expect(run('s s7-en')).toEqual({ go: expect.objectContaining({ screen: 'session', session: 's7-en' }) });
    expect(run('session team-run')).toEqual({ go: expect.objectContaining({ screen: 'session', session: 'team-run-en' }) });
    expect(run('s -en')).toEqual({ error: expect.stringMatching(/^\d+ sessions match "-en"/) });
    expect(run('s nowhere')).toEqual({ error: 'no session "nowhere"' });
    expect(run('a lost-write')).toEqual({ go: expect.objectContaining({ screen: 'findings', filter: expect.objectContaining({ analyzer: 'lost-write' }) }) });
    expect(run('a tool')).toEqual({ go: expect.objectContaining({ filter: expect.objectContaining({ analyzer: 'tool-drift' }) }) });
    expect(run('a nope')).toEqual({ error: expect.stringContaining('no analyzer "nope"') });
    expect(run('sev warn')).toEqual({ go: expect.objectContaining({ filter: expect.objectContaining({ severity: 'warning' }) }) });
    expect(run('sev loud')).toEqual({ error: expect.stringContaining('no severity "loud"') });
    expect(run('/ emoji')).toEqual({ go: expect.objectContaining({ filter: expect.objectContaining({ text: 'emoji' }) }) });
    expect(run('/emoji')).toEqual({ go: expect.objectContaining({ filter: expect.objectContaining({ text: 'emoji' }) }) });
  });

  it('quits, opens the help, and refuses what it does not know without guessing', () => {
    expect(run('q')).toEqual({ quit: true });
    expect(run('quit')).toEqual({ quit: true });
    expect(run('help')).toEqual({ help: true });
    expect(run('')).toEqual({ error: 'an empty command' });
    expect(run('delete everything')).toEqual({ error: expect.stringContaining('unknown command "delete"') });
  });
});
