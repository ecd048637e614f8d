/** empty-answer's picture: each answer's length, the empty ones marked. Data only: the TUI draws it. */
import type { SessionEvent } from '../../src/store/session.js';
import { contentText } from '../../src/events/validate.js';
import type { FindingOf, PictureSpec } from '../../src/analyzers/views.js';
import type { Cause, Detail } from './types.js';

export interface Answers {
  answers: { turn: number | null; chars: number; findingId: string | null }[];
}

export const picture: PictureSpec<Cause, Detail, Answers> = {
  kind: 'answers',
  title: 'Answers',
  build(events: readonly SessionEvent[], findings: readonly FindingOf<Cause, Detail>[]): Answers {
    const answers = events
      .filter((e) => e.kind === 'response')
      .map((e) => ({ turn: e.turn, chars: contentText(e.body.content).length, findingId: findings.find((f) => f.turn === e.turn)?.id ?? null }));
    return { answers };
  },
  count: (p) => p.answers.length,
  focus: (p, findingId) =>
    Math.max(
      0,
      p.answers.findIndex((a) => (findingId ? a.findingId === findingId : a.findingId !== null)),
    ),
  lines: (p, item) => {
    const a = p.answers[item];
    return a ? [`turn ${a.turn ?? '?'}: ${a.chars} characters${a.findingId ? ' (empty)' : ''}`] : [];
  },
};
