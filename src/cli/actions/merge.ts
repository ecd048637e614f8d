import { severityRank } from '../../findings/types.js';
import { parseSeverity } from '../../analysis/plan.js';
import { reporter } from '../../report/reporters.js';
import { palette } from '../../report/colors.js';
import { colorEnabled, type Io } from '../io.js';
import { writeAll } from '../../util/streams.js';
import { EXIT } from '../ctx.js';
import { mergedDocument } from '../../findings/documents.js';

/** `amnesia merge`: shards' findings documents as one. */
export async function mergeAction(files: string[], flags: { manifest?: string; format?: string; failOn?: string }, io: Io): Promise<number> {
  const report = reporter('findings', flags.format);
  const failOn = parseSeverity('--fail-on', flags.failOn);
  const doc = mergedDocument(files, flags.manifest);
  await writeAll(io.out, report({ findings: doc.findings, summary: () => doc.summary }, palette(colorEnabled(io.out, io.env))));
  return failOn && doc.findings.some((f) => severityRank(f.severity) >= severityRank(failOn)) ? EXIT.findings : EXIT.ok;
}
