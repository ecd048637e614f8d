/**
 * What a statement claims: a subject and its value ("My flight to Osaka is on May 3": the flight to
 * Osaka, May 3), for any subject, found by one grammar over the per-language claim words
 * (lexicon/claims.ts) and the text layer's terms. It also reads the old value a correction names
 * ("MySQL instead of Postgres", "it is not PostgreSQL anymore"), an update ("the deadline moved to
 * Monday", "截止日期改到周一了") and a withdrawal ("I no longer drink coffee", "我戒咖啡了").
 * Conflicts, near-duplicates and partial updates are decided on claims, not on a word list.
 */
import { sameQualifiers } from '../text/attributes.js';
import { tokenSet as termsOf } from '../text/relevance.js';
import { CLAIM_WORDS, type ClaimWords } from './lexicon/claims.js';
import { TRIGGER_CUES } from './lexicon/cues.js';
import { VALUE_ALIASES } from './lexicon/subjects.js';

export interface Claim {
  /** the subject as written, determiners removed; null when the statement names none */
  subject: string | null;
  subjectTerms: ReadonlySet<string>;
  /** the subject's head: what it is ("host" in "staging database host", "flight" in "flight to Osaka") */
  head: string | null;
  /** the value as written (first clause); null when none */
  value: string | null;
  /** the value compared: lower-cased words and numbers, aliases applied */
  valueKey: readonly string[];
  /** the value a correction says no longer holds */
  oldValue: string | null;
  /** a withdrawal: the value no longer holds ("no longer", "戒") */
  negated: boolean;
  /** an update or a correction ("moved to", "instead of", "改到") */
  change: boolean;
}

const CJK = /[\u3400-\u9fff]/;
const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
type WordList = Exclude<keyof ClaimWords, 'notAnymore' | 'notBut' | 'owner'>;
const all = (k: WordList): string[] => Object.values(CLAIM_WORDS).flatMap((w) => w[k]);
const byLength = (xs: readonly string[]) => [...new Set(xs)].sort((a, b) => b.length - a.length);
const latin = (xs: readonly string[]) => byLength(xs.filter((x) => !CJK.test(x))).map((x) => esc(x).replace(/ /g, '\\s+'));
const cjk = (xs: readonly string[]) => byLength(xs.filter((x) => CJK.test(x))).map(esc);

const DET = latin(all('determiners')).join('|');
const COPULA = latin(all('copulas')).join('|');
const CHANGE = latin(all('changes')).join('|');
const LINK = latin(all('changeLinks')).join('|');
const LEAD = latin(all('valueLeads')).join('|');
const ZH_DET = cjk(all('determiners')).join('|');
const ZH_COPULA = cjk(all('copulas')).join('|');
const ZH_CHANGE = cjk(all('changes')).join('|');

/** "the Osaka flight moved to May 4" */
const EN_CHANGE = new RegExp(`^(?:(?:${DET})\\s+)*(.{2,80}?)\\s+(?:${CHANGE})\\s+(?:(?:${LINK})\\s+)(.+)$`, 'i');
/** "we migrated the team database to MySQL 8" */
const EN_ACTOR_CHANGE = new RegExp(
  `^(?:we|i|they|you|someone)\\s+(?:have\\s+|had\\s+)?(?:${CHANGE})\\s+(?:(?:${DET})\\s+)*(.{2,80}?)\\s+(?:${LINK})\\s+(.+)$`,
  'i',
);
/** "my flight to Osaka is on May 3" */
const EN_COPULA = new RegExp(`^(?:(?:${DET})\\s+)*(.{2,80}?)\\s+(?:${COPULA})\\s+(?:(?:${LEAD})\\s+)?(.+)$`, 'i');
/** "Bob owns the billing service": the owner of the billing service is Bob */
const OWNS = Object.values(CLAIM_WORDS).map((w) => ({
  owner: w.owner,
  re: CJK.test(w.owner)
    ? new RegExp(`^(.{1,12}?)(?:${cjk(w.owns).join('|')})(.{2,30})$`)
    : new RegExp(`^([\\p{Lu}][\\p{L}.' -]{0,40}?)\\s+(?:${latin(w.owns).join('|')})\\s+(?:(?:${DET})\\s+)*(.{2,60})$`, 'u'),
}));
/** "billing is owned by Carol": the owner of billing is Carol */
const OWNED_BY = Object.values(CLAIM_WORDS).map((w) => ({
  owner: w.owner,
  re: CJK.test(w.owner)
    ? new RegExp(`^(?:${ZH_DET})?(.{2,20}?)(?:${cjk(w.ownedBy).join('|')})(.{1,12}?)(?:${cjk(w.owns).join('|')})$`)
    : new RegExp(`^(?:(?:${DET})\\s+)*(.{2,60}?)\\s+(?:${latin(w.ownedBy).join('|')})\\s+([\\p{Lu}][\\p{L}.' -]{0,40})$`, 'u'),
}));
/** "Carol is the owner of the payments repo": the owner named first, by the copula */
const OWNER_OF = new RegExp(`^(?:(?:${DET})\\s+)*(?:${latin(Object.values(CLAIM_WORDS).map((w) => w.owner)).join('|')})\\s+of\\s+(.+)$`, 'i');
const USES = latin(all('uses')).join('|');
const USED_FOR = latin(all('usedFor')).join('|');
/** "we use Postgres for the orders database": the orders database, Postgres */
const EN_USE_FOR = new RegExp(
  `^(?:(?:we|i|they|you|the team|our team)\\s+(?:now\\s+|still\\s+|also\\s+)?(?:(?:have\\s+)?(?:decided|agreed|chose|plan|want|need|will)\\s+(?:to\\s+)?)?)?(?:${USES})\\s+(.{1,60}?)\\s+(?:${USED_FOR})\\s+(?:(?:${DET})\\s+)*(.{2,60})$`,
  'i',
);
/** a bare value after a verb of use ("use MySQL", "用 MySQL") */
const USE_LEAD = new RegExp(`^(?:(?:let'?s|we|i|please)\\s+)?(?:${USES}|move to|pick|choose)\\s+|^(?:${cjk(all('uses')).join('|')})\\s*`, 'i');
/** "the old value for the subject" on the right of "instead of": the subject belongs to the new value */
const TAIL_FOR = new RegExp(`^(.+?)\\s+((?:${USED_FOR})\\s+.+)$`, 'i');
/** "not Postgres but MySQL", "不是 Postgres，是 MySQL" */
const NOT_BUT = Object.values(CLAIM_WORDS)
  .flatMap((w) => w.notBut)
  .map(([a, b]) =>
    CJK.test(a)
      ? new RegExp(`^${esc(a)}\\s*(.{1,40}?)\\s*[，,]\\s*${esc(b)}\\s*(.+)$`)
      : new RegExp(`^${esc(a)}\\s+(.{1,60}?)\\s*,?\\s+${esc(b)}\\s+(.+)$`, 'i'),
  );
const ZH_CHANGE_RE = new RegExp(`^(?:${ZH_DET})?(.{1,20}?)(?:${ZH_CHANGE})(.+)$`);
const ZH_COPULA_RE = new RegExp(`^(?:${ZH_DET})?(.{2,20}?)(?:${ZH_COPULA})(.+)$`);
const INSTEAD = new RegExp(
  `^(.+?)(?:,\\s*|\\s+)(?:${latin(all('insteadOf').filter((w) => w !== 'not')).join('|')})\\s+(.+)$|^(.+?),\\s*not\\s+(.+)$|^(.+?)(?:${cjk(all('insteadOf').filter((w) => w !== '不是')).join('|')}|[，,]\\s*不是)(.+)$`,
  'i',
);
const NOT_ANYMORE = Object.values(CLAIM_WORDS)
  .flatMap((w) => w.notAnymore)
  .map(([a, b]) =>
    CJK.test(a) ? new RegExp(`${esc(a)}(.{1,20}?)${esc(b)}`) : new RegExp(`\\b${esc(a)}\\s+(.{1,60}?)\\s+${esc(b).replace(/ /g, '\\s+')}\\b`, 'i'),
  );
const NEGATION = new RegExp(
  `(?:^|\\b|(?<=[\\u3400-\\u9fff]))(?:${[...latin(all('negations')), ...cjk(all('negations'))].join('|')})(?:\\s+|(?=[\\u3400-\\u9fff]))(.+)$`,
  'i',
);
const CORRECTION_START = new RegExp(
  `^(?:${Object.values(TRIGGER_CUES)
    .flatMap((c) => c.correction)
    .map((c) => (CJK.test(c) ? esc(c) : `${esc(c)}`))
    .join('|')})\\s*[,，。.:：!！]?\\s*`,
  'i',
);
const PRONOUNS = new Set(all('pronouns').map((p) => p.toLowerCase()));
const DETERMINER_START = new RegExp(`^(?:(?:${DET})\\s+)+`, 'i');

/** The first clause of a value: cut at a comma, a semicolon or a sentence end; "now", "anymore", "了" dropped. */
export function clauseOf(v: string): string {
  const cut = v.split(/[,;，；。！？!?]|\.(?=\s|$)|\s+(?:and|but|so)\s+/)[0] ?? '';
  return cut
    .replace(/\s+(?:now|anymore|any more|instead|too|as well)$/i, '')
    .replace(/[了啦吧呢]+$/u, '')
    .replace(DETERMINER_START, '')
    .trim();
}

/** A value compared: NFKC, lower case, words and numbers, each alias mapped ("PostgreSQL" is "postgres"). */
export function valueKey(v: string | null): string[] {
  if (!v) return [];
  const t = v.normalize('NFKC').toLowerCase().trim();
  if (VALUE_ALIASES[t]) return [VALUE_ALIASES[t]];
  const out: string[] = [];
  for (const w of t.match(/[\p{L}\p{N}][\p{L}\p{N}._/#+-]*/gu) ?? []) {
    const x = w.replace(/[.]+$/, '');
    if (CJK.test(x) && x.length > 1 && !VALUE_ALIASES[x]) {
      out.push(x);
      continue;
    }
    if (DETERMINER_START.test(`${x} `)) continue;
    out.push(VALUE_ALIASES[x] ?? x);
  }
  return out;
}

const ZH_DETERMINER_START = new RegExp(`^(?:${ZH_DET})`);

/**
 * A subject is a noun phrase: what follows a colon or a dash ("Not anymore: we ..."), no clause
 * ("we decided to", "the team that"), not a pronoun.
 */
function subjectOf(s: string): string | null {
  const t = (s.split(/[:：;；]\s*|\s[-–—]\s/).at(-1) ?? '')
    .replace(DETERMINER_START, '')
    .replace(ZH_DETERMINER_START, '')
    .replace(/\s+(?:now|also|still)$/i, '')
    .trim();
  if (!t || PRONOUNS.has(t.toLowerCase())) return null;
  if (CJK.test(t)) {
    // "决定订单库": what was decided about is the subject
    const rest = t.replace(ZH_CLAUSE_START, '').replace(ZH_DETERMINER_START, '');
    return rest.length >= 2 ? rest : null;
  }
  const words = t.toLowerCase().split(/\s+/);
  if (
    words.length > 6 ||
    PRONOUNS.has(words[0]) ||
    PRONOUNS.has(words.at(-1) ?? '') ||
    /^(?:to|that|which|who|and|or|but|if|when|not|never|always)$/.test(words.at(-1) ?? '')
  )
    return null;
  if (words.some((w) => CLAUSE_VERB.test(w))) return null;
  return t;
}

/** A verb that makes a would-be subject a clause ("we decided to", "I think the"): no subject there. */
const CLAUSE_VERB = new RegExp(`^(?:${latin(all('clauseVerbs')).join('|')})$`, 'i');
/** "决定", "打算" at the start of a CJK subject: a clause before the subject */
const ZH_CLAUSE_START = new RegExp(`^(?:${cjk(all('clauseVerbs')).join('|')})+`);

const cache = new Map<string, Claim>();

/** The claim of one sentence (memoised: conflict checks compare every pair). */
export function claimOf(text: string): Claim {
  const known = cache.get(text);
  if (known) return known;
  const c = parse(text);
  if (cache.size > 10_000) cache.clear();
  cache.set(text, c);
  return c;
}

function parse(text: string): Claim {
  let s = text
    .trim()
    .replace(CORRECTION_START, '')
    .replace(/[。.!！]+$/u, '')
    .trim();
  let oldValue: string | null = null;
  let change = false;
  for (const re of NOT_ANYMORE) {
    const m = re.exec(s);
    if (m) {
      oldValue = clauseOf(m[1].replace(/^(?:the|a|an)\s+/i, ''));
      change = true;
      break;
    }
  }
  let bare = false;
  for (const re of NOT_BUT) {
    const m = re.exec(s);
    if (m) {
      oldValue ??= clauseOf(m[1]);
      s = m[2].trim();
      change = true;
      bare = true;
      break;
    }
  }
  const inst = bare ? null : INSTEAD.exec(s);
  if (inst) {
    const left = inst[1] ?? inst[3] ?? inst[5];
    const right = inst[2] ?? inst[4] ?? inst[6];
    if (left && right && !/^(?:no|nope|not|ok|yes)$/i.test(left.trim())) {
      // "MySQL instead of Postgres for the orders database": the subject after the old value is the new value's
      const tail = TAIL_FOR.exec(right.trim());
      oldValue ??= clauseOf(tail ? tail[1] : right);
      s = tail ? `${left.trim()} ${tail[2]}` : left.trim();
      change = true;
      bare = true;
    }
  }
  const neg = NEGATION.exec(s);
  if (neg) {
    const value = clauseOf(neg[1]);
    return { subject: null, subjectTerms: new Set(), head: null, value, valueKey: valueKey(value), oldValue, negated: true, change: true };
  }
  let subject: string | null = null;
  let value: string | null = null;
  for (const o of OWNED_BY) {
    const w = o.re.exec(s);
    if (!w) continue;
    const what = subjectOf(clauseOf(w[1]));
    if (!what) continue;
    subject = CJK.test(o.owner) ? `${what}${o.owner}` : `${o.owner} of ${what}`;
    const who = clauseOf(w[2]);
    return { subject, subjectTerms: termsOf(subject), head: headOf(subject), value: who, valueKey: valueKey(who), oldValue, negated: false, change };
  }
  for (const o of OWNS) {
    const w = o.re.exec(s);
    if (!w || PRONOUNS.has(w[1].trim().toLowerCase())) continue;
    const what = clauseOf(w[2]);
    subject = CJK.test(o.owner) ? `${what}${o.owner}` : `${o.owner} of ${what}`;
    return { subject, subjectTerms: termsOf(subject), head: headOf(subject), value: w[1].trim(), valueKey: valueKey(w[1]), oldValue, negated: false, change };
  }
  const m = EN_ACTOR_CHANGE.exec(s) ?? EN_CHANGE.exec(s) ?? ZH_CHANGE_RE.exec(s);
  const u = m ? null : EN_USE_FOR.exec(s);
  if (m) {
    subject = subjectOf(m[1]);
    value = clauseOf(m[2]);
    change = true;
  } else if (u && subjectOf(clauseOf(u[2]))) {
    subject = subjectOf(clauseOf(u[2]));
    value = clauseOf(u[1]);
  } else {
    const c = EN_COPULA.exec(s) ?? (CJK.test(s) ? ZH_COPULA_RE.exec(s) : null);
    const owned = c ? OWNER_OF.exec(clauseOf(c[2])) : null;
    if (c && owned && subjectOf(c[1])) {
      // "Carol is the owner of the payments repo": the owner of the payments repo, Carol
      subject = `${Object.values(CLAIM_WORDS)[0].owner} of ${owned[1]}`;
      value = clauseOf(c[1]);
    } else if (c) {
      subject = subjectOf(c[1]);
      value = clauseOf(c[2]);
    }
    if (bare && !value) value = clauseOf(s.replace(CORRECTION_START, '').replace(USE_LEAD, ''));
  }
  if (subject && CJK.test(subject) && subject.length < 2) subject = null;
  return {
    subject,
    subjectTerms: subject ? termsOf(subject) : new Set(),
    head: subject ? headOf(subject) : null,
    value: value || null,
    valueKey: valueKey(value || null),
    oldValue: oldValue || null,
    negated: false,
    change,
  };
}

/** The head of a subject: the word before "of", "to", "for"... ("owner of billing": owner), else the last one (Latin), the last two characters (CJK). */
function headOf(subject: string): string | null {
  if (CJK.test(subject)) return subject.replace(/[的之]+$/u, '').slice(-2);
  const first = subject.split(/\s+(?:of|to|for|at|in|on|from|with)\s+/i)[0];
  const words = [...termsOf(first)];
  return words.at(-1) ?? null;
}

/**
 * Both subjects named, the same head, the same qualifiers, and one's terms all within the other's: the same
 * thing ("Osaka flight" / "flight to Osaka"); "billing owner" / "billing backup owner" are two (src/text/attributes.ts).
 */
export function sameSubject(a: Claim, b: Claim): boolean {
  if (!a.subjectTerms.size || !b.subjectTerms.size || a.head !== b.head) return false;
  if (!sameQualifiers(a.subject ?? '', b.subject ?? '')) return false;
  const [small, big] = a.subjectTerms.size <= b.subjectTerms.size ? [a.subjectTerms, b.subjectTerms] : [b.subjectTerms, a.subjectTerms];
  for (const t of small) if (!big.has(t)) return false;
  return true;
}

/** Two values agree when one's words are all within the other's ("Postgres" / "PostgreSQL 16"). */
export function valuesAgree(a: readonly string[], b: readonly string[]): boolean {
  if (!a.length || !b.length) return true;
  const [small, big] = a.length <= b.length ? [a, new Set(b)] : [b, new Set(a)];
  return small.every((w) => big.has(w));
}

/** Every written form of a canonical value ("coffee": "coffee", "咖啡"). */
const FORMS = new Map<string, string[]>();
for (const [form, canonical] of Object.entries(VALUE_ALIASES)) FORMS.set(canonical, [...(FORMS.get(canonical) ?? [canonical]), form]);

/** The text names this value (its words in order, aliases applied; a CJK form as a substring). */
export function mentions(text: string, value: string | null): boolean {
  const v = valueKey(value);
  if (!v.length) return false;
  const lower = text.normalize('NFKC').toLowerCase();
  if (v.length === 1) for (const f of FORMS.get(v[0]) ?? [v[0]]) if (CJK.test(f) && lower.includes(f)) return true;
  const t = valueKey(text);
  for (let i = 0; i + v.length <= t.length; i++) if (v.every((w, j) => t[i + j] === w)) return true;
  return false;
}

/**
 * A partial update applied to what it updates: the old statement with its value replaced by the new
 * one, when the old statement holds details the update leaves alone ("My flight to Osaka is on May 3,
 * seat 14C" + "the Osaka flight moved to May 4" = "My flight to Osaka is on May 4, seat 14C").
 * Null when there is nothing to keep or the old value is not found as written.
 */
export function mergeUpdate(oldText: string, update: string): string | null {
  const o = claimOf(oldText);
  const u = claimOf(update);
  // a bare correction ("MySQL instead of Postgres", "不是 Postgres，是 MySQL") names no subject: the old statement with the value replaced
  if (!u.subject && u.value && u.oldValue && !u.negated) {
    const at = oldText.toLowerCase().indexOf(u.oldValue.toLowerCase());
    return at < 0 ? null : `${oldText.slice(0, at)}${u.value}${oldText.slice(at + u.oldValue.length)}`;
  }
  if (!o.value || !u.value || u.negated || !sameSubject(o, u)) return null;
  const at = oldText.toLowerCase().indexOf(o.value.toLowerCase());
  if (at < 0) return null;
  const rest = `${oldText.slice(0, at)} ${oldText.slice(at + o.value.length)}`.replace(new RegExp(esc(o.subject ?? ''), 'i'), ' ');
  const kept = valueKey(rest).filter(
    (w) => !DETERMINER_START.test(`${w} `) && !PRONOUNS.has(w) && !all('copulas').includes(w) && !all('valueLeads').includes(w),
  );
  if (!kept.length) return null;
  return `${oldText.slice(0, at)}${u.value}${oldText.slice(at + o.value.length)}`;
}
