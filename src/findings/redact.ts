import crypto from 'node:crypto';
import { maskSecrets, shortHash } from '../text/secrets.js';
import { settings } from '../settings.js';
import type { Finding } from './types.js';
import type { TitleWord } from './title.js';

export { maskSecrets };

/** Characters past a cut still masked with it (a PEM private key is under 4 KB). */
const CLIP_MARGIN = 16_384;

/**
 * Log text cut to at most `max` characters for an excerpt or a quote, with secrets masked FIRST:
 * a key straddling the cut is masked whole instead of leaving its first half visible. The one
 * place findings cut log text (evidence excerpts, quotes in titles).
 */
export function clip(text: string, max: number): string {
  // a per-field size limit before any pattern runs: only what can be shown (and a margin for a key
  // or a private-key block straddling the cut) is ever matched
  const t = maskSecrets(text.length > max + CLIP_MARGIN ? text.slice(0, max + CLIP_MARGIN) : text);
  if (t.length <= max) return t;
  let cut = t.slice(0, max - 1);
  // never leave half a mask: "[api-key #1a2" would read as text
  const open = cut.lastIndexOf('[');
  if (open !== -1 && cut.indexOf(']', open) === -1 && /^\[[a-z-]+ #[0-9a-f]{0,8}$|^\[[a-z-]*$/.test(cut.slice(open))) cut = cut.slice(0, open);
  return `${cut}…`;
}

/** The key of --redact's hashes (AMNESIA_REDACT_KEY), read once per run (readRedactKey), else on first use; '' when none is set. */
let redactKey: string | undefined;

/**
 * The 8 hex digits --redact writes for a value: HMAC-SHA256 under AMNESIA_REDACT_KEY when it is
 * set (a reader without the key cannot confirm a guessed id or PIN by hashing it), else SHA-256
 * (anyone can: SECURITY.md). Stable either way: the same value, the same digits, in every output
 * of every run with the same key, so findings join across outputs and runs.
 */
export function redactHash(s: string): string {
  redactKey ??= settings().redactKey ?? '';
  return redactKey ? crypto.createHmac('sha256', redactKey).update(s).digest('hex').slice(0, 8) : shortHash(s);
}

/**
 * Read AMNESIA_REDACT_KEY from a run's environment: main() does at the start of each run, so a run
 * never hashes with the key of an earlier run in the same process (the tests run many in one).
 */
export function readRedactKey(env?: Readonly<Record<string, string | undefined>>): void {
  redactKey = settings(env).redactKey ?? '';
}

/** `--redact`: an id (session, memory, write, user, actor, key) replaced by a stable hash, the same in every output. */
export function redactId(id: string): string {
  return `‹id #${redactHash(id)}›`;
}

/** A letter, a digit or `_`: what continues a word (the code unit after or before a match). */
const WORD_UNIT = /[\p{L}\p{N}_]/u;
const inWord = (s: string, i: number) => i >= 0 && i < s.length && WORD_UNIT.test(s[i]);

/**
 * Every whole occurrence of `word` in `s` replaced by `by`: not where a letter, digit or `_` goes on
 * on either side (with `dash`, nor a `-`). A session named `s` is hidden in `s:w1` and
 * `logs/s/a.jsonl`, never inside `write` or `user`: replacing every occurrence turned an exported
 * event's `"op": "write"` into `"writ‹id #…›"`, which no longer ingested (issue 26).
 */
function replaceWhole(s: string, word: string, by: string, dash = false): string {
  if (!word || !s.includes(word)) return s;
  const cont = (i: number) => inWord(s, i) || (dash && s[i] === '-');
  let out = '';
  let from = 0;
  for (let at = s.indexOf(word); at !== -1; at = s.indexOf(word, at + 1)) {
    if (at < from || cont(at - 1) || cont(at + word.length)) continue;
    out += s.slice(from, at) + by;
    from = at + word.length;
  }
  return from === 0 ? s : out + s.slice(from);
}

/** Every whole occurrence of a raw id inside a string replaced by its hash (an empty id hides nothing; `s` is not hidden inside `write`). */
export function hideId(s: string, id: string, hashed = redactId(id)): string {
  return replaceWhole(s, id, hashed);
}

/**
 * `--redact` on a one-line reason (a bad line's, an error's) or a title: quoted values replaced by
 * hash + shape. A straight-quoted value is read as a JSON string (reasons quote log values with
 * quotedValue, which escapes their own quotes), so an escaped quote inside does not end it; a quote
 * never closed hides everything after it. One pass over the text, then the other quote styles.
 */
export function redactQuoted(text: string): string {
  let out = '';
  let i = 0;
  for (let open = text.indexOf('"'); open !== -1; open = text.indexOf('"', i)) {
    let j = open + 1;
    while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
    out += `${text.slice(i, open)}"${hashOnce(text.slice(open + 1, Math.min(j, text.length)))}"`;
    i = j + 1;
    if (j >= text.length) break;
  }
  if (i < text.length) out += text.slice(i);
  return out.replace(/“([^”]*)”|「([^」]*)」|‘([^’]*)’/g, (_m, b, c, d) => `"${hashOnce(b ?? c ?? d ?? '')}"`);
}

/** What redactText writes: a value already replaced is not hashed a second time. */
const REDACTED = /^‹#[0-9a-f]{8} [^›]*›$/;
const hashOnce = (s: string): string => (REDACTED.test(s) ? s : redactText(s));

/**
 * `--redact` on a title: each word it quotes from the log (`words`, marked when the title was built,
 * src/findings/title.ts) replaced whole by hash + shape, whatever quotes it holds; then the quoted
 * values of a title built without marks (redactQuoted). A word not found where it was built (the title
 * changed since) hides the whole title: never a guess.
 */
export function redactTitle(title: string, words: readonly TitleWord[] | undefined): string {
  let out = '';
  let pos = 0;
  for (const w of words ?? []) {
    if (w.at < pos || title.slice(w.at, w.at + w.text.length) !== w.text) return redactText(title);
    out += title.slice(pos, w.at) + redactText(w.text);
    pos = w.at + w.text.length;
  }
  return redactQuoted(out + title.slice(pos));
}

/**
 * Every whole occurrence of these log words in a text replaced (`as`: by hash + shape, or by an id's
 * hash), longest first. Whole: not inside a longer word, so a memory type `preference` leaves the
 * fix's own `preferences` alone and an id `w1` leaves `w12` and `w1-b`.
 */
export function hideWords(text: string, words: readonly string[], as: (w: string) => string = redactText): string {
  let out = text;
  for (const w of [...new Set(words)].sort((a, b) => b.length - a.length)) out = replaceWhole(out, w, as(w), true);
  return out;
}

function script(s: string): string {
  const cjk = (s.match(/[\u3400-\u9fff\uf900-\ufaff]/g) ?? []).length;
  const latin = (s.match(/[A-Za-z]/g) ?? []).length;
  if (cjk === 0 && latin === 0) return (s.match(/\d/g)?.length ?? 0) > 0 ? 'digits' : 'symbols';
  return cjk > latin ? 'zh' : 'en';
}

/**
 * What `\S+@\S+\.\w+` tests, in one pass: a run of non-space characters with an `@` after its first
 * character and, at least two characters after that `@`, a `.` followed by a word character. The
 * regular expression backtracked over every `@` of a run (quadratic: 30 KB took hours).
 */
export function looksLikeEmail(text: string): boolean {
  let at = -1; // the first @ of the current run that has a character before it
  let runStart = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 32 || ch === 9 || ch === 10 || ch === 13 || ch === 12 || ch === 11 || /\s/.test(text[i])) {
      at = -1;
      runStart = i + 1;
      continue;
    }
    if (ch === 64 /* @ */ && at === -1 && i > runStart) at = i;
    else if (ch === 46 /* . */ && at !== -1 && i >= at + 2 && i + 1 < text.length && /\w/.test(text[i + 1])) return true;
  }
  return false;
}

/** `--redact`: the text replaced by a stable hash and a short shape (length, script, what it holds). */
export function redactText(text: string): string {
  if (text.length === 0) return text;
  const shape = [`${[...text].length} chars`, script(text)];
  if (looksLikeEmail(text)) shape.push('email');
  if (/\d{4,}/.test(text)) shape.push('digits');
  return `‹#${redactHash(text)} ${shape.join(' ')}›`;
}

/** Strings that are people's words rather than ids: whitespace, CJK, or long. */
export function isProse(s: string): boolean {
  return /\s|[\u3400-\u9fff]/.test(s) || s.length > 40;
}

/**
 * Keys whose value is an id or a name a log chose (memories, writes, chunks, retrievals, users,
 * actors, owners, processes, stores): under --redact a stable hash (redactId), the same wherever the
 * id is (a finding's detail, its evidence, an exported event, the TUI's pictures), so a redacted
 * report still joins a memory's write to its retrieval. Arrays under these keys: each element.
 */
export const LOG_ID_KEYS: ReadonlySet<string> = new Set([
  'session',
  'memory_session',
  'memory_id',
  'memory_ids',
  'write_id',
  'id',
  'candidate_id',
  'chunk_id',
  'injected',
  'missed',
  'user',
  'users',
  'user_id',
  'agent_id',
  'run_id',
  'actor',
  'actors',
  'writers',
  'owner',
  'retrieval_id',
  'request_id',
  'process',
  'store',
  'returned_by',
]);

/** Keys under which every string is an id a log chose (a retrieval's scope: user, agent, run, tenant...). */
export const LOG_ID_SCOPES: ReadonlySet<string> = new Set(['scope', 'filters', 'filter']);

/**
 * Keys that are a log's id in one analyzer's details only: concurrent-overwrite's `key` is a state
 * key (`user:alice:diet`); elsewhere `key` is a constraint's (`emoji:none`, amnesia's own words).
 */
const ANALYZER_ID_KEYS: Readonly<Record<string, readonly string[]>> = { 'concurrent-overwrite': ['key'] };

/** Keys whose value is the users' data (state values, filter values): hash + shape under --redact, numbers too. */
export const LOG_VALUE_KEYS: ReadonlySet<string> = new Set(['value', 'values', 'lost_value', 'surviving_value', 'want', 'have']);

/** How `scrub` treats the strings of a value (a finding's detail, an event, a replay report). */
export interface ScrubRules {
  /** users' words replaced by hash + shape (--redact); secrets are masked either way */
  redact: boolean;
  /** keys whose whole value, and everything under it, is someone's words */
  words?: ReadonlySet<string>;
  /** keys whose value is an id to hide under --redact (redactId) */
  ids?: ReadonlySet<string>;
  /** keys under which every string (at any depth) is an id to hide under --redact */
  idScopes?: ReadonlySet<string>;
  /** keys left exactly as they are (names of analyzers, causes, times) */
  keep?: ReadonlySet<string>;
  /** any other string under --redact: prose hashed (`prose`), quoted words hashed (`quoted`), or kept (`none`) */
  other: 'prose' | 'quoted' | 'none';
  /** raw ids (sessions) hidden wherever they occur inside a string under --redact */
  hide?: readonly string[];
  /** ids a log chose (memories, writes, actors, keys) hidden where they occur as whole words inside any string under --redact */
  hideWords?: readonly string[];
}

/**
 * The one walker over a value's strings: secrets masked in every string, and under --redact users'
 * words, ids and the hidden raw ids replaced (docs/redaction.md). Numbers, booleans and structure stay.
 */
export function scrub(v: unknown, rules: ScrubRules): unknown {
  // each hidden id hashed once per call, not once per string walked
  const hidden = rules.redact ? (rules.hide ?? []).filter((h) => h.length > 0).map((h) => [h, redactId(h)] as const) : [];
  const words = rules.redact ? (rules.hideWords ?? []) : [];
  const hideIn = (s: string) =>
    hideWords(
      hidden.reduce((t, [h, hashed]) => hideId(t, h, hashed), s),
      words,
      redactId,
    );
  const str = (s: string, key: string | null, whole: boolean, id: boolean): string => {
    if (key !== null && rules.keep?.has(key)) return s;
    if (!rules.redact) return maskSecrets(s);
    if (id || (key !== null && rules.ids?.has(key))) return redactId(s);
    if (whole) return redactText(maskSecrets(s));
    const masked = maskSecrets(s);
    const out = rules.other === 'prose' ? (isProse(masked) ? redactText(masked) : masked) : rules.other === 'quoted' ? redactQuoted(masked) : masked;
    return hideIn(out);
  };
  const walk = (x: unknown, key: string | null, whole: boolean, id: boolean): unknown => {
    if (typeof x === 'string') return str(x, key, whole, id);
    // a number that is someone's data (a state value, a PIN) is hashed with the words around it
    if (typeof x === 'number' && whole && rules.redact && !(key !== null && rules.keep?.has(key))) return redactText(String(x));
    if (Array.isArray(x)) return x.map((y) => walk(y, key, whole, id));
    if (x && typeof x === 'object') {
      const out: Record<string, unknown> = {};
      for (const [k, y] of Object.entries(x)) out[k] = walk(y, k, whole || !!rules.words?.has(k), id || !!rules.idScopes?.has(k));
      return out;
    }
    return x;
  };
  return walk(v, null, false, false);
}

const detailOf = (d: Record<string, unknown>, rules: ScrubRules) => scrub(d, rules) as Record<string, unknown>;

/** Mask secrets in every text field of a finding (applied to every finding as it is made). */
export function maskFinding(f: Finding): Finding {
  const rules: ScrubRules = { redact: false, other: 'none' };
  return {
    ...f,
    title: maskSecrets(f.title),
    ...(f.title_words ? { title_words: f.title_words.map((w) => ({ at: w.at, text: maskSecrets(w.text) })) } : {}),
    evidence: f.evidence.map((e) => ({ ...e, text: maskSecrets(e.text), detail: detailOf(e.detail, rules) })),
    ...(f.detail ? { detail: detailOf(f.detail, rules) } : {}),
  };
}

/**
 * `--redact`: users' words leave no output. Evidence excerpts and prose in details become hash +
 * shape; quoted words in titles too; the session id becomes a stable hash wherever it appears, and
 * so do the ids and names a log chose in the details (LOG_ID_KEYS: memories, writes, users, actors,
 * keys...), state and filter values as hash + shape. Event ids, times, scores, versions, sources
 * (file:line) and structure stay.
 */
export function redactFinding(f: Finding): Finding {
  const extra = ANALYZER_ID_KEYS[f.analyzer];
  const ids = extra ? new Set([...LOG_ID_KEYS, ...extra]) : LOG_ID_KEYS;
  const rules: ScrubRules = { redact: true, other: 'prose', hide: [f.session], ids, idScopes: LOG_ID_SCOPES, words: LOG_VALUE_KEYS };
  const session = redactId(f.session);
  const hideSession = (s: string) => hideId(s, f.session, session);
  const { title_words, ...rest } = f;
  return {
    ...rest,
    session,
    title: hideSession(redactTitle(f.title, title_words)),
    // a fix names what its title names (a key, an actor, a store): those words hashed there too
    fix: hideSession(
      hideWords(
        f.fix,
        (title_words ?? []).map((w) => w.text),
      ),
    ),
    // a file named after its session (a Cline task folder, a transcript named by its id) names it too
    evidence: f.evidence.map((e) => ({
      ...e,
      event: hideSession(e.event),
      source: hideSession(e.source),
      text: redactText(e.text),
      detail: detailOf(e.detail, rules),
      // a judge's reason may quote the memory or the query (a document judged elsewhere, shown here under --redact)
      ...(e.judgement ? { judgement: { ...e.judgement, reason: redactText(e.judgement.reason) } } : {}),
    })),
    ...(f.detail ? { detail: detailOf(f.detail, rules) } : {}),
  };
}
