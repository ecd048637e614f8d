import { isLayer, type Confidence, type EvidenceRole, type Finding, type Layer, type Severity } from '../findings/types.js';
import type { SessionData, SessionEvent } from '../store/session.js';
import type { StoredWriteEvent } from '../store/memories.js';
import type { AnalyzerViews } from './views.js';

/** An analyzer's option values by name (its defaults merged with the configuration). */
export type OptionValues = Record<string, number | string | boolean>;

/** One option of an analyzer: its default, what it does, and the bounds the configuration is checked against. */
export interface OptionSpec<T extends number | string | boolean = number | string | boolean> {
  default: T;
  /** one line: what it changes (the analyzer's README says more) */
  description: string;
  /** numbers: the smallest and largest value accepted */
  min?: number;
  max?: number;
  /** numbers: only whole numbers */
  integer?: boolean;
}

/** The options schema of an analyzer whose options are `O`: one spec per option, typed by its value. */
export type OptionsSchema<O extends OptionValues> = { [K in keyof O]: OptionSpec<O[K]> };

export interface AnalyzerMeta<C extends string = string, O extends OptionValues = OptionValues> {
  /** stable kebab-case id (FINDINGS.md) */
  id: string;
  /** one line: what it detects; equals the first heading line of its README */
  description: string;
  /**
   * its row in the README's table of analyzers (what happened, the usual fix), in plain words for a user
   * who has not read its README; `npm run build` writes the table from the registry
   * (scripts/readme-analyzers.mjs), so a new analyzer never edits the top-level README
   */
  summary: { happened: string; fix: string };
  /** default severity of its findings (a finding may say otherwise; a `possible` one is never an error) */
  severity: Severity;
  /** every cause code it emits, with a one-line explanation */
  causes: Record<C, string>;
  /**
   * how sure a finding of each cause is, unless the finding says otherwise (FINDINGS.md `confidence`):
   * `certain` where the log records the mechanism, `likely` where a rule read it from text, `possible` a guess
   */
  confidence: Record<C, Confidence>;
  /**
   * the layer that failed (FINDINGS.md `layer`) for a finding of each cause, unless the finding says
   * otherwise: one of extraction, update, index, retrieval, injection, generation; its README says which
   */
  layers: Record<C, Layer>;
  /** bump when what it finds changes without its meta changing: stored findings of the old version are then recomputed */
  version?: number;
  /** tunable options: defaults, descriptions and bounds; the configuration is checked against them */
  options?: OptionsSchema<O>;
}

/** One evidence step as an analyzer states it; the runner numbers the steps and formats times. */
export interface EvidenceDraft {
  role: EvidenceRole;
  /** the event this step shows: its turn, time, source and id are taken from it */
  event: SessionEvent;
  /** an excerpt; the runner trims it */
  text: string;
  detail?: Record<string, unknown>;
}

export interface FindingDraft<C extends string = string, D extends object = Record<string, unknown>> {
  cause: C;
  /** content that tells this finding apart within the session and cause (memory id, turn, key...), never a row id */
  key: string;
  title: string;
  fix: string;
  turn: number | null;
  /** when the failure shows */
  ts: number;
  evidence: EvidenceDraft[];
  severity?: Severity;
  /** how sure this finding is, where it differs from its cause's (meta.confidence) */
  confidence?: Confidence;
  /** the layer that failed, where it differs from its cause's (meta.layers) */
  layer?: Layer;
  /** the analyzer's own figures, of the type it exports (readers read typed fields) */
  detail?: D;
}

/** What an analyzer may read beyond its session (absent when a session is analysed alone, e.g. in replay). */
export interface StoreContext {
  /**
   * Every `memory_write` step, in time order, of the sessions where some write names one of these
   * users (scope.user) or memory ids (memory_id): the long-term memory a session's retrievals could see
   */
  memoryWritesNaming(users: ReadonlySet<string>, ids: ReadonlySet<string>): readonly StoredWriteEvent[];
  /** writesKey() of what memoryWritesNaming would answer, without reading the writes */
  memoryWritesKey(users: ReadonlySet<string>, ids: ReadonlySet<string>): string;
  /**
   * The users with memory writes under a tenant (null: under none), sorted, at most `limit`: whose
   * memories a prompt of that tenant could carry without any search naming them
   */
  memoryUsers(tenant: string | null, limit: number): readonly string[];
  /** first and last event time (epoch ms) of a session of the store */
  sessionSpan(session: string): { first: number; last: number } | undefined;
}

export interface AnalyzerContext<O extends OptionValues = OptionValues> {
  session: SessionData;
  store?: StoreContext;
  /** the options' defaults merged with the configuration */
  options: O;
}

/**
 * An analyzer: typed causes `C`, typed detail `D`, typed options `O` (in the manner of
 * typescript-eslint's RuleCreator). What readers show of its findings (the TUI's picture, replay's
 * judgement, a report's figures) it gives itself, reading `D`'s fields (./views.ts).
 */
export interface Analyzer<C extends string = string, D extends object = object, O extends OptionValues = OptionValues> extends AnalyzerViews<C, D> {
  meta: AnalyzerMeta<C, O>;
  /** Read one session, return its findings. Pure: no output, no store writes. */
  run(ctx: AnalyzerContext<O>): FindingDraft<C, D>[];
}

/** The analyzer factory: checks the meta once, so a typo in an id, a cause or an option default fails at load. */
export function defineAnalyzer<C extends string, D extends object = Record<string, unknown>, O extends OptionValues = Record<never, never>>(
  a: Analyzer<C, D, O>,
): Analyzer<C, D, O> {
  if (!/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(a.meta.id)) throw new Error(`analyzer id "${a.meta.id}" is not kebab-case`);
  const causes = Object.keys(a.meta.causes);
  if (causes.length === 0) throw new Error(`analyzer ${a.meta.id} declares no causes`);
  const { happened, fix } = a.meta.summary ?? {};
  if (!happened?.trim() || !fix?.trim()) throw new Error(`analyzer ${a.meta.id}: meta.summary needs what happened and the usual fix (the README's row)`);
  for (const c of causes) {
    if (!(c in a.meta.confidence)) throw new Error(`analyzer ${a.meta.id}: cause ${c} has no confidence`);
    if (!isLayer((a.meta.layers as Record<string, unknown>)?.[c]))
      throw new Error(`analyzer ${a.meta.id}: cause ${c} has no layer (or not one of FINDINGS.md's)`);
  }
  for (const [name, spec] of Object.entries<OptionSpec>(a.meta.options ?? {})) {
    const why = checkOption(spec, spec.default);
    if (why) throw new Error(`analyzer ${a.meta.id}: option ${name}: its default ${why}`);
  }
  return a;
}

/** The default of every option of an analyzer. */
export function optionDefaults(meta: Pick<AnalyzerMeta, 'options'>): OptionValues {
  const out: OptionValues = {};
  for (const [name, spec] of Object.entries<OptionSpec>(meta.options ?? {})) out[name] = spec.default;
  return out;
}

/** Why a value does not fit an option's spec (null when it fits): the configuration's error says it after the key. */
export function checkOption(spec: OptionSpec, value: unknown): string | null {
  const type = typeof spec.default;
  if (typeof value !== type) return `expected a ${type}`;
  if (type !== 'number') return null;
  const n = value as number;
  if (!Number.isFinite(n)) return 'expected a finite number';
  if (spec.integer && !Number.isInteger(n)) return 'expected a whole number';
  if (spec.min !== undefined && n < spec.min) return `expected at least ${spec.min}`;
  if (spec.max !== undefined && n > spec.max) return `expected at most ${spec.max}`;
  return null;
}

export type { Finding };
