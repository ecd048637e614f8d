/**
 * The engine's own SQLite database (not the evidence store): numbered migrations, the schema
 * version in PRAGMA user_version, STRICT tables. The raw log and memories are protected by
 * triggers: the raw log is append-only, memories are never deleted and only their
 * supersession columns may change.
 */
import { describeSqliteError, enableWal, loadDriver, type Db } from '../db/sqlite.js';
import { latestVersion, migrate, type Migration } from '../db/migrate.js';
import { EngineError } from './types.js';

export type EngineDb = Db;

const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'initial',
    up: `
CREATE TABLE raw_log (
  id INTEGER PRIMARY KEY,
  ts INTEGER NOT NULL,
  user TEXT NOT NULL,
  agent TEXT,
  tenant TEXT,
  session TEXT NOT NULL,
  turn INTEGER,
  role TEXT NOT NULL,
  name TEXT,
  call_id TEXT,
  tool_calls TEXT,
  content TEXT NOT NULL
) STRICT;
CREATE INDEX raw_log_scope ON raw_log (user, session, id);
CREATE TRIGGER raw_log_no_update BEFORE UPDATE ON raw_log BEGIN SELECT RAISE(ABORT, 'raw log is append-only'); END;
CREATE TRIGGER raw_log_no_delete BEFORE DELETE ON raw_log BEGIN SELECT RAISE(ABORT, 'raw log is append-only'); END;

CREATE TABLE memories (
  row INTEGER PRIMARY KEY,
  memory_id TEXT NOT NULL,
  version INTEGER NOT NULL,
  user TEXT NOT NULL,
  agent TEXT,
  tenant TEXT,
  type TEXT NOT NULL,
  slot TEXT,
  key TEXT,
  text TEXT NOT NULL,
  terms TEXT NOT NULL,
  source TEXT NOT NULL,
  temporary INTEGER NOT NULL DEFAULT 0,
  raw_id INTEGER REFERENCES raw_log (id),
  write_id TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  superseded_at INTEGER,
  superseded_by_raw INTEGER,
  superseded_by_version INTEGER,
  embedding BLOB,
  UNIQUE (memory_id, version)
) STRICT;
CREATE INDEX memories_scope ON memories (user, type) WHERE superseded_at IS NULL;
CREATE INDEX memories_slot ON memories (user, slot) WHERE superseded_at IS NULL;
CREATE TRIGGER memories_no_delete BEFORE DELETE ON memories BEGIN SELECT RAISE(ABORT, 'memories are never deleted, only superseded'); END;
CREATE TRIGGER memories_frozen BEFORE UPDATE OF memory_id, version, user, agent, tenant, type, slot, key, text, terms, source, raw_id, write_id, created_at ON memories
BEGIN SELECT RAISE(ABORT, 'a memory version is immutable; write a new version'); END;

CREATE VIRTUAL TABLE memories_fts USING fts5 (text, terms, content = 'memories', content_rowid = 'row', tokenize = 'trigram');
CREATE TRIGGER memories_fts_insert AFTER INSERT ON memories BEGIN
  INSERT INTO memories_fts (rowid, text, terms) VALUES (new.row, new.text, new.terms);
END;

-- every acknowledged write (the ledger the start-up integrity check reads)
CREATE TABLE acks (
  write_id TEXT PRIMARY KEY,
  memory_id TEXT NOT NULL,
  version INTEGER NOT NULL,
  user TEXT NOT NULL,
  critical INTEGER NOT NULL,
  acked_at INTEGER NOT NULL
) STRICT;

-- the durable write queue (outbox): an acknowledged async write survives a restart here
CREATE TABLE outbox (
  write_id TEXT PRIMARY KEY,
  memory_id TEXT NOT NULL,
  version INTEGER NOT NULL,
  user TEXT NOT NULL,
  payload TEXT NOT NULL,
  attempts INTEGER NOT NULL DEFAULT 0,
  enqueued_at INTEGER NOT NULL
) STRICT;

CREATE TABLE dead_letters (
  write_id TEXT PRIMARY KEY,
  memory_id TEXT NOT NULL,
  user TEXT NOT NULL,
  payload TEXT NOT NULL,
  error TEXT NOT NULL,
  attempts INTEGER NOT NULL,
  at INTEGER NOT NULL
) STRICT;

CREATE TABLE state (
  user TEXT NOT NULL,
  key TEXT NOT NULL,
  value TEXT,
  version INTEGER NOT NULL,
  owner TEXT,
  updated_by TEXT,
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (user, key)
) STRICT;

CREATE TABLE counters (name TEXT PRIMARY KEY, value INTEGER NOT NULL) STRICT;
`,
  },
  {
    // scope on every layer: shared state, the queue and dead letters carry tenant and agent;
    // a memory superseded by a conflict names the memory that won; spaces are shared only by declaration
    version: 2,
    name: 'scoped-spaces',
    up: `
ALTER TABLE memories ADD COLUMN superseded_by TEXT;
ALTER TABLE outbox ADD COLUMN tenant TEXT;
ALTER TABLE outbox ADD COLUMN agent TEXT;
ALTER TABLE dead_letters ADD COLUMN tenant TEXT;
ALTER TABLE dead_letters ADD COLUMN agent TEXT;
CREATE INDEX raw_log_session ON raw_log (session, user, id);

CREATE TABLE state_v2 (
  space TEXT NOT NULL,
  key TEXT NOT NULL,
  value TEXT,
  version INTEGER NOT NULL,
  owner TEXT,
  updated_by TEXT,
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (space, key)
) STRICT;
INSERT INTO state_v2 SELECT '' || char(0) || user || char(0) || '', key, value, version, owner, updated_by, updated_at FROM state;
DROP TABLE state;
ALTER TABLE state_v2 RENAME TO state;

-- a space (tenant, user, agent; '' for none) that every agent of the user may read, by declaration
CREATE TABLE shared_spaces (
  tenant TEXT NOT NULL,
  user TEXT NOT NULL,
  agent TEXT NOT NULL,
  declared_at INTEGER NOT NULL,
  PRIMARY KEY (tenant, user, agent)
) STRICT;
`,
  },
  {
    // de-identification keyed by a per-store secret, and erasure (the right to be forgotten): the
    // append-only triggers let a subject's rows go only while the erase transaction lists it in `erasing`
    version: 3,
    name: 'keyed-masks-and-erasure',
    up: `
CREATE TABLE engine_secrets (name TEXT PRIMARY KEY, value BLOB NOT NULL) STRICT;
CREATE TABLE erasing (tenant TEXT NOT NULL, user TEXT NOT NULL, PRIMARY KEY (tenant, user)) STRICT;
CREATE TABLE erasures (id INTEGER PRIMARY KEY, subject TEXT NOT NULL, at INTEGER NOT NULL, counts TEXT NOT NULL) STRICT;
DROP TRIGGER raw_log_no_delete;
CREATE TRIGGER raw_log_no_delete BEFORE DELETE ON raw_log
WHEN NOT EXISTS (SELECT 1 FROM erasing WHERE tenant = coalesce(OLD.tenant, '') AND user = OLD.user)
BEGIN SELECT RAISE(ABORT, 'raw log is append-only'); END;
DROP TRIGGER memories_no_delete;
CREATE TRIGGER memories_no_delete BEFORE DELETE ON memories
WHEN NOT EXISTS (SELECT 1 FROM erasing WHERE tenant = coalesce(OLD.tenant, '') AND user = OLD.user)
BEGIN SELECT RAISE(ABORT, 'memories are never deleted, only superseded'); END;
`,
  },
  {
    // scoped sharing and team spaces: a memory may be private (never shared) and tagged; a space is
    // shared by a grant that names its reader and what it shows (types, tags), revoked by a
    // revocation row (grants and revocations are append-only); a team's members are a ledger of
    // joins and leaves, and a team memory keeps its author (user, agent) as provenance. The
    // whole-space declarations of migration 2 become grants to every agent of their user.
    version: 4,
    name: 'scoped-sharing-and-teams',
    up: `
ALTER TABLE memories ADD COLUMN private INTEGER NOT NULL DEFAULT 0;
ALTER TABLE memories ADD COLUMN tags TEXT NOT NULL DEFAULT ' ';
ALTER TABLE memories ADD COLUMN team TEXT;
CREATE INDEX memories_team ON memories (team, tenant) WHERE team IS NOT NULL;
DROP TRIGGER memories_frozen;
CREATE TRIGGER memories_frozen BEFORE UPDATE OF memory_id, version, user, agent, tenant, type, slot, key, text, terms, source, raw_id, write_id, created_at, private, tags, team ON memories
BEGIN SELECT RAISE(ABORT, 'a memory version is immutable; write a new version'); END;

CREATE TABLE share_grants (
  id INTEGER PRIMARY KEY,
  tenant TEXT NOT NULL,
  owner_user TEXT NOT NULL,
  owner_agent TEXT NOT NULL,
  grantee_user TEXT NOT NULL,
  grantee_agent TEXT,
  types TEXT,
  tags TEXT,
  granted_at INTEGER NOT NULL
) STRICT;
CREATE INDEX share_grants_grantee ON share_grants (grantee_user, tenant);
CREATE TABLE share_revocations (
  grant_id INTEGER PRIMARY KEY REFERENCES share_grants (id),
  revoked_at INTEGER NOT NULL
) STRICT;
INSERT INTO share_grants (tenant, owner_user, owner_agent, grantee_user, grantee_agent, types, tags, granted_at)
  SELECT tenant, user, agent, user, NULL, NULL, NULL, declared_at FROM shared_spaces ORDER BY declared_at, rowid;
DROP TABLE shared_spaces;

CREATE TABLE team_members (
  id INTEGER PRIMARY KEY,
  tenant TEXT NOT NULL,
  team TEXT NOT NULL,
  user TEXT NOT NULL,
  joined INTEGER NOT NULL,
  at INTEGER NOT NULL
) STRICT;
CREATE INDEX team_members_team ON team_members (team, tenant, user, id);

CREATE TRIGGER share_grants_no_update BEFORE UPDATE ON share_grants BEGIN SELECT RAISE(ABORT, 'a share grant is append-only: revoke it'); END;
CREATE TRIGGER share_grants_no_delete BEFORE DELETE ON share_grants
WHEN NOT EXISTS (SELECT 1 FROM erasing WHERE tenant = OLD.tenant AND user IN (OLD.owner_user, OLD.grantee_user))
BEGIN SELECT RAISE(ABORT, 'a share grant is append-only: revoke it'); END;
CREATE TRIGGER share_revocations_no_update BEFORE UPDATE ON share_revocations BEGIN SELECT RAISE(ABORT, 'a revocation is append-only'); END;
CREATE TRIGGER share_revocations_no_delete BEFORE DELETE ON share_revocations
WHEN NOT EXISTS (SELECT 1 FROM erasing e JOIN share_grants g ON g.id = OLD.grant_id WHERE e.tenant = g.tenant AND e.user IN (g.owner_user, g.grantee_user))
BEGIN SELECT RAISE(ABORT, 'a revocation is append-only'); END;
CREATE TRIGGER team_members_no_update BEFORE UPDATE ON team_members BEGIN SELECT RAISE(ABORT, 'team membership is append-only: record a leave'); END;
CREATE TRIGGER team_members_no_delete BEFORE DELETE ON team_members
WHEN NOT EXISTS (SELECT 1 FROM erasing WHERE tenant = OLD.tenant AND user = OLD.user)
BEGIN SELECT RAISE(ABORT, 'team membership is append-only: record a leave'); END;
`,
  },
];

export const ENGINE_SCHEMA_VERSION = latestVersion(MIGRATIONS);

/** true when this SQLite build has FTS5 with the trigram tokenizer (3.34+). */
export function hasTrigram(db: EngineDb): boolean {
  try {
    db.exec("CREATE VIRTUAL TABLE temp.__trigram_probe USING fts5 (x, tokenize = 'trigram'); DROP TABLE temp.__trigram_probe;");
    return true;
  } catch {
    return false;
  }
}

/**
 * Open (create, migrate) the engine database. ':memory:' by default. Several processes may open a
 * new file at once: they wait for each other's lock (busy_timeout) and the shared runner
 * (src/db/migrate.ts) migrates it once.
 */
export function openEngineDb(file = ':memory:'): EngineDb {
  const Database = loadDriver((m) => new EngineError(m));
  let db: EngineDb;
  try {
    db = new Database(file);
  } catch (err) {
    throw new EngineError(`cannot open the engine database ${file}: ${describeSqliteError(err)}`);
  }
  try {
    db.pragma('busy_timeout = 60000');
    if (!hasTrigram(db)) throw new EngineError('this SQLite build has no FTS5 trigram tokenizer (SQLite 3.34 or newer is needed)');
    if (file !== ':memory:') enableWal(db);
    db.pragma('foreign_keys = ON');
    // durability is the point of this store: a committed write survives a crash
    db.pragma('synchronous = FULL');
    migrate(db, MIGRATIONS, (current, latest) => {
      throw new EngineError(`${file} was written by a newer engine (schema ${current}, this one reads up to ${latest})`);
    });
  } catch (err) {
    db.close();
    if (err instanceof EngineError) throw err;
    throw new EngineError(`cannot open the engine database ${file}: ${describeSqliteError(err)}`);
  }
  return db;
}
