import { str, type WriteInfo } from './ledger.js';
import { isObject } from '../../util/values.js';

export function fmtWant(w: unknown): string {
  if (Array.isArray(w)) return w.map(String).join('|');
  if (isObject(w)) return JSON.stringify(w);
  return String(w);
}

/** Does a filter value admit this attribute value? undefined when the filter's shape is not understood. */
function accepts(want: unknown, have: string): boolean | undefined {
  if (typeof want === 'string' || typeof want === 'number' || typeof want === 'boolean') return String(want) === have;
  if (Array.isArray(want)) return want.some((w) => String(w) === have);
  if (isObject(want)) {
    if ('$eq' in want) return String(want.$eq) === have;
    if (Array.isArray(want.$in)) return want.$in.some((w) => String(w) === have);
    if ('$ne' in want) return String(want.$ne) !== have;
    if (Array.isArray(want.$nin)) return !want.$nin.some((w) => String(w) === have);
  }
  return undefined;
}

const TYPE_KEYS = new Set(['type', 'types', 'memory_type', 'memory_types', 'kind', 'category']);

function attribute(w: WriteInfo, key: string): string | undefined {
  const k = key.toLowerCase();
  if (TYPE_KEYS.has(k)) return w.type ?? str(w.fields[k]);
  if (k === 'store' || k === 'collection' || k === 'namespace') return w.store ?? str(w.fields[k]);
  const s = k.replace(/_id$/, '');
  if (s === 'user' || s === 'agent' || s === 'tenant') return str(w.scope?.[s]);
  if (k === 'actor') return w.actor;
  return str(w.fields[key]);
}

export interface FilterMismatch {
  key: string;
  want: unknown;
  have: string;
}

/** The first filter clause that excludes this memory, if any; clauses on unknown attributes are not judged. */
export function filterMismatch(filters: unknown, w: WriteInfo): FilterMismatch | null {
  if (!isObject(filters)) return null;
  for (const [k, want] of Object.entries(filters)) {
    if (k === '$and' && Array.isArray(want)) {
      for (const sub of want) {
        const m = filterMismatch(sub, w);
        if (m) return m;
      }
      continue;
    }
    if (k === 'scope' && isObject(want)) {
      for (const [sk, sw] of Object.entries(want)) {
        const have = str(w.scope?.[sk]);
        if (have !== undefined && accepts(sw, have) === false) return { key: `scope.${sk}`, want: sw, have };
      }
      continue;
    }
    const have = attribute(w, k);
    if (have !== undefined && accepts(want, have) === false) return { key: k, want, have };
  }
  return null;
}
