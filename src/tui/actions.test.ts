// Issue 26: the TUI's `e` key starts the editor without a shell; no file name reads as an option or a command.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { editorWords, locateSource, sourceBases, terminalActions } from './actions.js';

/** A stand-in editor named `name` (vi, or another) that records the arguments it was given, one per line. */
function recordingEditor(name: string): { editor: string; args: () => string[]; dir: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'amnesia-editor-'));
  const bin = path.join(dir, name);
  const out = path.join(dir, 'args.txt');
  fs.writeFileSync(bin, `#!/bin/sh\nfor a in "$@"; do printf '%s\\n' "$a"; done > '${out}'\n`, { mode: 0o755 });
  return { editor: bin, dir, args: () => fs.readFileSync(out, 'utf8').split('\n').slice(0, -1) };
}

const noTerminal = (env: NodeJS.ProcessEnv) => terminalActions({ write: () => undefined, suspend: () => undefined, resume: () => undefined, env });

describe('the editor key', () => {
  it('vi gets `--` and a file named like a vi command as ./name, without a shell ($(...) in the name stays text)', () => {
    const vi = recordingEditor('vi');
    const file = '+!touch PWNED.jsonl';
    expect(noTerminal({ ...process.env, EDITOR: vi.editor, VISUAL: '' }).edit(file, 12)).toBeNull();
    expect(vi.args()).toEqual(['+12', '--', './+!touch PWNED.jsonl']);
    const sub = "x$(touch PWNED)'.jsonl";
    expect(noTerminal({ ...process.env, EDITOR: vi.editor, VISUAL: '' }).edit(sub, null)).toBeNull();
    expect(vi.args()).toEqual(['--', `./${sub}`]);
    expect(fs.existsSync(path.join(process.cwd(), 'PWNED'))).toBe(false);
  });

  it('another editor keeps its own arguments; an option-like name is ./name, an absolute path as is', () => {
    const code = recordingEditor('code');
    expect(noTerminal({ ...process.env, VISUAL: `${code.editor} -w`, EDITOR: '' }).edit('-c.jsonl', 3)).toBeNull();
    expect(code.args()).toEqual(['-w', '+3', './-c.jsonl']);
    expect(noTerminal({ ...process.env, VISUAL: code.editor }).edit('/tmp/a.jsonl', null)).toBeNull();
    expect(code.args()).toEqual(['/tmp/a.jsonl']);
  });

  it('splits $EDITOR like a shell splits words, and runs none of it', () => {
    expect(editorWords(`"/opt/my editor/bin/ed" -w --flag='a b'`)).toEqual(['/opt/my editor/bin/ed', '-w', '--flag=a b']);
    expect(editorWords('vi; touch x')).toEqual(['vi;', 'touch', 'x']);
  });

  it('opens a relative source where it was ingested from, not where the TUI runs (issue 35)', () => {
    // the project: logs/app.jsonl ingested from it into the default store .amnesia/evidence.db
    const project = fs.mkdtempSync(path.join(os.tmpdir(), 'amnesia-project-'));
    fs.mkdirSync(path.join(project, 'logs'));
    fs.writeFileSync(path.join(project, 'logs', 'app.jsonl'), '{}\n');
    const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), 'amnesia-elsewhere-'));
    const bases = sourceBases(elsewhere, path.join(project, '.amnesia', 'evidence.db'));
    expect(bases).toEqual([elsewhere, project]);
    const vi = recordingEditor('vi');
    const actions = terminalActions({ write: () => undefined, suspend: () => undefined, resume: () => undefined, env: { EDITOR: vi.editor }, bases });
    expect(actions.edit('logs/app.jsonl', 7)).toBeNull();
    expect(vi.args()).toEqual(['+7', '--', path.join(project, 'logs', 'app.jsonl')]);
    // the working directory wins when it holds the file too (the usual case: the TUI run where ingest ran)
    fs.mkdirSync(path.join(elsewhere, 'logs'));
    fs.writeFileSync(path.join(elsewhere, 'logs', 'app.jsonl'), '{}\n');
    expect(actions.edit('logs/app.jsonl', 7)).toBeNull();
    expect(vi.args()).toEqual(['+7', '--', path.join(elsewhere, 'logs', 'app.jsonl')]);
  });

  it('says where it looked when the file is nowhere, and starts no editor on an empty buffer', () => {
    const vi = recordingEditor('vi');
    const nowhere = fs.mkdtempSync(path.join(os.tmpdir(), 'amnesia-nowhere-'));
    const actions = terminalActions({
      write: () => undefined,
      suspend: () => undefined,
      resume: () => undefined,
      env: { EDITOR: vi.editor },
      bases: [nowhere],
    });
    const msg = actions.edit('gone/\u001b[2Jx.jsonl', 3);
    expect(msg).toMatch(/^no such file: gone\/\\x1b\[2Jx\.jsonl in .*amnesia-nowhere-/);
    expect(fs.existsSync(path.join(vi.dir, 'args.txt'))).toBe(false);
    expect(locateSource('/no/such/file.jsonl', [nowhere])).toEqual({ error: 'no such file: /no/such/file.jsonl' });
    // a store outside any .amnesia folder: its own folder is the second place
    expect(sourceBases('/work', '/data/stores/x.db')).toEqual(['/work', '/data/stores']);
    expect(sourceBases('/work', '.amnesia/evidence.db')).toEqual(['/work']);
  });
});
