/**
 * amnesia-forensics/lab: replay, chaos and eval, the engine put to work against the analyzers
 * (docs/engine.md). Above both the engine and the analyzers: replay runs a stored session through
 * the engine and judges it with the analyzers; chaos generates labelled faulty sessions; eval
 * scores the analyzers on labelled logs.
 */
export {
  replaySession,
  replayStore,
  REPLAY_SCHEMA,
  type ReplayOptions,
  type ReplayReport,
  type ReplayTurn,
  type Prevention,
  type ReplayWrite,
  type ReplayStateOp,
  type PromptSide,
} from './replay/replay.js';
export {
  generateChaos,
  runChaosSession,
  CHAOS_FAULTS,
  FAULT_ANALYZER,
  type ChaosOptions,
  type ChaosManifest,
  type ChaosLabel,
  type ChaosFault,
  type ChaosSession,
} from './chaos/generate.js';
export { evaluate, evaluateLogs, readLabels, type EvalReport, type AnalyzerScore, type Label, type FindingRef } from './eval.js';
