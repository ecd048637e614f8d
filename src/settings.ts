/**
 * The environment variables the program reads, in one place: each is documented in the README's
 * configuration section (test/settings.test.ts holds the two lists equal). Code reads a setting
 * from `settings()`, never from `process.env`. Variables of other programs' conventions (NO_COLOR,
 * FORCE_COLOR, TERM, CI, GITHUB_*, EDITOR, CLAUDE_CONFIG_DIR, CODEX_HOME, NODE_OPTIONS...) are read
 * where they apply, from the command's `Io.env`, and listed in the README too; the test also holds
 * that no other file reads process.env.
 */

type Env = Readonly<Record<string, string | undefined>>;

const num = (v: string | undefined): number | undefined => {
  const n = Number(v);
  return v !== undefined && v !== '' && Number.isFinite(n) && n > 0 ? n : undefined;
};

/** Every AMNESIA_* variable, with what it does (the README's table says the same). */
export const SETTINGS = {
  AMNESIA_WORKERS: 'threads that analyse (default: one per core, at most 8; 1: in-process)',
  AMNESIA_WORKER_HEAP_MB: "an analysis worker's old-generation heap, in MB (default 1024)",
  AMNESIA_PARALLEL_MIN_SESSIONS: 'sessions below which analysis stays on one thread (default 64)',
  AMNESIA_EARLY_ANALYSIS: '0: triage does not analyse quiet sessions while it still reads',
  AMNESIA_SPECULATION_STATS: 'set: triage prints how many early results it kept',
  AMNESIA_TOKEN_WORKERS: 'threads that count tokens during ingest',
  AMNESIA_TOKEN_WORKER: '0: tokens are counted on the main thread',
  AMNESIA_MAX_SESSIONS_IN_MEMORY: 'sessions ingest keeps open at once (default 200000)',
  AMNESIA_MAX_BAD_LINES: 'bad lines kept in the store (default 10000; all are counted)',
  AMNESIA_MAX_BAD_BYTES: 'bytes of bad lines kept in the store (default 16 MiB)',
  AMNESIA_PG_TIMEOUT_MS: 'Postgres connection and statement timeout, in ms (default 30000)',
  AMNESIA_DEBUG: 'set: an unexpected error prints its stack',
  AMNESIA_AGENT_API_KEY: '`amnesia check --endpoint`: the API key sent to the endpoint',
  AMNESIA_JUDGE_MODEL: '`--judge`: the model asked (when the config sets no `judge.model`)',
  AMNESIA_JUDGE_API_KEY: '`--judge`: the API key sent to the judge endpoint (never read from the config)',
  AMNESIA_REDACT_KEY:
    '`--redact`: a secret that keys its hashes (HMAC-SHA256), so an id or a word cannot be confirmed by hashing a guess; the same key gives the same hashes across runs and machines (unset: plain SHA-256)',
} as const;

export type SettingName = keyof typeof SETTINGS;

export interface Settings {
  workers?: number;
  workerHeapMb: number;
  parallelMinSessions: number;
  earlyAnalysis: boolean;
  speculationStats: boolean;
  tokenWorkers?: number;
  tokenWorker: boolean;
  maxSessionsInMemory: number;
  maxBadLines: number;
  maxBadBytes: number;
  pgTimeoutMs: number;
  debug: boolean;
  agentApiKey?: string;
  judgeModel?: string;
  judgeApiKey?: string;
  redactKey?: string;
}

/** The settings from an environment (the process's by default). */
export function settings(env: Env = process.env): Settings {
  return {
    workers: num(env.AMNESIA_WORKERS),
    workerHeapMb: num(env.AMNESIA_WORKER_HEAP_MB) ?? 1024,
    parallelMinSessions: num(env.AMNESIA_PARALLEL_MIN_SESSIONS) ?? 64,
    earlyAnalysis: env.AMNESIA_EARLY_ANALYSIS !== '0',
    speculationStats: !!env.AMNESIA_SPECULATION_STATS,
    tokenWorkers: num(env.AMNESIA_TOKEN_WORKERS),
    tokenWorker: env.AMNESIA_TOKEN_WORKER !== '0',
    maxSessionsInMemory: num(env.AMNESIA_MAX_SESSIONS_IN_MEMORY) ?? 200_000,
    maxBadLines: num(env.AMNESIA_MAX_BAD_LINES) ?? 10_000,
    maxBadBytes: num(env.AMNESIA_MAX_BAD_BYTES) ?? 16 * 1024 * 1024,
    pgTimeoutMs: num(env.AMNESIA_PG_TIMEOUT_MS) ?? 30_000,
    debug: !!env.AMNESIA_DEBUG,
    agentApiKey: env.AMNESIA_AGENT_API_KEY || undefined,
    judgeModel: env.AMNESIA_JUDGE_MODEL || undefined,
    judgeApiKey: env.AMNESIA_JUDGE_API_KEY || undefined,
    redactKey: env.AMNESIA_REDACT_KEY || undefined,
  };
}
