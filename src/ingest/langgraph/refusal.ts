/**
 * A step LangGraph refused as a concurrent update. A channel without a reducer (LastValue) takes one
 * value per step; when two branches of one step write it, LangGraph throws InvalidUpdateError
 * (`INVALID_CONCURRENT_GRAPH_UPDATE`) while applying the step, after every task's writes were saved
 * at the step's checkpoint, and makes no next checkpoint. JS LangGraph (read 1.7.3) stores no error
 * row for it, so the refusal is read from the shape: a step on the thread's line that no checkpoint
 * applied, with no interrupt and no task error, where a channel got several writes and no earlier
 * step of the thread showed that channel merging several writes (a reducer). A task error row that
 * names the refusal (a store that keeps one) is used as it is.
 */

/** The checkpointer's id for writes no task made (input, Command updates): LangGraph's NULL_TASK_ID. */
export const NULL_TASK_ID = '00000000-0000-0000-0000-000000000000';

export const REFUSAL_CODE = 'INVALID_CONCURRENT_GRAPH_UPDATE';

/** LangGraph's messages for the refusal (JS and Python), or its error code. */
const REFUSAL_TEXT = /INVALID_CONCURRENT_GRAPH_UPDATE|(?:can only receive|can receive only) one value per step/i;

/** An error row's value (an object with message / name / lc_error_code, or a string) names the refusal. */
export function namesRefusal(v: unknown): boolean {
  if (typeof v === 'string') return REFUSAL_TEXT.test(v);
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return [o.message, o.lc_error_code, o.name, o.error].some((x) => typeof x === 'string' && REFUSAL_TEXT.test(x));
  }
  return false;
}

export interface StepWrite {
  channel: string;
  node: string;
  value: unknown;
}

export interface Refusal {
  /** the channels that got several writes in the step (the one the error row names, when it names one) */
  channels: Set<string>;
  /** the error row that names the refusal, when the store kept one (its index in the step's writes) */
  errorRow: number | null;
}

/**
 * The refusal of a step no checkpoint applied, or null. `isState` tells state channels from
 * LangGraph's own; `reducers` are the channels an earlier step of the thread showed merging.
 */
export function refusedStep(writes: StepWrite[], isState: (ch: string) => boolean, reducers: ReadonlySet<string>): Refusal | null {
  if (writes.some((w) => w.channel === '__interrupt__')) return null;
  let errorRow: number | null = null;
  for (let i = 0; i < writes.length; i++) {
    if (writes[i].channel !== '__error__') continue;
    // a task failed: that explains the stop, unless its error is the refusal itself
    if (!namesRefusal(writes[i].value)) return null;
    errorRow = i;
  }
  const count = new Map<string, number>();
  for (const w of writes) if (isState(w.channel)) count.set(w.channel, (count.get(w.channel) ?? 0) + 1);
  const channels = new Set([...count].filter(([ch, n]) => n > 1 && !reducers.has(ch)).map(([ch]) => ch));
  if (!channels.size) return null;
  // JS: 'Invalid update for channel "plan" with values …'; Python: "At key 'plan': Can receive only one value per step"
  const said = errorRow === null ? null : errorText(writes[errorRow].value);
  const named = said ? [...channels].filter((ch) => said.includes(`"${ch}"`) || said.includes(`'${ch}'`)) : [];
  return { channels: named.length ? new Set(named) : channels, errorRow };
}

function errorText(v: unknown): string {
  if (typeof v === 'string') return v;
  const o = v && typeof v === 'object' ? (v as Record<string, unknown>) : {};
  return typeof o.message === 'string' ? o.message : '';
}

interface Checkpoint {
  id: string;
  ts: string;
  versions: Record<string, unknown>;
  locator: string;
}

interface RefusedWrite extends StepWrite {
  taskId: string;
  idx: number;
  locator: string;
  raw: string;
}

export interface RefusalInput {
  thread: string;
  ns: string;
  session: string;
  key(channel: string): string;
  isState(channel: string): boolean;
  /** the checkpoint the step's tasks started from, where their writes were left */
  p: Checkpoint;
  /** a new input's checkpoint that went on from p and discarded the step's writes, if any */
  discard: Checkpoint | null;
  stepNo: number;
  refusal: Refusal;
  writes: RefusedWrite[];
}

/** A channel version as an integer (3, "3", Python's "0000…3.0.42…"). */
function versionOf(v: unknown): number | null {
  if (typeof v === 'number') return Number.isSafeInteger(v) ? v : Math.floor(v);
  const m = typeof v === 'string' ? /^(\d+)(\.|$)/.exec(v) : null;
  return m && Number.isSafeInteger(Number(m[1])) ? Number(m[1]) : null;
}

/**
 * The events of a refused step: each state write `failed` with the refusal; each write of a refused
 * channel a `state` write answered `conflict: "concurrent_update"` (concurrent-overwrite's
 * `refused_concurrent_update`); and, when no error row names the refusal, one `lifecycle` `error`
 * marked `inferred`, located at the checkpoint that shows no step followed (p, or the new input's).
 */
export function refusalEvents(a: RefusalInput): { event: Record<string, unknown>; raw: string }[] {
  const { p, discard, refusal, stepNo } = a;
  const inferred = refusal.errorRow === null;
  const parts = [...refusal.channels].sort().map((ch) => {
    const nodes = a.writes.filter((w) => w.channel === ch).map((w) => w.node);
    return `${a.key(ch)} got ${nodes.length} updates (${nodes.join(', ')})`;
  });
  // without an error row, any channel written several times may be the one without a reducer
  const which = refusal.channels.size > 1 ? `; at least one of them has no reducer` : '';
  const why =
    `LangGraph refused step ${stepNo} (${REFUSAL_CODE}): ${parts.join('; ')} in one step, and a channel without a reducer takes one value per step${which}; none of the step's writes was applied` +
    (inferred
      ? `. Inferred: LangGraph stores no error row for a refused step, and no checkpoint applied this one (${discard ? `the new input at checkpoint ${discard.id} discarded its writes` : `checkpoint ${p.id} is the thread's last`})`
      : '');
  const time = `unknown: the refusal came after the step's writes were saved at checkpoint ${p.id} (${p.ts}), given that time${discard ? `; before ${discard.ts} (checkpoint ${discard.id})` : ''}`;
  const base = { session: a.session, ts: p.ts, time };
  const id = (w: RefusedWrite) => `lg:${a.thread}:${a.ns}:${p.id}:${w.taskId}:${w.idx}`;
  const out: { event: Record<string, unknown>; raw: string }[] = [];
  for (const w of a.writes) {
    if (!a.isState(w.channel)) continue;
    const common = { ...base, actor: w.node, checkpoint_id: p.id, locator: w.locator };
    out.push({
      event: {
        kind: 'memory_write',
        ...common,
        id: `${id(w)}:failed`,
        write_id: `${w.taskId}:${w.idx}`,
        phase: 'failed',
        memory_id: a.key(w.channel),
        store: 'langgraph',
        error: why,
      },
      raw: w.raw,
    });
    if (!refusal.channels.has(w.channel)) continue;
    out.push({
      event: {
        kind: 'state',
        ...common,
        id: `${id(w)}:state`,
        key: a.key(w.channel),
        op: 'write',
        value: w.value,
        ...(versionOf(p.versions[w.channel]) !== null ? { expected_version: versionOf(p.versions[w.channel]) } : {}),
        result: 'refused',
        conflict: 'concurrent_update',
        error: why,
        inferred,
        step: stepNo,
      },
      raw: w.raw,
    });
  }
  if (inferred) {
    const at = discard ?? p;
    out.push({
      event: {
        kind: 'lifecycle',
        ...base,
        id: `lg:${a.thread}:${a.ns}:${p.id}:refused`,
        event: 'error',
        process: 'langgraph',
        error: why,
        inferred: true,
        checkpoint_id: p.id,
        locator: at.locator,
      },
      raw: JSON.stringify({ locator: at.locator, inferred: REFUSAL_CODE }),
    });
  }
  return out;
}
