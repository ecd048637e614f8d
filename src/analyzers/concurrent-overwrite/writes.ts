/**
 * How a `state` write is read: was it refused (compare-and-set doing its job), which fields did it
 * touch (a merge, a JSON patch, a field list; else the whole value), and which actor instance made
 * it (replicas sharing an actor name are told apart by process, instance or span).
 */
import type { SessionEvent } from '../../store/session.js';
import { isObject } from '../../util/values.js';

/** A store's answer that refused a write, as words. */
const REFUSED =
  /conflict|reject|stale|refus|fail|error|abort|mismatch|precondition|denied|retry|冲突|衝突|拒绝|拒絕|失败|失敗|过期|過期|版本不一致|konflikt|abgelehnt|conflit|rejet|refus|conflicto|rechaz|conflito|rejeit|競合|拒否|失敗|충돌|거부|거절|실패|конфликт|отклон|отказ|ошибк|устарел|conflitto|rifiut|respint|fallit|odrzuc|odrzuć|odmow|błąd|nieaktualn|çakışma|reddedil|başarısız|xung đột|từ chối|thất bại|konflik|ditolak|gagal|تعارض|تضارب|مرفوض|رفض|فشل|टकराव|अस्वीकृत|विफल/i;
/** HTTP answers that refuse a conditional write: conflict, precondition failed, locked, precondition required */
const REFUSING_CODES = new Set([409, 412, 423, 428]);
const CODE_KEYS = ['status', 'status_code', 'statusCode', 'http_status', 'httpStatus', 'code', 'http_code', 'response_code'];
const WORD_KEYS = ['result', 'status', 'outcome', 'state_result'];

export const nonEmpty = (v: unknown): string | null => (typeof v === 'string' && v.length > 0 ? v : null);

function truthy(v: unknown): boolean {
  if (v === undefined || v === null || v === false || v === 0 || v === '') return false;
  if (typeof v === 'string') return !/^(false|no|none|null|0|ok|n)$/i.test(v.trim());
  return true;
}

/** An explicit refusal in the write's own fields (or a nested `result` / `response` object). */
export function refusalSignal(b: Record<string, unknown>, depth = 0): string | null {
  for (const k of CODE_KEYS) {
    const v = b[k];
    const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d{3}$/.test(v.trim()) ? Number(v) : null;
    if (n !== null && REFUSING_CODES.has(n)) return `${k} ${n}`;
  }
  for (const k of WORD_KEYS) {
    const r = nonEmpty(b[k]);
    if (r && REFUSED.test(r)) return r;
  }
  if ('conflict' in b && truthy(b.conflict)) return 'conflict';
  if (b.ok === false || b.accepted === false || b.applied === false || b.success === false || b.committed === false) return 'not applied';
  if (nonEmpty(b.error) || isObject(b.error)) return nonEmpty(b.error) ?? 'error';
  if (depth === 0)
    for (const k of ['result', 'response', 'outcome'])
      if (isObject(b[k])) {
        const s = refusalSignal(b[k] as Record<string, unknown>, 1);
        if (s) return s;
      }
  return null;
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * Was this write refused? An explicit signal; or a version that did not advance past the current
 * one AND the next event of the key is a read that does not show this write's value. Two writes
 * that both report the same new version, with nothing refusing the second, both went through.
 */
export function refused(e: SessionEvent, cur: number | null, next: SessionEvent | undefined): boolean {
  const b = e.body;
  if (refusalSignal(b)) return true;
  const v = typeof b.version === 'number' && Number.isInteger(b.version) ? b.version : null;
  if (v === null || cur === null || v > cur) return false;
  return next !== undefined && next.body.op === 'read' && !same(next.body.value, b.value);
}

/** Segments of a field path: "/a/b", "a.b", "a" -> [a, b]. */
function segments(p: string): string[] {
  return p.replace(/^\//, '').split(/[./]/).filter(Boolean);
}

/** The fields a write touched, as paths; null for a whole-value write. */
export function fieldsOf(b: Record<string, unknown>): string[][] | null {
  const list = (v: unknown): string[] | null => {
    if (Array.isArray(v) && v.every((x) => typeof x === 'string')) return v as string[];
    if (typeof v === 'string' && v.trim())
      return v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
    if (isObject(v) && Array.isArray(v.paths)) return list(v.paths);
    return null;
  };
  for (const k of ['fields', 'field_mask', 'update_mask', 'updateMask', 'paths', 'changed_fields', 'updated_fields']) {
    const l = list(b[k]);
    if (l?.length) return l.map(segments);
  }
  const patch = Array.isArray(b.patch)
    ? b.patch
    : Array.isArray(b.value) &&
        (b.value as unknown[]).every((x) => isObject(x) && typeof x.op === 'string' && typeof x.path === 'string') &&
        (b.value as unknown[]).length > 0
      ? b.value
      : null;
  if (patch) return (patch as Record<string, unknown>[]).filter((x) => typeof x.path === 'string').map((x) => segments(x.path as string));
  const merge =
    b.merge === true ||
    b.merge === 'true' ||
    b.partial === true ||
    /^(merge|patch|update_fields)$/i.test(nonEmpty(b.mode) ?? nonEmpty(b.write_mode) ?? nonEmpty(b.strategy) ?? '');
  if (merge && isObject(b.value)) return Object.keys(b.value).map((k) => [k]);
  return null;
}

/** Do two writes touch a common field? (a whole-value write touches every field) */
export function overlap(a: string[][] | null, b: string[][] | null): boolean {
  if (a === null || b === null) return true;
  for (const x of a)
    for (const y of b) {
      const n = Math.min(x.length, y.length);
      if (x.slice(0, n).every((s, i) => s === y[i])) return true;
    }
  return false;
}

const INSTANCE_KEYS = ['instance', 'instance_id', 'process', 'process_id', 'pid', 'replica', 'replica_id', 'worker_id', 'host', 'hostname', 'node', 'pod'];

/**
 * Which actor instance made the event: the actor name, plus its process / instance when the log
 * gives one, else a span id the actor keeps over several events (a long-lived worker span).
 */
export function instanceOf(e: SessionEvent, spanUses: Map<string, number>): string | null {
  const actor = e.actor ?? nonEmpty(e.scope?.agent) ?? null;
  if (!actor) return null;
  for (const k of INSTANCE_KEYS) {
    const v = e.body[k];
    if (typeof v === 'string' || typeof v === 'number') return `${actor}@${String(v)}`;
  }
  const span = nonEmpty(e.body.span_id) ?? nonEmpty(e.body.parent_span_id);
  if (span && (spanUses.get(`${actor}\u0000${span}`) ?? 0) > 1) return `${actor}@span:${span}`;
  return actor;
}

/** How many events of each actor carry each span id. */
export function spanUses(events: readonly SessionEvent[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const e of events) {
    if (e.kind !== 'state' || !e.actor) continue;
    const span = nonEmpty(e.body.span_id) ?? nonEmpty(e.body.parent_span_id);
    if (span) m.set(`${e.actor}\u0000${span}`, (m.get(`${e.actor}\u0000${span}`) ?? 0) + 1);
  }
  return m;
}
