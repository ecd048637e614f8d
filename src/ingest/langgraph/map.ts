import { InvalidEvent, validateEvent } from '../../events/validate.js';
import type { IngestItem } from '../types.js';
import type { Backend, CheckpointRow, WriteRow } from './backend.js';
import { loadTyped, SerdeError } from './serde.js';
import { type ChannelValue, judgeWrites, type StepVerdict } from './merge.js';
import { NULL_TASK_ID, refusalEvents, refusedStep } from './refusal.js';
import { nodeNames, taskNames } from './taskid.js';
import { sharedVersions, strayBlobs } from './branches.js';

/**
 * LangGraph checkpoints -> native events (docs/formats.md#langgraph). One session per thread of a database.
 * For each step (a checkpoint C made from its parent P): the writes the tasks left at P
 * (checkpoint_writes) become `memory_write` steps (acknowledged, then committed at C) and, for
 * state channels, `state` writes (actor = the node, version = the channel's version at C,
 * expected_version = the version the node was given). Writes at a checkpoint that has no later
 * checkpoint never reached one: acknowledged and never committed (or only enqueued, when the run
 * is waiting on an interrupt). Interrupts, resumes and task errors are `lifecycle` events.
 */

interface Cp {
  id: string;
  parent: string | null;
  /** metadata.source: input, loop, update, fork (null when absent) */
  source: string | null;
  ts: string;
  step: number;
  /** the channel versions as stored (numbers in JS, strings in Python) */
  versions: Record<string, unknown>;
  seen: Record<string, Record<string, unknown>>;
  locator: string;
}

const PAGE = 200;

/** LangGraph's own channels (start, branches, joins, task packets, interrupts): not state. */
export function isStateChannel(channel: string): boolean {
  return !channel.startsWith('__') && !channel.includes(':');
}

/** A channel version as an integer: 3, "3", or Python's "00000000000000000000000000000003.0.42..." */
export function versionInt(v: unknown): number | null {
  if (typeof v === 'number') return Number.isSafeInteger(v) ? v : Math.floor(v);
  if (typeof v === 'string') {
    const m = /^(\d+)(\.|$)/.exec(v);
    if (m) {
      const n = Number(m[1]);
      return Number.isSafeInteger(n) ? n : null;
    }
  }
  return null;
}

function preview(v: unknown, max = 500): string {
  const s = typeof v === 'string' ? v : (JSON.stringify(v) ?? '');
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}

const obj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

/** The tasks' writes left at `p`; `c` is the checkpoint that applied them, or null. */
async function* stepEvents(ctx: Ctx, p: Applied, c: Applied | null): AsyncIterable<IngestItem> {
  const { backend, thread, ns, key, where, item, bad } = ctx;
  const T = backend.tables;
  const rows = (await backend.writes(thread, ns, p.id)).filter((w) => !ctx.only || ctx.only(w));
  if (rows.length === 0) return;
  const stepNo = c ? c.step : p.step + 1;
  const nodes = nodeNames({ ...p.seen, ...(c?.seen ?? {}) }, [...Object.keys(p.versions), ...Object.keys(c?.versions ?? {})]);
  const names = taskNames(p.id, ns, stepNo, nodes, Object.keys(p.versions));
  const ts = c ? c.ts : p.ts;
  // a task no node's trigger explains, after a step that sent packets (Send): a Send target
  let sent: string | null = null;
  if (p.parent && rows.some((w) => !names.has(w.taskId))) {
    const targets = new Set<string>();
    for (const w of await backend.writes(thread, ns, p.parent)) {
      if (w.channel !== '__pregel_tasks') continue;
      try {
        const node = obj(loadTyped(w.type, w.value)).node;
        if (typeof node === 'string') targets.add(node);
      } catch (err) {
        if (!(err instanceof SerdeError)) throw err;
      }
    }
    if (targets.size) sent = [...targets].sort().join('|');
  }
  // a write no node task made, at a checkpoint with an edit child: the human edit (updateState) or a fork
  const editor = ctx.edits.length ? (ctx.edits[ctx.edits.length - 1].source === 'fork' ? 'fork' : 'updateState') : null;
  const decoded: { w: WriteRow; node: string; edit: boolean; value: unknown; locator: string; raw: string }[] = [];
  for (const w of rows) {
    const locator = `${where(T.writes, p.id)},task_id=${w.taskId},idx=${w.idx}`;
    const raw = JSON.stringify({ locator, channel: w.channel, type: w.type });
    try {
      const value = loadTyped(w.type, w.value);
      decoded.push({
        w,
        // NULL_TASK_ID: writes no task made, a Command sent from outside the graph (a resume's answer)
        node: names.get(w.taskId) ?? (w.taskId === NULL_TASK_ID ? 'Command' : (editor ?? sent ?? `task:${w.taskId.slice(0, 8)}`)),
        edit: !names.has(w.taskId) && w.taskId !== NULL_TASK_ID && editor !== null,
        value,
        locator,
        raw: JSON.stringify({ locator, channel: w.channel, value }),
      });
    } catch (err) {
      if (!(err instanceof SerdeError)) throw err;
      yield bad(`${locator}: ${err.message}`, raw);
    }
  }
  // an abandoned branch's newest writes were left behind on purpose, not lost: only enqueued
  const waiting = !c && (ctx.branch !== null || decoded.some((d) => d.w.channel === '__interrupt__'));
  // a step on the line that no checkpoint applied, refused as a concurrent update (refusal.ts)
  const refusal =
    !c && !ctx.branch
      ? refusedStep(
          decoded.map((d) => ({ channel: d.w.channel, node: d.node, value: d.value })),
          isStateChannel,
          ctx.reducers,
        )
      : null;
  const refused = refusal
    ? refusalEvents({
        thread,
        ns,
        key,
        isState: isStateChannel,
        session: ctx.session,
        p,
        discard: ctx.discard,
        stepNo,
        refusal,
        writes: decoded.map((d) => ({ ...d, channel: d.w.channel, taskId: d.w.taskId, idx: d.w.idx })),
      })
    : null;
  const base = { session: ctx.session, ts };
  // a human edit's time is its own checkpoint's: LangGraph writes that checkpoint right after the row
  const editTs = ctx.edits.length ? { ts: ctx.edits[ctx.edits.length - 1].ts } : {};
  const atEdit = (d: { edit: boolean }) => (d.edit ? editTs : {});
  const branch = ctx.branch ? { branch: ctx.branch } : {};
  /** A state write's `committed` step, at checkpoint `at` (the one that applied it, or a human edit's own). */
  const committed = (d: (typeof decoded)[number], at: Cp, edited: { ts?: string }, branchNote: { branch?: string }) =>
    item(
      {
        kind: 'memory_write',
        ...base,
        ...edited,
        id: `lg:${thread}:${ns}:${p.id}:${d.w.taskId}:${d.w.idx}:committed`,
        actor: d.node,
        write_id: `${d.w.taskId}:${d.w.idx}`,
        phase: 'committed',
        memory_id: key(d.w.channel),
        store: 'langgraph',
        checkpoint_id: at.id,
        ...branchNote,
        locator: at.locator,
      },
      d.raw,
    );
  for (const d of decoded) {
    const id = `lg:${thread}:${ns}:${p.id}:${d.w.taskId}:${d.w.idx}`;
    const event = d.w.channel === '__interrupt__' ? 'interrupt' : d.w.channel === '__resume__' ? 'resume' : d.w.channel === '__error__' ? 'error' : null;
    if (event) {
      const detail = event === 'error' ? { error: preview(obj(d.value).message ?? d.value, 300) } : { value: d.value };
      // a write row has no time of its own. An interrupt or error happened while the task ran: after the
      // checkpoint it started from (p) and before the next one; a resume is read when the next step starts.
      const when =
        event === 'resume'
          ? {
              ts: p.ts,
              time: `unknown: the resume row has no time; given ${p.ts} (checkpoint ${p.id}, which it resumes)${c ? `, before ${c.ts} (checkpoint ${c.id})` : ''}`,
            }
          : {
              ts: p.ts,
              time: `unknown: the ${event} row has no time; given ${p.ts} (checkpoint ${p.id}, the task started from it)${c ? `; it happened before ${c.ts} (checkpoint ${c.id})` : ''}`,
            };
      yield item(
        {
          kind: 'lifecycle',
          ...base,
          ...when,
          id: `${id}:${event}`,
          event,
          process: d.node,
          actor: d.node,
          checkpoint_id: p.id,
          ...detail,
          locator: d.locator,
        },
        d.raw,
      );
      continue;
    }
    if (!isStateChannel(d.w.channel)) continue;
    // a refused step's writes were saved, then refused: only enqueued, and failed (nobody was told they were kept)
    const held = waiting || refused !== null;
    yield item(
      {
        kind: 'memory_write',
        ...base,
        ...atEdit(d),
        id: `${id}:${held ? 'enqueued' : 'acknowledged'}`,
        actor: d.node,
        write_id: `${d.w.taskId}:${d.w.idx}`,
        phase: held ? 'enqueued' : 'acknowledged',
        memory_id: key(d.w.channel),
        memory_type: 'task_state',
        store: 'langgraph',
        text: preview(d.value),
        checkpoint_id: p.id,
        ...branch,
        locator: d.locator,
      },
      d.raw,
    );
  }
  for (const r of refused ?? []) yield item(r.event, r.raw);
  if (!c) return;
  if (ctx.branch) {
    // a step of an abandoned branch: its writes were committed there, and the thread went on without them
    for (const d of decoded) {
      if (isStateChannel(d.w.channel)) yield committed(d, c, {}, branch);
    }
    return;
  }
  // state writes, channel by channel: who wrote, from which version, and whether one replaced another
  const byChannel = new Map<string, typeof decoded>();
  for (const d of decoded) {
    if (!isStateChannel(d.w.channel)) continue;
    const list = byChannel.get(d.w.channel);
    if (list) list.push(d);
    else byChannel.set(d.w.channel, [d]);
  }
  for (const [channel, writers] of byChannel) {
    const version = versionInt(c.versions[channel]);
    // several writers: which were overwritten, which merged or changed nothing (merge.ts)
    let verdict: StepVerdict | null = null;
    if (writers.length > 1) {
      const after = await valueAt(ctx, c, channel);
      // a stored value another branch may own (branches.ts): C, a loop child, applied the tasks' writes and
      // none of the human edits' (those are their own checkpoints'); one task's write is then C's value
      const tasks = writers.filter((d) => !d.edit);
      const final = after.blob && ctx.shared(c, channel) ? (tasks.length === 1 && tasks.length < writers.length ? tasks[0].value : undefined) : after.value;
      verdict = judgeWrites(
        writers.map((d) => d.value),
        await valueAt(ctx, p, channel),
        final,
      );
    }
    if (verdict) ctx.reducers.add(channel); // applied with several writes: a reducer, no refusal on this channel
    const lostSet = new Set((verdict?.lost ?? []).map((i) => writers[i]));
    const mergedSet = new Set((verdict?.merged ?? []).map((i) => writers[i]));
    const winner = verdict && verdict.survivor !== null ? writers[verdict.survivor] : null;
    // the overwritten writes first, the one the channel holds last
    const ordered = winner ? [...writers.filter((d) => d !== winner), winner] : writers;
    for (const d of ordered) {
      const expected = versionInt(c.seen[d.node]?.[channel]) ?? versionInt(p.versions[channel]) ?? 0;
      const lost = lostSet.has(d);
      const merged = mergedSet.has(d);
      yield item(
        {
          kind: 'state',
          ...base,
          ...atEdit(d),
          id: `lg:${thread}:${ns}:${p.id}:${d.w.taskId}:${d.w.idx}:state`,
          actor: d.node,
          key: key(channel),
          op: 'write',
          value: d.value,
          ...(lost || version === null ? {} : { version }),
          expected_version: expected,
          ...(lost ? { overwritten: true } : {}),
          ...(merged ? { merged: true } : {}),
          checkpoint_id: c.id,
          step: c.step,
          locator: d.locator,
        },
        d.raw,
      );
    }
  }
  for (const d of decoded) {
    if (!isStateChannel(d.w.channel)) continue;
    // a human edit is committed by its own checkpoint (which the thread may have left)
    const at = d.edit ? ctx.edits[ctx.edits.length - 1] : c;
    yield committed(
      d,
      at,
      atEdit(d),
      at !== c && ctx.edits.length && at.id !== c.id
        ? { branch: `edit checkpoint ${at.id} (${at.source}); the thread went on from ${c.id} (${c.source ?? 'unknown source'})` }
        : {},
    );
  }
}

type Applied = Cp & { values: Record<string, unknown> };

/** A channel's value at a checkpoint: inline, else Postgres' blob at its version; unset when the checkpoint has no version of it. */
async function valueAt(ctx: Ctx, cp: Applied, channel: string): Promise<ChannelValue & { blob?: true }> {
  if (channel in cp.values) return { set: true, value: cp.values[channel] };
  if (cp.versions[channel] === undefined) return { set: false, value: undefined };
  const b = await ctx.backend.blob(ctx.thread, ctx.ns, channel, String(cp.versions[channel]));
  try {
    return { set: true, value: b ? loadTyped(b.type, b.value) : undefined, blob: true };
  } catch (err) {
    if (!(err instanceof SerdeError)) throw err;
    return { set: true, value: undefined };
  }
}

/**
 * The thread's real lineage. Checkpoints form a tree by parent id; the thread's line is the newest
 * checkpoint and its ancestors. The tasks' writes left at a checkpoint are applied by its `loop` child
 * (an `update` or `fork` child holds a human edit instead, whose writes LangGraph also leaves at the
 * parent): the one on the line if there is one, else the newest. A step whose checkpoint is off the
 * line was abandoned (a rewind or a fork went on elsewhere, or an edit lost a race with the run).
 */
export function lineage(cps: Applied[], byId: Map<string, Applied>) {
  const head = cps.length ? cps[cps.length - 1] : null;
  const line = new Set<string>();
  for (let c = head; c && !line.has(c.id); c = c.parent ? (byId.get(c.parent) ?? null) : null) line.add(c.id);
  const children = new Map<string, Applied[]>();
  for (const c of cps) {
    if (!c.parent) continue;
    const l = children.get(c.parent);
    if (l) l.push(c);
    else children.set(c.parent, [c]);
  }
  const next = new Map<string, Applied>();
  const edits = new Map<string, Applied[]>();
  const inputs = new Map<string, Applied>();
  for (const [id, kids] of children) {
    // a new input's checkpoint applies only the input's own writes: the tasks' writes left there are discarded
    const fresh = kids.filter((k) => k.source === 'input');
    if (fresh.length) inputs.set(id, fresh.find((k) => line.has(k.id)) ?? fresh[fresh.length - 1]);
    const loop = kids.filter((k) => k.source !== 'update' && k.source !== 'fork' && k.source !== 'input');
    const pool = loop.length ? loop : kids.filter((k) => k.source !== 'input');
    if (pool.length) next.set(id, pool.find((k) => line.has(k.id)) ?? pool[pool.length - 1]);
    const ed = kids.filter((k) => k.source === 'update' || k.source === 'fork');
    if (ed.length) edits.set(id, ed);
  }
  /** where the branch of `c` left the line, and what the line went on with */
  const branchOf = (c: Applied): string | null => {
    if (line.has(c.id)) return null;
    let a: Applied | null = c;
    while (a?.parent && !line.has(a.parent)) a = byId.get(a.parent) ?? null;
    const at = a?.parent ?? null;
    const went = at ? (children.get(at) ?? []).find((k) => line.has(k.id)) : undefined;
    return at && went && a
      ? `abandoned branch from checkpoint ${at} (starting at ${a.id}, ${a.source ?? 'unknown source'}); the thread went on from ${went.id} (${went.source ?? 'unknown source'})`
      : "abandoned branch (not connected to the thread's newest checkpoint)";
  };
  return { next, edits, inputs, branchOf, line };
}

/** One line on a thread whose checkpoints point at another branch's stored values (branches.ts). */
function strayNote(thread: string, stray: ReturnType<typeof strayBlobs>): string {
  const s = stray[0];
  const more = stray.length > 1 ? ` (and ${stray.length - 1} more)` : '';
  return `thread ${JSON.stringify(thread)}: checkpoint ${s.cp}'s stored "${s.channel}" (version ${s.version}) is the value checkpoint ${s.owner} of another branch saved first${more}: checkpoint_blobs keeps one row per channel version, so LangGraph reads that branch's value back there (langgraphjs issue #1812)`;
}

/** The session of a thread whose id is empty: read like any other, under a name that says so. */
export const EMPTY_THREAD = '(empty thread_id)';

/** stepEvents, with a step whose events do not validate (a ts that is not ISO 8601, a value too deep) kept as one bad line. */
async function* guarded(ctx: Ctx, p: Applied, c: Applied | null, locator: string): AsyncIterable<IngestItem> {
  const held: IngestItem[] = [];
  try {
    for await (const it of stepEvents(ctx, p, c)) held.push(it);
  } catch (err) {
    if (!(err instanceof InvalidEvent) && !(err instanceof SerdeError)) throw err;
    yield ctx.bad(`${locator}: ${err.message}`, JSON.stringify({ locator }));
    return;
  }
  yield* held;
}

/** One thread's reading context. */
interface Ctx {
  backend: Backend;
  thread: string;
  /** the thread id, or EMPTY_THREAD for a thread whose id is empty (a session id cannot be) */
  session: string;
  ns: string;
  key(channel: string): string;
  where(table: string, checkpointId: string): string;
  item(ev: Record<string, unknown>, raw: string): IngestItem;
  /** null: the step is on the thread's line; else why and where the thread left it */
  branch: string | null;
  /** the checkpoint's children made by updateState or a fork (their writes are left at the parent) */
  edits: Applied[];
  /** a new input's checkpoint that went on from this one without applying its tasks' writes */
  discard: Applied | null;
  /** only these writes of the checkpoint are read in this pass */
  only: ((w: WriteRow) => boolean) | null;
  /** channels an earlier step of the thread showed merging several writes (they have a reducer) */
  reducers: Set<string>;
  /** another branch of the thread has this checkpoint's version of the channel (branches.ts) */
  shared(cp: Applied, channel: string): boolean;
  bad(reason: string, raw: string): IngestItem;
}

/**
 * `sessionOf` names a thread's session (index.ts: the database and the thread, so two databases that
 * share a thread id stay two sessions); by default the thread id itself.
 */
export async function* readCheckpoints(
  backend: Backend,
  sessionOf: (thread: string) => string = (t) => t,
  note: (text: string) => void = () => undefined,
): AsyncIterable<IngestItem> {
  let seq = 0;
  const T = backend.tables;
  const item = (ev: Record<string, unknown>, raw: string): IngestItem => ({ type: 'event', line: ++seq, event: validateEvent(ev), raw, sub: 0 });
  const bad = (reason: string, raw: string): IngestItem => ({ type: 'bad', line: ++seq, reason, raw: Buffer.from(raw) });

  let threadsAfter: [string, string] | null = null;
  for (;;) {
    const threads = await backend.threads(threadsAfter, PAGE);
    for (const [thread, ns] of threads) {
      threadsAfter = [thread, ns];
      const key = (ch: string) => (ns ? `${ns}/${ch}` : ch);
      const where = (table: string, cp: string) => `${table}:thread_id=${thread}${ns ? `,checkpoint_ns=${ns}` : ''},checkpoint_id=${cp}`;
      const ctx: Ctx = {
        backend,
        thread,
        session: sessionOf(thread === '' ? EMPTY_THREAD : thread),
        ns,
        key,
        where,
        item,
        bad,
        branch: null,
        edits: [],
        discard: null,
        only: null,
        reducers: new Set(),
        shared: () => false,
      };
      // the whole tree first: which child a checkpoint's writes went on to depends on the later checkpoints
      const cps: Applied[] = [];
      const byId = new Map<string, Applied>();
      let after: string | null = null;
      for (;;) {
        const page: CheckpointRow[] = await backend.checkpoints(thread, ns, after, PAGE);
        for (const row of page) {
          after = row.id;
          const locator = where(T.checkpoints, row.id);
          try {
            const checkpoint = obj(loadTyped(row.type, row.checkpoint));
            const meta = obj(typeof row.metadata === 'object' && !(row.metadata instanceof Uint8Array) ? row.metadata : loadTyped('json', row.metadata));
            const ts = typeof checkpoint.ts === 'string' ? checkpoint.ts : null;
            if (!ts || Number.isNaN(Date.parse(ts))) throw new SerdeError('the checkpoint has no valid ts');
            const cp: Applied = {
              id: row.id,
              parent: row.parent ?? null,
              ts,
              step: typeof meta.step === 'number' ? meta.step : -1,
              source: typeof meta.source === 'string' ? meta.source : null,
              versions: obj(checkpoint.channel_versions),
              seen: obj(checkpoint.versions_seen) as Cp['seen'],
              values: obj(checkpoint.channel_values),
              locator,
            };
            cps.push(cp);
            byId.set(cp.id, cp);
          } catch (err) {
            if (!(err instanceof SerdeError)) throw err;
            yield bad(`${locator}: ${err.message}`, JSON.stringify({ locator }));
          }
        }
        if (page.length < PAGE) break;
      }
      const tree = lineage(cps, byId);
      ctx.shared = sharedVersions(cps, byId);
      const stray = T.blobs ? strayBlobs(cps, byId, isStateChannel) : [];
      if (stray.length) note(strayNote(thread, stray));
      for (const p of cps) {
        const c = tree.next.get(p.id) ?? null;
        ctx.branch = tree.branchOf(c ?? p);
        ctx.edits = tree.edits.get(p.id) ?? [];
        const fresh = c ? null : (tree.inputs.get(p.id) ?? null);
        if (fresh) {
          // the new input applied the writes no task made (a Command's update); it discarded the tasks' writes
          ctx.only = (w) => w.taskId === NULL_TASK_ID;
          yield* guarded(ctx, p, fresh, fresh.locator);
          ctx.only = (w) => w.taskId !== NULL_TASK_ID;
          ctx.discard = fresh;
        }
        yield* guarded(ctx, p, c, c ? c.locator : p.locator);
        ctx.only = null;
        ctx.discard = null;
      }
    }
    if (threads.length < PAGE) break;
  }
}
