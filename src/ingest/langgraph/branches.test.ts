import { describe, expect, it } from 'vitest';
import { type Node, sharedVersions } from './branches.js';

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
