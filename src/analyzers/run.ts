import type { Db } from '../store/connection.js';
import { SessionReader, type SessionData } from '../store/session.js';
import { findingId } from '../findings/id.js';
import { severityFor, type EvidenceStep, type Finding } from '../findings/types.js';
import { clip, maskFinding } from '../findings/redact.js';
import { splitTitle } from '../findings/title.js';
import type { ModelOverride } from '../tokens/models.js';
import { optionDefaults, type Analyzer, type FindingDraft, type StoreContext } from './define.js';
import { MemoryWrites } from '../store/memories.js';

const EXCERPT = 400;

export function excerpt(text: string, max = EXCERPT): string {
  // secrets are masked before the cut (clip): a key straddling it is masked whole
  return clip(text.replace(/\s+/g, ' ').trim(), max);
}

/** Turn an analyzer's draft into the FINDINGS.md shape. */
export function finalize(a: Analyzer, session: string, d: FindingDraft<string, object>): Finding {
  if (!(d.cause in a.meta.causes)) throw new Error(`analyzer ${a.meta.id} emitted undeclared cause "${d.cause}"`);
  const evidence: EvidenceStep[] = d.evidence.map((e, i) => ({
    step: i + 1,
    role: e.role,
    turn: e.event.turn,
    ts: new Date(e.event.ts).toISOString(),
    event: e.event.eventId ?? e.event.source,
    source: e.event.source,
    text: excerpt(e.text),
    detail: e.detail ?? {},
  }));
  const confidence = d.confidence ?? a.meta.confidence[d.cause];
  const { title, words } = splitTitle(d.title);
  const f: Finding = {
    id: findingId(a.meta.id, session, d.cause, d.key),
    analyzer: a.meta.id,
    // severity follows confidence: a guess is never an error
    severity: severityFor(d.severity ?? a.meta.severity, confidence),
    session,
    turn: d.turn,
    ts: new Date(d.ts).toISOString(),
    title,
    cause: d.cause,
    evidence,
    fix: d.fix,
    confidence,
    // the chain's last word: where the memory system failed
    layer: d.layer ?? a.meta.layers[d.cause],
  };
  if (d.detail) f.detail = d.detail as Record<string, unknown>;
  if (words.length > 0) f.title_words = words;
  return maskFinding(f);
}

export function runOnSession(
  analyzers: readonly Analyzer[],
  data: SessionData,
  options: Record<string, Record<string, number | string | boolean>> = {},
  store?: StoreContext,
): Finding[] {
  const out: Finding[] = [];
  for (const a of analyzers) {
    const drafts = a.run({ session: data, store, options: { ...optionDefaults(a.meta), ...(options[a.meta.id] ?? {}) } });
    const seen = new Set<string>();
    for (const d of drafts) {
      const f = finalize(a, data.session, d);
      if (seen.has(f.id)) continue; // one finding per key
      seen.add(f.id);
      out.push(f);
    }
  }
  return out;
}

export interface RunOptions {
  analyzers: readonly Analyzer[];
  /** only sessions for which this returns true */
  sessionFilter?: (id: string) => boolean;
  models?: Record<string, ModelOverride>;
  options?: Record<string, Record<string, number | string | boolean>>;
}

/** What analyzers may read beyond their session (memories of the whole store), loaded on first use. */
export function storeContext(db: Db): StoreContext {
  let m: MemoryWrites | null = null;
  return {
    memoryWritesNaming: (users, ids) => (m ??= new MemoryWrites(db)).naming(users, ids),
    memoryWritesKey: (users, ids) => (m ??= new MemoryWrites(db)).namingKey(users, ids),
    memoryUsers: (tenant, limit) => (m ??= new MemoryWrites(db)).users(tenant, limit),
    sessionSpan: (s) => (m ??= new MemoryWrites(db)).span(s),
  };
}

/** Run analyzers over the store, one session at a time (memory stays flat), streaming findings. */
export function* analyzeStore(db: Db, opts: RunOptions): Generator<Finding> {
  const reader = new SessionReader(db, opts.models);
  const store = storeContext(db);
  for (const id of reader.sessionIds(opts.sessionFilter)) {
    yield* runOnSession(opts.analyzers, reader.load(id), opts.options, store);
  }
}
