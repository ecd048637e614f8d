import type { TitleWord } from './title.js';
/** The finding document of docs/spec/FINDINGS.md (`amnesia.findings/v1`). */

export const FINDINGS_SCHEMA = 'amnesia.findings/v1';

export const SEVERITIES = ['info', 'warning', 'error'] as const;
export type Severity = (typeof SEVERITIES)[number];

export function severityRank(s: Severity): number {
  return SEVERITIES.indexOf(s);
}

/**
 * How sure a finding is (FINDINGS.md, added compatibly): `certain` where the log records the
 * mechanism (a rank, a threshold, a write phase, a version, a compaction record, a token count),
 * `likely` where a rule inferred it from text, `possible` for a guess.
 */
export const CONFIDENCES = ['possible', 'likely', 'certain'] as const;
export type Confidence = (typeof CONFIDENCES)[number];

export function confidenceRank(c: Confidence): number {
  return CONFIDENCES.indexOf(c);
}

/** Severity follows confidence: a `possible` finding is never an error (at most a warning). */
export function severityFor(severity: Severity, confidence: Confidence): Severity {
  return confidence === 'possible' && severity === 'error' ? 'warning' : severity;
}

/**
 * The layer of a memory system that failed (FINDINGS.md `layer`, added compatibly): where a user
 * should look to fix it. One vocabulary for every analyzer, in the order a memory flows:
 * `extraction` (deciding what to remember from the dialogue), `update` (writing, updating,
 * committing it), `index` (making it findable: indexing, chunking), `retrieval` (searching and
 * cutting the candidates), `injection` (assembling the prompt: what goes in, where, what is
 * dropped), `generation` (the model, with the right prompt, answered against it).
 */
export const LAYERS = ['extraction', 'update', 'index', 'retrieval', 'injection', 'generation'] as const;
export type Layer = (typeof LAYERS)[number];

export function isLayer(v: unknown): v is Layer {
  return typeof v === 'string' && (LAYERS as readonly string[]).includes(v);
}

export const EVIDENCE_ROLES = ['user_input', 'context', 'retrieval', 'write', 'state', 'tool', 'response', 'lifecycle'] as const;
export type EvidenceRole = (typeof EVIDENCE_ROLES)[number];

/**
 * A retrieval candidate as a finding's detail lists it (recall-mismatch's `candidates`, `missed`,
 * `stages[].candidates`): the one shape every reader of it (reporters, the TUI's pictures) reads.
 */
export interface DetailCandidate {
  id: string;
  score: number | null;
  /** 1-based rank in its stage; null when the memory was not a candidate */
  rank: number | null;
  /** put into the prompt */
  injected?: boolean;
}

export interface EvidenceStep {
  step: number;
  role: EvidenceRole;
  turn: number | null;
  ts: string;
  /** the event's own `id`, else its place: "file:line" */
  event: string;
  /** original file and line (or CSV row) */
  source: string;
  /** an excerpt */
  text: string;
  detail: Record<string, unknown>;
  /**
   * set when a model's verdict decided this step, which the rules left open (`--judge`, issue 33;
   * added to v1 compatibly: a v1 reader that does not know it ignores it)
   */
  judgement?: Judgement;
}

/** A model's verdict on a step the rules cannot settle (FINDINGS.md `judgement`). */
export interface Judgement {
  /** the model that answered */
  by: string;
  /** which question (src/judge/): `memory-relevance`, `standing-instruction`, `instruction-survival`, `style-kept` */
  question: string;
  /** the version of the question's prompt */
  prompt_version: string;
  verdict: string;
  /** the model's one-line reason */
  reason: string;
  /** when the model answered (ISO 8601) */
  at: string;
}

/** A finding's confidence as a model's verdict left it (FINDINGS.md `confidence_judged`). */
export interface ConfidenceJudged {
  /** the model whose verdicts the confidence rests on */
  by: string;
  /** the confidence the rules gave, before the verdicts */
  rules: Confidence;
}

export interface Finding {
  id: string;
  analyzer: string;
  severity: Severity;
  session: string;
  turn: number | null;
  ts: string;
  title: string;
  cause: string;
  evidence: EvidenceStep[];
  fix: string;
  /** how sure the finding is (added to v1 compatibly: a v1 reader that does not know it ignores it) */
  confidence: Confidence;
  /**
   * set when `confidence` rests on a model's verdict (`--judge`, issue 33; added to v1 compatibly):
   * the model, and the confidence the rules alone gave; the verdicts are on their steps (`judgement`)
   */
  confidence_judged?: ConfidenceJudged;
  /**
   * the layer that failed, the chain's last word (added to v1 compatibly: every finding this version
   * writes has it; a document written before it has none, and readers show nothing)
   */
  layer?: Layer;
  /** extension (docs/json.md): analyzer-specific figures, e.g. the prompt's composition */
  detail?: Record<string, unknown>;
  /**
   * the words of `title` quoted from the log, in order (src/findings/title.ts): kept in the store so
   * --redact replaces each whole; never shown (presentFinding drops it)
   */
  title_words?: TitleWord[];
}

export interface FindingsSummary {
  sessions: number;
  events: number;
  bad_lines: number;
  by_analyzer: Record<string, number>;
  /** set by `--shard K/N`: this document holds the findings of that shard's sessions only (docs/scale.md; added compatibly in v1) */
  shard?: { k: number; n: number; by: 'session' | 'user' };
}

export interface FindingsDocument {
  schema: typeof FINDINGS_SCHEMA;
  findings: Finding[];
  summary: FindingsSummary;
}
