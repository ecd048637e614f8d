/**
 * A time span as people read it, the same in a finding's title and in the TUI's pictures:
 * "320ms", "1.5s", "42s", "2m 5s", "3m", "1h 20m".
 */
export function duration(ms: number): string {
  const a = Math.abs(ms);
  if (a < 1000) return `${Math.round(a)}ms`;
  if (a < 60_000) return `${Math.round(a / 100) / 10}s`.replace('.0s', 's');
  if (a < 3_600_000) return `${Math.floor(a / 60_000)}m${Math.round((a % 60_000) / 1000) ? ` ${Math.round((a % 60_000) / 1000)}s` : ''}`;
  return `${Math.floor(a / 3_600_000)}h${Math.round((a % 3_600_000) / 60_000) ? ` ${Math.round((a % 3_600_000) / 60_000)}m` : ''}`;
}
