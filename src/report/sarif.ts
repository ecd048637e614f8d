import type { Analyzer } from '../analyzers/define.js';
import { isLayer, type Finding, type Severity } from '../findings/types.js';
import type { GateResult } from '../ci/gate.js';
import { keyEvidence, splitSource } from './key-evidence.js';
import { confidenceWords, judgedLine, judgedLines } from './judged.js';
import { inert, inertJson } from '../util/sanitize.js';

export const SARIF_SCHEMA_URI = 'https://json.schemastore.org/sarif-2.1.0.json';

const LEVEL: Record<Severity, 'error' | 'warning' | 'note'> = { error: 'error', warning: 'warning', info: 'note' };

export interface RuleDoc {
  analyzer: Analyzer;
  /** the analyzer's README (markdown), for the rule's help */
  readme: string;
}

function location(source: string, message?: string) {
  const { file, line } = splitSource(inert(source));
  return {
    physicalLocation: { artifactLocation: { uri: file.split('\\').join('/') }, region: { startLine: Math.max(1, line) } },
    ...(message ? { message: { text: message } } : {}),
  };
}

/**
 * SARIF 2.1.0: one rule per analyzer with its README as help, one result per finding located at
 * its key evidence (the log file and line), the other evidence steps as related locations,
 * `baselineState` new / unchanged, and the stable id as a partial fingerprint.
 */
export function sarifLog(gate: GateResult, rules: readonly RuleDoc[], version: string): string {
  const index = new Map(rules.map((r, i) => [r.analyzer.meta.id, i]));
  const results = [...gate.new, ...gate.known].map((f: Finding) => {
    const key = keyEvidence(f);
    return {
      ruleId: f.analyzer,
      ruleIndex: index.get(f.analyzer) ?? -1,
      level: LEVEL[f.severity],
      kind: 'fail',
      message: { text: `${inert(f.title)}\nCause: ${f.cause}${f.confidence ? ` (${confidenceWords(f)})` : ''}. Fix: ${inert(f.fix)}` },
      locations: [location(key?.source ?? 'unknown:1')],
      relatedLocations: f.evidence.map((e, i) => ({
        id: i + 1,
        ...location(e.source, `${e.step}. ${e.role}: ${inert(e.text.slice(0, 200))}${e.judgement ? ` (${judgedLine(e.judgement)})` : ''}`),
      })),
      partialFingerprints: { amnesiaFindingId: f.id },
      baselineState: gate.known.includes(f) ? 'unchanged' : 'new',
      properties: {
        session: inert(f.session),
        turn: f.turn,
        cause: f.cause,
        findingId: f.id,
        ...(f.confidence ? { confidence: f.confidence } : {}),
        ...(isLayer(f.layer) ? { layer: f.layer } : {}),
        ...(judgedLines(f).length ? { judged: judgedLines(f) } : {}),
        ...(f.confidence_judged ? { confidenceJudged: { by: inert(f.confidence_judged.by), rules: f.confidence_judged.rules } } : {}),
      },
    };
  });
  const log = {
    $schema: SARIF_SCHEMA_URI,
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'amnesia',
            fullName: 'Amnesia Forensics',
            version,
            informationUri: 'https://www.npmjs.com/package/amnesia-forensics',
            rules: rules.map(({ analyzer: a, readme }) => ({
              id: a.meta.id,
              name: a.meta.id.replace(/(^|-)([a-z])/g, (_, _d, c: string) => c.toUpperCase()),
              shortDescription: { text: a.meta.description },
              fullDescription: { text: `${a.meta.description} Causes: ${Object.keys(a.meta.causes).join(', ')}.` },
              help: { text: readme.replace(/[#>`*]/g, '').trim(), markdown: readme },
              defaultConfiguration: { level: LEVEL[a.meta.severity] },
              properties: { causes: a.meta.causes },
            })),
          },
        },
        results,
        // inputs not read: the run did not look at everything it was given (a failure unless ignored)
        invocations: [
          {
            executionSuccessful: !gate.unread.some((u) => !u.ignored),
            toolExecutionNotifications: gate.unread.map((u) => ({
              level: u.ignored ? 'note' : 'error',
              message: { text: `not read: ${inert(u.reason)}${u.ignored ? ' (ignored: --ignore-unread)' : ''}` },
              locations: [{ physicalLocation: { artifactLocation: { uri: inert(u.path).split('\\').join('/') } } }],
              descriptor: { id: 'unread-input' },
            })),
          },
        ],
        ...(gate.config ? { properties: { config: { path: inert(gate.config.path), sha256: gate.config.sha256 } } } : {}),
        columnKind: 'unicodeCodePoints',
      },
    ],
  };
  return inertJson(JSON.stringify(log, null, 2)) + '\n';
}
