import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { analyzer as concurrentOverwrite } from '../../analyzers/concurrent-overwrite/index.js';
import { analyzer as destructiveUpdate } from '../../analyzers/destructive-update/index.js';
import { analyzer as lostWrite } from '../../analyzers/lost-write/index.js';
import { analyzer as memoryConflict } from '../../analyzers/memory-conflict/index.js';
import { analyzer as neverExtracted } from '../../analyzers/never-extracted/index.js';
import { analyzer as recallMismatch } from '../../analyzers/recall-mismatch/index.js';
import { analyzer as scopeLeak } from '../../analyzers/scope-leak/index.js';
import { analyzer as staleMemory } from '../../analyzers/stale-memory/index.js';
import { analyzer as toolDrift } from '../../analyzers/tool-drift/index.js';
import { analyzer as windowOverflow } from '../../analyzers/window-overflow/index.js';
import { detectPreferences } from '../../text/index.js';
import { findSavePromise } from '../../text/promises.js';
import { evaluate, evaluateLogs, readLabels } from '../eval.js';
import { fenceTool } from '../../engine/prompt.js';
import { CHAOS_FAULTS, FAULT_ANALYZER, generateChaos, runChaosSession } from './generate.js';
import { simulateAnswer, unfencedLoudTool } from './model.js';
import { PACKS } from './scripts.js';
import { EXHAUSTIVE, SLOW } from '../../../test/tier.js';

const ALL = [
  concurrentOverwrite,
  destructiveUpdate,
  lostWrite,
  memoryConflict,
  neverExtracted,
  recallMismatch,
  scopeLeak,
  staleMemory,
  toolDrift,
  windowOverflow,
];
const dirs: string[] = [];
const tmp = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'amnesia-chaos-'));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

/** npm test's corpus: one session of every fault, and a fault-free one, in each language, written as generateChaos writes them. */
function writeEveryFaultOnce(out: string, seed: number): void {
  fs.mkdirSync(path.join(out, 'logs'), { recursive: true });
  const kinds = [...CHAOS_FAULTS, 'none' as const].flatMap((fault) => (['en', 'zh'] as const).map((lang) => ({ fault, lang })));
  const sessions = kinds.map((k, i) => runChaosSession(seed, i, k));
  for (const s of sessions) fs.writeFileSync(path.join(out, 'logs', `${s.session}.jsonl`), s.events.map((e) => JSON.stringify(e)).join('\n') + '\n');
  fs.writeFileSync(path.join(out, 'labels.jsonl'), sessions.flatMap((s) => s.labels.map((l) => JSON.stringify(l))).join('\n') + '\n');
}

describe('a seeded chaos corpus through eval', () => {
  it(
    'finds every injected fault with the analyzer meant for it, and flags nothing on fault-free sessions (npm test: every fault once per language; test:slow: the 200 sessions of docs/engine.md)',
    EXHAUSTIVE,
    async () => {
      const out = tmp();
      if (SLOW) {
        // eleven faults in two languages: 120 sessions left a pair out; docs/engine.md's corpus (seed 42) covers all
        const m = generateChaos({ out, seed: 42, sessions: 200 });
        expect(Object.keys(m.by_fault).sort()).toEqual([...CHAOS_FAULTS, 'none'].sort());
        expect(m.by_lang.en).toBeGreaterThan(20);
        expect(m.by_lang.zh).toBeGreaterThan(20);
      } else writeEveryFaultOnce(out, 20260401);
      const labels = readLabels(path.join(out, 'labels.jsonl'));
      expect(new Set(labels.map((l) => `${l.fault} ${l.lang}`)).size).toBe((CHAOS_FAULTS.length + 1) * 2);
      const { report } = await evaluateLogs([path.join(out, 'logs')], labels);
      expect(report.missed).toEqual([]);
      expect(report.false_positives).toEqual([]);
      expect(report.clean.sessions).toBeGreaterThan(SLOW ? 15 : 1);
      expect(report.clean.flagged).toEqual([]);
      // the analyzers chaos injects faults for are scored; one it injects none for yet (ignored-in-context) must find nothing here
      const scored = report.analyzers.filter((a) => ALL.some((x) => x.meta.id === a.analyzer));
      expect(scored.map((a) => a.analyzer).sort()).toEqual(ALL.map((a) => a.meta.id).sort());
      for (const a of report.analyzers.filter((x) => !scored.includes(x))) expect([a.analyzer, a.findings]).toEqual([a.analyzer, 0]);
      for (const a of scored) {
        expect(a.labels, a.analyzer).toBeGreaterThan(SLOW ? 5 : 1);
        expect([a.analyzer, a.precision, a.recall]).toEqual([a.analyzer, 1, 1]);
      }
      // every faulty session's labels name its fault's analyzer
      for (const l of labels) if (l.fault !== 'none' && l.analyzer) expect(l.analyzer).toBe(FAULT_ANALYZER[l.fault as keyof typeof FAULT_ANALYZER]);
    },
  );

  it('is deterministic: the same seed writes the same bytes', () => {
    const a = tmp();
    const b = tmp();
    generateChaos({ out: a, seed: 9, sessions: 6 });
    generateChaos({ out: b, seed: 9, sessions: 6 });
    const files = fs.readdirSync(path.join(a, 'logs')).sort();
    expect(files).toEqual(fs.readdirSync(path.join(b, 'logs')).sort());
    for (const f of files) expect(fs.readFileSync(path.join(a, 'logs', f), 'utf8')).toBe(fs.readFileSync(path.join(b, 'logs', f), 'utf8'));
    expect(fs.readFileSync(path.join(a, 'labels.jsonl'), 'utf8')).toBe(fs.readFileSync(path.join(b, 'labels.jsonl'), 'utf8'));
  });

  it.each(CHAOS_FAULTS.flatMap((f) => (['en', 'zh'] as const).map((lang) => [f, lang] as const)))('%s (%s) labels one turn for its analyzer', (fault, lang) => {
    const s = runChaosSession(3, 1, { fault, lang });
    expect(s.labels.length).toBeGreaterThan(0);
    for (const l of s.labels) expect([l.analyzer, l.fault, l.lang, Number.isInteger(l.turn)]).toEqual([FAULT_ANALYZER[fault], fault, lang, true]);
  });
});

describe('the scripts', () => {
  it('state no preference anywhere but where the user states one, and promise a save only where one is made', () => {
    for (const p of Object.values(PACKS)) {
      const constraintTexts = Object.values(p.constraints).flatMap((c) => [c.statement, c.permission, c.restatement, p.opening(c.statement)]);
      const userTexts = [
        ...p.facts.flatMap((f) => [f.statement, f.update?.statement, f.question?.user]),
        ...p.pairs.flatMap((x) => [x.statement, x.question]),
        ...p.fillers.map((x) => x.user),
        p.work.user(3),
        p.state.concurrent.user,
        p.state.owned.user,
        p.loud.user,
      ].filter((t): t is string => !!t);
      for (const t of userTexts) expect([t, detectPreferences(t, 'user').map((x) => x.key)]).toEqual([t, []]);
      for (const t of constraintTexts) expect(detectPreferences(t, 'user').length, t).toBe(1);
      expect(detectPreferences(p.system, 'system')).toEqual([]);
      const answers = [
        ...p.facts.map((f) => f.question?.answer),
        ...p.pairs.map((x) => x.answer),
        ...p.fillers.map((x) => x.answer),
        p.work.answer(3, 40, 3900),
        p.state.concurrent.answer,
        p.state.owned.answer,
        p.loud.answer,
        p.loud.loudAnswer,
        p.ackRestated,
        p.unknown,
      ].filter((t): t is string => !!t);
      for (const t of answers) expect([t, findSavePromise(t)]).toEqual([t, null]);
      expect(findSavePromise(p.ack)).not.toBeNull();
      expect(findSavePromise(p.noted)).not.toBeNull();
    }
  });

  it('simulated model: honours a constraint it can see, falls back to its habit when it cannot, copies only unfenced loud tools', () => {
    const c = PACKS.en.constraints.xml;
    const spec = { answer: 'Wave 2: the pool is saturated.', habitual: true };
    expect(
      simulateAnswer(
        [
          { role: 'system', content: `- ${c.statement}` },
          { role: 'user', content: 'go' },
        ],
        spec,
        c,
      ),
    ).toBe(spec.answer);
    expect(simulateAnswer([{ role: 'user', content: 'go' }], spec, c)).toMatch(/^<report>/);
    const loud = PACKS.en.loud;
    const raw = [
      { role: 'user', content: loud.user },
      { role: 'tool', content: loud.tool },
    ];
    const fenced = [
      { role: 'user', content: loud.user },
      { role: 'tool', content: fenceTool('web_search', loud.tool) },
    ];
    expect(unfencedLoudTool(raw)).toBe(true);
    expect(unfencedLoudTool(fenced)).toBe(false);
    expect(simulateAnswer(raw, { answer: loud.answer, loudAnswer: loud.loudAnswer }, c)).toBe(loud.loudAnswer);
    expect(simulateAnswer(fenced, { answer: loud.answer, loudAnswer: loud.loudAnswer }, c)).toBe(loud.answer);
  });
});

describe('evaluate', () => {
  it('counts true and false positives per analyzer, and missed labels', () => {
    const f = (analyzer: string, session: string, turn: number | null) => ({
      id: `${analyzer}${session}${turn}`,
      analyzer,
      session,
      turn,
      cause: 'c',
      title: 't',
      severity: 'error' as const,
      confidence: 'certain' as const,
      ts: '',
      evidence: [],
      fix: '',
    });
    const r = evaluate(
      [f('a', 's1', 2), f('a', 's1', 2), f('a', 's2', 1), f('b', 's3', 0)],
      [
        { session: 's1', analyzer: 'a', turn: 2 },
        { session: 's4', analyzer: 'a', turn: 5 },
        { session: 's3', analyzer: null, turn: null },
        { session: 's5', analyzer: 'c', turn: 1 },
      ],
      ['a', 'b'],
    );
    expect(r.analyzers).toEqual([
      { analyzer: 'a', labels: 2, findings: 3, true_positives: 2, false_positives: 1, false_negatives: 1, precision: 2 / 3, recall: 0.5 },
      { analyzer: 'b', labels: 0, findings: 1, true_positives: 0, false_positives: 1, false_negatives: 0, precision: 0, recall: null },
    ]);
    expect(r.missed.map((l) => l.session)).toEqual(['s4']);
    expect(r.clean).toEqual({ sessions: 1, flagged: ['s3'] });
    expect(r.not_evaluated).toEqual([{ analyzer: 'c', labels: 1 }]);
  });
});
