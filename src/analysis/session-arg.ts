import type { Db } from '../store/connection.js';
import { SessionReader } from '../store/session.js';
import { redactId } from '../findings/redact.js';
import { UsageError } from '../errors.js';

/** A session as `--redact` shows it ("‹id #1a2b3c4d›"), or its hash alone, or the first 6 characters of it. */
const HASHED = /^(?:‹id #)?([0-9a-f]{6,8})›?$/;

/**
 * The stored session a `--session` argument names: the id itself, or the session whose hash `--redact`
 * printed in its place (every output under --redact, and the TUI's Replay hint, show only the hash;
 * the hash's first 6 characters are enough), found by hashing the store's session ids a page at a time.
 * A log can name a session like another session's hash, so neither reading wins: when the argument
 * names more than one session (an id equal to it, sessions whose hash it is or starts), it is a usage
 * error listing them, and `=<id>` (the id exactly) or `hash:<hash>` (by hash only) says which.
 * An argument that names nothing is returned as given (the command says there is no such session).
 */
export function sessionArg(db: Db, given: string | undefined): string | undefined {
  if (given === undefined) return undefined;
  if (given.startsWith('=')) return given.slice(1);
  const byHashOnly = given.startsWith('hash:');
  const m = HASHED.exec((byHashOnly ? given.slice(5) : given).trim());
  if (!m) return given;
  const prefix = `‹id #${m[1]}`;
  let exact = false;
  const hashed: string[] = [];
  for (const id of new SessionReader(db).sessionIds()) {
    if (id === given && !byHashOnly) exact = true;
    else if (redactId(id).startsWith(prefix)) hashed.push(id);
  }
  if (hashed.length + (exact ? 1 : 0) <= 1) return hashed[0] ?? given;
  const names = [
    ...(exact ? [`the session whose id is exactly "${given}" (--session '=${given}')`] : []),
    ...hashed.map((id) => `the session --redact shows as ${redactId(id)} (--session 'hash:${redactId(id).slice(5, -1)}')`),
  ];
  throw new UsageError(`--session "${given}" names ${names.length} sessions: ${names.join('; ')}`);
}
