import type { EvidenceRole, Finding, Severity } from '../findings/types.js';
import type { SessionData, SessionEvent } from '../store/session.js';
import type { StoredWriteEvent } from '../store/memories.js';

/** An analyzer's option values by name (its defaults merged with the configuration). */
export type OptionValues = Record<string, number | string | boolean>;

export interface AnalyzerMeta {
  /** stable kebab-case id (FINDINGS.md) */
  id: string;
  /** one line: what it detects; equals the first heading line of its README */
  description: string;
  /** default severity of its findings (a finding may say otherwise) */
  severity: Severity;
  /** every cause code it emits, with a one-line explanation */
  causes: Record<string, string>;
  /** bump when what it finds changes without its meta changing: stored findings of the old version are then recomputed */
  version?: number;
  /** tunable thresholds and their defaults; configuration may override them */
  options?: Record<string, number | string | boolean>;
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

export interface FindingDraft {
  cause: string;
  /** content that tells this finding apart within the session and cause (memory id, turn, key...), never a row id */
  key: string;
  title: string;
  fix: string;
  turn: number | null;
  /** when the failure shows */
  ts: number;
  evidence: EvidenceDraft[];
  severity?: Severity;
  detail?: Record<string, unknown>;
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
  /** first and last event time (epoch ms) of a session of the store */
  sessionSpan(session: string): { first: number; last: number } | undefined;
}

export interface AnalyzerContext {
  session: SessionData;
  store?: StoreContext;
  /** meta.options merged with configuration */
  options: Record<string, number | string | boolean>;
}

export interface Analyzer {
  meta: AnalyzerMeta;
  /** Read one session, return its findings. Pure: no output, no store writes. */
  run(ctx: AnalyzerContext): FindingDraft[];
}

/** The analyzer factory: checks the meta once, so a typo in an id or a cause fails at load. */
export function defineAnalyzer(a: Analyzer): Analyzer {
  if (!/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(a.meta.id)) throw new Error(`analyzer id "${a.meta.id}" is not kebab-case`);
  if (Object.keys(a.meta.causes).length === 0) throw new Error(`analyzer ${a.meta.id} declares no causes`);
  return a;
}

export type { Finding };
