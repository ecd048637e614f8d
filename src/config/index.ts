import crypto from 'node:crypto';
import fs from 'node:fs';
import { UsageError } from '../errors.js';
import type { ModelOverride } from '../tokens/models.js';
import { ANALYZERS } from '../analyzers/registry.js';
import { checkOption, type OptionSpec } from '../analyzers/define.js';
import { SEVERITIES, type Severity } from '../findings/types.js';
import type { IgnoreRule } from '../findings/present.js';
import { isObject } from '../util/values.js';

/** amnesia.config.json (or --config): documented in docs/config.md. */
export interface Config {
  /** per model name: its context window and the tiktoken encoding to count with */
  models: Record<string, ModelOverride>;
  /** per analyzer id: on/off, a severity for all its findings, its options (thresholds) */
  analyzers: Record<string, AnalyzerConfig>;
  /** findings to leave out, each rule with the reason it is accepted */
  ignore: IgnoreRule[];
  /** the default of --fail-on for `amnesia ci` */
  fail_on?: Severity;
  /** as --redact: no user text in any output */
  redact?: boolean;
  /** the optional model judge (docs/config.md; `--judge <url>` sets or overrides its url) */
  judge?: JudgeConfig;
  /** the file this was read from (path as given, sha256 of its bytes); absent for no config */
  source?: { path: string; sha256: string };
}

/** config `judge`: an OpenAI-compatible endpoint asked where the rules cannot tell (src/judge/). */
export interface JudgeConfig {
  url?: string;
  model?: string;
  timeout_ms?: number;
  retries?: number;
  max_requests?: number;
}

export interface AnalyzerConfig {
  enabled: boolean;
  severity?: Severity;
  options: Record<string, number | string | boolean>;
}

export type { IgnoreRule } from '../findings/present.js';

export const DEFAULT_CONFIG_FILE = 'amnesia.config.json';
export const EMPTY_CONFIG: Config = { models: {}, analyzers: {}, ignore: [] };

/** The keys of a config file's top level, and of an analyzer's entry (docs/config.md). */
export const TOP_KEYS = ['$schema', 'models', 'analyzers', 'ignore', 'fail_on', 'redact', 'judge'];
export const JUDGE_KEYS = ['url', 'model', 'timeout_ms', 'retries', 'max_requests'];
const MODEL_KEYS = ['context_limit', 'encoding'];
export const ANALYZER_KEYS = ['enabled', 'severity', 'options'];
const IGNORE_KEYS = ['analyzer', 'session', 'cause', 'reason'];

type Obj = Record<string, unknown>;

/** Check a parsed config; every error names the offending key. */
export function validateConfig(value: unknown, file: string): Config {
  const bad = (key: string, why: string): never => {
    throw new UsageError(`${file}: ${key}: ${why}`);
  };
  const onlyKeys = (o: Obj, prefix: string, known: string[]) => {
    for (const k of Object.keys(o)) if (!known.includes(k)) bad(prefix ? `${prefix}.${k}` : k, `unknown key (known: ${known.join(', ')})`);
  };
  if (!isObject(value)) return bad('(top level)', 'expected a JSON object');
  onlyKeys(value, '', TOP_KEYS);
  const config: Config = { models: {}, analyzers: {}, ignore: [] };

  if (value.models !== undefined) {
    if (!isObject(value.models)) bad('models', 'expected an object of model names');
    for (const [name, m] of Object.entries(value.models as Obj)) {
      const key = `models.${name}`;
      if (!isObject(m)) return bad(key, 'expected an object');
      onlyKeys(m, key, MODEL_KEYS);
      if (m.context_limit !== undefined && !(Number.isInteger(m.context_limit) && (m.context_limit as number) > 0)) {
        bad(`${key}.context_limit`, 'expected a positive integer');
      }
      if (m.encoding !== undefined && m.encoding !== 'o200k_base' && m.encoding !== 'cl100k_base') {
        bad(`${key}.encoding`, 'expected "o200k_base" or "cl100k_base"');
      }
      config.models[name] = m as ModelOverride;
    }
  }

  const severity = (key: string, v: unknown): Severity => {
    if (typeof v !== 'string' || !(SEVERITIES as readonly string[]).includes(v)) return bad(key, `expected one of ${SEVERITIES.join(', ')}`);
    return v as Severity;
  };

  if (value.analyzers !== undefined) {
    if (!isObject(value.analyzers)) bad('analyzers', 'expected an object of analyzer ids');
    for (const [id, a] of Object.entries(value.analyzers as Obj)) {
      const key = `analyzers.${id}`;
      const analyzer = ANALYZERS.find((x) => x.meta.id === id);
      if (!analyzer) bad(key, `unknown analyzer (known: ${ANALYZERS.map((x) => x.meta.id).join(', ')})`);
      if (typeof a === 'boolean') {
        config.analyzers[id] = { enabled: a, options: {} };
        continue;
      }
      if (!isObject(a)) return bad(key, 'expected true, false or an object');
      onlyKeys(a, key, ANALYZER_KEYS);
      if (a.enabled !== undefined && typeof a.enabled !== 'boolean') bad(`${key}.enabled`, 'expected true or false');
      const ac: AnalyzerConfig = { enabled: a.enabled !== false, options: {} };
      if (a.severity !== undefined) ac.severity = severity(`${key}.severity`, a.severity);
      if (a.options !== undefined) {
        if (!isObject(a.options)) bad(`${key}.options`, 'expected an object');
        // checked against the analyzer's options schema (src/analyzers/define.ts)
        const schema: Record<string, OptionSpec> = analyzer!.meta.options ?? {};
        for (const [opt, v] of Object.entries(a.options as Obj)) {
          if (!(opt in schema)) {
            bad(`${key}.options.${opt}`, `unknown option (known: ${Object.keys(schema).join(', ') || 'none'})`);
          }
          const why = checkOption(schema[opt], v);
          if (why) bad(`${key}.options.${opt}`, why);
          ac.options[opt] = v as number | string | boolean;
        }
      }
      config.analyzers[id] = ac;
    }
  }

  if (value.ignore !== undefined) {
    if (!Array.isArray(value.ignore)) bad('ignore', 'expected an array of rules');
    (value.ignore as unknown[]).forEach((r, i) => {
      const key = `ignore[${i}]`;
      if (!isObject(r)) return bad(key, 'expected an object');
      onlyKeys(r, key, IGNORE_KEYS);
      if (typeof r.reason !== 'string' || r.reason.trim() === '') bad(`${key}.reason`, 'every ignore rule needs a reason (why this is accepted)');
      for (const k of ['analyzer', 'session', 'cause']) if (r[k] !== undefined && typeof r[k] !== 'string') bad(`${key}.${k}`, 'expected a string');
      if (r.analyzer === undefined && r.session === undefined && r.cause === undefined) {
        bad(key, 'a rule needs at least one of analyzer, session, cause');
      }
      if (r.analyzer !== undefined && !ANALYZERS.some((x) => x.meta.id === r.analyzer)) bad(`${key}.analyzer`, `unknown analyzer "${r.analyzer}"`);
      config.ignore.push(r as unknown as IgnoreRule);
    });
  }

  if (value.fail_on !== undefined) config.fail_on = severity('fail_on', value.fail_on);
  if (value.redact !== undefined) {
    if (typeof value.redact !== 'boolean') bad('redact', 'expected true or false');
    config.redact = value.redact as boolean;
  }
  if (value.judge !== undefined) config.judge = judgeConfig(value.judge, bad, onlyKeys);
  return config;
}

function judgeConfig(j: unknown, bad: (key: string, why: string) => never, onlyKeys: (o: Obj, prefix: string, known: string[]) => void): JudgeConfig {
  if (!isObject(j)) return bad('judge', 'expected an object');
  onlyKeys(j, 'judge', JUDGE_KEYS);
  const out: JudgeConfig = {};
  for (const k of ['url', 'model'] as const) {
    if (j[k] === undefined) continue;
    if (typeof j[k] !== 'string' || (j[k] as string).trim() === '') bad(`judge.${k}`, 'expected a non-empty string');
    out[k] = j[k] as string;
  }
  if (out.url !== undefined && !isHttpUrl(out.url)) bad('judge.url', 'expected an http:// or https:// URL');
  for (const k of ['timeout_ms', 'retries', 'max_requests'] as const) {
    if (j[k] === undefined) continue;
    const v = j[k];
    const least = k === 'retries' ? 0 : 1;
    if (!(Number.isInteger(v) && (v as number) >= least)) bad(`judge.${k}`, least ? 'expected a positive integer' : 'expected an integer, 0 or more');
    out[k] = v as number;
  }
  return out;
}

/** An http(s) URL (the judge's endpoint). */
export function isHttpUrl(s: string): boolean {
  try {
    const u = new URL(s);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

/** Load --config, or amnesia.config.json from the working directory when present. */
export function loadConfig(file?: string): Config {
  const path = file ?? (fs.existsSync(DEFAULT_CONFIG_FILE) ? DEFAULT_CONFIG_FILE : undefined);
  if (!path) return EMPTY_CONFIG;
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(path);
  } catch {
    throw new UsageError(`${path}: cannot read the config file`);
  }
  const text = bytes.toString('utf8');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new UsageError(`${path}: not valid JSON (${(err as Error).message})`);
  }
  return { ...validateConfig(value, path), source: { path, sha256: crypto.createHash('sha256').update(bytes).digest('hex') } };
}

/**
 * What a config does to weaken a CI gate at `failOn`: analyzers it switches off, severities it sets
 * below the fail level. A config in the checked-out repository is written by whoever wrote the
 * change under test, so `ci` refuses these without --trust-config.
 */
export function weakeningOf(config: Config, failOn: Severity): string[] {
  const out: string[] = [];
  for (const [id, a] of Object.entries(config.analyzers)) {
    if (!a.enabled) out.push(`analyzers.${id} switches it off`);
    else if (a.severity && SEVERITIES.indexOf(a.severity) < SEVERITIES.indexOf(failOn))
      out.push(`analyzers.${id}.severity ${a.severity} is below --fail-on ${failOn}`);
  }
  return out;
}

/** Ignore rules are matched where findings are presented (one home: src/findings/present.ts). */
export { globToRegExp, ignoredBy } from '../findings/present.js';
