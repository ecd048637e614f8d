import type { Db } from '../store/connection.js';
import { SessionReader } from '../store/session.js';
import { redactId } from '../findings/redact.js';

/** A session as `--redact` shows it ("‹id #1a2b3c4d›"), or its hash alone. */
const HASHED = /^(?:‹id #)?([0-9a-f]{6,16})›?$/;

/**
 * The stored session a `--session` argument names: the id itself, or the hash `--redact` printed
 * in its place (every output under --redact, and the TUI's Replay hint, show only the hash), found
 * by hashing the store's session ids a page at a time. Anything else is returned as given.
 */
export function sessionArg(db: Db, given: string | undefined): string | undefined {
  if (given === undefined) return undefined;
  const m = HASHED.exec(given.trim());
  if (!m) return given;
  const wanted = `‹id #${m[1]}›`;
  let hashed: string | undefined;
  for (const id of new SessionReader(db).sessionIds()) {
    if (id === given) return given;
    if (hashed === undefined && redactId(id) === wanted) hashed = id;
  }
  return hashed ?? given;
}
