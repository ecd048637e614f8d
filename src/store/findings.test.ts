import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { openStore } from './connection.js';
import { saveFindings, storedFingerprint } from './findings.js';
import type { Finding } from '../findings/types.js';

function finding(i: number): Finding {
  return {
    id: `f${i}`,
    analyzer: 'lost-write',
    severity: 'error',
    confidence: 'certain',
    session: 's',
    turn: 0,
    ts: '2026-03-02T10:00:00.000Z',
    title: 't',
    cause: 'never_committed',
    evidence: [],
    fix: '',
  };
}

describe('saveFindings', () => {
  it('holds the write lock for one batch at a time: another connection writes while the analysis runs', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'amnesia-findings-')), 'e.db');
    const db = openStore(file);
    const other = new Database(file);
    other.pragma('busy_timeout = 0');
    let wroteMidway = false;
    function* slowAnalysis(): Generator<Finding> {
      for (let i = 0; i < 1000; i++) {
        if (i === 500) {
          // a concurrent ingest: fails at once with SQLITE_BUSY if the save holds the lock
          other.prepare("INSERT INTO sources (sha256, path, size, format, status, started_at) VALUES ('x', 'p', 0, 'native', 'ingesting', 'now')").run();
          wroteMidway = true;
        }
        yield finding(i);
      }
    }
    expect(saveFindings(db, slowAnalysis(), 'fp')).toBe(1000);
    expect(wroteMidway).toBe(true);
    expect(storedFingerprint(db)).toBe('fp');
    expect((db.prepare('SELECT count(*) AS n FROM findings').get() as { n: number }).n).toBe(1000);
    other.close();
    db.close();
  });

  it('an interrupted save leaves no fingerprint (the next run recomputes)', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'amnesia-findings-')), 'e.db');
    const db = openStore(file);
    saveFindings(db, [finding(1)], 'old');
    function* crashing(): Generator<Finding> {
      yield finding(2);
      throw new Error('killed');
    }
    expect(() => saveFindings(db, crashing(), 'new')).toThrow('killed');
    expect(storedFingerprint(db)).toBeNull();
    db.close();
  });
});
