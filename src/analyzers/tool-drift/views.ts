/** What tool-drift shows of its findings: its picture in the TUI, replay's verdict on its findings (src/analyzers/views.ts). */
import type { AnalyzerViews } from '../views.js';
import type { Cause, Detail } from './types.js';
import { judge } from './judge.js';
import { picture } from './picture.js';

export const views: AnalyzerViews<Cause, Detail> = { picture, judge };
