/**
 * Titles and pictures take their figures from the finding's evidence, one source: real analyzers
 * over the real incident fixtures, then the picture of each finding drawn from the same store.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../store/connection.js';
import { ingest } from '../../ingest/pipeline.js';
import { resolveInputs } from '../../ingest/inputs.js';
import { analyze } from '../../analysis/run.js';
import { buildPlan } from '../../analysis/plan.js';
import { openTuiStore, type TuiStore } from '../store.js';
import { buildPictures } from './model.js';
import { drawPicture } from './index.js';
import { lineText } from './common.js';

let dir: string;
let store: TuiStore;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'amnesia-figures-'));
  const file = path.join(dir, 'e.db');
  const db = openStore(file);
  await ingest(db, { inputs: await resolveInputs(['fixtures/incidents/tool-drift', 'fixtures/incidents/window-overflow']), progress: false });
  analyze(db, buildPlan(), { persist: true });
  db.close();
  store = openTuiStore(openStore(file, { readonly: true }));
});
afterAll(() => {
  store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const findingsOf = (analyzer: string) => store.findingsPage({ sort: 'session', analyzer }, 0, 50).map((r) => store.finding(r.id)!);

describe('one source for the figures', () => {
  it('tool-drift: the picture\'s "before" is the answer the title names, not an empty tool-call response', () => {
    const all = findingsOf('tool-drift');
    expect(all.length).toBeGreaterThan(0);
    let checked = 0;
    for (const f of all) {
      const m = /the answer before: ([\d,]+) words/.exec(f.title);
      if (!m) continue;
      const p = buildPictures(store.session(f.session), store.sessionFindings(f.session));
      const drift = p.style!.drift.find((d) => d.findingId === f.id)!;
      expect(drift.before).not.toBeNull();
      expect(p.style!.points[drift.before!].words).toBe(Number(m[1].replace(/,/g, '')));
      const text = drawPicture(p, 'style', drift.index, 160, 20).map(lineText).join('\n');
      expect(text).toContain(`(before: ${m[1]} words`);
      expect(text).not.toContain('(before: 0 words');
      checked++;
    }
    expect(checked).toBeGreaterThan(0);
  });

  it('window-overflow: the fill % in the picture is the one in the title', () => {
    const all = findingsOf('window-overflow');
    expect(all.length).toBeGreaterThan(0);
    for (const f of all) {
      const m = /: ([\d,]+) \/ ([\d,]+) tokens \((\d+)%\)/.exec(f.title)!;
      expect(m).not.toBeNull();
      const p = buildPictures(store.session(f.session), store.sessionFindings(f.session));
      const v = p.fill!.vanish.find((x) => x.findingId === f.id)!;
      const text = drawPicture(p, 'fill', v.index, 160, 20).map(lineText).join('\n');
      expect(text).toContain(`${m[1]} / ${m[2]} tokens (${m[3]}%)`);
    }
  });
});
