/**
 * Reading a finding's detail and an event's body defensively, for the pictures (each analyzer's
 * picture.ts): a finding read back from a store or a document may lack any field, and a picture
 * is drawn from what there is.
 */
import type { EvidenceStep } from '../findings/types.js';

export const obj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
export const num = (v: unknown): number | null =>
  typeof v === 'number' && Number.isFinite(v) ? v : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : null;
export const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
export const tsOf = (v: unknown): number | null => {
  if (typeof v === 'number') return v;
  if (typeof v === 'string') {
    const t = Date.parse(v);
    return Number.isNaN(t) ? null : t;
  }
  return null;
};

/** A finding's evidence steps (none when a document lacks them). */
export function steps(f: { evidence?: unknown }): EvidenceStep[] {
  return Array.isArray(f.evidence) ? (f.evidence as EvidenceStep[]) : [];
}

/** A time as a line shows it. */
export const when = (ts: number | null) =>
  ts === null || !Number.isFinite(ts)
    ? '?'
    : new Date(ts)
        .toISOString()
        .replace('T', ' ')
        .replace(/\.\d+Z$/, '');
