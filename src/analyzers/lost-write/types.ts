import type { OptionsSchema } from '../define.js';

/** lost-write's typed contract: its causes, its findings' `detail`, its options. */

export type Cause = 'never_committed' | 'failed_without_retry' | 'lost_in_restart' | 'missing_from_snapshot' | 'promised_not_written' | 'acked_before_commit';

/** A lost-write finding's `detail`: a promise without a write, or a write and what became of it. */
export type Detail =
  | { turn: number | null; phrase: string; sentence: string; lang: string }
  | {
      write_id: string;
      memory_id: string | null;
      memory_type: string | null;
      critical: boolean;
      store: string | null;
      phases: { phase: string; ts: string }[];
      gap_ms: number;
      restart?: { process: string | null; event: string; ts: string };
      snapshot?: { store: string | null; ts: string; size: number };
      promise?: { phrase: string; turn: number | null };
    };

/** Options: which memory types are critical, which tools write memory, how long an open asynchronous write is in flight. */
export type Options = { criticalTypes: string; memory_tools: string; pending_grace_s: number };

/** The options' schema: defaults, descriptions, bounds. */
export const OPTIONS: OptionsSchema<Options> = {
  criticalTypes: {
    default: 'preference,constraint,decision',
    description: 'memory types whose write must be committed before it is acknowledged (comma-separated)',
  },
  memory_tools: { default: '', description: 'more tool names that write memory (comma-separated)' },
  pending_grace_s: {
    default: 300,
    description: 'seconds a write its memory layer reports as still PENDING / RUNNING may stay open at the end of the log (in flight, not lost)',
    min: 0,
  },
};
