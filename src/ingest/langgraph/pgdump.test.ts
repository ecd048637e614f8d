// The pg_dump reader on the real dumps (fixtures/real/generated-memsys/langgraph/*.pg.sql) cut and damaged
// at random: every outcome is the rows read or one InputError, never another exception; and COPY's escapes.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../errors.js';
import type { IngestItem } from '../types.js';
import { readCheckpoints } from './map.js';
import { dumpBackend, readDump } from './pgdump.js';

const DIR = new URL('../../../fixtures/real/generated-memsys/langgraph/', import.meta.url).pathname;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'amnesia-pgdump-'));

async function readAll(file: string): Promise<IngestItem[]> {
  const items: IngestItem[] = [];
  for await (const it of readCheckpoints(await dumpBackend(file, path.basename(file)))) items.push(it);
  return items;
}

/** a small deterministic generator (mulberry32) */
function rng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('pgdump: damaged real dumps', () => {
  it('cut at any byte, a byte changed, a line dropped or doubled: the rows, or one InputError', async () => {
    const outcomes = { read: 0, refused: 0 };
    for (const name of ['lineage.pg.sql', 'checkpoints.pg.sql']) {
      const text = fs.readFileSync(path.join(DIR, name));
      const whole = await readAll(path.join(DIR, name));
      expect(whole.filter((i) => i.type === 'event').length).toBeGreaterThan(30);
      const next = rng(name.length);
      for (let i = 0; i < 60; i++) {
        const at = Math.floor(next() * text.length);
        let damaged: Buffer;
        const kind = i % 4;
        if (kind === 0) damaged = text.subarray(0, at);
        else if (kind === 1) damaged = Buffer.concat([text.subarray(0, at), Buffer.from([Math.floor(next() * 256)]), text.subarray(at + 1)]);
        else {
          const lines = text.toString('utf8').split('\n');
          const n = Math.floor(next() * lines.length);
          if (kind === 2) lines.splice(n, 1);
          else lines.splice(n, 0, lines[n]);
          damaged = Buffer.from(lines.join('\n'));
        }
        const file = path.join(tmp, `${i}-${name}`);
        fs.writeFileSync(file, damaged);
        try {
          await readAll(file);
          outcomes.read++;
        } catch (err) {
          expect(err, `${file}: ${(err as Error).stack}`).toBeInstanceOf(InputError);
          expect((err as Error).message).not.toMatch(/\n/);
          outcomes.refused++;
        }
      }
    }
    // both happen: a cut is refused, a doubled comment line is read
    expect(outcomes.read).toBeGreaterThan(0);
    expect(outcomes.refused).toBeGreaterThan(0);
  });

  it("COPY's text escapes, NULL, and a column list in another order", async () => {
    const file = path.join(tmp, 'escapes.sql');
    const json = '{"v": 4, "ts": "2026-12-03T10:00:00.000Z", "channel_versions": {}}';
    fs.writeFileSync(
      file,
      [
        'COPY public.checkpoints (checkpoint_ns, thread_id, checkpoint_id, parent_checkpoint_id, type, checkpoint, metadata) FROM stdin;',
        `\tta\\tb\\\\c\\nd\t1f0\t\\N\t\\N\t${json}\t{"step": -1, "source": "input"}`,
        '\\.',
        'COPY public.checkpoint_writes (thread_id, checkpoint_ns, checkpoint_id, task_id, idx, channel, type, blob) FROM stdin;',
        'ta\\tb\\\\c\\nd\t\t1f0\ttask\t0\tnotes\tjson\t\\\\x5b2278225d',
        '\\.',
      ].join('\n'),
    );
    const rows = await readDump(file, 'escapes.sql');
    expect(rows.threads).toEqual([['ta\tb\\c\nd', '']]);
    const [cp] = rows.checkpoints.get('ta\tb\\c\nd\0') ?? [];
    expect([cp.id, cp.parent, cp.type, cp.checkpoint]).toEqual(['1f0', null, null, json]);
    expect(rows.writes.get('ta\tb\\c\nd\0\x001f0')?.map((w) => [w.taskId, w.channel, (w.value as Buffer).toString()])).toEqual([['task', 'notes', '["x"]']]);
  });
});
