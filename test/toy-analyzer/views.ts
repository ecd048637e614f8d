/** What empty-answer shows of its findings: its picture, replay's verdict, a report's figures (src/analyzers/views.ts). */
import type { AnalyzerViews } from '../../src/analyzers/views.js';
import { notJudged } from '../../src/analyzers/views.js';
import { picture } from './picture.js';
import type { Cause, Detail } from './types.js';

export const views: AnalyzerViews<Cause, Detail> = {
  picture,
  // the reference engine does not answer: the replay cannot say whether the answer would have been empty
  judge: (f) => notJudged(`the reference engine builds prompts, not answers: "${f.detail?.question ?? '?'}" cannot be re-asked`),
  figures: (f, step) => (step.role === 'response' ? { kind: 'text', text: `unanswered: ${f.detail?.question ?? '?'}` } : null),
};
