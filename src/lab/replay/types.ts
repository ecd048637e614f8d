/** What `amnesia replay` reports (`amnesia.replay/v1`; fields marked "added" are compatible additions). */
import type { AnalysisPlan } from '../../analysis/plan.js';
import type { Verdict } from '../../analyzers/views.js';
import type { NativeEvent } from '../../events/types.js';
import type { MemorySource } from '../../engine/types.js';
import type { Observation } from './observe.js';
import type { TitleWord } from '../../findings/title.js';

export interface ReplayOptions {
  /**
   * the analysis plan (src/analysis/plan.ts): its models, and the findings judged are the ones it
   * shows (its analyzers and options, the config's ignore rules, --severity, --min-confidence);
   * default: every analyzer under an empty config
   */
  plan?: AnalysisPlan;
  /** keep the reference engine's own events in the report */
  keepEvents?: boolean;
  /** after each request replayed: how many, of the session's (the TUI's `replaying… 1,234 of 5,000 requests`) */
  progress?: (done: number, total: number) => void;
}

export interface PromptSide {
  tokens: number;
  messages: number;
  /** tokens / window */
  fill: number | null;
  /** the session's constraints and preferences known so far, and whether this prompt carries each */
  constraints: { text: string; carried: boolean }[];
  /** memories (by their text) this prompt holds that are current in the reference when it is built */
  memories: string[];
  /**
   * (added) memories this prompt holds that the reference holds as superseded when it is built,
   * each with the text that replaced it (`by`: null when it was forgotten); never in `memories`
   */
  superseded?: { text: string; by: string | null }[];
}

export interface ReplayWrite {
  /** the recorded write, when the write came from the log */
  recorded_write: string | null;
  memory_type: string;
  text: string;
  /** what the recorded log shows happened to it */
  recorded: string;
  /** what the reference engine did */
  reference: string;
  /** where the memory came from: the log's `source`, else `user` when it restates the user's words, else `inferred` */
  source?: MemorySource;
}

export interface ReplayStateOp {
  key: string;
  actor: string;
  recorded: string;
  reference: string;
  refused: boolean;
  /** (added) a refused write: `merged` field by field into the current value, or `returned` to its writer */
  outcome?: 'merged' | 'returned';
  /** (added) a refused write: the field's value once the refusal was dealt with */
  after?: unknown;
}

export interface ReplayTurn {
  turn: number | null;
  ts: string;
  request_id: string | null;
  recorded: PromptSide;
  reference: PromptSide & {
    pinned: string[];
    injected: { id: string; text: string; score: number; rank: number }[];
    history: { kept: number; dropped: number };
    tool_results: number;
    over_budget: boolean;
  };
  writes: ReplayWrite[];
  state: ReplayStateOp[];
  /** the user this request was made for (scope is taken per event) */
  user?: string;
  /**
   * what the recorded prompt carried that the reference design would not have (another user's
   * memory, a superseded or decayed one) and conflicts the reference resolved: beyond the analyzers
   */
  observations?: Observation[];
}

export type { Verdict };

export interface Prevention {
  finding_id: string;
  analyzer: string;
  cause: string;
  turn: number | null;
  title: string;
  /** the log's words of the title (src/findings/title.ts), for --redact; never shown (presentReplay drops them) */
  title_words?: TitleWord[];
  prevented: boolean;
  /** `not_judged`: the replay has no verdict on this finding (no rule, or the log lacks what it needs); `prevented` is then false */
  verdict?: Verdict;
  how: string;
}

export const REPLAY_SCHEMA = 'amnesia.replay/v1';

/** `amnesia replay --format json` prints `{ "schema": "amnesia.replay/v1", "sessions": [ReplayReport...] }`. */
export interface ReplayReport {
  session: string;
  user: string;
  model: string;
  context_limit: number;
  turns: ReplayTurn[];
  findings: Prevention[];
  /** `prevented` counts only judged findings; `not_judged` the rest; `observations` what the turns show beyond the analyzers */
  summary: { requests: number; findings: number; prevented: number; judged?: number; not_judged?: number; observations?: number };
  /** every user of the session (scope is taken per event) */
  users?: string[];
  events?: NativeEvent[];
}
