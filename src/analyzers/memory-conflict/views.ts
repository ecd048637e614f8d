/** What memory-conflict shows of its findings: its picture in the TUI and replay's verdict (src/analyzers/views.ts). */
import type { AnalyzerViews } from '../views.js';
import { judge } from './judge.js';
import { picture } from './picture.js';
import type { Cause, Detail } from './types.js';

export const views: AnalyzerViews<Cause, Detail> = { picture, judge };
