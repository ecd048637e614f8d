import crypto from 'node:crypto';
import { UsageError } from '../errors.js';

/**
 * Shards of a store (docs/scale.md): a session belongs to shard `k` of `n` by a hash of its key,
 * the same on every run and machine. The key is the session id, or with `by: 'user'` the user the
 * session's data belongs to (its first `scope.user`), so that one user's sessions, and the memory
 * they share, are analysed together.
 */
export interface Shard {
  /** 0-based: 0 .. n-1 */
  k: number;
  n: number;
  by: ShardBy;
}

export const SHARD_BYS = ['session', 'user'] as const;
export type ShardBy = (typeof SHARD_BYS)[number];

/** The most shards a run may be cut into. */
export const MAX_SHARDS = 4096;

/** `K/N` as a flag gives it (0-based K, as Kubernetes' JOB_COMPLETION_INDEX and GNU parallel's {%}-1). */
export function parseShard(flag: string, value: string, by: ShardBy = 'session'): Shard {
  const m = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(value);
  if (!m) throw new UsageError(`${flag}: "${value}" is not K/N (shard K of N, K from 0 to N-1, e.g. 0/8)`);
  const k = Number(m[1]);
  const n = Number(m[2]);
  if (n < 1 || n > MAX_SHARDS) throw new UsageError(`${flag}: N must be 1 to ${MAX_SHARDS}, not ${n}`);
  if (k >= n) throw new UsageError(`${flag}: K counts from 0, so shard ${k} of ${n} does not exist (0 to ${n - 1})`);
  return { k, n, by };
}

export function parseShardBy(flag: string, value: string | undefined): ShardBy {
  if (value === undefined) return 'session';
  if ((SHARD_BYS as readonly string[]).includes(value)) return value as ShardBy;
  throw new UsageError(`${flag}: "${value}" is not one of ${SHARD_BYS.join(', ')}`);
}

/** The shard (0 .. n-1) of a key: the first 48 bits of its SHA-256, modulo n. */
export function shardOf(key: string, n: number): number {
  if (n === 1) return 0;
  const h = crypto.createHash('sha256').update(key).digest();
  return h.readUIntBE(0, 6) % n;
}

export function shardLabel(s: Shard): string {
  return `${s.k}/${s.n}${s.by === 'user' ? ' by user' : ''}`;
}
