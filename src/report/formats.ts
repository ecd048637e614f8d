/**
 * The output formats of each report, by name: what `--format` accepts and what its help lists.
 * Kept apart from the reporters (src/report/reporters.ts, typed by these lists) so registering
 * the commands loads no reporter.
 */
export const OUTPUT_FORMATS = {
  findings: ['text', 'json', 'markdown'],
  finding: ['text', 'json'],
  ci: ['text', 'json', 'markdown', 'junit', 'sarif'],
  replay: ['text', 'json'],
  eval: ['text', 'json'],
  sessions: ['text', 'json'],
  badLines: ['text', 'json'],
  ingest: ['text', 'json'],
  chaos: ['text', 'json'],
  checks: ['text', 'json', 'markdown', 'junit', 'sarif'],
  behaviour: ['text', 'json', 'markdown'],
} as const;

export type ReportKind = keyof typeof OUTPUT_FORMATS;
export type OutputFormatOf<K extends ReportKind> = (typeof OUTPUT_FORMATS)[K][number];

/** "text, json or markdown": a format list for help text and messages. */
export function formatList(names: readonly string[]): string {
  return names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
}
