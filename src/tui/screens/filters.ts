import type { Confidence, Severity } from '../../findings/types.js';

/** The TUI's confidence filter: none, then at least likely, then only certain (as --min-confidence). */
export const CONFIDENCE_CYCLE: readonly (Confidence | undefined)[] = [undefined, 'likely', 'certain'];

export const SEVERITY_CYCLE: readonly (Severity | undefined)[] = [undefined, 'error', 'warning', 'info'];

/** The value after `current` in `values`, wrapping around. */
export function cycle<T>(values: readonly T[], current: T): T {
  const i = values.indexOf(current);
  return values[(i + 1) % values.length];
}

/** "sort severity · analyzer lost-write · search "m77"" (unset filters read "all"). */
export function filterLine(parts: [string, string | undefined][]): string {
  return parts
    .filter(([k, v]) => v !== undefined || k === 'analyzer' || k === 'severity')
    .map(([k, v]) => `${k}: ${v === undefined ? 'all' : k === 'search' ? `"${v}"` : v}`)
    .join(' · ');
}
