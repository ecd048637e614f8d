import { describe, expect, it } from 'vitest';
import { parseShard, parseShardBy, shardOf } from './shard.js';

describe('shards', () => {
  it('hashes a key to the same shard on every machine (SHA-256, first 48 bits, modulo N)', () => {
    // fixed values: a change of the hash would move every session of a running fleet to another shard
    expect([shardOf('s7', 8), shardOf('recall-incident-en', 8), shardOf('user:42', 8)]).toEqual([4, 1, 5]);
    expect([shardOf('s7', 1000), shardOf('recall-incident-en', 1000), shardOf('user:42', 1000)]).toEqual([740, 25, 477]);
    expect(shardOf('anything', 1)).toBe(0);
  });

  it('spreads keys evenly', () => {
    const n = 8;
    const counts = new Array(n).fill(0);
    for (let i = 0; i < 8000; i++) counts[shardOf(`session-${i}`, n)]++;
    for (const c of counts) expect(Math.abs(c - 1000)).toBeLessThan(150);
  });

  it('reads K/N, 0-based, and says what is wrong in one line', () => {
    expect(parseShard('--shard', '0/8')).toEqual({ k: 0, n: 8, by: 'session' });
    expect(parseShard('--shard', ' 7 / 8 ', 'user')).toEqual({ k: 7, n: 8, by: 'user' });
    expect(() => parseShard('--shard', '8/8')).toThrow('K counts from 0, so shard 8 of 8 does not exist (0 to 7)');
    expect(() => parseShard('--shard', '1-8')).toThrow('is not K/N');
    expect(() => parseShard('--shard', '0/0')).toThrow('N must be 1 to');
    expect(() => parseShardBy('--by', 'tenant')).toThrow('"tenant" is not one of session, user');
  });
});
