/**
 * Erasure, the right to be forgotten: every record the engine holds of one data subject (a user
 * of a tenant, every agent and session) removed from the store, not marked: the raw log, the
 * memories and their full-text index, acknowledgements, the durable queue, dead letters, shared
 * state, share grants (and revocations) given or held, and team memberships. The append-only triggers let a subject's rows go only
 * while the erase transaction has put the subject in `erasing` (migration 3); the ledger
 * `erasures` keeps when and how much, under a keyed hash of the subject, never the id itself.
 * Freed pages are overwritten (secure_delete) and the WAL is truncated, so the words do not stay
 * in the file.
 */
import type { EngineDb } from './schema.js';
import { writeTransaction } from '../db/sqlite.js';
import { requireScope } from './scope.js';
import { keyedHash } from '../text/secrets.js';
import type { EngineScope } from './types.js';

export interface ErasureReport {
  /** the ledger's name for the subject: a keyed hash of tenant and user */
  subject: string;
  at: number;
  /** rows removed per table */
  removed: { raw: number; memories: number; acks: number; outbox: number; deadLetters: number; state: number; sharedSpaces: number; teams: number };
}

/** Remove every record of `scope.user` (in `scope.tenant`, all agents and sessions). */
export function eraseSubject(db: EngineDb, scopeIn: EngineScope, key: string | Buffer, at: number, ondisk: boolean): ErasureReport {
  const scope = requireScope(scopeIn);
  const tenant = scope.tenant ?? '';
  const user = scope.user;
  const who = "coalesce(tenant, '') = ? AND user = ?";
  const subject = keyedHash(`${tenant}\u0000${user}`, key);
  const previous = db.pragma('secure_delete', { simple: true }) as number;
  db.pragma('secure_delete = ON');
  try {
    const removed = writeTransaction(db, () => {
      db.prepare('INSERT INTO erasing (tenant, user) VALUES (?, ?)').run(tenant, user);
      // the full-text index is an external-content table: each row is taken out with its own text
      const rows = db.prepare(`SELECT row, memory_id, text, terms FROM memories WHERE ${who}`).all(tenant, user) as {
        row: number;
        memory_id: string;
        text: string;
        terms: string;
      }[];
      const ftsDelete = db.prepare("INSERT INTO memories_fts (memories_fts, rowid, text, terms) VALUES ('delete', ?, ?, ?)");
      for (const r of rows) ftsDelete.run(r.row, r.text, r.terms);
      const ids = [...new Set(rows.map((r) => r.memory_id))];
      // acks carry no tenant: they go with the subject's memories and writes
      let acks = 0;
      const ackDelete = db.prepare('DELETE FROM acks WHERE user = ? AND memory_id = ?');
      for (const id of ids) acks += ackDelete.run(user, id).changes;
      const outboxIds = db.prepare(`SELECT write_id FROM outbox WHERE ${who}`).all(tenant, user) as { write_id: string }[];
      const deadIds = db.prepare(`SELECT write_id FROM dead_letters WHERE ${who}`).all(tenant, user) as { write_id: string }[];
      const ackById = db.prepare('DELETE FROM acks WHERE write_id = ?');
      for (const r of [...outboxIds, ...deadIds]) acks += ackById.run(r.write_id).changes;
      const prefix = `${tenant}\u0000${user}\u0000`;
      // the shares it gave or held go with it (their revocations first: each names its grant), and its team memberships
      db.prepare('DELETE FROM share_revocations WHERE grant_id IN (SELECT id FROM share_grants WHERE tenant = ? AND (owner_user = ? OR grantee_user = ?))').run(
        tenant,
        user,
        user,
      );
      const out = {
        // memories first: each points at its raw entry
        memories: db.prepare(`DELETE FROM memories WHERE ${who}`).run(tenant, user).changes,
        raw: db.prepare(`DELETE FROM raw_log WHERE ${who}`).run(tenant, user).changes,
        acks,
        outbox: db.prepare(`DELETE FROM outbox WHERE ${who}`).run(tenant, user).changes,
        deadLetters: db.prepare(`DELETE FROM dead_letters WHERE ${who}`).run(tenant, user).changes,
        state: db.prepare('DELETE FROM state WHERE substr(space, 1, ?) = ?').run(prefix.length, prefix).changes,
        sharedSpaces: db.prepare('DELETE FROM share_grants WHERE tenant = ? AND (owner_user = ? OR grantee_user = ?)').run(tenant, user, user).changes,
        teams: db.prepare('DELETE FROM team_members WHERE tenant = ? AND user = ?').run(tenant, user).changes,
      };
      db.prepare('DELETE FROM erasing WHERE tenant = ? AND user = ?').run(tenant, user);
      db.prepare('INSERT INTO erasures (subject, at, counts) VALUES (?, ?, ?)').run(subject, at, JSON.stringify(out));
      return out;
    });
    // merge the index's segments: a deleted row's terms leave the index, not only its doclist
    db.prepare("INSERT INTO memories_fts (memories_fts) VALUES ('optimize')").run();
    if (ondisk) db.pragma('wal_checkpoint(TRUNCATE)');
    return { subject, at, removed };
  } finally {
    db.pragma(`secure_delete = ${previous ? 'ON' : 'OFF'}`);
  }
}

/** The per-store secret that keys every de-identification mask (created on first open). */
export function storeSecret(db: EngineDb): Buffer {
  const row = db.prepare("SELECT value FROM engine_secrets WHERE name = 'deidentify'").get() as { value: Buffer } | undefined;
  if (row) return row.value;
  // INSERT OR IGNORE: two processes opening a new file at once agree on the first one's secret
  db.prepare("INSERT OR IGNORE INTO engine_secrets (name, value) VALUES ('deidentify', randomblob(32))").run();
  return (db.prepare("SELECT value FROM engine_secrets WHERE name = 'deidentify'").get() as { value: Buffer }).value;
}
