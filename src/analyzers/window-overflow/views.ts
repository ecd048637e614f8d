/** What window-overflow shows of its findings: its picture in the TUI, replay's verdict on its findings, a report's figures under its evidence (src/analyzers/views.ts). */
import type { AnalyzerViews } from '../views.js';
import type { Cause, Detail } from './types.js';
import { figures } from './figures.js';
import { judge } from './judge.js';
import { picture } from './picture.js';

export const views: AnalyzerViews<Cause, Detail> = { picture, judge, figures };
