import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openStore, type Db } from '../src/store/connection.js';
import { resolveInputs } from '../src/ingest/inputs.js';
import { ingest } from '../src/ingest/pipeline.js';
import { analyze } from '../src/analysis/run.js';
import { buildPlan } from '../src/analysis/plan.js';
import { analysisFingerprint, cacheIsFresh, storedFingerprint } from '../src/store/findings.js';
import { EMPTY_CONFIG } from '../src/config/index.js';
import { VERSION } from '../src/version.js';

const LOG = 'fixtures/incidents/lost-write/en.jsonl';
const OTHER_LOG = 'fixtures/incidents/tool-drift/en.jsonl';

async function store(): Promise<Db> {
  const db = openStore(path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'amnesia-cache-')), 'e.db'));
  await ingest(db, { inputs: await resolveInputs([LOG]), progress: false });
  return db;
}

/** Mark every stored finding, so a result served from the cache is told apart from a recomputed one. */
function markStored(db: Db): void {
  db.prepare("UPDATE findings SET json = json_set(json, '$.title', 'FROM CACHE')").run();
}

describe('the findings cache is keyed by one fingerprint', () => {
  it('same program, analyzers, config and store: the stored findings are served', async () => {
    const db = await store();
    const first = analyze(db, buildPlan(), { persist: true, programVersion: '1.0.0' });
    expect(first.findings.length).toBeGreaterThan(0);
    markStored(db);
    const again = analyze(db, buildPlan(), { persist: true, programVersion: '1.0.0' });
    expect(again.findings.map((f) => f.title)).toEqual(first.findings.map(() => 'FROM CACHE'));
    db.close();
  });

  it('another program version (an upgrade): the cache misses and the findings are recomputed and stored again', async () => {
    const db = await store();
    const first = analyze(db, buildPlan(), { persist: true, programVersion: '1.0.0' });
    const fp = storedFingerprint(db);
    markStored(db);
    const upgraded = analyze(db, buildPlan(), { persist: true, programVersion: '1.0.1' });
    expect(upgraded.findings.map((f) => f.title)).toEqual(first.findings.map((f) => f.title));
    expect(upgraded.findings.some((f) => f.title === 'FROM CACHE')).toBe(false);
    expect(storedFingerprint(db)).not.toBe(fp);
    // a read-only caller (show, the TUI) sees the same: fresh for 1.0.1, stale for 1.0.0
    const analyzers = buildPlan(EMPTY_CONFIG).enabled;
    expect(cacheIsFresh(db, { analyzers, config: EMPTY_CONFIG, programVersion: '1.0.1' })).toBe(true);
    expect(cacheIsFresh(db, { analyzers, config: EMPTY_CONFIG, programVersion: '1.0.0' })).toBe(false);
    db.close();
  });

  it('each input of the key changes it: analyzer meta or version, an analyzer option, a model, the store content; nothing else does', async () => {
    const db = await store();
    const analyzers = buildPlan(EMPTY_CONFIG).enabled;
    const key = { analyzers, config: EMPTY_CONFIG };
    const base = analysisFingerprint(db, key);
    expect(analysisFingerprint(db, { ...key, programVersion: VERSION })).toBe(base);
    expect(analysisFingerprint(db, { analyzers: [...analyzers].reverse(), config: EMPTY_CONFIG })).toBe(base);
    const bumped = analyzers.map((a, i) => (i === 0 ? { meta: { ...a.meta, version: 2 } } : a));
    expect(analysisFingerprint(db, { ...key, analyzers: bumped })).not.toBe(base);
    const newCause = analyzers.map((a, i) => (i === 0 ? { meta: { ...a.meta, causes: { ...a.meta.causes, new_cause: 'x' } } } : a));
    expect(analysisFingerprint(db, { ...key, analyzers: newCause })).not.toBe(base);
    expect(analysisFingerprint(db, { ...key, analyzers: analyzers.slice(1) })).not.toBe(base);
    const option = { ...EMPTY_CONFIG, analyzers: { [analyzers[0].meta.id]: { options: { threshold: 0.5 } } } };
    expect(analysisFingerprint(db, { analyzers, config: option })).not.toBe(base);
    // severity and ignore rules are applied when showing: they do not invalidate the cache
    const shown = { ...EMPTY_CONFIG, analyzers: { [analyzers[0].meta.id]: { options: {}, severity: 'info' as const } }, ignore: [{ cause: 'x' }] };
    expect(analysisFingerprint(db, { analyzers, config: shown })).toBe(base);
    expect(analysisFingerprint(db, { analyzers, config: { ...EMPTY_CONFIG, models: { m: { context_limit: 1000 } } } })).not.toBe(base);
    await ingest(db, { inputs: await resolveInputs([OTHER_LOG]), progress: false });
    expect(analysisFingerprint(db, key)).not.toBe(base);
    db.close();
  });
});
