// Issue 26: a session named like another session's redacted hash must not take its place in --session.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../errors.js';
import { redactId } from '../findings/redact.js';
import { resolveInputs } from '../ingest/inputs.js';
import { ingest } from '../ingest/pipeline.js';
import { openStore } from '../store/connection.js';
import { sessionArg } from './session-arg.js';

const SECRET = 'alice-card-4921';
const HASHED = redactId(SECRET); // what --redact prints for it: ‹id #xxxxxxxx›
const BARE = HASHED.slice(5, -1);

async function storeWith(sessions: string[]) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'session-arg-'));
  const file = path.join(dir, 'log.jsonl');
  fs.writeFileSync(file, sessions.map((session, i) => JSON.stringify({ kind: 'response', ts: 1772445600000 + i, session, content: 'x' })).join('\n') + '\n');
  const db = openStore(path.join(dir, 'e.db'));
  await ingest(db, { inputs: await resolveInputs([file], 'native'), progress: false });
  return db;
}

describe('--session: exact id, the hash --redact printed, or an error naming the candidates', () => {
  it("a session literally named like another one's hash does not win: both match, and the error lists them", async () => {
    const db = await storeWith([SECRET, HASHED, BARE, 'other']);
    try {
      for (const given of [HASHED, BARE]) {
        expect(() => sessionArg(db, given)).toThrow(UsageError);
        let message = '';
        try {
          sessionArg(db, given);
        } catch (err) {
          message = (err as Error).message;
        }
        expect(message).toContain('2 sessions');
        expect(message).toContain(`hash:${BARE}`);
        expect(message).toContain(`=${given}`);
        // the candidate hidden by the hash is named by its hash, never by its id
        expect(message).not.toContain(SECRET);
      }
      // the two ways to say which: the exact id, or the hash only
      expect(sessionArg(db, `=${HASHED}`)).toBe(HASHED);
      expect(sessionArg(db, `=${BARE}`)).toBe(BARE);
      expect(sessionArg(db, `hash:${BARE}`)).toBe(SECRET);
      expect(sessionArg(db, SECRET)).toBe(SECRET);
      expect(sessionArg(db, 'other')).toBe('other');
    } finally {
      db.close();
    }
  });

  it('without a literal twin the hash (whole, bare, or its first 6 characters) names the session; an unknown one is given back', async () => {
    const db = await storeWith([SECRET, 'other']);
    try {
      expect(sessionArg(db, HASHED)).toBe(SECRET);
      expect(sessionArg(db, BARE)).toBe(SECRET);
      expect(sessionArg(db, BARE.slice(0, 6))).toBe(SECRET);
      expect(sessionArg(db, '‹id #00000000›')).toBe('‹id #00000000›');
      expect(sessionArg(db, 'no-such')).toBe('no-such');
    } finally {
      db.close();
    }
  });
});
