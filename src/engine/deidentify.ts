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
  return (text) => maskSecrets(text, key);
}

/** De-identify one text (with the store's key when given). */
export function deidentify(text: string, key?: string | Buffer): string {
  return maskSecrets(text, key);
}

/** Every string of a JSON value, de-identified (keys and structure kept). */
export function deidentifyValue<T>(v: T, mask: Deidentify = deidentifier()): T {
  if (typeof v === 'string') return mask(v) as T;
  if (Array.isArray(v)) return v.map((x) => deidentifyValue(x, mask)) as T;
  if (v && typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) out[k] = deidentifyValue(x, mask);
    return out as T;
  }
  return v;
}
