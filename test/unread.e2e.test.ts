import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, nativeLine, tmpdir } from './helpers.js';
import { write } from './real-samples.js';

describe('triage, ci and analyze say what they could not read', () => {
  const folder = () => {
    const d = tmpdir();
    write(d, 'unknown.jsonl', '{"foo": 1}\n');
    write(d, 'notes.txt', 'hello\n');
    write(d, 'broken.jsonl', `${JSON.stringify({ kind: 'request', ts: 'bad', session: 's' })}\n`);
    return d;
  };

  it('nothing readable: the skipped files and the file with only bad lines are named, exit 2', () => {
    for (const cmd of ['triage', 'ci']) {
      const r = cli([cmd, folder()]);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/skipped 2 file\(s\): cannot detect the format .*: .*(notes\.txt|unknown\.jsonl), .*(notes\.txt|unknown\.jsonl)/);
      expect(r.stderr).toMatch(/read nothing from .*broken\.jsonl \(native\): 1 bad line\(s\), first .*broken\.jsonl:1: ts: "bad"/);
      expect(r.stderr).toMatch(/nothing could be read: the store has no events/);
      expect(r.stdout).not.toMatch(/no memory failures/);
    }
  });

  it('something readable: the skipped files are still said, and the run goes on (exit 0)', () => {
    const d = folder();
    write(d, 'good.jsonl', `${nativeLine({ kind: 'request', model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }] })}\n`);
    const r = cli(['triage', d]);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/skipped 2 file\(s\)/);
    expect(r.stderr).toMatch(/read nothing from .*broken\.jsonl/);
  });

  it('analyze on a store: sources that gave nothing are named; an empty store exits 2', () => {
    const d = folder();
    const db = path.join(d, 'e.db');
    expect(cli(['ingest', path.join(d, 'broken.jsonl'), '--db', db]).code).toBe(0);
    const r = cli(['analyze', '--db', db]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/read nothing from .*broken\.jsonl \(native\): 1 bad line\(s\)/);
    expect(r.stderr).toMatch(/nothing could be read/);
  });
});
