/** concurrent-overwrite's picture in the TUI: each shared key's reads and writes by actor and version, the lost and the overwriting write marked. Data only: the TUI draws it (src/tui/charts/). */
import { isKind } from '../../events/validate.js';
import type { SessionEvent } from '../../store/session.js';
import { obj, steps, when } from '../picture-values.js';
import { str } from '../../util/values.js';
import type { FindingOf, PictureSpec } from '../views.js';
import type { Cause, Detail } from './types.js';

type F = FindingOf<Cause, Detail>;

export interface StateOp {
  actor: string;
  op: string;
  version: number | null;
  expected: number | null;
  value: unknown;
  ts: number;
  source: string | null;
  /** refused: the store refused it with the other updates of its step (refused_concurrent_update) */
  mark: 'lost' | 'overwrote' | 'refused' | null;
}
export interface StateData {
  key: string;
  ops: StateOp[];
  findingIds: string[];
}

export function stateData(events: readonly SessionEvent[], findings: readonly F[]): StateData[] {
  const byKey = new Map<string, StateData>();
  for (const e of events) {
    if (!isKind(e, 'state')) continue;
    const key = e.body.key;
    let s = byKey.get(key);
    if (!s) byKey.set(key, (s = { key, ops: [], findingIds: [] }));
    s.ops.push({
      actor: e.actor ?? str(e.body.actor) ?? '?',
      op: e.body.op,
      version: e.body.version ?? null,
      expected: e.body.expected_version ?? null,
      value: e.body.value,
      ts: e.ts,
      source: e.source,
      mark: null,
    });
  }
  for (const f of findings) {
    const d = obj(f.detail);
    const key =
      str(d.key) ??
      steps(f)
        .map((x) => str(obj(x.detail).key))
        .find((x) => x) ??
      null;
    if (!key) continue;
    const s = byKey.get(key);
    if (!s) continue;
    s.findingIds.push(f.id);
    let marked = false;
    for (const step of steps(f)) {
      const sd = obj(step.detail);
      const op = s.ops.find((o) => o.source === step.source);
      if (!op) continue;
      if (sd.refused === true) {
        op.mark = 'refused';
        marked = true;
      } else if (sd.lost === true) {
        op.mark = 'lost';
        marked = true;
      } else if (sd.overwrote === true) {
        op.mark = 'overwrote';
        marked = true;
      }
    }
    if (!marked) {
      // e.g. an owner violation: the finding's last write overwrote the write before it
      const writes = steps(f)
        .map((x) => s.ops.find((o) => o.source === x.source && o.op === 'write'))
        .filter((o): o is StateOp => !!o);
      if (writes.length) writes[writes.length - 1].mark = 'overwrote';
      if (writes.length > 1) writes[writes.length - 2].mark ??= 'lost';
    }
  }
  return [...byKey.values()];
}

export const picture: PictureSpec<Cause, Detail, StateData[]> = {
  kind: 'state',
  title: 'State versions',
  build: stateData,
  count: (p) => p.length,
  focus: (p, findingId) =>
    Math.max(
      0,
      p.findIndex((s) => (findingId ? s.findingIds.includes(findingId) : s.findingIds.length > 0)),
    ),
  lines(p, item) {
    const s = p[item];
    if (!s) return [];
    return [`key ${s.key}`, ...s.ops.map((o) => `${when(o.ts)} ${o.actor} ${o.op} v${o.version ?? '?'}${o.mark ? ` (${o.mark})` : ''}`)];
  },
};
