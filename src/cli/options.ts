import { Option } from 'commander';
import { UsageError } from '../errors.js';
import { DEFAULT_DB } from '../store/connection.js';
import { MAX_LINE_BYTES_LIMIT } from '../ingest/read.js';
import { INPUT_FORMAT_NAMES } from '../ingest/names.js';
import { formatList, OUTPUT_FORMATS, type ReportKind } from '../report/formats.js';

export const dbOption = () => new Option('--db <file>', 'evidence store').default(DEFAULT_DB);

/** `--format`: the output format of a report, its help generated from the report's formats. */
export const formatOption = (kind: ReportKind, what = 'output format') =>
  new Option('--format <name>', `${what}: ${formatList(OUTPUT_FORMATS[kind])}`).default('text');

/** `--input-format`: force the format of the inputs, its help generated from the input formats. */
export const inputFormatOption = () => new Option('--input-format <name>', `force the input format: ${INPUT_FORMAT_NAMES.join(', ')}`);

/** `--min-confidence`: findings less sure than this are left out (and do not fail a run). */
export const minConfidenceOption = () =>
  new Option('--min-confidence <level>', 'hide findings less sure than this (possible, likely, certain); they do not fail the run either');

/** --judge <url>: analyze, triage, ci, show, tui, eval (src/judge/; off by default, off under --redact). */
export const judgeOption = () =>
  new Option(
    '--judge <url>',
    'ask an OpenAI-compatible model (base URL, e.g. http://127.0.0.1:11434/v1) where the rules cannot tell; verdicts cached in the store; off under --redact',
  );

/** `--redact`: users' words and session ids replaced by stable hashes (as config `redact`). */
export const redactOption = (where = 'in every output') => new Option('--redact', `replace users' words and session ids by stable hashes ${where}`);

const isInputFormat = (v: string) => (INPUT_FORMAT_NAMES as readonly string[]).includes(v);

/**
 * `--format` is the output format and `--input-format` the input format. Before, `ingest` and
 * `triage` took an input format name in `--format` too (comma-separated with the output format):
 * such a name still works, with a one-line deprecation note on stderr (README.md, docs/formats.md).
 */
export function splitFormats(
  kind: ReportKind,
  flags: { format?: string; inputFormat?: string },
  note: (line: string) => void,
): { input?: string; output: string } {
  const outputs: readonly string[] = OUTPUT_FORMATS[kind];
  let input = flags.inputFormat;
  if (input !== undefined && !isInputFormat(input))
    throw new UsageError(`--input-format: unknown input format "${input}"; use one of: ${INPUT_FORMAT_NAMES.join(', ')}`);
  let output: string | undefined;
  for (const v of (flags.format ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    if (outputs.includes(v)) output = v;
    else if (isInputFormat(v)) {
      if (input && input !== v) throw new UsageError(`two input formats given: ${input} and ${v}`);
      note(`amnesia: --format ${v} is deprecated for an input format: use --input-format ${v} (--format is the output format)`);
      input = v;
    } else
      throw new UsageError(`unknown format "${v}"; input formats: ${INPUT_FORMAT_NAMES.join(', ')} (--input-format); output formats: ${outputs.join(', ')}`);
  }
  return { input, output: output ?? 'text' };
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

/** A number strictly between 0 and 1 (a rate, a probability). */
export function fraction(name: string) {
  return (value: string): number => {
    const n = Number(value);
    if (!/^\d*\.?\d+(?:e-?\d+)?$/i.test(value) || !(n > 0 && n < 1)) throw new UsageError(`${name}: "${value}" is not a number between 0 and 1`);
    return n;
  };
}

/** `--max-line-bytes`: a line is held in memory up to this size, so it is bounded (MAX_LINE_BYTES_LIMIT, 1 GiB). */
export const maxLineBytesOption = () => positiveInt('--max-line-bytes', MAX_LINE_BYTES_LIMIT);

/** A repeatable list option (`--analyzer a,b --analyzer c`). */
export const collect = (v: string, prev: string[] = []) => [...prev, v];
