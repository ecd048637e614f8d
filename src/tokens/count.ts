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

/** Above this many characters a text is counted in pieces, so memory stays bounded (tokens are 4 bytes each). */
export const CHUNK_CHARS = 256 * 1024;

/**
 * Tokens in a string; special-token text such as "<|endoftext|>" counts as ordinary text.
 * A huge text is counted in pieces cut just before a space that starts a word (these encodings'
 * pre-tokenizer never joins across that point), so a 50 MB message costs bounded memory and an
 * exact count, except a token or two per piece when a piece has no such space to cut at.
 */
function isSpace(c: number): boolean {
  return c === 32 || (c >= 9 && c <= 13) || c === 0xa0 || c === 0x3000;
}

export function countTokens(text: string, encoding: EncodingName): number {
  if (text.length === 0) return 0;
  const enc = encoder(encoding);
  if (text.length <= CHUNK_CHARS) return enc.encode_ordinary(text).length;
  let n = 0;
  for (let start = 0; start < text.length; ) {
    let end = Math.min(text.length, start + CHUNK_CHARS);
    if (end < text.length) {
      // the last single space between two non-space characters in the second half of the piece
      for (let i = end - 1; i > start + CHUNK_CHARS / 2; i--) {
        if (text.charCodeAt(i) === 32 && !isSpace(text.charCodeAt(i - 1)) && !isSpace(text.charCodeAt(i + 1))) {
          end = i;
          break;
        }
      }
    }
    n += enc.encode_ordinary(text.slice(start, end)).length;
    start = end;
  }
  return n;
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

