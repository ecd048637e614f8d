/**
 * What an analyzer says about its own findings beyond finding them, each read from the analyzer's
 * typed detail and written in its own folder: the TUI's picture (data only; the TUI draws it),
 * replay's judgement, and the figures a report prints under an evidence step (data only; the
 * reporters render them). The TUI, the lab and the reporters call these through the registry and
 * know no analyzer by name, so a new analyzer is one folder and one registry line.
 */
import type { MemoryEngine } from '../engine/engine.js';
import type { EngineScope, PromptPlan, WriteReceipt } from '../engine/types.js';
import type { DetailCandidate, EvidenceStep, Finding } from '../findings/types.js';
import type { SessionEvent } from '../store/session.js';

/**
 * A finding of an analyzer with causes `C` and detail `D`, as a reader gets it. A finding read back
 * from a store or a document may lack a field, so readers still read detail defensively.
 */
export type FindingOf<C extends string = string, D extends object = object> = Omit<Finding, 'cause' | 'detail'> & { cause: C; detail?: D };

// ---- the TUI's picture -----------------------------------------------------------------

/**
 * The picture that tells an analyzer's story in the TUI: data built from the session's events and
 * marked with the analyzer's findings. The TUI draws a kind it has a chart for; any other kind as
 * the plain `lines` of its item.
 */
export interface PictureSpec<C extends string = string, D extends object = object, P = unknown> {
  /** the picture's name: the TUI's tab and route name, and the chart that draws it */
  kind: string;
  /** the tab's title */
  title: string;
  /** the picture of one session, marked with this analyzer's findings of it */
  build(events: readonly SessionEvent[], findings: readonly FindingOf<C, D>[]): P;
  /** how many items (requests, retrievals, writes...) the picture steps through; 0: nothing to show */
  count(p: P): number;
  /** the item that shows a finding (without one: the first marked item) */
  focus(p: P, findingId?: string): number;
  /** one item in plain lines, for a viewer without a chart of this kind */
  lines(p: P, item: number): string[];
}

/** One finding as a picture item, for the analyzers whose picture shows each finding by itself. */
export interface FindingItem<C extends string = string, D extends object = object> {
  findingId: string;
  turn: number | null;
  cause: C;
  detail: Partial<D>;
}

/**
 * The picture of an analyzer that shows each finding by itself: one item a finding, in the findings'
 * order, each drawn as `lines` puts it (the TUI has no chart for these kinds).
 */
export function findingsPicture<C extends string, D extends object>(
  kind: string,
  title: string,
  lines: (item: FindingItem<C, D>) => string[],
): PictureSpec<C, D, FindingItem<C, D>[]> {
  return {
    kind,
    title,
    build: (_events, findings) => findings.map((f) => ({ findingId: f.id, turn: f.turn, cause: f.cause, detail: (f.detail ?? {}) as Partial<D> })),
    count: (p) => p.length,
    focus: (p, id) =>
      Math.max(
        0,
        p.findIndex((x) => x.findingId === id),
      ),
    lines: (p, item) => (p[item] ? lines(p[item]) : []),
  };
}

// ---- replay's judgement ----------------------------------------------------------------

/** A write of the recorded log as the reference run replayed it. */
export interface ReplayedWrite {
  memoryId: string | null;
  type: string | null;
  text: string | null;
  receipt: WriteReceipt | null;
  scope: EngineScope | null;
}

/** A shared-state write the reference state refused. */
export interface Refusal {
  turn: number | null;
  key: string;
  actor: string;
  kind: 'stale' | 'owner';
  detail: string;
  /**
   * what became of the refused write: `merged` field by field into the current value (what it
   * changed did not change since), or `returned` to its writer with the current value standing
   */
  outcome: 'merged' | 'returned';
  /** the value the refused write met */
  before: unknown;
  /** the field's value once the refusal was dealt with */
  after: unknown;
}

/** What a judgement reads of the reference run of a session (src/lab/replay/replayer.ts). */
export interface ReplayView {
  readonly engine: MemoryEngine;
  /** the reference prompts built at a turn (none without a turn) */
  plansAt(turn: number | null): PromptPlan[];
  /** the scope (user, agent...) in force at a turn */
  scopeAt(turn: number | null): EngineScope;
  /** the query of the retrieval at a turn */
  readonly queries: ReadonlyMap<number, string>;
  /** what the reference engine wrote at a turn */
  readonly writtenAt: ReadonlyMap<number, WriteReceipt[]>;
  readonly refusals: readonly Refusal[];
  recordedWrite(writeId: string): ReplayedWrite | undefined;
  /** the last recorded write of a memory id that the reference engine replayed */
  recordedByMemoryId(memoryId: string): ReplayedWrite | undefined;
}

export type Verdict = 'prevented' | 'not_prevented' | 'not_judged';

/** Would the reference design have prevented a finding, and how (or why not, or why it cannot say). */
export interface Judgement {
  verdict: Verdict;
  how: string;
}

export const prevented = (how: string): Judgement => ({ verdict: 'prevented', how });
export const notPrevented = (how: string): Judgement => ({ verdict: 'not_prevented', how });
/** the replay cannot say: the log lacks what the rule needs */
export const notJudged = (how: string): Judgement => ({ verdict: 'not_judged', how: `not judged: ${how}` });

// ---- report figures --------------------------------------------------------------------

/** The figures a report prints under one evidence step, as data (src/report/ renders them). */
export type StepFigure =
  /** a retrieval's ranked candidates, the cut and the memory that was missed */
  | { kind: 'ranking'; candidates: DetailCandidate[]; topK: number | null; threshold: number | null; missed: string | null }
  /** a prompt's size against its window */
  | { kind: 'prompt'; tokens: number; limit: number }
  /** anything else, in words */
  | { kind: 'text'; text: string };

/** The hooks an analyzer may give beside `meta` and `run`. */
export interface AnalyzerViews<C extends string = string, D extends object = object> {
  /** its picture in the TUI */
  picture?: PictureSpec<C, D, unknown>;
  /** replay's verdict on one of its findings; without it, replay says it has no rule */
  judge?(f: FindingOf<C, D>, r: ReplayView): Judgement;
  /** the figures a report prints under one evidence step of one of its findings */
  figures?(f: FindingOf<C, D>, step: EvidenceStep): StepFigure | null;
}
