import { createRequire } from 'node:module';
import type { Tiktoken } from 'tiktoken';
import type { EncodingName } from './models.js';
import { pretokenizer } from './pretokenize.js';
import { bytePairCount, RankTable } from './ranks.js';
import type { ChatMessage } from '../events/types.js';
import { contentText } from '../events/validate.js';

const encoders = new Map<EncodingName, Tiktoken>();

/** tiktoken itself, loaded only when no rank table was built (running from the TypeScript sources). */
function encoder(name: EncodingName): Tiktoken {
  let e = encoders.get(name);
  if (!e) {
    const { get_encoding } = createRequire(import.meta.url)('tiktoken') as typeof import('tiktoken');
    e = get_encoding(name);
    encoders.set(name, e);
  }
  return e;
}

/** A piece longer than this many characters is counted in slices, so memory stays bounded (tokens are 4 bytes each). */
export const CHUNK_CHARS = 256 * 1024;

/** Pieces at most this long are remembered; longer ones (rare: a run of letters or symbols) are counted each time. */
const MEMO_CHARS = 64;
/** Pieces remembered per encoding before the older half is dropped (two generations: frequent pieces stay). */
const MEMO_SIZE = 100_000;

interface Counter {
  split: RegExp;
  /** the build's rank table for this encoding; null: count with tiktoken */
  table: RankTable | null;
  recent: Map<string, number>;
  older: Map<string, number>;
}
const counters = new Map<EncodingName, Counter>();

function counter(name: EncodingName): Counter {
  let c = counters.get(name);
  if (!c) counters.set(name, (c = { split: pretokenizer(name), table: RankTable.load(name), recent: new Map(), older: new Map() }));
  return c;
}

/** A piece's count, not remembered: by the rank table (n log n for a long piece), else tiktoken. */
function pieceTokens(c: Counter, piece: string, encoding: EncodingName): number {
  return c.table ? bytePairCount(c.table, Buffer.from(piece, 'utf8')) : encoder(encoding).encode_ordinary(piece).length;
}

function countPiece(c: Counter, piece: string, encoding: EncodingName): number {
  if (piece.length > MEMO_CHARS) {
    if (piece.length <= CHUNK_CHARS) return pieceTokens(c, piece, encoding);
    // a piece this long has no word boundary inside (the pre-tokenizer would have cut there): slices
    // are counted apart, which may add a token per slice
    let n = 0;
    for (let i = 0; i < piece.length; i += CHUNK_CHARS) n += pieceTokens(c, piece.slice(i, i + CHUNK_CHARS), encoding);
    return n;
  }
  let n = c.recent.get(piece);
  if (n !== undefined) return n;
  n = c.older.get(piece);
  if (n === undefined) n = pieceTokens(c, piece, encoding);
  c.recent.set(piece, n);
  if (c.recent.size >= MEMO_SIZE) {
    c.older = c.recent;
    c.recent = new Map();
  }
  return n;
}

/**
 * Tokens in a string; special-token text such as "<|endoftext|>" counts as ordinary text. The
 * text is split with the encoding's own pre-tokenizer (./pretokenize.ts) and each piece counted
 * once, then remembered: by tiktoken's merge rule over the build's rank table (./ranks.ts), or by
 * tiktoken itself when there is no table. The sum is tiktoken's count of the
 * whole text, at a fraction of the cost, and a huge text costs memory for one piece at a time.
 */
export function countTokens(text: string, encoding: EncodingName): number {
  if (text.length === 0) return 0;
  const c = counter(encoding);
  const re = c.split;
  re.lastIndex = 0;
  let n = 0;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) n += countPiece(c, m[0], encoding);
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

