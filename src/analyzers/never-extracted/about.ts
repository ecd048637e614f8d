/** Whether a memory's text is about a durable statement (never-extracted's link from a statement to a write). */
import { detectPreferences } from '../../text/index.js';
import type { DurableStatement } from '../../text/durable.js';
import { factsOf } from '../../text/facts.js';
import { coverage, tokenSet } from '../../text/relevance.js';

const CJK = /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/;

/**
 * Is a written text about the statement? The same preference topic (read from the memory's words,
 * in any language), a share of the statement's terms, a number or name of it; a text in another
 * script than the statement cannot be compared word by word, and counts when it was written near it.
 */
export function about(s: DurableStatement, text: string, near: boolean): boolean {
  if (s.topic !== null && detectPreferences(text, 'memory').some((p) => p.topic === s.topic)) return true;
  if (CJK.test(s.what) !== CJK.test(text)) return near;
  const said = tokenSet(s.what);
  const written = tokenSet(text);
  if (coverage(said, written) >= 0.3 || coverage(written, said) >= 0.5) return true;
  const facts = factsOf(s.what).filter((f) => f.kind === 'number' || f.kind === 'name');
  const held = new Set(factsOf(text).map((f) => `${f.kind}:${f.key}`));
  return facts.some((f) => held.has(`${f.kind}:${f.key}`));
}
