import { Option } from 'commander';
import { UsageError } from '../errors.js';
import { DEFAULT_DB } from '../store/connection.js';

export const OUTPUT_FORMATS = ['text', 'json'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

export const dbOption = () => new Option('--db <file>', 'evidence store').default(DEFAULT_DB);

export function outputFormat(value: string | undefined, allowed: readonly string[] = OUTPUT_FORMATS): OutputFormat {
  const v = value ?? 'text';
  if (!allowed.includes(v)) throw new UsageError(`unknown output format "${v}"; use one of: ${allowed.join(', ')}`);
  return v as OutputFormat;
}

export function positiveInt(name: string) {
  return (value: string): number => {
    const n = Number(value);
    if (!Number.isInteger(n) || n <= 0) throw new UsageError(`${name}: "${value}" is not a positive integer`);
    return n;
  };
}
