/** What never-extracted shows of its findings: replay's verdict (src/analyzers/views.ts). */
import type { AnalyzerViews } from '../views.js';
import { judge } from './judge.js';
import type { Cause, Detail } from './types.js';

export const views: AnalyzerViews<Cause, Detail> = { judge };
