/**
 * De-identification before anything leaves the engine: keys, tokens, emails and phone numbers are
 * replaced by `[<kind> #<hash>]` (the same value, the same mask) in memory texts before they are
 * stored and in every event before it is logged or written out. One home for the patterns:
 * src/text/secrets.ts (documented in docs/redaction.md), shared with the findings' redaction.
 */
import { maskSecrets } from '../text/secrets.js';

export { maskSecrets as deidentify };

/** Every string of a JSON value, de-identified (keys and structure kept). */
export function deidentifyValue<T>(v: T): T {
  if (typeof v === 'string') return maskSecrets(v) as T;
  if (Array.isArray(v)) return v.map((x) => deidentifyValue(x)) as T;
  if (v && typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) out[k] = deidentifyValue(x);
    return out as T;
  }
  return v;
}
