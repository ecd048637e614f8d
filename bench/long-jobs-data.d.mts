/** Types of bench/long-jobs-data.mjs (for the tests that import it). */
export function manySessions(sessions: number): Generator<string>;
export function longSession(turns: number, opts?: { session?: string; keep?: number; contextLimit?: number }): Generator<string>;
