/**
 * What each session picture draws: each analyzer's picture data is its own (picture.ts in its
 * folder, built through the registry by ./model.ts); the charts of this folder draw the kinds
 * they know.
 */
import type { StateData } from '../../analyzers/concurrent-overwrite/picture.js';
import type { WriteData } from '../../analyzers/lost-write/picture.js';
import type { RetrievalData } from '../../analyzers/recall-mismatch/picture.js';
import type { StyleData } from '../../analyzers/tool-drift/picture.js';
import type { FillData } from '../../analyzers/window-overflow/picture.js';

export type { StateData, StateOp } from '../../analyzers/concurrent-overwrite/picture.js';
export type { WriteData, WriteStep } from '../../analyzers/lost-write/picture.js';
export type { Candidate, RetrievalData } from '../../analyzers/recall-mismatch/picture.js';
export type { StyleData, StylePoint } from '../../analyzers/tool-drift/picture.js';
export type { Cliff, FillData, FillMark, PromptPoint } from '../../analyzers/window-overflow/picture.js';

/**
 * A session's pictures by kind (an analyzer's `picture.kind`). The kinds the charts draw are typed;
 * another analyzer's picture is under its own kind, drawn as its plain lines.
 */
export interface Pictures {
  fill: FillData | null;
  retrieval: RetrievalData[];
  write: WriteData[];
  state: StateData[];
  style: StyleData | null;
  [kind: string]: unknown;
}
