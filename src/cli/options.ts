import { Option } from 'commander';
import { UsageError } from '../errors.js';
import { DEFAULT_DB } from '../store/connection.js';
import { MAX_LINE_BYTES_LIMIT } from '../ingest/read.js';

export const OUTPUT_FORMATS = ['text', 'json'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

export const dbOption = () => new Option('--db <file>', 'evidence store').default(DEFAULT_DB);

export function outputFormat(value: string | undefined, allowed: readonly string[] = OUTPUT_FORMATS): OutputFormat {
  const v = value ?? 'text';
  if (!allowed.includes(v)) throw new UsageError(`unknown output format "${v}"; use one of: ${allowed.join(', ')}`);
  return v as OutputFormat;
}

export function positiveInt(name: string, max = Number.MAX_SAFE_INTEGER) {
  return (value: string): number => {
    const n = Number(value);
    // digits only: "1e20", "0x10", "1.0" and " 5" are not what the user meant to count
    if (!/^\d+$/.test(value) || !Number.isSafeInteger(n) || n <= 0) throw new UsageError(`${name}: "${value}" is not a positive integer`);
    if (n > max) throw new UsageError(`${name}: ${value} is over the maximum (${max})`);
    return n;
  };
}

/** `--max-line-bytes`: a line is held in memory up to this size, so it is bounded (MAX_LINE_BYTES_LIMIT, 1 GiB). */
export const maxLineBytesOption = () => positiveInt('--max-line-bytes', MAX_LINE_BYTES_LIMIT);
