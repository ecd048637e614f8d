import type { ReplayReport } from '../lab/replay/replay.js';
import type { ReplayJob } from './replay-job.js';
import type { StoreStats } from '../store/queries.js';
import type { FindingFilter, SessionFilter } from './findings-index.js';
import type { SessionData } from '../store/session.js';
import type { Finding, Severity } from '../findings/types.js';
import type { BadLine } from '../store/bad-lines.js';

export type { BadLine } from '../store/bad-lines.js';

/**
 * The TUI's one window on the evidence store. Screens and hooks know this interface only;
 * `openTuiStore` implements it over the store's browse queries (src/store/browse.ts) and an
 * in-memory index of the findings' keys (findings-index.ts): a page is fetched by rowid.
 */
export interface TuiStore {
  overview(): Overview;
  findingsPage(filter: FindingFilter, offset: number, limit: number): FindingRow[];
  countFindings(filter: FindingFilter): number;
  sessionsPage(filter: SessionFilter, offset: number, limit: number): SessionRow[];
  countSessions(filter: SessionFilter): number;
  /** a stored finding by id, null if there is none */
  finding(id: string): Finding | null;
  /** every event of a session, with request prompts */
  session(id: string): SessionData;
  /** the stored findings of a session, oldest first */
  sessionFindings(session: string): Finding[];
  /** an event by its id or its "file:line" (`EvidenceStep.event` or `.source`), within a session when given */
  rawEvent(ref: string, session?: string): RawEvent | null;
  /** the lines ingest could not read, in file and line order (their raw text cut, secrets masked) */
  badLines(offset: number, limit: number): BadLine[];
  /** how many bad lines the store keeps, and how many more it counted past the per-source cap */
  countBadLines(): { kept: number; notKept: number };
  /**
   * the scan a findings search needs, made in slices off the render (keys are answered between
   * two), cancellable; then countFindings and findingsPage answer that text at once. Optional: a
   * store that searches cheaply (--redact: titles are not searched) has none
   */
  prepareSearch?(text: string, progress?: (done: number, total: number) => void): { promise: Promise<void>; cancel(): void };
  /** the session replayed through the reference memory engine (src/engine), computed once per session */
  replay(session: string): ReplayReport;
  /** the same, off the input path (a worker thread), cancellable, saying how far it is (requests replayed, of the session's); kept once done */
  replayAsync(session: string, progress?: (done: number, total: number) => void): ReplayJob;
  close(): void;
}

/** A finding as a list shows it: its keys and title, without the evidence, fix and detail. */
export type FindingRow = Pick<Finding, 'id' | 'analyzer' | 'severity' | 'session' | 'turn' | 'ts' | 'title' | 'cause'>;

export interface SessionRow {
  session: string;
  events: number;
  first_ts: string | null;
  last_ts: string | null;
  findings: number;
  errors: number;
  warnings: number;
  infos: number;
  analyzers: string[];
}

export interface Overview {
  /** analyzers to show: the known ones and any with stored findings, sorted */
  analyzers: string[];
  /** findings per analyzer and severity */
  matrix: Record<string, Record<Severity, number>>;
  bySeverity: Record<Severity, number>;
  findings: number;
  sessionsAffected: number;
  stats: StoreStats;
  /** sessions with findings, worst first (errors, then warnings, then count) */
  worst: SessionRow[];
  analyzedAt: string | null;
}

export interface RawEvent {
  kind: string;
  session: string;
  turn: number | null;
  ts: string;
  source: string;
  eventId: string | null;
  /** the event as logged (a request with its messages), pretty-printed */
  json: string;
}
