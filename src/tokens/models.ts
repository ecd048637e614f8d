/**
 * Which tokenizer and which context window a model name implies.
 * Matching is by prefix on the lower-cased name, longest prefix first, after stripping a
 * provider prefix such as `openai/` or `azure/`. Configuration and the event's own
 * `context_limit` override this table (see docs/tokens.md).
 */
export type EncodingName = 'o200k_base' | 'cl100k_base';

export interface ModelInfo {
  /** the tiktoken encoding used to count */
  encoding: EncodingName;
  /** true when the encoding is OpenAI's own for this model; false = fallback approximation */
  exact: boolean;
  /** context window in tokens, when known */
  contextLimit: number | null;
  /** vendor family, for calibration groups */
  family: string;
}

interface Row {
  prefix: string;
  family: string;
  encoding: EncodingName;
  exact: boolean;
  window: number | null;
}

const R = (prefix: string, family: string, encoding: EncodingName, exact: boolean, window: number | null): Row => ({
  prefix,
  family,
  encoding,
  exact,
  window,
});

/** Longest prefix wins; order here does not matter. */
const TABLE: Row[] = [
  // OpenAI, o200k_base
  R('gpt-5', 'openai', 'o200k_base', true, 400_000),
  R('gpt-4.1', 'openai', 'o200k_base', true, 1_047_576),
  R('gpt-4.5', 'openai', 'o200k_base', true, 128_000),
  R('gpt-4o', 'openai', 'o200k_base', true, 128_000),
  R('chatgpt-4o', 'openai', 'o200k_base', true, 128_000),
  R('o1', 'openai', 'o200k_base', true, 200_000),
  R('o1-mini', 'openai', 'o200k_base', true, 128_000),
  R('o1-preview', 'openai', 'o200k_base', true, 128_000),
  R('o3', 'openai', 'o200k_base', true, 200_000),
  R('o4-mini', 'openai', 'o200k_base', true, 200_000),
  R('gpt-oss', 'openai', 'o200k_base', true, 131_072),
  // OpenAI, cl100k_base
  R('gpt-4', 'openai', 'cl100k_base', true, 8_192),
  R('gpt-4-32k', 'openai', 'cl100k_base', true, 32_768),
  R('gpt-4-turbo', 'openai', 'cl100k_base', true, 128_000),
  R('gpt-4-1106', 'openai', 'cl100k_base', true, 128_000),
  R('gpt-4-0125', 'openai', 'cl100k_base', true, 128_000),
  R('gpt-3.5-turbo', 'openai', 'cl100k_base', true, 16_385),
  R('gpt-3.5-turbo-0613', 'openai', 'cl100k_base', true, 4_096),
  R('gpt-35-turbo', 'openai', 'cl100k_base', true, 16_385),
  // Other vendors: approximated with o200k_base, calibrated by reported usage when present.
  R('claude', 'anthropic', 'o200k_base', false, 200_000),
  R('claude-sonnet-4', 'anthropic', 'o200k_base', false, 200_000),
  R('claude-opus-4', 'anthropic', 'o200k_base', false, 200_000),
  R('gemini', 'google', 'o200k_base', false, 1_048_576),
  R('gemini-1.0', 'google', 'o200k_base', false, 32_768),
  R('qwen', 'qwen', 'o200k_base', false, 131_072),
  R('qwen-max', 'qwen', 'o200k_base', false, 32_768),
  R('qwen-plus', 'qwen', 'o200k_base', false, 131_072),
  R('qwen-turbo', 'qwen', 'o200k_base', false, 1_000_000),
  R('deepseek', 'deepseek', 'o200k_base', false, 128_000),
  R('llama-3', 'meta', 'o200k_base', false, 128_000),
  R('llama3', 'meta', 'o200k_base', false, 128_000),
  R('mistral-large', 'mistral', 'o200k_base', false, 128_000),
  R('moonshot-v1-8k', 'moonshot', 'o200k_base', false, 8_192),
  R('moonshot-v1-32k', 'moonshot', 'o200k_base', false, 32_768),
  R('moonshot-v1-128k', 'moonshot', 'o200k_base', false, 131_072),
  R('glm-4', 'zhipu', 'o200k_base', false, 128_000),
  R('ernie', 'baidu', 'o200k_base', false, 128_000),
  R('doubao', 'bytedance', 'o200k_base', false, 128_000),
];

TABLE.sort((a, b) => b.prefix.length - a.prefix.length);

export interface ModelOverride {
  context_limit?: number;
  encoding?: EncodingName;
}

/** Resolve a model name; `overrides` come from the config file (`models: { name: {...} }`). */
export function modelInfo(model: string, overrides: Record<string, ModelOverride> = {}): ModelInfo {
  const name = model.toLowerCase().replace(/^[a-z0-9_-]+\//, '');
  const row = TABLE.find((r) => name.startsWith(r.prefix));
  const info: ModelInfo = row
    ? { encoding: row.encoding, exact: row.exact, contextLimit: row.window, family: row.family }
    : { encoding: 'o200k_base', exact: false, contextLimit: null, family: 'unknown' };
  const o = overrides[model] ?? overrides[name];
  if (o?.context_limit) info.contextLimit = o.context_limit;
  if (o?.encoding) info.encoding = o.encoding;
  return info;
}
