/**
 * Concurrent updates the store refused together (`refused_concurrent_update`): state writes answered
 * `conflict: "concurrent_update"` in one step (LangGraph's INVALID_CONCURRENT_GRAPH_UPDATE: a channel
 * without a reducer got several updates in one step). Not a lost update: the store refused the whole
 * step and the run stopped; the fix is a reducer. One finding per step (its `checkpoint_id`, else
 * `step`), naming every field it refused, with the writes and the error that records the refusal
 * (or, `inferred`, stands for it).
 */
import type { EvidenceDraft, FindingDraft } from '../define.js';
import type { SessionEvent } from '../../store/session.js';
import { isKind } from '../../events/validate.js';
import { logWords } from '../../findings/title.js';
import { nonEmpty } from './writes.js';
import type { Cause, Detail } from './types.js';

type Draft = FindingDraft<Cause, Detail>;

/** A write the store refused as one of several concurrent updates of its key. */
export function isConcurrentRefusal(b: Record<string, unknown>): boolean {
  return b.op === 'write' && b.conflict === 'concurrent_update';
}

const int = (v: unknown): number | null => (typeof v === 'number' && Number.isInteger(v) ? v : null);
const stepOf = (e: SessionEvent): string => nonEmpty(e.body.checkpoint_id) ?? (int(e.body.step) !== null ? `step ${e.body.step}` : String(e.ts));
const and = (xs: string[]) => (xs.length > 1 ? `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}` : (xs[0] ?? ''));

/** The findings for the refused writes of a session (`events`: where the steps' error events are). */
export function refusedDrafts(refused: SessionEvent[], events: readonly SessionEvent[], turnOf: (e: SessionEvent) => number | null): Draft[] {
  const groups = new Map<string, SessionEvent[]>();
  for (const e of refused) {
    const g = groups.get(stepOf(e));
    if (g) g.push(e);
    else groups.set(stepOf(e), [e]);
  }
  const errors = events.filter((e) => isKind(e, 'lifecycle') && e.body.event === 'error' && nonEmpty(e.body.checkpoint_id) !== null);
  const drafts: Draft[] = [];
  const used = new Set<string>();
  for (const writes of groups.values()) {
    const first = writes[0];
    const keys = [...new Set(writes.map((w) => String(w.body.key)))];
    const actors = [...new Set(writes.map((w) => w.actor ?? 'unknown actor'))];
    const step = int(first.body.step);
    // the error that records the refusal: a real error row of the step if any, else the reader's inferred one
    const stepErrors = errors.filter((e) => e.body.checkpoint_id === first.body.checkpoint_id);
    const error = stepErrors.find((e) => e.body.inferred !== true) ?? stepErrors[0] ?? null;
    const inferred = error === null || error.body.inferred === true;
    const evidence: EvidenceDraft[] = writes.map((w) => ({
      role: 'state',
      event: w,
      text: `${w.actor ?? 'unknown actor'} wrote ${String(w.body.key)} = ${JSON.stringify(w.body.value) ?? '(no value)'}${int(w.body.expected_version) !== null ? ` (from v${w.body.expected_version})` : ''}: refused`,
      detail: { key: w.body.key, op: 'write', actor: w.actor, value: w.body.value, expected_version: int(w.body.expected_version), refused: true },
    }));
    if (error)
      evidence.push({
        role: 'lifecycle',
        event: error,
        text: `${error.body.inferred === true ? 'inferred error' : 'error'}: ${String(error.body.error ?? 'the step was refused')}`,
        detail: { event: 'error', inferred: error.body.inferred === true, error: error.body.error ?? null },
      });
    let key = `${keys.join('+')}@${step !== null ? `step${step}` : 'step'}`;
    for (let n = 2; used.has(key); n++) key = `${keys.join('+')}@${step !== null ? `step${step}` : 'step'}#${n}`;
    used.add(key);
    const fields = and(keys);
    drafts.push({
      cause: 'refused_concurrent_update',
      key,
      title: `${fields}: ${and(actors.map(logWords))} updated ${keys.length > 1 ? 'them' : 'it'} in the same step${step !== null ? ` (step ${step})` : ''} and the store refused the step (a field without a reducer takes one value per step${keys.length > 1 && inferred ? `; at least one of ${fields} has none` : ''}); none of the step's updates was applied`,
      fix: `Give ${keys.length > 1 ? `the one of ${fields} that has none` : fields} a reducer that merges the parallel updates (LangGraph JS: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }); Python: Annotated[list, operator.add]), or let only one node write it per step; then run the step again.`,
      turn: turnOf(first),
      ts: first.ts,
      severity: 'warning',
      confidence: inferred ? 'likely' : 'certain',
      evidence,
      detail: {
        key: keys[0],
        ...(keys.length > 1 ? { keys } : {}),
        lost_value: null,
        surviving_value: null,
        base_version: int(first.body.expected_version),
        writers: actors,
        refused_values: writes.map((w) => w.body.value ?? null),
        inferred,
        ...(step !== null ? { step } : {}),
      },
    });
  }
  return drafts;
}
