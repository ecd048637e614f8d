/**
 * The session pictures: each analyzer's picture (its folder's picture.ts, src/analyzers/views.ts),
 * built through the registry from the session's events and marked with that analyzer's findings.
 * Pure. The TUI knows no analyzer by name: a picture kind it has no chart for is drawn as the
 * picture's own plain lines (./index.ts).
 */
import type { Analyzer } from '../../analyzers/define.js';
import { ANALYZERS } from '../../analyzers/registry.js';
import type { PictureSpec } from '../../analyzers/views.js';
import type { Finding } from '../../findings/types.js';
import { composition, type Composition } from '../../store/composition.js';
import type { SessionData } from '../../store/session.js';
import type { Pictures } from './pictures.js';

export { parseComposition } from '../../analyzers/window-overflow/picture.js';
export { styleOf } from '../../analyzers/tool-drift/picture.js';
export type {
  Candidate,
  FillData,
  FillMark,
  Pictures,
  PromptPoint,
  RetrievalData,
  StateData,
  StateOp,
  StyleData,
  StylePoint,
  WriteData,
  WriteStep,
} from './pictures.js';

/** A picture's kind: an analyzer's `picture.kind` ('fill', 'retrieval', 'write', 'state', 'style' and any an analyzer adds). */
export type PictureKind = string;

/** The tab order of the kinds the TUI has charts for; any other kind follows, in registry order. */
const TAB_ORDER: readonly string[] = ['fill', 'retrieval', 'write', 'state', 'style'];

const specsOf = new WeakMap<readonly Analyzer[], { analyzer: string; spec: PictureSpec }[]>();

/** Every analyzer's picture, in tab order. */
export function pictureSpecs(analyzers: readonly Analyzer[] = ANALYZERS): { analyzer: string; spec: PictureSpec }[] {
  let out = specsOf.get(analyzers);
  if (!out) {
    const rank = (k: string) => (TAB_ORDER.includes(k) ? TAB_ORDER.indexOf(k) : TAB_ORDER.length);
    out = analyzers.flatMap((a) => (a.picture ? [{ analyzer: a.meta.id, spec: a.picture }] : [])).sort((a, b) => rank(a.spec.kind) - rank(b.spec.kind));
    specsOf.set(analyzers, out);
  }
  return out;
}

const specOf = (kind: PictureKind): PictureSpec | undefined => pictureSpecs().find((p) => p.spec.kind === kind)?.spec;

/** The picture kinds, in tab order. */
export const pictureKinds = (): PictureKind[] => pictureSpecs().map((p) => p.spec.kind);

/** A picture's title. */
export const pictureTitle = (kind: PictureKind): string => specOf(kind)?.title ?? kind;

/** Which picture tells an analyzer's story (undefined for an analyzer without one). */
export const pictureFor = (analyzer: string): PictureKind | undefined => ANALYZERS.find((a) => a.meta.id === analyzer)?.picture?.kind;

/** Every picture of a session, each marked with its analyzer's findings. */
export function buildPictures(session: SessionData, findings: Finding[]): Pictures {
  const out: Record<string, unknown> = {};
  for (const { analyzer, spec } of pictureSpecs()) {
    out[spec.kind] = spec.build(
      session.events,
      findings.filter((f) => f.analyzer === analyzer),
    );
  }
  return out as Pictures;
}

/** How many items (requests, retrievals, writes, keys, responses) a picture can step through. */
export function itemCount(p: Pictures, kind: PictureKind): number {
  const spec = specOf(kind);
  return spec && kind in p ? spec.count(p[kind]) : 0;
}

/** The pictures this session has data for, in tab order. */
export function availableKinds(p: Pictures): PictureKind[] {
  return pictureKinds().filter((k) => itemCount(p, k) > 0);
}

/** The item of a picture that shows a finding (or, without a finding, the first marked item). */
export function focusOf(p: Pictures, kind: PictureKind, findingId?: string): number {
  const spec = specOf(kind);
  return spec ? spec.focus(p[kind], findingId) : 0;
}

/** One item of a picture in plain lines (for a kind without a chart). */
export function pictureLines(p: Pictures, kind: PictureKind, item: number): string[] {
  return specOf(kind)?.lines(p[kind], item) ?? [];
}

export { composition, type Composition };
