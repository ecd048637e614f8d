import { get_encoding, type Tiktoken } from 'tiktoken';
import type { EncodingName } from './models.js';
import type { ChatMessage } from '../events/types.js';
import { contentText } from '../events/validate.js';

const encoders = new Map<EncodingName, Tiktoken>();

function encoder(name: EncodingName): Tiktoken {
  let e = encoders.get(name);
  if (!e) {
    e = get_encoding(name);
    encoders.set(name, e);
  }
  return e;
}

/** Tokens in a string; special-token text such as "<|endoftext|>" counts as ordinary text. */
export function countTokens(text: string, encoding: EncodingName): number {
  if (text.length === 0) return 0;
  return encoder(encoding).encode_ordinary(text).length;
}

/**
 * Per-message framing of the chat format (OpenAI's published counting recipe):
 * 3 tokens per message, 1 more when it has a name, and 3 to prime the reply per request.
 */
export const TOKENS_PER_MESSAGE = 3;
export const TOKENS_PER_NAME = 1;
export const TOKENS_PER_REQUEST = 3;

/** The tokens one message adds to a prompt, framing included. */
export function countMessageTokens(m: ChatMessage, encoding: EncodingName): number {
  let n = TOKENS_PER_MESSAGE + countTokens(contentText(m.content), encoding);
  if (typeof m.name === 'string') n += TOKENS_PER_NAME + countTokens(m.name, encoding);
  if (Array.isArray(m.tool_calls) && m.tool_calls.length > 0) {
    n += countTokens(JSON.stringify(m.tool_calls), encoding);
  }
  return n;
}

export function freeEncoders(): void {
  for (const e of encoders.values()) e.free();
  encoders.clear();
}
