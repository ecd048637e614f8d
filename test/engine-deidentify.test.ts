/**
 * Probes of the memory design's de-identification (脱敏) and erasure points, through the engine's
 * public API: every identifier kind issue 34 found passing, in Chinese and English, masked in
 * memories and events; masks keyed by a per-store secret (not reversed by hashing every phone
 * number); a data subject erased from the store, the file included.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openEngine, type EngineOptions, type MemoryEngine } from '../src/engine/index.js';

const U = { user: 'u-7', agent: 'support' };
const OTHER = { user: 'u-8', agent: 'support' };
const T0 = Date.parse('2026-03-02T09:00:00Z');

const open: MemoryEngine[] = [];
const dirs: string[] = [];
function engine(opts: EngineOptions = {}): MemoryEngine {
  let now = T0;
  const e = openEngine({ clock: () => (now += 1000), keepEvents: true, autoDrain: false, session: 'probe', ...opts });
  open.push(e);
  return e;
}
function tmpFile(): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'amnesia-erase-'));
  dirs.push(d);
  return path.join(d, 'memory.db');
}
afterEach(() => {
  for (const e of open.splice(0)) e.close();
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

/** identifiers issue 34 found passing, with the kind each must be masked as */
const IDENTIFIERS: [string, string, string][] = [
  ['我的身份证号是110101199003071234，请记住。', '110101199003071234', 'id-number'],
  ['身份证 44030419851231002X 是我妈妈的。', '44030419851231002X', 'id-number'],
  ['我的手机号是138 1234 5678，有事打给我。', '138 1234 5678', 'phone'],
  ['Remember my mobile: +86 139-8765-4321.', '+86 139-8765-4321', 'phone'],
  ['我们办公室座机是010-62345678。', '010-62345678', 'phone'],
  ['The office line is (021) 6234 5678.', '(021) 6234 5678', 'phone'],
  ['My SSN is 123-45-6789, keep it safe.', '123-45-6789', 'ssn'],
  ['My passport number is E12345678.', 'E12345678', 'passport'],
  ['我的护照号码：G87654321。', 'G87654321', 'passport'],
  ['Charge my card 4111 1111 1111 1111 next time.', '4111 1111 1111 1111', 'card'],
  ['卡号5500-0000-0000-0004，下次用它付款。', '5500-0000-0000-0004', 'card'],
];

describe('de-identification (脱敏): every identifier kind, in Chinese and English', () => {
  it.each(IDENTIFIERS)('%s', (text, value, kind) => {
    const e = engine();
    const r = e.remember(U, { type: 'fact', text, source: 'user', critical: true });
    expect(r.status).not.toBe('duplicate');
    const stored = e
      .memories(U)
      .map((m) => m.text)
      .join('\n');
    expect(stored).not.toContain(value);
    expect(stored).toMatch(new RegExp(`\\[${kind} #[0-9a-f]{8}\\]`));
    const events = JSON.stringify(e.events);
    expect(events).not.toContain(value);
  });

  it('leaves dates, versions, addresses, amounts, timestamps and invalid numbers alone', () => {
    const e = engine();
    const keep = [
      'The release 2.14.3 ships on 2026-05-12 at 10:30.',
      'Order 20231105123456789 cost ¥1,299.00; timestamp 1700000000000.',
      'Room 1203, No. 88 Keyuan Road; IP 192.168.1.100.',
      'Ticket 4111111111111112 is not a card (its check digit is wrong).',
      'Area 000-12-3456 and 666-12-3456 are never social security numbers.',
      'My passport expired in 2019.',
    ];
    for (const text of keep) e.remember(U, { type: 'fact', text, source: 'user', critical: true });
    expect(e.memories(U).map((m) => m.text)).toEqual(keep);
  });

  it('keys every mask by a per-store secret: the same number masks differently in two stores, and no plain hash finds it', () => {
    const phone = '13812345678';
    const masks = [engine(), engine()].map((e) => {
      e.remember(U, { type: 'fact', text: `My phone is ${phone}.`, source: 'user', critical: true });
      return /\[phone #([0-9a-f]{8})\]/.exec(e.memories(U)[0].text)?.[1];
    });
    expect(masks[0]).toMatch(/^[0-9a-f]{8}$/);
    expect(masks[1]).not.toBe(masks[0]);
    // the attack issue 34 ran: hash every candidate number and look the mask up
    const plain = crypto.createHash('sha256').update(phone).digest('hex').slice(0, 8);
    expect(masks).not.toContain(plain);
  });

  it('keeps the same key across reopenings of one file (the same value, the same mask), and takes a key given', () => {
    const file = tmpFile();
    const a = engine({ file });
    a.remember(U, { type: 'fact', text: 'Call 13812345678.', source: 'user', critical: true });
    const first = a.memories(U)[0].text;
    a.close();
    open.splice(open.indexOf(a), 1);
    const b = engine({ file });
    b.remember(OTHER, { type: 'fact', text: 'Call 13812345678.', source: 'user', critical: true });
    expect(b.memories(OTHER)[0].text).toBe(first);
    const c = engine({ deidentifyKey: 'k' });
    const d = engine({ deidentifyKey: 'k' });
    for (const x of [c, d]) x.remember(U, { type: 'fact', text: 'Call 13812345678.', source: 'user', critical: true });
    expect(c.memories(U)[0].text).toBe(d.memories(U)[0].text);
    expect(c.memories(U)[0].text).not.toBe(first);
  });
});

describe('erasure: the right to be forgotten', () => {
  function fill(e: MemoryEngine): void {
    e.userMessage(U, 'I am allergic to peanuts. My locker code is 4471-ZEBRA.', { turn: 0 });
    e.userMessage(U, 'Never call me before 9am.', { turn: 1 });
    e.userMessage(OTHER, 'I prefer tea over coffee.', { turn: 0 });
    e.drain();
    e.remember(U, { type: 'fact', text: 'Queued: the user owns a grey bicycle.', source: 'user' });
  }

  it("removes every record of the subject and nothing of anyone else's, queued writes included", async () => {
    const e = engine();
    fill(e);
    const queued = e.remember(U, { type: 'fact', text: 'The user flies to Lisbon on May 4.', source: 'user' });
    const before = e.exportData(OTHER);
    expect(e.exportData(U).memories.length).toBeGreaterThan(0);
    const report = e.erase(U);
    expect(report.removed.raw).toBe(2);
    expect(report.removed.memories).toBeGreaterThan(0);
    expect(report.subject).toMatch(/^[0-9a-f]{8}$/);
    expect(await queued.durable).toMatchObject({ status: 'erased' });
    e.drain();
    expect(e.exportData(U)).toEqual({ memories: [], raw: [] });
    expect(e.search(U, 'peanuts locker bicycle Lisbon')).toEqual([]);
    expect(e.memories(U, { includeSuperseded: true })).toEqual([]);
    expect(e.exportData(OTHER)).toEqual(before);
    // the integrity check does not report the erased writes as lost
    expect(e.restartWorker(OTHER).missing).toEqual([]);
  });

  it('leaves none of the words in the database file, its index or its WAL', () => {
    const file = tmpFile();
    const e = engine({ file });
    fill(e);
    e.erase(U);
    e.close();
    open.splice(open.indexOf(e), 1);
    const bytes = fs
      .readdirSync(path.dirname(file))
      .map((f) => fs.readFileSync(path.join(path.dirname(file), f)).toString('latin1'))
      .join('');
    for (const w of ['peanuts', 'ZEBRA', 'bicycle', 'before 9am']) expect(bytes).not.toContain(w);
    expect(bytes).toContain('coffee');
  });

  it('the append-only rule still holds outside an erasure', () => {
    const e = engine();
    fill(e);
    expect(() => e.db.prepare('DELETE FROM raw_log').run()).toThrow(/append-only/);
    expect(() => e.db.prepare('DELETE FROM memories').run()).toThrow(/never deleted/);
    e.erase(U);
    expect(() => e.db.prepare('DELETE FROM raw_log').run()).toThrow(/append-only/);
  });

  it('forget: one memory withdrawn, kept as history, never recalled again', () => {
    const e = engine();
    e.remember(U, { type: 'fact', text: 'The user lives in Porto.', source: 'user', critical: true });
    const [m] = e.memories(U);
    expect(e.forget(U, m.id)?.id).toBe(m.id);
    expect(e.memories(U)).toEqual([]);
    expect(e.search(U, 'Porto')).toEqual([]);
    expect(e.versions(U, m.id)).toHaveLength(1);
    expect(e.versions(U, m.id)[0].supersededAt).not.toBeNull();
    expect(e.forget(OTHER, m.id)).toBeNull();
  });
});
