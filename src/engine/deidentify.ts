/**
 * De-identification before anything leaves the engine: keys, tokens, emails, phone numbers,
 * identity, social security, passport and card numbers are replaced by `[<kind> #<hash>]` (the
 * same value, the same mask) in memory texts before they are stored and in every event before it
 * is logged or written out. The hash is keyed by the store's secret (`engine_secrets`, made on
 * first open; `EngineOptions.deidentifyKey` to bring your own), so a mask cannot be reversed by
 * hashing every phone number. One home for the patterns: src/text/secrets.ts (documented in
 * docs/redaction.md), shared with the findings' redaction.
 */
import { maskSecrets } from '../text/secrets.js';

export type Deidentify = (text: string) => string;

/** The masking function of one store (its key); without a key, the findings' plain hash. */
export function deidentifier(key?: string | Buffer): Deidentify {
  // the same texts come back on every turn (a prompt repeats the history): each is masked once
  const masked = new Map<string, string>();
  let held = 0;
  return (text) => {
    let out = masked.get(text);
    if (out === undefined) {
      out = maskSecrets(text, key);
      if (held + text.length > MASK_CACHE_CHARS) {
        masked.clear();
        held = 0;
      }
      masked.set(text, out);
      held += text.length;
    }
    return out;
  };
}

/** Characters of text whose mask a deidentifier remembers (then it starts again): many prompts' worth, a bounded memory. */
const MASK_CACHE_CHARS = 16_000_000;

/** De-identify one text (with the store's key when given). */
export function deidentify(text: string, key?: string | Buffer): string {
  return maskSecrets(text, key);
}

/** Every string of a JSON value, de-identified (keys and structure kept). */
export function deidentifyValue<T>(v: T, mask: Deidentify = deidentifier(), memo?: WeakMap<object, unknown>): T {
  if (typeof v === 'string') return mask(v) as T;
  if (!v || typeof v !== 'object') return v;
  // `memo`: objects that do not change once made (the history's messages, repeated by every prompt)
  const known = memo?.get(v);
  if (known !== undefined) return known as T;
  let out: unknown;
  if (Array.isArray(v)) out = v.map((x) => deidentifyValue(x, mask, memo));
  else {
    const o: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) o[k] = deidentifyValue(x, mask, memo);
    out = o;
  }
  memo?.set(v, out);
  return out as T;
}
