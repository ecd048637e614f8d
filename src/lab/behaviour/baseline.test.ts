import { describe, expect, it } from 'vitest';
import { Rng } from '../chaos/rng.js';
import type { Answer } from './collect.js';
import { compareBaseline, parseBaseline, recordBaseline } from './baseline.js';

const QUESTIONS = ['How do I reset my password?', 'What are your opening hours?', 'Can I change my delivery address?'];
const GERMAN =
  'auf der Seite mit den Kontoeinstellungen können Sie ein neues Passwort wählen nachdem Sie Ihre E-Mail-Adresse bestätigt haben und sich dann wieder anmelden'.split(
    ' ',
  );
const WORDS = 'the account settings page lets you choose a new password after you confirm your email address and then sign in again'.split(' ');

type Shift = 'none' | 'tables' | 'longer' | 'german';

/** A seeded agent answering each question `n` times, with the variation of a real model, optionally shifted. */
function agent(seed: number, n: number, shift: Shift): Answer[] {
  const rng = new Rng(seed);
  const out: Answer[] = [];
  for (const q of QUESTIONS)
    for (let i = 0; i < n; i++) {
      const words = Math.max(10, Math.round((shift === 'longer' ? 2.2 : 1) * (50 + rng.int(-20, 20))));
      let text = Array.from({ length: words }, () => rng.pick(shift === 'german' ? GERMAN : WORDS)).join(' ');
      text = `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
      if (rng.chance(0.3)) text += '\n\n- first step\n- second step\n- third step';
      if (rng.chance(0.1)) text += ' 🙂';
      if (shift === 'tables' && rng.chance(0.8)) text += '\n\n| step | what |\n|---|---|\n| 1 | open settings |\n| 2 | reset |';
      out.push({ key: `q:${q}`, question: q, session: `s${seed}-${i}`, turn: 0, source: `run-${seed}.jsonl:${i + 1}`, text });
    }
  return out;
}

describe('behaviour baselines', () => {
  it('record keeps every feature of every answer per question, and reads back', () => {
    const b = recordBaseline(agent(1, 12, 'none'), { version: 't', inputs: ['run.jsonl'], now: new Date(0) });
    expect(b.questions).toHaveLength(3);
    expect(b.made.answers).toBe(36);
    for (const q of b.questions) {
      expect(q.answers).toBe(12);
      expect(q.values.words).toHaveLength(12);
      expect(q.key).toMatch(/^q:[0-9a-f]{16}$/);
    }
    expect(parseBaseline(JSON.parse(JSON.stringify(b)), 'b.json').questions).toHaveLength(3);
    expect(() => parseBaseline({ schema: 'amnesia.findings/v1' }, 'b.json')).toThrow(/b\.json: not a behaviour baseline/);
    const redacted = recordBaseline(agent(1, 12, 'none'), { version: 't', inputs: [], redact: true });
    expect(JSON.stringify(redacted)).not.toContain('password?');
  });

  it('across ten seeds: an unchanged agent passes, a shifted one is caught on the feature that moved', () => {
    let falseAlarms = 0;
    const caught: Record<string, number> = { tables: 0, longer: 0, german: 0 };
    for (let seed = 1; seed <= 10; seed++) {
      const base = recordBaseline(agent(seed, 15, 'none'), { version: 't', inputs: [] });
      const same = compareBaseline(base, agent(seed + 1000, 15, 'none'));
      expect(same.compared).toBe(3);
      if (same.shifted) falseAlarms++;
      const want: Record<string, string> = { tables: 'table', longer: 'words', german: 'language' };
      for (const shift of ['tables', 'longer', 'german'] as const) {
        const r = compareBaseline(base, agent(seed + 2000, 15, shift));
        const moved = r.tests.filter((t) => t.shifted).map((t) => t.feature);
        if (moved.includes(want[shift])) caught[shift]++;
        if (r.shifted) {
          const t = r.tests.find((x) => x.shifted)!;
          expect(t.examples.length).toBeGreaterThan(0);
          expect(t.examples[0].source).toMatch(/^run-\d+\.jsonl:\d+$/);
        }
      }
    }
    // the false-alarm rate and power over ten seeds (printed for the README's figures)
    console.log(
      `behaviour baselines, 10 seeds x 3 questions x 15 answers: false alarms ${falseAlarms}/10; caught tables ${caught.tables}/10, longer ${caught.longer}/10, german ${caught.german}/10`,
    );
    expect(falseAlarms).toBe(0);
    expect(caught).toEqual({ tables: 10, longer: 10, german: 10 });
  });

  it('questions with too few answers on one side are skipped, not compared', () => {
    const base = recordBaseline(agent(3, 15, 'none'), { version: 't', inputs: [] });
    const r = compareBaseline(base, agent(4, 5, 'tables'));
    expect(r.compared).toBe(0);
    expect(r.skipped).toHaveLength(3);
    expect(r.shifted).toBe(false);
  });
});
