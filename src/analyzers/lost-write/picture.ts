/** lost-write's picture in the TUI: each write's phases, the restart or crash between them, and the snapshot after. Data only: the TUI draws it (src/tui/charts/). */
import { isKind } from '../../events/validate.js';
import type { SessionEvent } from '../../store/session.js';
import { arr, obj, steps, tsOf, when } from '../picture-values.js';
import { str } from '../../util/values.js';
import type { FindingOf, PictureSpec } from '../views.js';
import type { Cause, Detail } from './types.js';

type F = FindingOf<Cause, Detail>;

export interface WriteStep {
  phase: string;
  ts: number;
  source: string | null;
}
export interface WriteData {
  write_id: string;
  memory_id: string | null;
  memory_type: string | null;
  critical: boolean;
  steps: WriteStep[];
  disruption: { event: string; process: string | null; ts: number } | null;
  snapshot: { ts: number; contains: boolean | null; store: string | null } | null;
  findingId: string | null;
  cause: string | null;
}

const DISRUPTIONS = new Set(['restart', 'crash', 'stop', 'deploy']);

export function writeData(events: readonly SessionEvent[], findings: readonly F[]): WriteData[] {
  const byId = new Map<string, WriteData>();
  for (const e of events) {
    if (!isKind(e, 'memory_write')) continue;
    const b = e.body;
    const id = b.write_id;
    let w = byId.get(id);
    if (!w) {
      w = { write_id: id, memory_id: null, memory_type: null, critical: false, steps: [], disruption: null, snapshot: null, findingId: null, cause: null };
      byId.set(id, w);
    }
    w.memory_id ??= str(b.memory_id) ?? null;
    w.memory_type ??= str(b.memory_type) ?? null;
    if (b.critical === true) w.critical = true;
    w.steps.push({ phase: b.phase, ts: e.ts, source: e.source });
  }
  const lifecycle = events.filter((e) => isKind(e, 'lifecycle') && DISRUPTIONS.has(String(e.body.event)));
  const snapshots = events.filter((e) => isKind(e, 'store_snapshot'));
  for (const f of findings) {
    const d = obj(f.detail);
    const id =
      str(d.write_id) ??
      steps(f)
        .map((s) => str(obj(s.detail).write_id))
        .find((x) => x) ??
      null;
    if (!id) continue;
    let w = byId.get(id);
    if (!w) {
      w = {
        write_id: id,
        memory_id: str(d.memory_id) ?? null,
        memory_type: str(d.memory_type) ?? null,
        critical: d.critical === true,
        steps: arr(d.phases)
          .map((p) => ({ phase: str(obj(p).phase) ?? '?', ts: tsOf(obj(p).ts) ?? NaN, source: null }))
          .filter((p) => Number.isFinite(p.ts)),
        disruption: null,
        snapshot: null,
        findingId: null,
        cause: null,
      };
      byId.set(id, w);
    }
    w.findingId = f.id;
    w.cause = f.cause;
    const r = obj(d.restart);
    const rts = tsOf(r.ts);
    if (rts !== null) w.disruption = { event: str(r.event) ?? 'restart', process: str(r.process) ?? null, ts: rts };
  }
  for (const w of byId.values()) {
    if (w.steps.length === 0) continue;
    const first = w.steps[0].ts;
    const last = w.steps[w.steps.length - 1].ts;
    const committed = w.steps.find((s) => s.phase === 'committed');
    if (!w.disruption) {
      const l = lifecycle.find((e) => e.ts >= first && (!committed || e.ts <= committed.ts));
      if (l && (!committed || l.ts < committed.ts)) w.disruption = { event: String(l.body.event), process: str(l.body.process) ?? null, ts: l.ts };
    }
    const snap = snapshots.find((e) => e.ts >= last);
    if (snap) {
      const ids = arr(snap.body.memory_ids)
        .map(String)
        .concat(arr(snap.body.records).map((r) => String(obj(r).id)));
      const has = arr(snap.body.memory_ids).length || arr(snap.body.records).length ? w.memory_id !== null && ids.includes(w.memory_id) : null;
      w.snapshot = { ts: snap.ts, contains: has, store: str(snap.body.store) ?? null };
    }
  }
  return [...byId.values()].filter((w) => w.steps.length > 0 || w.findingId);
}

export const picture: PictureSpec<Cause, Detail, WriteData[]> = {
  kind: 'write',
  title: 'Write lifecycle',
  build: writeData,
  count: (p) => p.length,
  focus: (p, findingId) =>
    Math.max(
      0,
      p.findIndex((w) => (findingId ? w.findingId === findingId : w.findingId !== null)),
    ),
  lines(p, item) {
    const w = p[item];
    if (!w) return [];
    return [
      `write ${w.write_id} of memory ${w.memory_id ?? '?'}${w.cause ? `: ${w.cause}` : ''}`,
      ...w.steps.map((s) => `${when(s.ts)} ${s.phase}`),
      ...(w.disruption ? [`${when(w.disruption.ts)} ${w.disruption.event}`] : []),
    ];
  },
};
