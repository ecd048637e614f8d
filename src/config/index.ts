import fs from 'node:fs';
import { UsageError } from '../errors.js';
import type { ModelOverride } from '../tokens/models.js';

/** amnesia.config.json (or --config): documented in docs/config.md. */
export interface Config {
  /** per model name: its context window and the tiktoken encoding to count with */
  models: Record<string, ModelOverride>;
}

export const DEFAULT_CONFIG_FILE = 'amnesia.config.json';

const TOP_KEYS = new Set(['$schema', 'models']);
const MODEL_KEYS = new Set(['context_limit', 'encoding']);

/** Check a parsed config; every error names the offending key. */
export function validateConfig(value: unknown, file: string): Config {
  const bad = (key: string, why: string): never => {
    throw new UsageError(`${file}: ${key}: ${why}`);
  };
  if (typeof value !== 'object' || value === null || Array.isArray(value)) bad('(top level)', 'expected a JSON object');
  const v = value as Record<string, unknown>;
  for (const k of Object.keys(v)) if (!TOP_KEYS.has(k)) bad(k, `unknown key (known: ${[...TOP_KEYS].join(', ')})`);
  const models: Record<string, ModelOverride> = {};
  if (v.models !== undefined) {
    if (typeof v.models !== 'object' || v.models === null || Array.isArray(v.models)) bad('models', 'expected an object of model names');
    for (const [name, m] of Object.entries(v.models as Record<string, unknown>)) {
      const key = `models.${name}`;
      if (typeof m !== 'object' || m === null || Array.isArray(m)) bad(key, 'expected an object');
      const mm = m as Record<string, unknown>;
      for (const k of Object.keys(mm)) if (!MODEL_KEYS.has(k)) bad(`${key}.${k}`, `unknown key (known: ${[...MODEL_KEYS].join(', ')})`);
      if (mm.context_limit !== undefined && !(Number.isInteger(mm.context_limit) && (mm.context_limit as number) > 0)) {
        bad(`${key}.context_limit`, 'expected a positive integer');
      }
      if (mm.encoding !== undefined && mm.encoding !== 'o200k_base' && mm.encoding !== 'cl100k_base') {
        bad(`${key}.encoding`, 'expected "o200k_base" or "cl100k_base"');
      }
      models[name] = mm as ModelOverride;
    }
  }
  return { models };
}

/** Load --config, or amnesia.config.json from the working directory when present. */
export function loadConfig(file?: string): Config {
  const path = file ?? (fs.existsSync(DEFAULT_CONFIG_FILE) ? DEFAULT_CONFIG_FILE : undefined);
  if (!path) return { models: {} };
  let text: string;
  try {
    text = fs.readFileSync(path, 'utf8');
  } catch {
    throw new UsageError(`${path}: cannot read the config file`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new UsageError(`${path}: not valid JSON (${(err as Error).message})`);
  }
  return validateConfig(value, path);
}
