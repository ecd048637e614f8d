import { FINDINGS_SCHEMA, SEVERITIES, type Finding, type FindingsDocument, type FindingsSummary } from './types.js';

/**
 * Findings documents of shards merged into the document one run over everything gives
 * (docs/scale.md): findings in report order, counts summed. Pure: the CLI reads the files.
 */

/** The report order of findings: session, then time, then id (UTF-16 order, as every run sorts). */
export function findingOrder(a: Finding, b: Finding): number {
  return a.session < b.session ? -1 : a.session > b.session ? 1 : a.ts < b.ts ? -1 : a.ts > b.ts ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** `amnesia shard`'s manifest (manifest.json in the output folder). */
export const SHARDS_SCHEMA = 'amnesia.shards/v1';

export interface ShardManifest {
  schema: typeof SHARDS_SCHEMA;
  version: string;
  shards: number;
  by: 'session' | 'user';
  /** the whole store the shards were cut from */
  summary: { sessions: number; events: number; bad_lines: number };
  sources: { path: string; format: string; sha256: string; events: number; bad_lines: number }[];
  parts: { shard: number; events_file: string; sessions: number; events: number; context_events: number }[];
  /**
   * The whole store's token calibration factors per approximated model (src/store/calibration.ts): what a
   * session without reported usage of its own borrows in a single run. A shard borrows its own sessions'
   * median instead, so such a session's counts (and a window-overflow finding on it) can differ from a
   * single run's; listed so that a difference can be told apart from a bug (docs/scale.md).
   */
  calibration?: Record<string, number>;
  /** inputs given and not read, whole or in part (`ci --findings --manifest` fails on them as `ci` does) */
  unread?: { path: string; reason: string }[];
}

/** The folder of shard k of n: `shard-3-of-8`. */
export function shardFolder(k: number, n: number): string {
  return `shard-${k}-of-${n}`;
}

/** A findings document, named by where it came from (a file) for every error about it. */
export interface NamedDocument {
  name: string;
  doc: FindingsDocument;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;

/** What is wrong with a value read as a findings document (FINDINGS.md), or null when nothing is. */
export function findingsDocumentProblem(v: unknown): string | null {
  if (!isObject(v)) return 'not a JSON object';
  if (v.schema !== FINDINGS_SCHEMA)
    return `schema is ${JSON.stringify(v.schema) ?? 'missing'}, not "${FINDINGS_SCHEMA}" (a findings document: amnesia triage --format json)`;
  if (!Array.isArray(v.findings)) return '"findings" is not an array';
  const s = v.summary;
  if (!isObject(s) || !isCount(s.sessions) || !isCount(s.events) || !isCount(s.bad_lines) || !isObject(s.by_analyzer))
    return '"summary" lacks sessions, events, bad_lines or by_analyzer';
  for (const [i, f] of v.findings.entries()) {
    if (!isObject(f)) return `finding ${i} is not an object`;
    for (const k of ['id', 'analyzer', 'session', 'ts', 'title', 'cause'] as const) if (typeof f[k] !== 'string') return `finding ${i} has no string "${k}"`;
    if (!(SEVERITIES as readonly unknown[]).includes(f.severity)) return `finding ${i} (${String(f.id)}) has severity ${JSON.stringify(f.severity)}`;
    if (!Array.isArray(f.evidence)) return `finding ${i} (${String(f.id)}) has no evidence array`;
  }
  return null;
}

/** The shard a document's summary says it is (set by triage/analyze --shard). */
export function documentShard(doc: FindingsDocument): { k: number; n: number; by: string } | undefined {
  const s: unknown = doc.summary.shard;
  return isObject(s) && isCount(s.k) && isCount(s.n) ? { k: s.k, n: s.n, by: typeof s.by === 'string' ? s.by : 'session' } : undefined;
}

export class MergeError extends Error {}

/**
 * One document from many: every finding once (the same id in two documents is an error: each
 * session is analysed by one shard), in report order; sessions, events, bad lines and per-analyzer
 * counts summed. Documents of `--shard` runs must be one of each shard, all of the same N and key.
 * With a manifest, the merged counts must be the manifest's (a shard left out fails the merge) and
 * its bad lines, counted when the shards were cut, are added.
 */
export function mergeFindings(docs: readonly NamedDocument[], manifest?: ShardManifest): FindingsDocument {
  const seen = new Map<string, string>();
  const findings: Finding[] = [];
  const summary: FindingsSummary = { sessions: 0, events: 0, bad_lines: 0, by_analyzer: {} };
  const shards = new Map<number, string>();
  let cut: string | undefined;
  for (const { name, doc } of docs) {
    const shard = documentShard(doc);
    if (shard) {
      const key = `${shard.n}/${shard.by}`;
      if (cut !== undefined && cut !== key)
        throw new MergeError(`${name}: shard ${shard.k} of ${shard.n} by ${shard.by}, but another document was cut as ${cut}`);
      cut = key;
      const other = shards.get(shard.k);
      if (other !== undefined) throw new MergeError(`${name}: shard ${shard.k} of ${shard.n} is also ${other}`);
      shards.set(shard.k, name);
    }
    for (const f of doc.findings) {
      const where = seen.get(f.id);
      if (where !== undefined) throw new MergeError(`${name}: finding ${f.id} is also in ${where} (a document given twice, or shards that overlap)`);
      seen.set(f.id, name);
      findings.push(f);
    }
    summary.sessions += doc.summary.sessions;
    summary.events += doc.summary.events;
    summary.bad_lines += doc.summary.bad_lines;
    for (const [a, n] of Object.entries(doc.summary.by_analyzer)) summary.by_analyzer[a] = (summary.by_analyzer[a] ?? 0) + n;
  }
  if (manifest) {
    if (cut !== undefined && cut !== `${manifest.shards}/${manifest.by}`)
      throw new MergeError(`the documents were cut as ${cut.replace('/', ' by ')}, the manifest into ${manifest.shards} by ${manifest.by}`);
    const missing = manifest.parts.map((p) => p.shard).filter((k) => cut !== undefined && !shards.has(k));
    if (missing.length) throw new MergeError(`no findings document for shard(s) ${missing.join(', ')} of ${manifest.shards}`);
    if (summary.sessions !== manifest.summary.sessions || summary.events !== manifest.summary.events)
      throw new MergeError(
        `the documents cover ${summary.sessions} session(s) and ${summary.events} event(s), the manifest ${manifest.summary.sessions} and ${manifest.summary.events}: a shard is missing or was read differently`,
      );
    summary.bad_lines += manifest.summary.bad_lines;
  }
  return { schema: FINDINGS_SCHEMA, findings: findings.sort(findingOrder), summary };
}

/** What is wrong with a value read as a shard manifest, or null. */
export function manifestProblem(v: unknown): string | null {
  if (!isObject(v)) return 'not a JSON object';
  if (v.schema !== SHARDS_SCHEMA) return `schema is ${JSON.stringify(v.schema) ?? 'missing'}, not "${SHARDS_SCHEMA}" (amnesia shard writes it)`;
  if (!isCount(v.shards) || v.shards < 1) return '"shards" is not a positive integer';
  const s = v.summary;
  if (!isObject(s) || !isCount(s.sessions) || !isCount(s.events) || !isCount(s.bad_lines)) return '"summary" lacks sessions, events or bad_lines';
  if (!Array.isArray(v.parts)) return '"parts" is not an array';
  return null;
}
