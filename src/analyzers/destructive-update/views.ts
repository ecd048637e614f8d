/** What destructive-update shows of its findings: replay's verdict and a report's figures under its update step (src/analyzers/views.ts). */
import type { AnalyzerViews } from '../views.js';
import { figures } from './figures.js';
import { judge } from './judge.js';
import type { Cause, Detail } from './types.js';

export const views: AnalyzerViews<Cause, Detail> = { judge, figures };
