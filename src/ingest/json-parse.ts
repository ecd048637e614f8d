import { MAX_DEPTH } from '../events/validate.js';

/**
 * The one place a reader turns log text into a JSON value. Two limits hold for every reader that
 * parses through here (JSON Lines, streamed documents, multipart bodies):
 * - a value nested deeper than MAX_DEPTH is refused before anything walks it recursively (JSON.parse
 *   itself is iterative, but attribute maps, converters and JSON.stringify are not: an OTLP span
 *   nested 6,000 deep, 12 KB of text, overflowed the stack and stopped the whole run);
 * - the reason never quotes the input (V8 quotes the start of the line and the offending character:
 *   reports and `--redact` runs print reasons, the line itself stays in the store).
 */
export type ParsedJson = { ok: true; value: unknown } | { ok: false; reason: string };

export function parseJson(text: string): ParsedJson {
  if (jsonTextDeeperThan(text, MAX_DEPTH)) return { ok: false, reason: `nested deeper than ${MAX_DEPTH} levels` };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (err) {
    return { ok: false, reason: jsonErrorReason(err) };
  }
}

/**
 * V8's reason for a JSON.parse failure without any of the input in it: `Unexpected token 'b', "{"api_k"...
 * is not valid JSON` becomes `Unexpected character`; reasons that name only JSON's own syntax and a
 * position (`Expected ',' or '}' after property value in JSON at position 20`) are kept.
 */
export function jsonErrorReason(err: unknown): string {
  let m = (err instanceof Error ? err.message : 'parse error').split('\n')[0];
  m = m.replace(/, ".*" is not valid JSON$/s, '').replace(/^".*" is not valid JSON$/s, 'Unexpected input');
  // V8 11+: Unexpected token 'x'; Node 18 and older: Unexpected token x in JSON at position 3
  m = m.replace(/^Unexpected token .+? in JSON at/s, 'Unexpected character in JSON at').replace(/^Unexpected token '.*'$/s, 'Unexpected character');
  // anything else that still has room for input text (a quote, a character of the line): only the kind of error is kept
  const shape = m.replace(/'[,:}\]]'/g, '');
  if (m.length > 200 || !/^[A-Za-z ]+(?: in JSON at position \d+(?: \(line \d+ column \d+\))?)?$/.test(shape)) return 'not valid JSON';
  return m;
}

/**
 * True when the JSON text nests arrays and objects deeper than `limit` (brackets inside strings do not
 * count). One pass over the characters, no allocation: cheap enough to run on every line. Text too
 * short to nest that deep is not scanned.
 */
export function jsonTextDeeperThan(text: string, limit: number): boolean {
  if (text.length <= 2 * limit || openersAtMost(text, limit)) return false;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > limit) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/**
 * True when the text holds at most `limit` opening brackets, in strings or not: then it cannot nest
 * deeper. Found by indexOf (native, fast on the long runs of prose and code in tool output) before
 * the character walk above, which only a bracket-heavy text then needs.
 */
function openersAtMost(text: string, limit: number): boolean {
  let n = 0;
  for (const c of ['{', '[']) {
    for (let i = text.indexOf(c); i !== -1; i = text.indexOf(c, i + 1)) if (++n > limit) return false;
  }
  return true;
}
