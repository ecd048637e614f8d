import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FIXTURES, cli, tmpdir } from './helpers.js';
import { tmuxServer } from './tmux.js';
import { redactId } from '../src/findings/redact.js';

/**
 * Issue 35: `amnesia tui --redact` in a real terminal (tmux), on logs whose session ids are a
 * customer's name and street, one of them holding escape sequences, and whose first message names
 * a customer. Every screen a user reaches is captured: overview, lists, searches, each finding's
 * Evidence, Picture, Fix & detail and Replay panes, its raw event, its session's pictures. None may
 * show a clear word; each session has one hash on every screen; searching a clear id finds nothing.
 */

const SOCKET = `amnesia-e2e-redact-${process.pid}`;
const COLS = 120;
const ROWS = 40;

/** Session ids as written in the logs' JSON (the third holds an OSC 8 hyperlink opener and a BEL). */
const SESSIONS: [string, string, string][] = [
  ['td-incident-en', 'Erika Mustermann\\u001b[31m Hauptstr 7', 'Erika Mustermann\u001b[31m Hauptstr 7'],
  ['s7-en', 'Jonas Weber Lindenweg 12', 'Jonas Weber Lindenweg 12'],
  ['recall-incident-en', 'cust-\\u001b]8;;x\\u0007Bergstr 9', 'cust-\u001b]8;;x\u0007Bergstr 9'],
];
/** Clear words: the ids' parts, the customer named in a message, and words of the fixtures' users. */
const CLEAR = [
  'Erika',
  'Mustermann',
  'Hauptstr',
  'Jonas',
  'Weber',
  'Lindenweg',
  'Bergstr',
  'Kleinstadt',
  'old mill',
  'laptops',
  'bullet lists',
  'backend engineer',
];

const { tmux, waitFor, keys, kill, start } = tmuxServer(SOCKET);
let dir: string | undefined;

afterAll(() => {
  kill();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

function hostileLogs(into: string): string {
  const logs = path.join(into, 'logs');
  fs.mkdirSync(logs);
  for (const d of ['tool-drift', 'lost-write', 'recall-mismatch']) {
    let src = fs.readFileSync(path.join(FIXTURES, 'incidents', d, 'en.jsonl'), 'utf8');
    for (const [from, to] of SESSIONS) src = src.replaceAll(`"${from}"`, `"${to}"`);
    src = src.replace(
      'Be concise, and no emoji please.',
      'Be concise, and no emoji please, for the import done for Erika Mustermann of Hauptstr 7 in Kleinstadt near the old mill.',
    );
    fs.writeFileSync(path.join(logs, `${d}.jsonl`), src);
  }
  return logs;
}

describe('amnesia tui --redact in a terminal', () => {
  it('shows no clear word and one hash per session on any screen; a clear id finds nothing', async () => {
    dir = tmpdir('amnesia-tui-redact-');
    const db = path.join(dir, 'redact.db');
    const logs = hostileLogs(dir);
    expect(cli(['ingest', logs, '--db', db]).code).toBe(0);
    // without --redact these words are there to be shown (so a pass below means something)
    const clear = cli(['analyze', '--db', db, '--format', 'json']);
    const shownClear = `${clear.stdout}\n${cli(['sessions', '--db', db]).stdout}`;
    for (const w of ['Erika', 'Hauptstr', 'Jonas', 'Bergstr', 'Kleinstadt', 'bullet lists']) expect(shownClear, w).toContain(w);

    const hashes = new Map(SESSIONS.map(([, , id]) => [redactId(id), id]));
    const screens: [string, string][] = [];
    const t = start('redact', ['tui', '--redact', '--db', db], { cols: COLS, rows: ROWS });
    /** Wait for a screen, keep it for the checks below. */
    const see = async (what: string, want: (s: string) => boolean) => {
      const s = await waitFor(t, want, what);
      screens.push([what, s]);
      return s;
    };
    const frameOf = (crumb: string) => (s: string) =>
      s.split('\n')[0].includes(crumb) &&
      /\S\s*$/.test(
        s
          .split('\n')
          .filter((l) => l.trim())
          .at(-1)!,
      );

    await see('overview', (s) => s.includes('worst sessions first') && s.includes('‹id #'));
    keys(t, '3');
    await see('sessions', (s) => frameOf('Sessions')(s) && s.includes('1–3 of 3'));
    // a clear part of an id finds nothing; a part of its hash finds it
    tmux('send-keys', '-l', '-t', t, '/Hauptstr\r');
    let s = await see('sessions searched by a clear id', (x) => x.includes('search: "Hauptstr"') && !x.includes('Enter apply'));
    expect(s).not.toMatch(/^› /m);
    expect(s).toContain('no sessions match');
    const erika = redactId(SESSIONS[0][2]);
    keys(t, 'x');
    tmux('send-keys', '-l', '-t', t, `/${erika.slice(5, 11)}\r`);
    s = await see('sessions searched by a hash', (x) => x.includes(`search: "${erika.slice(5, 11)}"`) && x.includes('1–1 of 1'));
    expect(s).toContain(erika);
    keys(t, '2');
    const list = await see('findings', (x) => frameOf('Findings')(x) && x.includes('sort: severity') && !x.includes('search:'));
    const total = Number(/of (\d+)\s*$/m.exec(list)![1]);
    expect(total).toBe(5);
    tmux('send-keys', '-l', '-t', t, '/Mustermann\r');
    s = await see('findings searched by a clear id', (x) => x.includes('search: "Mustermann"') && !x.includes('Enter apply'));
    expect(s).not.toMatch(/^› /m);

    // one finding of each analyzer in each session (the list's order): its panes and pictures are its own
    const rows = [...list.matchAll(/^[› ] (?:ERROR|WARN|INFO)\s+(\S+)\s+(‹id #[0-9a-f]+›)/gm)].map((m) => `${m[1]} ${m[2]}`);
    expect(rows).toHaveLength(total);
    const walked = new Set<string>();
    for (let i = 0; i < total; i++) {
      if (rows.indexOf(rows[i]) !== i) continue;
      keys(t, '2');
      await waitFor(t, (x) => x.includes('sort: severity') && !x.includes('search:') && /^› /m.test(x), 'the findings list');
      keys(t, ...Array<string>(i).fill('j'), 'Enter');
      const ev = await see(`finding ${i}: evidence`, (x) => x.includes('Evidence  │') && x.includes('▶ 1'));
      const id = /› (f_[0-9a-f]+)/.exec(ev)![1];
      keys(t, 'Enter');
      const raw = await see(`finding ${i}: raw event`, (x) => x.includes('Raw event') && /^\w+ · session /m.test(x));
      // the event's own session field is the hash its header names
      const head = /^\w+ · session (‹id #[0-9a-f]+›)/m.exec(raw)![1];
      expect(raw).toContain(`"session": "${head}"`);
      keys(t, 'Escape');
      await waitFor(t, (x) => x.includes(`› ${id}`) && x.includes('▶ 1'), 'back on the finding');
      keys(t, 'Tab');
      await see(`finding ${i}: picture`, (x) => /of session ‹id #|no picture for/.test(x));
      keys(t, 'Tab');
      await see(`finding ${i}: fix & detail`, (x) => /^fix: /m.test(x) && /^cause: /m.test(x));
      keys(t, 'Tab');
      await see(`finding ${i}: replay`, (x) => /reference design:|replay failed/.test(x));
      // a session's own screen once (findings of the same session share it)
      if (walked.has(head)) continue;
      walked.add(head);
      keys(t, 't');
      const first = await see(`finding ${i}: session`, (x) => /^Session ‹id #[0-9a-f]+› · /m.test(x));
      // each picture of the session
      let prev = first;
      for (let p = 0; p < 6; p++) {
        keys(t, 'Tab');
        const next = await waitFor(t, (x) => x !== prev && /^Session ‹id #/m.test(x), 'the next picture').catch(() => null);
        if (next === null || next === first) break;
        screens.push([`finding ${i}: session picture ${p + 2}`, next]);
        prev = next;
      }
    }
    keys(t, 'q');
    expect(await waitFor(t, (x) => x.includes('EXIT:'), 'the exit')).toContain('EXIT:0');

    expect(walked.size).toBe(3);
    expect(screens.length).toBeGreaterThan(35);
    const seen = new Set<string>();
    for (const [what, screen] of screens) {
      // what the user typed into the search line is theirs
      const shown = screen.replace(/search: "[^"]*"/g, '');
      for (const w of CLEAR) expect(shown, `${what} shows "${w}":\n${screen}`).not.toContain(w);
      for (const [, , id] of SESSIONS) expect(shown, what).not.toContain(id);
      for (const h of shown.match(/‹id #[0-9a-f]+›/g) ?? []) seen.add(h);
      // a screen about one session names it by one hash
      if (what.startsWith('finding ')) expect(new Set(shown.match(/‹id #[0-9a-f]+›/g)).size, `${what}:\n${screen}`).toBeLessThanOrEqual(1);
    }
    // every hash on the screens is the hash of a session, each session's the same everywhere
    expect([...seen].sort()).toEqual([...hashes.keys()].sort());
  });
});
