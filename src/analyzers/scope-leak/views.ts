/** What scope-leak shows of its findings: its picture in the TUI and a report's figures (src/analyzers/views.ts). */
import type { AnalyzerViews } from '../views.js';
import { figures } from './figures.js';
import { picture } from './picture.js';
import type { Cause, Detail } from './types.js';

export const views: AnalyzerViews<Cause, Detail> = { picture, figures };
