/**
 * A client of an OpenAI-compatible chat endpoint (a hosted model, or a local server: Ollama,
 * vLLM, llama.cpp), for the judge only: `POST {url}/chat/completions` asking for a JSON object
 * `{verdict, reason}`. It never throws: a timeout, a refused connection, an HTTP error after its
 * retries, a spent budget or an answer that is not the JSON asked for is an `unanswered` with why,
 * and the step it was asked about stays not checkable.
 */

export interface JudgeEndpoint {
  /** the base URL: `http://127.0.0.1:11434/v1` asks `http://127.0.0.1:11434/v1/chat/completions` */
  url: string;
  model: string;
  /** sent as `Authorization: Bearer <key>` when set */
  apiKey?: string;
  /** per request, in ms */
  timeoutMs: number;
  /** further tries after a failed request (timeout, connection, HTTP 429 or 5xx); a malformed answer is not retried */
  retries: number;
  /** the run's request budget: every HTTP request counts, retries included */
  maxRequests: number;
  /** the first retry waits this long, each next one twice as long (ms) */
  backoffMs?: number;
}

export interface ChatMessage {
  role: 'system' | 'user';
  content: string;
}

/** `down`: the endpoint did not answer at all after the retries (timeout, refused connection, 429 / 5xx) */
export type Answer = { ok: true; verdict: string; reason: string } | { ok: false; why: string; down?: true };

const REASON_MAX = 300;
/** an answer is one short JSON object: a longer body is not read past this */
export const MAX_ANSWER_BYTES = 1024 * 1024;

/** A response's body as text, or null past `max` bytes (the rest is not read: the request is aborted). */
async function bounded(res: Response, max: number, abort: AbortController): Promise<string | null> {
  if (!res.body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of res.body as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > max) {
      abort.abort();
      return null;
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The URL of the chat endpoint under a base URL (a trailing slash or a full `/chat/completions` path is accepted). */
export function chatUrl(base: string): string {
  const b = base.replace(/\/+$/, '');
  return b.endsWith('/chat/completions') ? b : `${b}/chat/completions`;
}

/** `{verdict, reason}` out of a chat completion's body, the verdict one of `verdicts`; null when it is not that. */
export function parseAnswer(body: unknown, verdicts: readonly string[]): { verdict: string; reason: string } | null {
  const content = (body as { choices?: { message?: { content?: unknown } }[] } | null)?.choices?.[0]?.message?.content;
  if (typeof content !== 'string') return null;
  let v: unknown;
  try {
    // a model may wrap the object in a code fence despite response_format
    v = JSON.parse(content.trim().replace(/^```(?:json)?\s*|\s*```$/g, ''));
  } catch {
    return null;
  }
  if (typeof v !== 'object' || v === null) return null;
  const { verdict, reason } = v as { verdict?: unknown; reason?: unknown };
  if (typeof verdict !== 'string' || !verdicts.includes(verdict)) return null;
  if (typeof reason !== 'string' || reason.trim() === '') return null;
  // one line, without control characters, at most REASON_MAX characters: the model's words are shown as data
  const line = reason
    .replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return { verdict, reason: line.length > REASON_MAX ? `${line.slice(0, REASON_MAX - 1)}…` : line };
}

/** One endpoint for one run: it counts its requests against the budget. */
export class JudgeClient {
  private used = 0;

  constructor(readonly endpoint: JudgeEndpoint) {}

  /** HTTP requests sent so far (retries included). */
  get requests(): number {
    return this.used;
  }

  get budgetLeft(): number {
    return Math.max(0, this.endpoint.maxRequests - this.used);
  }

  /** Ask one question; never throws. */
  async ask(messages: readonly ChatMessage[], verdicts: readonly string[]): Promise<Answer> {
    const e = this.endpoint;
    let why = 'no request made';
    let down = false;
    for (let attempt = 0; attempt <= e.retries; attempt++) {
      if (this.used >= e.maxRequests) return { ok: false, why: `request budget spent (${e.maxRequests})` };
      if (attempt > 0) await sleep((e.backoffMs ?? 500) * 2 ** (attempt - 1));
      this.used++;
      const r = await this.once(messages);
      if (r.kind === 'body') {
        const a = parseAnswer(r.body, verdicts);
        return a
          ? { ok: true, ...a }
          : { ok: false, why: `malformed answer (expected {"verdict": ${verdicts.map((v) => `"${v}"`).join(' | ')}, "reason": "..."})` };
      }
      why = r.why;
      down = r.retry;
      if (!r.retry) break;
    }
    return down ? { ok: false, why, down: true } : { ok: false, why };
  }

  private async once(messages: readonly ChatMessage[]): Promise<{ kind: 'body'; body: unknown } | { kind: 'failed'; why: string; retry: boolean }> {
    const e = this.endpoint;
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), e.timeoutMs);
    try {
      const res = await fetch(chatUrl(e.url), {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(e.apiKey ? { authorization: `Bearer ${e.apiKey}` } : {}) },
        body: JSON.stringify({ model: e.model, messages, temperature: 0, response_format: { type: 'json_object' } }),
        signal: abort.signal,
        redirect: 'error',
      });
      const text = await bounded(res, MAX_ANSWER_BYTES, abort);
      if (text === null) return { kind: 'failed', why: `answer over ${MAX_ANSWER_BYTES} bytes`, retry: false };
      if (!res.ok) return { kind: 'failed', why: `HTTP ${res.status}`, retry: res.status === 429 || res.status >= 500 };
      try {
        return { kind: 'body', body: JSON.parse(text) };
      } catch {
        return { kind: 'body', body: null };
      }
    } catch (err) {
      const why = abort.signal.aborted ? `no answer within ${e.timeoutMs} ms` : `request failed (${(err as Error).message})`;
      return { kind: 'failed', why, retry: true };
    } finally {
      clearTimeout(timer);
    }
  }
}
