/** What stale-memory shows of its findings: its picture in the TUI, replay's verdict and a report's figures (src/analyzers/views.ts). */
import type { AnalyzerViews } from '../views.js';
import { figures } from './figures.js';
import { judge } from './judge.js';
import { picture } from './picture.js';
import type { Cause, Detail } from './types.js';

export const views: AnalyzerViews<Cause, Detail> = { picture, judge, figures };
