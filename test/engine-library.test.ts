/**
 * The engine as a library (issue 34): async hooks an agent developer plugs in (a hosted embedding
 * model, an LLM extractor), through the package's `engine` entry as its source.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { type ChatMessage, EngineError, type Extracted, openEngine, type EngineOptions, type MemoryEngine } from '../src/engine/index.js';

const U = { user: 'u-1', agent: 'helper' };
const open: MemoryEngine[] = [];
function engine(opts: EngineOptions = {}): MemoryEngine {
  const e = openEngine({ keepEvents: true, session: 'lib', ...opts });
  open.push(e);
  return e;
}
afterEach(() => {
  for (const e of open.splice(0)) e.close();
});

/** A "semantic" embedder that answers later: words of one meaning share a dimension. */
const MEANINGS: Record<string, number> = { car: 0, automobile: 0, vehicle: 0, drive: 0, sedan: 0, coffee: 1, espresso: 1, drink: 1 };
const embedAsync =
  (calls: string[]) =>
  async (text: string): Promise<number[]> => {
    calls.push(text);
    await new Promise((r) => setTimeout(r, 2));
    const v = [0, 0, 0.01];
    for (const w of text.toLowerCase().match(/\p{L}+/gu) ?? []) if (w in MEANINGS) v[MEANINGS[w]] += 1;
    return v;
  };

describe('an async embedder', () => {
  it('gives vectors: a memory that shares no word with the question is recalled by meaning', async () => {
    const calls: string[] = [];
    const e = engine({ embed: embedAsync(calls) });
    await e.userMessageAsync(U, 'Remember that I own a red automobile from 2012.', { turn: 0 });
    e.drain();
    await e.settle();
    const hits = await e.searchAsync(U, 'Which vehicle is mine?');
    expect(hits.map((h) => h.memory.text)).toContain('I own a red automobile from 2012.');
    expect(calls).toContain('Which vehicle is mine?');
    const plan = await e.buildPromptAsync(U, { user: 'Which vehicle is mine?' });
    expect(plan.retrieved.filter((h) => h.injected).map((h) => h.memory.text)).toContain('I own a red automobile from 2012.');
  });

  it('a vector that arrives late is stored with its memory (the synchronous methods went lexical meanwhile)', async () => {
    const e = engine({ embed: embedAsync([]) });
    e.remember(U, { type: 'fact', text: 'The user drives a sedan.', source: 'user', critical: true });
    expect((e.db.prepare('SELECT count(*) AS n FROM memories WHERE embedding IS NOT NULL').get() as { n: number }).n).toBe(0);
    await e.settle();
    expect((e.db.prepare('SELECT count(*) AS n FROM memories WHERE embedding IS NOT NULL').get() as { n: number }).n).toBe(1);
    expect((await e.searchAsync(U, 'my car')).map((h) => h.memory.text)).toEqual(['The user drives a sedan.']);
  });

  it('an embedder that fails leaves the text lexical and says why; nothing throws', async () => {
    const e = engine({
      embed: async () => {
        throw new Error('503 from the embedding endpoint');
      },
    });
    await e.userMessageAsync(U, 'My espresso machine is a Gaggia Classic.', { turn: 0 });
    e.drain();
    expect((await e.searchAsync(U, 'Gaggia espresso')).map((h) => h.memory.text)).toEqual(['My espresso machine is a Gaggia Classic.']);
    expect(e.embeddingErrors.join('\n')).toContain('503 from the embedding endpoint');
  });
});

describe('an async extractor (an LLM)', () => {
  const llm = async (text: string): Promise<Extracted[]> => {
    await new Promise((r) => setTimeout(r, 2));
    return /allerg/i.test(text) ? [{ type: 'fact', text: 'The user is allergic to shellfish.', slot: null, key: null, temporary: false }] : [];
  };

  it('writes what it returns, and only that', async () => {
    const e = engine({ extract: llm });
    const t = await e.userMessageAsync(U, 'Heads up: shellfish makes me break out in hives, allergy since childhood.', { turn: 0 });
    expect(t.writes).toHaveLength(1);
    e.drain();
    expect(e.memories(U).map((m) => m.text)).toEqual(['The user is allergic to shellfish.']);
    await e.userMessageAsync(U, 'Never use XML in your answers.', { turn: 1 });
    e.drain();
    expect(e.memories(U)).toHaveLength(1);
  });

  it('the synchronous userMessage refuses it with a clear error instead of writing nothing', () => {
    const e = engine({ extract: llm });
    expect(() => e.userMessage(U, 'I am allergic to shellfish.')).toThrow(EngineError);
    expect(() => e.userMessage(U, 'I am allergic to shellfish.')).toThrow(/userMessageAsync/);
    expect(e.rawLog(U)).toEqual([]);
  });
});

describe('exported types', () => {
  it('plan.messages is the exported ChatMessage type, ready to send to a chat API', () => {
    const e = engine();
    e.userMessage(U, 'Never use XML in your answers.', { turn: 0 });
    const messages: ChatMessage[] = e.buildPrompt(U, { system: 'You are Ada.' }).messages;
    expect(messages[0]).toMatchObject({ role: 'system', content: 'You are Ada.' });
    expect(messages.some((m) => m.role === 'system' && String(m.content).includes('Never use XML'))).toBe(true);
  });
});
