import { describe, expect, it } from 'vitest';
import type { Finding } from '../../findings/types.js';
import type { ReplayView } from '../views.js';
import { judge } from './judge.js';
import type { Cause, Detail } from './types.js';

const promise = (sentence: string, phrase: string) =>
  ({ cause: 'promised_not_written', turn: 2, detail: { turn: 2, phrase, sentence, lang: 'en' } }) as unknown as Finding & { cause: Cause; detail: Detail };
const view = (texts: string[]) =>
  ({
    scopeAt: () => ({ user: 'u' }),
    writtenAt: new Map([[2, texts.map((_, i) => ({ status: 'committed', memoryId: `m${i}` }))]]),
    engine: { versions: (_: unknown, id: string) => [{ text: texts[Number(id.slice(1))] }] },
  }) as unknown as ReplayView;

describe("lost-write's replay verdict on a promise without a write", () => {
  it('prevented when the reference engine wrote what the answer promised to keep', () => {
    const j = judge(promise("Got it, I'll remember that you're vegetarian.", "I'll remember"), view(['I am vegetarian.']));
    expect(j).toMatchObject({ verdict: 'prevented', how: expect.stringContaining('"I am vegetarian."') });
  });
  it('not prevented when the only write of the turn is about something else', () => {
    const j = judge(promise("Got it, I'll remember that you're vegetarian.", "I'll remember"), view(['My flight leaves on May 4.']));
    expect(j).toMatchObject({ verdict: 'not_prevented', how: expect.stringContaining('not what the answer promised') });
  });
  it('a promise in another script than the memory is not compared word by word', () => {
    const j = judge(promise("Got it, I'll remember that you're vegetarian.", "I'll remember"), view(['我吃素。']));
    expect(j.verdict).toBe('prevented');
  });
  it('a promise that names nothing ("I\'ll remember that!") is kept by any write of the turn', () => {
    const j = judge(promise("I'll remember that!", "I'll remember that"), view(['My flight leaves on May 4.']));
    expect(j.verdict).toBe('prevented');
  });
});
