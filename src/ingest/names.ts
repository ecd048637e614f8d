/**
 * The names of the input formats, in the order of the format registry (src/ingest/formats.ts; a
 * test keeps the two equal). Help text is generated from this list, so `--help` loads no reader.
 */
export const INPUT_FORMAT_NAMES = [
  'native',
  'openai',
  'csv',
  'otlp-genai',
  'openinference',
  'langfuse',
  'phoenix',
  'openai-agents',
  'langsmith',
  'mem0-platform',
  'claude-code',
  'codex',
  'copilot-cli',
  'cline',
  'gemini-cli',
  'openhands',
  'mem0',
  'langgraph',
  'mastra',
] as const;
