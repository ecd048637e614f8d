// Issue 26: the TUI's `e` key starts the editor without a shell; no file name reads as an option or a command.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { editorWords, terminalActions } from './actions.js';

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
});
