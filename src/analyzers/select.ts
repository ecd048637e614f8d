import { UsageError } from '../errors.js';
import { SEVERITIES, type Severity } from '../findings/types.js';
import type { Analyzer } from './define.js';
import { ANALYZERS } from './registry.js';

/** `--analyzer a,b` -> analyzers; an unknown id is a usage error listing the known ones. */
export function selectAnalyzers(list?: string | string[]): Analyzer[] {
  if (!list || list.length === 0) return [...ANALYZERS];
  const ids = (Array.isArray(list) ? list : [list])
    .flatMap((s) => s.split(','))
    .map((s) => s.trim())
    .filter(Boolean);
  return ids.map((id) => {
    const a = ANALYZERS.find((x) => x.meta.id === id);
    if (!a) throw new UsageError(`unknown analyzer "${id}"; known: ${ANALYZERS.map((x) => x.meta.id).join(', ')}`);
    return a;
  });
}

export function parseSeverity(flag: string, value: string | undefined): Severity | undefined {
  if (value === undefined) return undefined;
  if (!(SEVERITIES as readonly string[]).includes(value)) throw new UsageError(`${flag}: "${value}" is not one of ${SEVERITIES.join(', ')}`);
  return value as Severity;
}
