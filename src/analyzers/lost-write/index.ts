import { defineAnalyzer, type EvidenceDraft, type FindingDraft } from '../define.js';
import { views } from './views.js';
import type { SessionEvent } from '../../store/session.js';
import { contentText, isKind } from '../../events/validate.js';
import { findSavePromise } from '../../text/promises.js';
import { memoryTool, toolFailed, toolList } from './tools.js';
import { str } from '../../util/values.js';
import {
  type Write,
  type Snapshot,
  normText,
  snapshotTexts,
  snapshotIds,
  lastUserMessage,
  effectiveTurns,
  toolArgs,
  toolName,
  iso,
  quote,
  phaseOf,
  stepText,
} from './writes.js';

import { type Cause, type Detail, type Options, OPTIONS } from './types.js';
import { describeLoss } from './describe.js';
import { inFlight, whyOpen } from './in-flight.js';

export type { Cause, Detail };

type Draft = FindingDraft<Cause, Detail>;

/** Lifecycle events that can drop an in-flight write. */
const DISRUPTION = /restart|crash|stop|deploy|kill|oom|shutdown|exit|terminat/i;

export const analyzer = defineAnalyzer<Cause, Detail, Options>({
  meta: {
    id: 'lost-write',
    description: 'A memory write was acknowledged, or promised to the user, but never became durable',
    summary: {
      happened: '"memory saved" was returned when the write was only enqueued; a restart or a swallowed error lost it',
      fix: 'commit critical memories before acknowledging',
    },
    severity: 'error',
    causes: {
      never_committed: 'acknowledged, but neither committed nor failed by the end of the session',
      failed_without_retry: 'failed or dead-lettered, with no later retry that reached a commit',
      lost_in_restart: 'a process restarted or crashed between the acknowledgement (or enqueue) and any commit',
      missing_from_snapshot: 'logged as committed, but a later store snapshot does not hold the memory',
      promised_not_written: 'the assistant told the user it saved something, but no write was made around that turn',
      acked_before_commit: 'a critical write (preference, constraint, decision or critical: true) was acknowledged before it was committed (info)',
    },
    // the log records the write phases, the failure, the restart, the snapshot: certain; a promise is read from the answer's words
    confidence: {
      never_committed: 'certain',
      failed_without_retry: 'certain',
      lost_in_restart: 'certain',
      missing_from_snapshot: 'certain',
      promised_not_written: 'likely',
      acked_before_commit: 'certain',
    },
    // a write that was made and not kept failed on the write path (update); a promised write that was
    // never made failed before it: nothing extracted the memory from the dialogue (extraction)
    layers: {
      never_committed: 'update',
      failed_without_retry: 'update',
      lost_in_restart: 'update',
      missing_from_snapshot: 'update',
      promised_not_written: 'extraction',
      acked_before_commit: 'update',
    },
    options: OPTIONS,
  },
  ...views,
  run({ session, options }) {
    const criticalTypes = new Set(
      options.criticalTypes
        .split(',')
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean),
    );
    const scan = scanSession(session.events, toolList(options.memory_tools));
    const drafts = promiseDrafts(scan);
    const end = scan.events.length > 0 ? scan.events[scan.events.length - 1].ts : 0;
    for (const w of scan.writes.values()) {
      if (inFlight(w, end, options.pending_grace_s * 1000)) continue;
      const d = writeDraft(scan, w, criticalTypes);
      if (d) drafts.push(d);
    }
    return drafts;
  },
});

/** What one pass over a session's events collects: its writes, snapshots, disruptions, responses and memory tools. */
interface Scan {
  events: SessionEvent[];
  turns: (number | null)[];
  reportTurns: (number | null)[];
  writes: Map<string, Write>;
  writesByTurn: Map<number, Set<Write>>;
  snapshots: Snapshot[];
  /** committed deletions by memory id: a snapshot without the memory after one is expected */
  deletions: Map<string, number[]>;
  disruptions: SessionEvent[];
  responses: number[];
  memoryTools: number[];
  /** index of the last request with a user message at or before i */
  lastReq: number[];
}

/** One pass over the events: writes by id (and by turn), snapshots, deletions, disruptions, responses and memory tools. */
function scanSession(events: SessionEvent[], configuredTools: ReturnType<typeof toolList>): Scan {
  const n = events.length;
  const { group: turns, report: reportTurns } = effectiveTurns(events);
  const scan: Scan = {
    events,
    turns,
    reportTurns,
    writes: new Map(),
    writesByTurn: new Map(),
    snapshots: [],
    deletions: new Map(),
    disruptions: [],
    responses: [],
    memoryTools: [],
    lastReq: new Array<number>(n),
  };
  const { writes, snapshots, disruptions, responses, memoryTools, lastReq } = scan;
  /** call_id -> index of a memory tool's call */
  const toolCalls = new Map<string, number>();
  const userText = (r: number): string | null => (r >= 0 ? (lastUserMessage(events[r])?.text ?? null) : null);
  // a call is asked about twice, in its response's tool_calls and as its own tool_call event: once, by id
  const answered = new Map<string, boolean>();
  const isMemoryTool = (id: unknown, name: string, args: unknown, lr: number): boolean => {
    const key = typeof id === 'string' && id ? `${name}\0${id}` : null;
    const known = key === null ? undefined : answered.get(key);
    if (known !== undefined) return known;
    const yes = memoryTool(name, args, configuredTools, userText(lr)) !== null;
    if (key !== null) answered.set(key, yes);
    return yes;
  };
  let lr = -1;
  for (let i = 0; i < n; i++) {
    const e = events[i];
    const b = e.body;
    if (e.kind === 'request' && lastUserMessage(e)) lr = i;
    lastReq[i] = lr;
    switch (e.kind) {
      case 'memory_write':
        addWriteStep(scan, i, e);
        break;
      case 'store_snapshot':
        snapshots.push({ ev: e, store: str(b.store) ?? null, ids: snapshotIds(b), texts: snapshotTexts(b) });
        break;
      case 'lifecycle':
        if (typeof b.event === 'string' && DISRUPTION.test(b.event)) disruptions.push(e);
        break;
      case 'response':
        responses.push(i);
        if (Array.isArray(b.tool_calls) && b.tool_calls.some((c) => isMemoryTool((c as { id?: unknown })?.id, toolName(c), toolArgs(c), lr)))
          memoryTools.push(i);
        break;
      case 'tool_call':
        if (typeof b.name === 'string' && isMemoryTool(b.call_id, b.name, b.arguments, lr)) {
          memoryTools.push(i);
          if (str(b.call_id)) toolCalls.set(str(b.call_id)!, i);
        }
        break;
      case 'tool_result': {
        // a memory tool that failed is a write that failed (a promise on top of it is a lost write)
        const call = toolCalls.get(str(b.call_id) ?? str(b.tool_call_id) ?? '');
        if (call === undefined || toolFailed(b) === null) break;
        const id = `tool:${String(events[call].body.call_id)}`;
        if (writes.has(id)) break;
        const w: Write = {
          id,
          steps: [events[call], e],
          memoryId: null,
          memoryType: null,
          store: null,
          critical: false,
          actors: new Set(),
          ack: null,
          firstCommit: null,
          lastFail: e,
          status: 'failed',
          promise: null,
        };
        writes.set(id, w);
        inTurn(scan, turns[i], w);
        break;
      }
    }
  }
  return scan;
}

function inTurn(scan: Scan, t: number | null, w: Write): void {
  if (t === null) return;
  const set = scan.writesByTurn.get(t);
  if (set) set.add(w);
  else scan.writesByTurn.set(t, new Set([w]));
}

/** A memory_write step (event i): its write (created on first sight) moves to the step's phase. */
function addWriteStep(scan: Scan, i: number, e: SessionEvent): void {
  const b = e.body;
  if (!isKind(e, 'memory_write')) return;
  const id = e.body.write_id;
  let w = scan.writes.get(id);
  if (!w) {
    w = {
      id,
      steps: [],
      memoryId: null,
      memoryType: null,
      store: null,
      critical: false,
      actors: new Set(),
      ack: null,
      firstCommit: null,
      lastFail: null,
      status: 'pending',
      promise: null,
    };
    scan.writes.set(id, w);
  }
  inTurn(scan, scan.turns[i], w);
  w.steps.push(e);
  w.memoryId ??= str(b.memory_id) ?? null;
  w.memoryType ??= str(b.memory_type) ?? null;
  w.store ??= str(b.store) ?? null;
  if (e.body.critical === true) w.critical = true;
  if (e.actor) w.actors.add(e.actor);
  switch (e.body.phase) {
    case 'acknowledged':
      w.ack ??= e;
      break;
    case 'committed':
      w.firstCommit ??= e;
      w.status = 'committed';
      if (b.op === 'delete' && str(b.memory_id)) {
        const list = scan.deletions.get(str(b.memory_id)!);
        if (list) list.push(e.seq);
        else scan.deletions.set(str(b.memory_id)!, [e.seq]);
      }
      break;
    case 'failed':
    case 'dead_lettered':
      w.lastFail = e;
      if (w.status !== 'committed') w.status = 'failed';
      break;
    case 'retried':
      if (w.status === 'failed') w.status = 'retrying';
      break;
  }
}

/** The user's message that led to event i (the last request with one at or before it), as evidence. */
function userInput(scan: Scan, i: number): EvidenceDraft | null {
  const r = scan.lastReq[i];
  if (r < 0) return null;
  const u = lastUserMessage(scan.events[r])!;
  return { role: 'user_input', event: scan.events[r], text: u.text, detail: {} };
}

/**
 * Promises: link each to the writes of its turn (given, or derived from new user messages);
 * before any turn is known, to the writes between its neighbouring responses: a step's
 * window is how many responses precede it, and response k sees windows k and k + 1.
 * Sets each linked write's promise; returns the promises no write or memory tool backs.
 */
function promiseDrafts(scan: Scan): Draft[] {
  const { events, turns, reportTurns, writes, writesByTurn, responses, memoryTools } = scan;
  const drafts: Draft[] = [];
  const respBefore = (seq: number) => {
    let lo = 0;
    let hi = responses.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (responses[mid] < seq) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const writesByWindow = new Map<number, Set<Write>>();
  for (const w of writes.values()) {
    for (const s of w.steps) {
      const c = respBefore(s.seq);
      let set = writesByWindow.get(c);
      if (!set) writesByWindow.set(c, (set = new Set()));
      set.add(w);
    }
  }
  // A promise to remember matters only where the session shows a memory system: memory writes, a
  // memory tool, or retrievals. Elsewhere ("I'll always remember our trip" between people, a chat
  // app with no memory) it promises nothing the logs could check, and is not reported.
  const memorySystem = writes.size > 0 || memoryTools.length > 0 || events.some((e) => e.kind === 'retrieval');
  const toolWindows = new Set(memoryTools.map((j) => respBefore(j + 1)));
  const toolTurns = new Set(memoryTools.map((j) => turns[j]).filter((t) => t !== null));
  for (let k = 0; k < responses.length; k++) {
    const i = responses[k];
    const e = events[i];
    const p = findSavePromise(contentText(e.body.content));
    if (!p) continue;
    const t = turns[i];
    const rt = reportTurns[i];
    const linked = new Set<Write>(t !== null ? (writesByTurn.get(t) ?? []) : []);
    if (t === null) for (const c of [k, k + 1]) for (const w of writesByWindow.get(c) ?? []) linked.add(w);
    const toolNear = t !== null ? toolTurns.has(t) : toolWindows.has(k) || toolWindows.has(k + 1);
    if (linked.size === 0 && !toolNear && memorySystem) {
      const ui = userInput(scan, i);
      drafts.push({
        cause: 'promised_not_written',
        key: t !== null ? `turn:${t}` : `response:${k}`,
        title: `${rt !== null ? `Turn ${rt}: the` : 'The'} assistant said ${quote(p.phrase)} but no memory write was made`,
        fix: "Make the agent call its memory write before telling the user something was saved, and word the reply from the write's result.",
        turn: rt,
        ts: e.ts,
        evidence: [
          ...(ui ? [ui] : []),
          { role: 'response', event: e, text: contentText(e.body.content), detail: { phrase: p.phrase, sentence: p.sentence, lang: p.lang } },
        ],
        detail: { turn: rt, phrase: p.phrase, sentence: p.sentence, lang: p.lang },
      });
    }
    for (const w of linked) w.promise ??= { ev: e, p };
  }
  return drafts;
}

/** What the store snapshots say of a write: whether one before it held the memory, one after holds it, one after lacks it. */
interface SnapshotReading {
  existedBefore: boolean;
  holding: Snapshot | null;
  lacking: Snapshot | null;
}

/** Snapshots after the commit (or after the write began, if it never committed), read for the write's memory. */
function readSnapshots(scan: Scan, w: Write): SnapshotReading {
  const first = w.steps[0];
  const storeOk = (s: Snapshot) => s.store === null || w.store === null || s.store === w.store;
  const ref = w.status === 'committed' ? w.firstCommit! : first;
  let existedBefore = false;
  let holding: Snapshot | null = null;
  let lacking: Snapshot | null = null;
  const deletedBetween = (from: number, to: number) => (scan.deletions.get(w.memoryId!) ?? []).some((d) => d > from && d < to);
  if (w.memoryId) {
    for (const s of scan.snapshots) {
      if (!storeOk(s)) continue;
      if (s.ev.seq > ref.seq && deletedBetween(ref.seq, s.ev.seq)) continue; // deleted since: its absence is expected
      const has = s.ids.has(w.memoryId);
      if (s.ev.seq < first.seq) existedBefore ||= has;
      else if (s.ev.seq > ref.seq) {
        if (has) {
          holding = s;
          if (!existedBefore) break; // durable: later snapshots do not matter
        } else lacking ??= s;
      }
    }
  }

  // a write known only by its text (the store chose the id): a later snapshot with texts that
  // lacks it is shown as evidence, never used to clear or convict the write
  if (!w.memoryId && w.status !== 'committed') {
    const said = w.steps.map((s) => s.body.text).find((t): t is string => typeof t === 'string' && t.length > 0);
    const key = said ? normText(said) : null;
    if (key !== null) lacking = scan.snapshots.find((s) => storeOk(s) && s.ev.seq > ref.seq && s.texts.size > 0 && !s.texts.has(key)) ?? null;
  }
  return { existedBefore, holding, lacking };
}

/** Why a write was lost (null when it was not), the disruption that lost it, and when it failed. */
interface Verdict {
  cause: Cause;
  disruption: SessionEvent | null;
  failTs: number;
}

function judgeWrite(scan: Scan, w: Write, critical: boolean, { existedBefore, holding, lacking }: SnapshotReading): Verdict | null {
  const n = scan.events.length;
  const first = w.steps[0];
  let cause: Cause | null = null;
  let disruption: SessionEvent | null = null;
  let failTs = n > 0 ? scan.events[n - 1].ts : 0;
  if (w.status === 'committed') {
    if (lacking && !holding) {
      cause = 'missing_from_snapshot';
      failTs = lacking.ev.ts;
      disruption = scan.disruptions.find((d) => d.seq > w.firstCommit!.seq && d.seq < lacking!.ev.seq) ?? null;
    } else if (critical && w.ack && w.ack.seq < w.firstCommit!.seq) {
      cause = 'acked_before_commit';
      failTs = w.firstCommit!.ts;
    }
  } else if (!(holding && !existedBefore)) {
    const end = w.status === 'failed' ? w.lastFail!.seq : n;
    const begin = w.status === 'retrying' ? w.lastFail!.seq : first.seq;
    const inWindow = scan.disruptions.filter((d) => d.seq > begin && d.seq < end);
    const related = (d: SessionEvent) => {
      const proc = str(d.body.process) ?? d.actor;
      return proc !== null && (w.actors.has(proc) || proc === w.store);
    };
    disruption = inWindow.find(related) ?? inWindow[0] ?? null;
    if (disruption) {
      cause = 'lost_in_restart';
      failTs = disruption.ts;
    } else if (w.status === 'failed' || w.status === 'retrying') {
      cause = 'failed_without_retry';
      failTs = w.lastFail!.ts;
    } else {
      cause = 'never_committed';
    }
  }
  return cause ? { cause, disruption, failTs } : null;
}

/** The finding for one write, or null when its logs and snapshots show it durable (or it is a deletion, or nobody was told). */
function writeDraft(scan: Scan, w: Write, criticalTypes: Set<string>): Draft | null {
  const relevant = w.ack !== null || w.promise !== null || w.status === 'committed';
  if (!relevant) return null;
  // a deletion is not expected in later snapshots
  if (w.steps.some((s) => s.body.op === 'delete')) return null;
  // a memory the store itself deleted on purpose (a committed delete of its id, e.g. Mem0's DELETE row,
  // which carries no time of its own) is not lost, whenever the app logged its acknowledgement
  if (w.status !== 'committed' && w.memoryId && scan.deletions.has(w.memoryId)) return null;
  const first = w.steps[0];
  const start = w.ack ?? first;
  const critical = w.critical || (w.memoryType !== null && criticalTypes.has(w.memoryType.toLowerCase()));
  const snaps = readSnapshots(scan, w);
  const verdict = judgeWrite(scan, w, critical, snaps);
  if (!verdict) return null;
  const { cause, disruption, failTs } = verdict;
  const { lacking } = snaps;

  const gap = failTs - start.ts;
  const proc = disruption ? (str(disruption.body.process) ?? disruption.actor ?? 'a process') : null;
  const ev = disruption ? String(disruption.body.event) : '';
  const open = cause === 'never_committed' ? whyOpen(scan.events, w) : null;
  const { title, fix } = describeLoss(w, cause, { gap, disruption, proc, ev, lacking, open });

  const evidence: EvidenceDraft[] = [];
  const ui = userInput(scan, first.seq);
  if (ui) evidence.push(ui);
  for (const s of w.steps) {
    evidence.push({
      role: 'write',
      event: s,
      text: stepText(w, s),
      detail: { write_id: w.id, phase: phaseOf(s), memory_id: w.memoryId, ...(str(s.body.error) ? { error: s.body.error } : {}) },
    });
  }
  if (disruption) {
    evidence.push({ role: 'lifecycle', event: disruption, text: `${proc}: ${ev}`, detail: { event: ev, process: proc } });
  }
  if (open) evidence.push(...open.evidence);
  if (w.promise) {
    const { ev: pe, p } = w.promise;
    evidence.push({ role: 'response', event: pe, text: contentText(pe.body.content), detail: { phrase: p.phrase, sentence: p.sentence, lang: p.lang } });
  }
  const shown = cause === 'acked_before_commit' ? null : lacking;
  if (shown) {
    const ids = [...shown.ids];
    evidence.push({
      role: 'write',
      event: shown.ev,
      text: `snapshot of ${shown.store ?? 'the store'}: ${ids.length} memories (${ids.slice(0, 8).join(', ')}${ids.length > 8 ? ', …' : ''}); ${w.memoryId ? `${w.memoryId} is not among them` : 'none of them holds this text'}`,
      detail: { snapshot: true, store: shown.store, memory_ids: ids.slice(0, 50), count: ids.length, contains: false },
    });
  }
  evidence.sort((a, b) => a.event.seq - b.event.seq);

  const { reportTurns } = scan;
  return {
    cause,
    key: w.id,
    title,
    fix,
    turn: reportTurns[start.seq],
    ts: failTs,
    severity: cause === 'acked_before_commit' ? 'info' : undefined,
    // a write nobody acknowledged, known from the answer's promise only, is read from text
    confidence: w.ack === null && w.promise !== null ? 'likely' : undefined,
    evidence,
    detail: {
      write_id: w.id,
      memory_id: w.memoryId,
      memory_type: w.memoryType,
      critical,
      store: w.store,
      phases: w.steps.map((s) => ({ phase: phaseOf(s), ts: iso(s.ts) })),
      gap_ms: gap,
      ...(disruption ? { restart: { process: proc, event: ev, ts: iso(disruption.ts) } } : {}),
      ...(shown ? { snapshot: { store: shown.store, ts: iso(shown.ev.ts), size: shown.ids.size } } : {}),
      ...(w.promise ? { promise: { phrase: w.promise.p.phrase, turn: reportTurns[w.promise.ev.seq] } } : {}),
    },
  };
}
