import { defineAnalyzer, type EvidenceDraft, type FindingDraft } from '../define.js';
import type { SessionEvent } from '../../store/session.js';
import { contentText, isKind } from '../../events/validate.js';
import { findSavePromise } from '../../text/promises.js';
import { memoryTool, toolFailed, toolList } from './tools.js';
import { str } from '../../util/values.js';
import { duration } from '../../util/duration.js';
import { type Write, type Snapshot, normText, snapshotTexts, snapshotIds, lastUserMessage, effectiveTurns, toolArgs, toolName, iso, quote, PAST, label, phaseOf, stepText } from './writes.js';

/** Lifecycle events that can drop an in-flight write. */
const DISRUPTION = /restart|crash|stop|deploy|kill|oom|shutdown|exit|terminat/i;

export const analyzer = defineAnalyzer({
  meta: {
    id: 'lost-write',
    description: 'A memory write was acknowledged, or promised to the user, but never became durable',
    severity: 'error',
    causes: {
      never_committed: 'acknowledged, but neither committed nor failed by the end of the session',
      failed_without_retry: 'failed or dead-lettered, with no later retry that reached a commit',
      lost_in_restart: 'a process restarted or crashed between the acknowledgement (or enqueue) and any commit',
      missing_from_snapshot: 'logged as committed, but a later store snapshot does not hold the memory',
      promised_not_written: 'the assistant told the user it saved something, but no write was made around that turn',
      acked_before_commit: 'a critical write (preference, constraint, decision or critical: true) was acknowledged before it was committed (info)',
    },
    options: {
      criticalTypes: 'preference,constraint,decision',
      memory_tools: '',
    },
  },
  run({ session, options }) {
    const events = session.events;
    const n = events.length;
    const { group: turns, report: reportTurns } = effectiveTurns(events);
    const configuredTools = toolList(options.memory_tools);
    const criticalTypes = new Set(
      String(options.criticalTypes ?? '')
        .split(',')
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean),
    );

    const writes = new Map<string, Write>();
    const writesByTurn = new Map<number, Set<Write>>();
    const snapshots: Snapshot[] = [];
    /** committed deletions by memory id: a snapshot without the memory after one is expected */
    const deletions = new Map<string, number[]>();
    const disruptions: SessionEvent[] = [];
    const responses: number[] = [];
    const memoryTools: number[] = [];
    /** call_id -> index of a memory tool's call */
    const toolCalls = new Map<string, number>();
    const userText = (r: number): string | null => (r >= 0 ? (lastUserMessage(events[r])?.text ?? null) : null);
    /** index of the last request with a user message at or before i */
    const lastReq: number[] = new Array<number>(n);
    let lr = -1;

    const inTurn = (t: number | null, w: Write): void => {
      if (t === null) return;
      const set = writesByTurn.get(t);
      if (set) set.add(w);
      else writesByTurn.set(t, new Set([w]));
    };
    for (let i = 0; i < n; i++) {
      const e = events[i];
      const b = e.body;
      if (e.kind === 'request' && lastUserMessage(e)) lr = i;
      lastReq[i] = lr;
      switch (e.kind) {
        case 'memory_write': {
          if (!isKind(e, 'memory_write')) break;
          const id = e.body.write_id;
          let w = writes.get(id);
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
            writes.set(id, w);
          }
          inTurn(turns[i], w);
          w.steps.push(e);
          w.memoryId ??= (str(b.memory_id) ?? null);
          w.memoryType ??= (str(b.memory_type) ?? null);
          w.store ??= (str(b.store) ?? null);
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
                const list = deletions.get(str(b.memory_id)!);
                if (list) list.push(e.seq);
                else deletions.set(str(b.memory_id)!, [e.seq]);
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
          break;
        }
        case 'store_snapshot':
          snapshots.push({ ev: e, store: (str(b.store) ?? null), ids: snapshotIds(b), texts: snapshotTexts(b) });
          break;
        case 'lifecycle':
          if (typeof b.event === 'string' && DISRUPTION.test(b.event)) disruptions.push(e);
          break;
        case 'response':
          responses.push(i);
          if (Array.isArray(b.tool_calls) && b.tool_calls.some((c) => memoryTool(toolName(c), toolArgs(c), configuredTools, userText(lr)))) memoryTools.push(i);
          break;
        case 'tool_call':
          if (typeof b.name === 'string' && memoryTool(b.name, b.arguments, configuredTools, userText(lr))) {
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
          const w: Write = { id, steps: [events[call], e], memoryId: null, memoryType: null, store: null, critical: false, actors: new Set(), ack: null, firstCommit: null, lastFail: e, status: 'failed', promise: null };
          writes.set(id, w);
          inTurn(turns[i], w);
          break;
        }
      }
    }

    const drafts: FindingDraft[] = [];
    const userInput = (i: number): EvidenceDraft | null => {
      const r = lastReq[i];
      if (r < 0) return null;
      const u = lastUserMessage(events[r])!;
      return { role: 'user_input', event: events[r], text: u.text, detail: { message_id: u.id } };
    };

    // Promises: link each to the writes of its turn (given, or derived from new user messages);
    // before any turn is known, to the writes between its neighbouring responses: a step's
    // window is how many responses precede it, and response k sees windows k and k + 1.
    const writeList = [...writes.values()];
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
    for (const w of writeList) {
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
        const ui = userInput(i);
        drafts.push({
          cause: 'promised_not_written',
          key: t !== null ? `turn:${t}` : `response:${k}`,
          title: `${rt !== null ? `Turn ${rt}: the` : 'The'} assistant said ${quote(p.phrase)} but no memory write was made`,
          fix: 'Make the agent call its memory write before telling the user something was saved, and word the reply from the write\'s result.',
          turn: rt,
          ts: e.ts,
          evidence: [...(ui ? [ui] : []), { role: 'response', event: e, text: contentText(e.body.content), detail: { phrase: p.phrase, sentence: p.sentence, lang: p.lang } }],
          detail: { turn: rt, phrase: p.phrase, sentence: p.sentence, lang: p.lang },
        });
      }
      for (const w of linked) w.promise ??= { ev: e, p };
    }

    const lastTs = n > 0 ? events[n - 1].ts : 0;
    for (const w of writeList) {
      const relevant = w.ack !== null || w.promise !== null || w.status === 'committed';
      if (!relevant) continue;
      // a deletion is not expected in later snapshots
      if (w.steps.some((s) => s.body.op === 'delete')) continue;
      const first = w.steps[0];
      const start = w.ack ?? first;
      const critical = w.critical || (w.memoryType !== null && criticalTypes.has(w.memoryType.toLowerCase()));
      const storeOk = (s: Snapshot) => s.store === null || w.store === null || s.store === w.store;

      // Snapshots after the commit (or after the write began, if it never committed).
      const ref = w.status === 'committed' ? w.firstCommit! : first;
      let existedBefore = false;
      let holding: Snapshot | null = null;
      let lacking: Snapshot | null = null;
      const deletedBetween = (from: number, to: number) => (deletions.get(w.memoryId!) ?? []).some((d) => d > from && d < to);
      if (w.memoryId) {
        for (const s of snapshots) {
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
        if (said) lacking = snapshots.find((s) => storeOk(s) && s.ev.seq > ref.seq && s.texts.size > 0 && !s.texts.has(normText(said))) ?? null;
      }

      let cause: string | null = null;
      let disruption: SessionEvent | null = null;
      let failTs = lastTs;
      if (w.status === 'committed') {
        if (lacking && !holding) {
          cause = 'missing_from_snapshot';
          failTs = lacking.ev.ts;
          disruption = disruptions.find((d) => d.seq > w.firstCommit!.seq && d.seq < lacking!.ev.seq) ?? null;
        } else if (critical && w.ack && w.ack.seq < w.firstCommit!.seq) {
          cause = 'acked_before_commit';
          failTs = w.firstCommit!.ts;
        }
      } else if (!(holding && !existedBefore)) {
        const end = w.status === 'failed' ? w.lastFail!.seq : n;
        const begin = w.status === 'retrying' ? w.lastFail!.seq : first.seq;
        const inWindow = disruptions.filter((d) => d.seq > begin && d.seq < end);
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
      if (!cause) continue;

      const gap = failTs - start.ts;
      const said = w.ack ? 'acknowledged' : 'promised to the user';
      const proc = disruption ? (str(disruption.body.process) ?? disruption.actor ?? 'a process') : null;
      const ev = disruption ? String(disruption.body.event) : '';
      const happened = disruption ? `${proc} ${PAST[ev.toLowerCase()] ?? `had a ${ev}`}` : '';
      const snapStore = lacking?.store ?? w.store ?? 'store';
      let title: string;
      let fix: string;
      switch (cause) {
        case 'missing_from_snapshot':
          title = `${label(w)} was logged as committed, but the ${snapStore} snapshot ${duration(lacking!.ev.ts - w.firstCommit!.ts)} later does not hold ${w.memoryId}${disruption ? ` (${happened} in between)` : ''}`;
          fix = `The store does not hold what the log calls committed: check the commit path of "${snapStore}" (transaction, flush, an in-memory buffer${disruption ? ' lost on restart' : ''}) and confirm each write by reading it back.`;
          break;
        case 'acked_before_commit':
          title = `Critical ${(w.memoryType ?? 'memory').toLowerCase()} ${w.memoryId ?? w.id} (write ${w.id}) was acknowledged ${duration(gap)} before it was committed`;
          fix = 'Acknowledge critical memories (preferences, constraints, decisions) only after the commit, so a crash in between cannot lose what the user was told is saved.';
          break;
        case 'lost_in_restart':
          title = `${label(w)} was ${said}, then ${happened} ${duration(gap)} later, before it was committed`;
          fix = `Persist the write queue of ${proc} (or commit before acknowledging) so that a ${ev || 'restart'} cannot drop acknowledged writes; replay pending writes on start.`;
          break;
        case 'failed_without_retry': {
          const err = str(w.lastFail!.body.error) ?? (w.lastFail!.kind === 'tool_result' ? toolFailed(w.lastFail!.body) : null);
          title = `${label(w)} was ${said}, then ${phaseOf(w.lastFail!).replace('_', '-')}${err ? ` (${quote(err, 40)})` : ''} and never ${w.status === 'retrying' ? 'committed after its retry' : 'retried to a commit'}`;
          fix = 'Retry failed writes with backoff until they commit, watch the dead-letter queue, and tell the user when a save finally failed.';
          break;
        }
        default:
          title = `${label(w)} was ${said} but never committed (still pending ${duration(gap)} later, at the end of the session)`;
          fix = 'Acknowledge a write only after it is committed, and alert on writes still pending after a timeout.';
      }

      const evidence: EvidenceDraft[] = [];
      const ui = userInput(first.seq);
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

      drafts.push({
        cause,
        key: w.id,
        title,
        fix,
        turn: reportTurns[start.seq],
        ts: failTs,
        severity: cause === 'acked_before_commit' ? 'info' : undefined,
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
      });
    }
    return drafts;
  },
});
