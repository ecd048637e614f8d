import { claudeCodeFormat } from './claude-code/index.js';
import { clineFormat } from './cline/index.js';
import { codexFormat } from './codex/index.js';
import { copilotFormat } from './copilot/index.js';
import { csvFormat } from './csv/index.js';
import { langfuseFormat } from './langfuse/index.js';
import { langGraphFormat } from './langgraph/index.js';
import { mastraFormat } from './mastra/index.js';
import { mem0Format } from './mem0/index.js';
import { mem0PlatformFormat } from './mem0-platform/index.js';
import { nativeFormat } from './native/index.js';
import { openaiFormat } from './openai/index.js';
import { geminiFormat } from './gemini/index.js';
import { openHandsFormat } from './openhands/index.js';
import { openInferenceFormat } from './openinference/index.js';
import { phoenixFormat } from './openinference/phoenix.js';
import { openAiAgentsFormat } from './openai-agents/index.js';
import { langSmithFormat } from './langsmith/index.js';
import { otlpGenAiFormat } from './otlp/index.js';
import type { InputFormat } from './types.js';

/** Every input format, by name. A new format is a folder under src/ingest/ and one line here. */
export const FORMATS: readonly InputFormat[] = [
  nativeFormat,
  openaiFormat,
  csvFormat,
  otlpGenAiFormat,
  openInferenceFormat,
  langfuseFormat,
  phoenixFormat,
  openAiAgentsFormat,
  langSmithFormat,
  // memory systems' own event logs
  mem0PlatformFormat,
  // coding agents' transcripts
  claudeCodeFormat,
  codexFormat,
  copilotFormat,
  clineFormat,
  geminiFormat,
  openHandsFormat,
  // databases: `<name>:<path or URL>`, or an SQLite file recognised by its tables
  mem0Format,
  langGraphFormat,
  mastraFormat,
];

export function formatByName(name: string): InputFormat | undefined {
  return FORMATS.find((f) => f.name === name);
}

/** The format that claims this head most strongly, or undefined. */
export function detectFormat(head: string): InputFormat | undefined {
  let best: InputFormat | undefined;
  let score = 0;
  for (const f of FORMATS) {
    const s = f.detect(head);
    if (s > score) {
      best = f;
      score = s;
    }
  }
  return best;
}
