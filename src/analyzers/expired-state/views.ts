/** What expired-state shows of its findings: its picture in the TUI (src/analyzers/views.ts). */
import type { AnalyzerViews } from '../views.js';
import { picture } from './picture.js';
import type { Cause, Detail } from './types.js';

export const views: AnalyzerViews<Cause, Detail> = { picture };
