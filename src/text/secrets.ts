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
  // a mainland mobile written in groups ("138 1234 5678", "138-1234-5678"), with or without +86
  { kind: 'phone', re: /(?<![\w+-])(?:\+?86[\s-]?)?1[3-9]\d[\s-]\d{4}[\s-]\d{4}(?![\w-])/g },
  // a landline with its trunk prefix: "010-62345678", "0755-2345678", "(021) 6234 5678"; "555.123.4567"
  { kind: 'phone', re: /(?<![\w-])0\d{2,3}-\d{7,8}(?![\w-])|(?<!\w)\(0\d{2,3}\)\s?\d{3,4}\s?\d{4}(?!\w)|(?<![\w.])\d{3}\.\d{3}\.\d{4}(?![\w.])/g },
  // a Chinese resident identity number: 6-digit region, birth date, 3-digit order, check digit or X
  {
    kind: 'id-number',
    re: /(?<![0-9A-Za-z])[1-9]\d{5}(?:18|19|20)\d{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12]\d|3[01])\d{3}[\dXx](?![0-9A-Za-z])/g,
  },
  // a US social security number (never area 000, 666 or 9xx, group 00 or serial 0000)
  { kind: 'ssn', re: /(?<![\w-])(?!000|666|9\d\d)\d{3}-(?!00)\d{2}-(?!0000)\d{4}(?![\w-])/g },
  // a payment card: an issuer's prefix, 13 to 19 digits (in groups or not), and a valid Luhn check
  {
    kind: 'card',
    re: /(?<![\w-])(?:4|5[1-5]|2[2-7]|3[47]|6(?:011|5|2)|35)\d{2}(?:[ -]?\d){9,15}(?![\w-])/g,
    accept: (m) => luhn(m.replace(/[ -]/g, '')),
  },
  // a passport number where the text says it is one ("passport no. E12345678", "护照号码：G12345678")
  {
    kind: 'passport',
    // the cheap look-ahead first: the keyword is looked for behind a number only
    re: /(?<![A-Za-z0-9])(?=[A-Z]{0,2}\d{6,9}(?![A-Za-z0-9]))(?<=(?:[Pp]assport|PASSPORT|[Pp]asaporte|[Pp]asseport|[Pp]assaporte|[Rr]eisepass|[Пп]аспорт|护照|護照|パスポート|여권)[^\n\d]{0,16})[A-Z]{0,2}\d{6,9}/g,
  },
];

/** The Luhn check of a payment card number (digits only). */
function luhn(digits: string): boolean {
  if (digits.length < 13 || digits.length > 19) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** eyJ + at least 8, then two segments of at least 8 (what the expression said before it was made linear). */
function jwtShaped(m: string): boolean {
  const [a, b, c] = m.split('.');
  return a.length >= 11 && b.length >= 8 && c.length >= 8;
}

/** A stable 8-hex-digit hash: the same value, the same mask. */
export function shortHash(s: string): string {
  return crypto.createHash('sha256').update(s).digest('hex').slice(0, 8);
}

/**
 * A stable 8-hex-digit mask keyed by a secret (HMAC-SHA256): without the key, the value cannot be
 * found again by hashing every phone number (an unkeyed 8-hex hash of a phone number is reversed
 * in well under a second).
 */
export function keyedHash(s: string, key: string | Buffer): string {
  return crypto.createHmac('sha256', key).update(s).digest('hex').slice(0, 8);
}

/**
 * Mask built-in secret and personal-data patterns (documented in docs/redaction.md). With `key`,
 * each mask is keyed (the engine's per-store secret); without, the plain hash of the findings'
 * outputs, where the same value must give the same mask in every run.
 */
export function maskSecrets(text: string, key?: string | Buffer): string {
  let out = text;
  const hash = key === undefined ? shortHash : (m: string) => keyedHash(m, key);
  for (const d of DETECTORS) out = out.replace(d.re, (m) => (d.accept && !d.accept(m) ? m : `[${d.kind} #${hash(m)}]`));
  return out;
}
