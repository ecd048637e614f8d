/**
 * Behaviour baselines (the failure article's habit 7.1): the same questions asked many times give a
 * distribution of answer features; a new version of the agent is compared against it, feature by
 * feature and question by question, so a drift in length, lists, tables, language or tone is caught
 * before release. `record` keeps every answer's features per question; `compare` runs a two-sample
 * test per (question, feature), Benjamini-Hochberg across all of them, and calls a shift only where
 * the adjusted p-value is under `alpha` AND the effect is at least `minEffect` (with many answers a
 * tiny, harmless difference is significant too).
 */
import crypto from 'node:crypto';
import { FEATURES, answerFeatures, type FeatureKind } from './features.js';
import type { Answer } from './collect.js';
import { benjaminiHochberg, categoryTest, mannWhitney } from './stats.js';

export const BASELINE_SCHEMA = 'amnesia.behaviour-baseline/v1';
export const COMPARE_SCHEMA = 'amnesia.behaviour-compare/v1';

/** answers kept per question (a seeded reservoir sample past this) */
export const MAX_ANSWERS_PER_QUESTION = 2000;

export interface BaselineQuestion {
  key: string;
  /** the question's words; absent when recorded with --redact */
  question?: string;
  answers: number;
  values: Record<string, (number | string)[]>;
}

export interface BehaviourBaseline {
  schema: typeof BASELINE_SCHEMA;
  /** the amnesia version that recorded it */
  amnesia: string;
  made: { at: string; inputs: string[]; answers: number; redacted: boolean };
  features: { name: string; kind: FeatureKind; about: string }[];
  questions: BaselineQuestion[];
}

/** The key answers are grouped by: a tag as given, a question by a hash of its words (so a redacted baseline still matches). */
export function questionKey(a: Pick<Answer, 'key'>): string {
  if (a.key.startsWith('tag:')) return a.key;
  return `q:${crypto.createHash('sha256').update(a.key.slice(2)).digest('hex').slice(0, 16)}`;
}

interface Group {
  key: string;
  question: string;
  seen: number;
  rows: Record<string, number | string>[];
  rng: number;
}

/** Seeded reservoir: a group keeps at most `max` answers, the same ones on every run. */
function keep(g: Group, row: Record<string, number | string>, max: number): void {
  g.seen++;
  if (g.rows.length < max) {
    g.rows.push(row);
    return;
  }
  g.rng = (Math.imul(g.rng ^ (g.rng >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0;
  const j = g.rng % g.seen;
  if (j < max) g.rows[j] = row;
}

function group(answers: Iterable<Answer>, max: number): Map<string, Group> {
  const groups = new Map<string, Group>();
  for (const a of answers) {
    const key = questionKey(a);
    let g = groups.get(key);
    if (!g) {
      g = { key, question: a.question, seen: 0, rows: [], rng: Number.parseInt(key.replace(/[^0-9a-f]/g, '').slice(0, 8) || '1', 16) >>> 0 };
      groups.set(key, g);
    }
    keep(g, answerFeatures(a.text), max);
  }
  return groups;
}

export function recordBaseline(
  answers: Iterable<Answer>,
  opts: { version: string; inputs: string[]; redact?: boolean; now?: Date; maxPerQuestion?: number },
): BehaviourBaseline {
  const groups = group(answers, opts.maxPerQuestion ?? MAX_ANSWERS_PER_QUESTION);
  let total = 0;
  const questions: BaselineQuestion[] = [];
  for (const g of [...groups.values()].sort((x, y) => (x.key < y.key ? -1 : 1))) {
    total += g.seen;
    const values: Record<string, (number | string)[]> = {};
    for (const f of FEATURES) values[f.name] = g.rows.map((r) => r[f.name]);
    questions.push({ key: g.key, ...(opts.redact ? {} : { question: g.question }), answers: g.seen, values });
  }
  return {
    schema: BASELINE_SCHEMA,
    amnesia: opts.version,
    made: { at: (opts.now ?? new Date()).toISOString(), inputs: opts.inputs, answers: total, redacted: !!opts.redact },
    features: FEATURES.map(({ name, kind, about }) => ({ name, kind, about })),
    questions,
  };
}

/** A baseline file's content checked for what compare reads; a one-line error otherwise. */
export function parseBaseline(json: unknown, file: string): BehaviourBaseline {
  const bad = (why: string) => new Error(`${file}: not a behaviour baseline (${why}); make one with amnesia baseline record`);
  if (typeof json !== 'object' || json === null) throw bad('not a JSON object');
  const b = json as Partial<BehaviourBaseline>;
  if (b.schema !== BASELINE_SCHEMA) throw bad(`schema is ${JSON.stringify(b.schema)}, expected "${BASELINE_SCHEMA}"`);
  if (!Array.isArray(b.questions) || !Array.isArray(b.features)) throw bad('no questions or features');
  for (const q of b.questions) {
    if (typeof q?.key !== 'string' || typeof q.values !== 'object' || q.values === null) throw bad('a question without key or values');
    for (const v of Object.values(q.values)) if (!Array.isArray(v)) throw bad(`question ${q.key}: values are not lists`);
  }
  return b as BehaviourBaseline;
}

export interface CompareOptions {
  /** false discovery rate for Benjamini-Hochberg (default 0.05) */
  alpha?: number;
  /** answers a question needs on both sides to be compared (default 8) */
  minAnswers?: number;
  /** the smallest effect called a shift: |Cliff's delta| for numbers (default 0.33), Cramér's V for categories (default 0.3) */
  minEffect?: { number: number; category: number };
}

export const COMPARE_DEFAULTS: Required<CompareOptions> = { alpha: 0.05, minAnswers: 8, minEffect: { number: 0.33, category: 0.3 } };

export interface MovedExample {
  source: string;
  session: string;
  text: string;
  value: number | string;
}

export interface FeatureShift {
  key: string;
  question?: string;
  feature: string;
  kind: FeatureKind;
  test: 'mann-whitney' | 'chi-square' | 'fisher';
  p: number;
  /** Benjamini-Hochberg adjusted */
  q: number;
  /** Cliff's delta (numbers: positive = more now) or Cramér's V (categories) */
  effect: number;
  shifted: boolean;
  /** numbers: median before and now; categories: the most common value's share before and now */
  before: string;
  now: string;
  /** the answers that moved most (only for shifts) */
  examples: MovedExample[];
}

export interface BehaviourComparison {
  schema: typeof COMPARE_SCHEMA;
  baseline: { amnesia: string; made: BehaviourBaseline['made'] };
  options: Required<CompareOptions>;
  /** questions compared (enough answers on both sides) */
  compared: number;
  /** questions with too few answers on one side, or on one side only */
  skipped: { key: string; question?: string; before: number; now: number }[];
  tests: FeatureShift[];
  shifted: boolean;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

function share(xs: (number | string)[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const x of xs) m.set(String(x), (m.get(String(x)) ?? 0) + 1 / xs.length);
  return m;
}

const pct = (x: number) => `${Math.round(x * 100)}%`;

function describe(
  kind: FeatureKind,
  before: (number | string)[],
  now: (number | string)[],
): { before: string; now: string; moved: (v: number | string) => number } {
  if (kind === 'number') {
    const b = median(before as number[]);
    const n = median(now as number[]);
    const up = n >= b;
    return { before: `median ${b}`, now: `median ${n}`, moved: (v) => (up ? 1 : -1) * ((v as number) - b) };
  }
  const sb = share(before);
  const sn = share(now);
  // the category that gained the most share is what moved
  let gained = '';
  let most = Number.NEGATIVE_INFINITY;
  for (const [c, s] of sn) {
    const d = s - (sb.get(c) ?? 0);
    if (d > most) [most, gained] = [d, c];
  }
  return {
    before: `${gained} ${pct(sb.get(gained) ?? 0)}`,
    now: `${gained} ${pct(sn.get(gained) ?? 0)}`,
    moved: (v) => (String(v) === gained ? 1 : 0),
  };
}

/** Compare answers with a baseline: one test per (question, feature) both sides have enough answers for. */
export function compareBaseline(baseline: BehaviourBaseline, answers: Iterable<Answer>, opts: CompareOptions = {}): BehaviourComparison {
  const o: Required<CompareOptions> = {
    alpha: opts.alpha ?? COMPARE_DEFAULTS.alpha,
    minAnswers: opts.minAnswers ?? COMPARE_DEFAULTS.minAnswers,
    minEffect: {
      number: opts.minEffect?.number ?? COMPARE_DEFAULTS.minEffect.number,
      category: opts.minEffect?.category ?? COMPARE_DEFAULTS.minEffect.category,
    },
  };
  // the current answers, with their texts for the examples
  const now = new Map<string, { question: string; answers: Answer[]; rows: Record<string, number | string>[] }>();
  for (const a of answers) {
    const key = questionKey(a);
    let g = now.get(key);
    if (!g) now.set(key, (g = { question: a.question, answers: [], rows: [] }));
    if (g.rows.length >= MAX_ANSWERS_PER_QUESTION) continue;
    g.answers.push(a);
    g.rows.push(answerFeatures(a.text));
  }
  const kinds = new Map(FEATURES.map((f) => [f.name, f.kind]));
  const skipped: BehaviourComparison['skipped'] = [];
  const raw: Omit<FeatureShift, 'q' | 'shifted' | 'examples'>[] = [];
  const cur = new Map<string, { answers: Answer[]; values: Record<string, (number | string)[]> }>();
  let compared = 0;
  const seen = new Set<string>();
  for (const q of baseline.questions) {
    seen.add(q.key);
    const g = now.get(q.key);
    const before = Object.values(q.values)[0]?.length ?? 0;
    const n = g?.rows.length ?? 0;
    if (!g || before < o.minAnswers || n < o.minAnswers) {
      skipped.push({ key: q.key, question: q.question, before: q.answers, now: g ? g.answers.length : 0 });
      continue;
    }
    compared++;
    const values: Record<string, (number | string)[]> = {};
    for (const [name, kind] of kinds) {
      const b = q.values[name];
      if (!b) continue; // a feature this baseline did not record
      const c = g.rows.map((r) => r[name]);
      values[name] = c;
      const t = kind === 'number' ? mannWhitney(b as number[], c as number[]) : categoryTest(b.map(String), c.map(String));
      const d = describe(kind, b, c);
      raw.push({ key: q.key, question: q.question ?? g.question, feature: name, kind, test: t.test, p: t.p, effect: t.effect, before: d.before, now: d.now });
    }
    cur.set(q.key, { answers: g.answers, values });
  }
  for (const [key, g] of now) if (!seen.has(key)) skipped.push({ key, question: g.question, before: 0, now: g.answers.length });
  const qs = benjaminiHochberg(raw.map((t) => t.p));
  const tests: FeatureShift[] = raw.map((t, i) => {
    const floor = t.kind === 'number' ? o.minEffect.number : o.minEffect.category;
    const shifted = qs[i] < o.alpha && Math.abs(t.effect) >= floor;
    let examples: MovedExample[] = [];
    if (shifted) {
      const c = cur.get(t.key)!;
      const b = baseline.questions.find((x) => x.key === t.key)!.values[t.feature];
      const { moved } = describe(t.kind, b, c.values[t.feature]);
      examples = c.answers
        .map((a, j) => ({ a, v: c.values[t.feature][j], m: moved(c.values[t.feature][j]) }))
        .filter((x) => x.m > 0)
        .sort((x, y) => y.m - x.m || (x.a.source < y.a.source ? -1 : 1))
        .slice(0, 3)
        .map(({ a, v }) => ({ source: a.source, session: a.session, text: a.text, value: v }));
    }
    return { ...t, q: qs[i], shifted, examples };
  });
  tests.sort((x, y) => Number(y.shifted) - Number(x.shifted) || x.q - y.q || (x.key < y.key ? -1 : x.key > y.key ? 1 : x.feature < y.feature ? -1 : 1));
  return {
    schema: COMPARE_SCHEMA,
    baseline: { amnesia: baseline.amnesia, made: baseline.made },
    options: o,
    compared,
    skipped,
    tests,
    shifted: tests.some((t) => t.shifted),
  };
}
