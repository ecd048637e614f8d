/**
 * Filler turns: unrelated everyday questions that make a conversation long, so a check can ask
 * whether something said at its start survives a full window. Seeded: the same check gets the same
 * filler on every run.
 */
import { Rng } from '../chaos/rng.js';

const TOPICS = [
  'keeping basil alive on a windowsill through the winter',
  'the difference between a latte and a flat white',
  'how long to rest bread dough before shaping it',
  'choosing running shoes for someone who runs on gravel paths',
  'what makes a good first houseplant for a dark flat',
  'how tides are related to the moon',
  'ways to remember names at a conference',
  'why cast iron pans need seasoning',
  'how to plan a weekend walk in the hills with children',
  'what a sourdough starter is and how it is fed',
  'how to fold a fitted sheet neatly',
  'good habits for a tidy desk',
  'how bees find their way back to the hive',
  'what to pack for a rainy city break',
  'how to keep cut flowers fresh longer',
  'why leaves change colour in autumn',
  'the rules of a simple card game for four people',
  'how to start journaling and keep at it',
  'tips for sleeping well on a long train journey',
  'how a bicycle gear system works',
];

const FRAMES = [
  'Unrelated question while I think: could you tell me about {t}? I have been curious about it for a while, and a friend mentioned it over dinner last week, so a short practical explanation would be lovely.',
  'Switching topics for a moment. What should I know about {t}? Please keep it practical; I read a couple of articles that disagreed with each other and I would like a plain summary.',
  'Random one: {t}. My neighbour and I were arguing about it this morning and neither of us could settle it, so I would like to hear how you would explain it.',
];

/** `n` filler user messages for a check (seeded by its id). */
export function fillerMessages(checkId: string, n: number): string[] {
  let seed = 0;
  for (const ch of checkId) seed = (Math.imul(seed, 31) + ch.charCodeAt(0)) >>> 0;
  const rng = new Rng(seed);
  return Array.from({ length: n }, () => rng.pick(FRAMES).replace('{t}', rng.pick(TOPICS)));
}
