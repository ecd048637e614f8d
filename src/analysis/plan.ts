/**
 * The analysis plan: what runs and how it is shown, decided once from the configuration and the
 * command-line flags, and handed to every command, the TUI and the lab. Two surfaces that show the
 * same thing (`amnesia replay` and the TUI's Replay pane, `analyze` and `show`) read it from here,
 * never from their own copy of the rules.
 */
import { UsageError } from '../errors.js';
import { CONFIDENCES, confidenceRank, SEVERITIES, severityRank, type Confidence, type Finding, type Severity } from '../findings/types.js';
import { leftOut, presentation, presentFinding, shownSeverity, type Presentation } from '../findings/present.js';
import type { Analyzer, OptionValues } from '../analyzers/define.js';
import { ANALYZERS } from '../analyzers/registry.js';
import type { WorkerSetup } from '../analyzers/worker-protocol.js';
import { configuredOptions } from '../store/findings.js';
import type { ModelOverride } from '../tokens/models.js';
import { EMPTY_CONFIG, isHttpUrl, type Config } from '../config/index.js';
import { withVerdicts, type JudgeEndpoint } from '../judge/index.js';
import type { Db } from '../store/connection.js';
import { settings, type Settings } from '../settings.js';

/** The flags every analysing command may take; each is optional. */
export interface PlanFlags {
  /** --analyzer a,b (repeatable) */
  analyzer?: string | string[];
  /** --redact */
  redact?: boolean;
  /** --severity: drop findings below it */
  severity?: string;
  /** --min-confidence: drop findings less sure than it */
  minConfidence?: string;
  /** --fail-on (ci, analyze, triage); the config's `fail_on` otherwise */
  failOn?: string;
  /** --judge <url> (analyze, triage, ci): ask a model where the rules cannot tell; the config's `judge.url` otherwise */
  judge?: string;
}

export interface AnalysisPlan {
  readonly config: Config;
  /** the analyzers a full run runs and the findings cache is keyed by: the registry less those the config turns off */
  readonly enabled: readonly Analyzer[];
  /** the analyzers whose findings are shown and judged: `enabled`, narrowed by --analyzer */
  readonly analyzers: readonly Analyzer[];
  /** per analyzer id: the options the config sets (the analyzer's defaults fill the rest) */
  readonly options: Readonly<Record<string, OptionValues>>;
  /** per model name: its window and encoding (config `models`) */
  readonly models: Readonly<Record<string, ModelOverride>>;
  /** --redact or config `redact`: users' words and session ids hashed in every output */
  readonly redact: boolean;
  readonly minSeverity?: Severity;
  readonly minConfidence?: Confidence;
  /** --fail-on: the level at which a shown finding fails the run (exit 1); `ci` falls back to the config's `fail_on` */
  readonly failOn?: Severity;
  /** the config's severities, ignore rules and --redact, as findings/present.ts applies them */
  readonly presentation: Presentation;
  /** the model judge to ask where the rules cannot tell (src/judge/); null: off, nothing leaves the machine */
  readonly judge: JudgeEndpoint | null;
  /** why a judge that was asked for is off (--redact), for stderr */
  readonly judgeOff?: string;
  /** the flags it was built from */
  readonly flags: PlanFlags;
}

/** A plan as plain data, for a worker thread: `planOf` builds the same plan back. */
export interface PlanSpec {
  config: Config;
  flags: PlanFlags;
}

function pick<T extends string>(flag: string, value: string | undefined, known: readonly T[]): T | undefined {
  if (value === undefined) return undefined;
  if (!(known as readonly string[]).includes(value)) throw new UsageError(`${flag}: "${value}" is not one of ${known.join(', ')}`);
  return value as T;
}

export const parseSeverity = (flag: string, value: string | undefined) => pick(flag, value, SEVERITIES);
export const parseConfidence = (flag: string, value: string | undefined) => pick(flag, value, CONFIDENCES);

/** `--analyzer a,b` -> analyzers; an unknown id is a usage error listing the known ones. */
export function selectAnalyzers(list?: string | string[], from: readonly Analyzer[] = ANALYZERS): Analyzer[] {
  const ids = (Array.isArray(list) ? list : list === undefined ? [] : [list])
    .flatMap((s) => s.split(','))
    .map((s) => s.trim())
    .filter(Boolean);
  if (ids.length === 0) return [...from];
  return ids.map((id) => {
    const a = ANALYZERS.find((x) => x.meta.id === id);
    if (!a) throw new UsageError(`unknown analyzer "${id}"; known: ${ANALYZERS.map((x) => x.meta.id).join(', ')}`);
    return a;
  });
}

/**
 * The one plan of a command, from its configuration and flags. Every flag is checked here, so a
 * command fails on a bad flag before it touches a store.
 */
export function buildPlan(config: Config = EMPTY_CONFIG, flags: PlanFlags = {}): AnalysisPlan {
  const enabled = ANALYZERS.filter((a) => config.analyzers[a.meta.id]?.enabled !== false);
  const selected = selectAnalyzers(flags.analyzer);
  const analyzers = flags.analyzer === undefined || flags.analyzer.length === 0 ? enabled : selected.filter((a) => enabled.includes(a));
  const redact = presentation(config, flags.redact).redact;
  return {
    config,
    enabled,
    analyzers,
    options: configuredOptions(config.analyzers),
    models: config.models,
    redact,
    minSeverity: parseSeverity('--severity', flags.severity),
    minConfidence: parseConfidence('--min-confidence', flags.minConfidence),
    failOn: parseSeverity('--fail-on', flags.failOn),
    presentation: presentation(config, redact),
    ...judgeOf(config, flags, redact),
    flags,
  };
}

export const JUDGE_DEFAULTS = { timeoutMs: 30_000, retries: 2, maxRequests: 200 } as const;

/**
 * The judge of a plan: --judge (else the config's `judge.url`), the model from the config (else
 * AMNESIA_JUDGE_MODEL), the key from AMNESIA_JUDGE_API_KEY only. Off without a URL, and off under
 * --redact: the judge would send the users' words.
 */
export function judgeOf(config: Config, flags: PlanFlags, redact: boolean, env: Settings = settings()): Pick<AnalysisPlan, 'judge' | 'judgeOff'> {
  const url = flags.judge ?? config.judge?.url;
  if (url === undefined) return { judge: null };
  if (!isHttpUrl(url)) throw new UsageError(`--judge: "${url}" is not an http:// or https:// URL`);
  if (redact) return { judge: null, judgeOff: 'judge: off under --redact (no words of the logs are sent); its steps stay not checkable' };
  const model = config.judge?.model ?? env.judgeModel;
  if (!model) throw new UsageError('--judge needs a model: set judge.model in the config or AMNESIA_JUDGE_MODEL');
  const j = config.judge ?? {};
  return {
    judge: {
      url,
      model,
      apiKey: env.judgeApiKey,
      timeoutMs: j.timeout_ms ?? JUDGE_DEFAULTS.timeoutMs,
      retries: j.retries ?? JUDGE_DEFAULTS.retries,
      maxRequests: j.max_requests ?? JUDGE_DEFAULTS.maxRequests,
    },
  };
}

/** The plan's plain data, for a worker thread. */
export function planSpec(plan: AnalysisPlan): PlanSpec {
  return { config: plan.config, flags: plan.flags };
}

/** The plan a spec describes (in a worker thread). */
export function planOf(spec: PlanSpec): AnalysisPlan {
  return buildPlan(spec.config, spec.flags);
}

/** What an analysis worker runs (analyzers/worker.ts): the enabled analyzers, their options, the models. */
export function workerSetupOf(plan: AnalysisPlan): Omit<WorkerSetup, 'dbFile'> {
  return { analyzers: plan.enabled.map((a) => a.meta.id), options: { ...plan.options }, models: { ...plan.models } };
}

/** Why a finding is not shown under the plan: its analyzer is off or not asked for, or an ignore rule leaves it out. */
export function leftOutBy(plan: AnalysisPlan, f: { analyzer: string; session: string; cause: string }): 'disabled' | 'ignored' | 'not asked for' | null {
  const why = leftOut(f, plan.config);
  if (why) return why;
  return plan.analyzers.some((a) => a.meta.id === f.analyzer) ? null : 'not asked for';
}

/** Does a finding (as shown) pass the plan's --severity and --min-confidence? */
export function passesFloors(plan: AnalysisPlan, f: Pick<Finding, 'severity' | 'confidence'>): boolean {
  if (plan.minSeverity && severityRank(f.severity) < severityRank(plan.minSeverity)) return false;
  if (plan.minConfidence && confidenceRank(f.confidence ?? 'certain') < confidenceRank(plan.minConfidence)) return false;
  return true;
}

/**
 * A finding as every surface shows it under the plan, or null when the plan leaves it out: the
 * config's severity and ignore rules, the analyzers asked for, --severity, --min-confidence and
 * --redact. `ignored` is called for a finding an ignore rule leaves out (the count reports show).
 */
export function showFinding(plan: AnalysisPlan, f: Finding, ignored?: () => void): Finding | null {
  const why = leftOutBy(plan, f);
  if (why) {
    if (why === 'ignored') ignored?.();
    return null;
  }
  const shown = presentFinding(f, plan.presentation);
  return shown && passesFloors(plan, shown) ? shown : null;
}

/** Is a finding shown under the plan (whatever --redact does to it)? Replay judges exactly these. */
export function isShown(plan: AnalysisPlan, f: Finding): boolean {
  return leftOutBy(plan, f) === null && passesFloors(plan, { severity: shownSeverity(f, plan.config), confidence: f.confidence });
}

/** A finding with the verdicts the store holds for the plan's judge (none without --judge): what analyze, show and the TUI show. */
export function judgedBy(db: Db, plan: AnalysisPlan): (f: Finding) => Finding {
  return plan.judge ? withVerdicts(db, plan.judge.model) : (f) => f;
}
