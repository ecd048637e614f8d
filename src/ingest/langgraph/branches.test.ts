import { describe, expect, it } from 'vitest';
import { type Node, sharedVersions, strayBlobs } from './branches.js';

const node = (id: string, parent: string | null, notes: number): Node => ({ id, parent, versions: { notes } });

describe('sharedVersions: a Postgres blob another branch may own', () => {
  // p (notes 2) has two children at notes 3: the run's loop step and a human edit beside it; the loop goes on to 4
  const cps = [node('p', null, 2), node('loop', 'p', 3), node('edit', 'p', 3), node('next', 'loop', 4), node('same', 'next', 4)];
  const shared = sharedVersions(cps, new Map(cps.map((c) => [c.id, c])));

  it('siblings that both reached version 3 share its row', () => {
    expect(shared(cps[1], 'notes')).toBe(true);
    expect(shared(cps[2], 'notes')).toBe(true);
  });

  it('a version only one branch has, or that a checkpoint and its descendant both carry unchanged, is its own', () => {
    expect(shared(cps[0], 'notes')).toBe(false);
    expect(shared(cps[3], 'notes')).toBe(false);
    expect(shared(cps[4], 'notes')).toBe(false);
    expect(shared(cps[0], 'other')).toBe(false);
  });
});

describe('strayBlobs: checkpoints whose stored value another branch saved first', () => {
  const at = (id: string, parent: string | null, notes: number, inline = false) => ({ ...node(id, parent, notes), values: inline ? { notes: [] } : {} });
  // ids are time-ordered: the edit (b) was saved before the loop step (c) that reached the same version
  const cps = [at('a', null, 2), at('b', 'a', 3), at('c', 'a', 3), at('d', 'c', 3), at('e', 'd', 4)];
  const byId = new Map(cps.map((c) => [c.id, c]));
  const state = (ch: string) => !ch.startsWith('__');

  it('the later sibling points at the earlier one; its descendant that carries the version unchanged is not counted again', () => {
    expect(strayBlobs(cps, byId, state)).toEqual([{ cp: 'c', channel: 'notes', version: '3', owner: 'b' }]);
  });

  it('a value held inline (SQLite, or a primitive) is its own; one branch alone shares nothing', () => {
    const inline = cps.map((c) => (c.id === 'c' ? at('c', 'a', 3, true) : c));
    expect(strayBlobs(inline, new Map(inline.map((c) => [c.id, c])), state)).toEqual([]);
    const line = [cps[0], cps[2], cps[3], cps[4]];
    expect(strayBlobs(line, new Map(line.map((c) => [c.id, c])), state)).toEqual([]);
  });
});
