import { describe, expect, it } from 'vitest';
import type { Memory, PromptPlan } from '../engine/types.js';
import { pinnedThroughout } from './judging.js';
import type { ReplayView } from './views.js';

const mem = { id: 'm1', key: 'format:no-xml', text: 'Never use XML', type: 'constraint' } as Memory;
const plan = (text: string, tokens = 900) => ({ messages: [{ role: 'system', content: text }], tokens, contextLimit: 4096 }) as unknown as PromptPlan;
const view = (plans: PromptPlan[], pinned: Memory[]) =>
  ({
    plansAt: () => plans,
    scopeAt: () => ({}),
    engine: { pinned: () => pinned, memories: () => [] },
  }) as unknown as ReplayView;

describe('pinnedThroughout: the opening of a standing instruction’s replay judgement', () => {
  it('not prevented when the reference engine holds no memory for the key', () => {
    expect(pinnedThroughout(view([plan('Never use XML')], []), 3, 'format:no-xml')).toMatchObject({
      verdict: 'not_prevented',
      how: expect.stringContaining('"format:no-xml"'),
    });
  });
  it('not judged when the log has no request at the turn', () => {
    expect(pinnedThroughout(view([], [mem]), 3, 'format:no-xml')).toMatchObject({ verdict: 'not_judged', how: expect.stringContaining('turn 3') });
  });
  it('not prevented when one reference prompt at the turn does not carry it', () => {
    expect(pinnedThroughout(view([plan('never use xml.'), plan('something else')], [mem]), 3, 'format:no-xml')).toMatchObject({ verdict: 'not_prevented' });
  });
  it('not prevented when a reference prompt that carries it is over its window (4,193 tokens in 4,096)', () => {
    expect(pinnedThroughout(view([plan('Never use XML', 4193)], [mem]), 3, 'format:no-xml')).toMatchObject({
      verdict: 'not_prevented',
      how: expect.stringContaining('4,193 tokens in a 4,096-token window'),
    });
  });
  it('hands back the memory, the last prompt and the words for the turn when every prompt carries it', () => {
    const last = plan('Rules: NEVER use XML');
    expect(pinnedThroughout(view([plan('never use xml'), last], [mem]), null, 'format:no-xml')).toEqual({ mem, last, at: 'that point' });
  });
});
