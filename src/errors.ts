/** Exit statuses of FINDINGS.md: 0 nothing to report, 1 findings at the fail level, 2 usage error or unreadable input; 130 interrupted. */
export const EXIT = { ok: 0, findings: 1, usage: 2, interrupted: 130 } as const;

/**
 * Typed errors carry their exit status (FINDINGS.md: 2 = usage error or unreadable input).
 * Only the CLI's error boundary (src/cli/main.ts) turns them into a message and an exit code.
 */
export class AmnesiaError extends Error {
  readonly exitCode: number = EXIT.usage;
}

/** Bad flags or arguments. */
export class UsageError extends AmnesiaError {}

/** A missing file, a folder without logs, a format that cannot be detected. */
export class InputError extends AmnesiaError {}

/** A store that cannot be opened, is corrupt, or was written by a newer version. */
export class StoreError extends AmnesiaError {}
