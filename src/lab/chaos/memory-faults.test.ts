import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { evaluateLogs } from '../eval.js';
import { memorySession } from './memory-faults.js';
import { Rng } from './rng.js';
import { FAULT_ANALYZER, MEMORY_FAULTS, type ChaosSession } from './types.js';

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

const LANGS = ['en', 'zh'] as const;
const START = Date.parse('2026-04-01T08:00:00Z');

/** Every memory fault once per language, and each of its scenarios fault-free, written as generateChaos writes them. */
function corpus(): { out: string; sessions: ChaosSession[] } {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'amnesia-chaos-mem-'));
  dirs.push(out);
  fs.mkdirSync(path.join(out, 'logs'));
  const sessions: ChaosSession[] = [];
  let i = 0;
  for (const fault of MEMORY_FAULTS)
    for (const lang of LANGS)
      for (const on of [true, false]) {
        const id = `chaos-mem-${String(i).padStart(4, '0')}-${lang}`;
        sessions.push(memorySession(new Rng(1000 + i), id, lang, on ? fault : 'none', START + i * 3 * 3_600_000, fault));
        i++;
      }
  for (const s of sessions) fs.writeFileSync(path.join(out, 'logs', `${s.session}.jsonl`), s.events.map((e) => JSON.stringify(e)).join('\n') + '\n');
  return { out, sessions };
}

describe('chaos: the memory layer faults (issue 31)', () => {
  const { out, sessions } = corpus();

  it.each(MEMORY_FAULTS.flatMap((f) => LANGS.map((lang) => [f, lang] as const)))('%s (%s) is injected: one label, for its analyzer', (fault, lang) => {
    const s = sessions.find((x) => x.fault === fault && x.lang === lang)!;
    expect(s.labels.map((l) => [l.analyzer, l.fault, Number.isInteger(l.turn)])).toEqual([[FAULT_ANALYZER[fault], fault, true]]);
  });

  it('its fault-free twin carries no label', () => {
    for (const s of sessions.filter((x) => x.fault === 'none')) expect(s.labels.map((l) => l.analyzer)).toEqual([null]);
  });

  it('eval finds every fault with its analyzer at its turn, and nothing else: no analyzer flags the fault-free twins', async () => {
    const labels = sessions.flatMap((s) => s.labels.map((l) => ({ ...l })));
    const { report } = await evaluateLogs([path.join(out, 'logs')], labels);
    expect(report.missed).toEqual([]);
    expect(report.false_positives).toEqual([]);
    expect(report.clean.flagged).toEqual([]);
    expect(report.clean.sessions).toBe(MEMORY_FAULTS.length * LANGS.length);
    for (const fault of MEMORY_FAULTS) {
      const a = report.analyzers.find((x) => x.analyzer === FAULT_ANALYZER[fault]);
      expect([fault, a?.labels, a?.precision, a?.recall]).toEqual([fault, LANGS.length, 1, 1]);
    }
  });
});
