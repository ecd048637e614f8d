/**
 * The built-in secret and personal-data patterns (documented in docs/redaction.md), masked in
 * every output whether or not --redact is on, and by the engine before anything is stored or
 * logged (src/engine/deidentify.ts). In the text layer so that both the findings and the engine
 * use one list.
 */
import crypto from 'node:crypto';

/**
 * Secrets and personal data that are masked in every output, whether or not --redact is on.
 * Each match becomes `[<kind> #<hash>]`: the same value gives the same mask, so findings can
 * still be correlated, and the value itself is never printed.
 */
const DETECTORS: { kind: string; re: RegExp; accept?: (m: string) => boolean }[] = [
  { kind: 'private-key', re: /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?(-----END [A-Z ]*PRIVATE KEY-----|$)/g },
  // every pattern starts where its run of characters starts (a lookbehind, not \b): a run without a
  // match is then scanned once, not once per word boundary inside it (`eyJ-eyJ-…` was quadratic)
  // (and its segments' minimum lengths checked after the match: a {8,} over a 10 MB run overflowed V8's backtrack stack)
  { kind: 'jwt', re: /(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+/g, accept: (m) => jwtShaped(m) },
  // OpenAI (sk-proj-…, sk-svcacct-…), Anthropic (sk-ant-api03-…), Stripe (sk_live_…, rk_live_…, pk_test_…): to their last character
  { kind: 'api-key', re: /\b(?:sk|pk|rk)[-_][A-Za-z0-9_-]{16,}/g },
  { kind: 'api-key', re: /\b(?:AKIA|ASIA|AGPA|AIDA|AROA|ANPA)[0-9A-Z]{16}(?![0-9A-Za-z])/g },
  { kind: 'api-key', re: /\b(?:ghp|gho|ghu|ghs|ghr|github_pat)_[A-Za-z0-9_]{20,}/g },
  { kind: 'api-key', re: /\bxox[abprs]-[A-Za-z0-9-]{10,}/g },
  { kind: 'api-key', re: /\bAIza[0-9A-Za-z_-]{35}\b/g },
  { kind: 'token', re: /\b[Bb]earer\s+[A-Za-z0-9._~+/-]{12,}=*/g },
  { kind: 'email', re: /(?<![A-Za-z0-9._%+-])[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}\b/g },
  { kind: 'phone', re: /(?<![\w+])\+\d{1,3}[\s-]?(?:\(?\d{1,4}\)?[\s-]?){2,4}\d{2,4}(?![\w])/g },
  { kind: 'phone', re: /(?<!\w)\(\d{3}\)\s?\d{3}-\d{4}(?!\w)|(?<![\w-])\d{3}-\d{3}-\d{4}(?![\w-])/g },
  { kind: 'phone', re: /(?<!\d)1[3-9]\d{9}(?!\d)/g },
];

/** eyJ + at least 8, then two segments of at least 8 (what the expression said before it was made linear). */
function jwtShaped(m: string): boolean {
  const [a, b, c] = m.split('.');
  return a.length >= 11 && b.length >= 8 && c.length >= 8;
}

/** A stable 8-hex-digit hash: the same value, the same mask. */
export function shortHash(s: string): string {
  return crypto.createHash('sha256').update(s).digest('hex').slice(0, 8);
}

/** Mask built-in secret and personal-data patterns (documented in docs/redaction.md). */
export function maskSecrets(text: string): string {
  let out = text;
  for (const d of DETECTORS) out = out.replace(d.re, (m) => (d.accept && !d.accept(m) ? m : `[${d.kind} #${shortHash(m)}]`));
  return out;
}
