/**
 * A test double of an OpenAI-compatible chat endpoint on 127.0.0.1: it answers each request by
 * script (one step per request, the last repeated) and records what it received.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type Step =
  /** a chat completion whose message content is this string */
  | { content: string }
  /** a verdict, as the JSON content a model would give */
  | { verdict: string; reason: string }
  /** an HTTP status with a body */
  | { status: number; body?: string }
  /** never answer (the client's timeout ends it) */
  | { hang: true };

/** A chat completion request as sent (an unparsable body is kept as its text in `raw`, with no messages). */
export interface ChatBody {
  model?: string;
  messages: { role: string; content: string }[];
  temperature?: number;
  response_format?: unknown;
  raw?: string;
}

export interface Received {
  url: string;
  headers: http.IncomingHttpHeaders;
  body: ChatBody;
}

export interface MockJudge {
  /** the base URL to give --judge */
  url: string;
  received: Received[];
  /** replace the script; the count of received requests goes on */
  script(steps: Step[]): void;
  /** sent as `location` with a 3xx status step */
  redirectTo?: string;
  close(): Promise<void>;
}

const completion = (content: string) =>
  JSON.stringify({ id: 'x', object: 'chat.completion', choices: [{ index: 0, message: { role: 'assistant', content } }] });

export async function mockJudge(steps: Step[]): Promise<MockJudge> {
  let script = steps;
  const received: Received[] = [];
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    let data = '';
    req.on('data', (c) => {
      data += c;
    });
    req.on('end', () => {
      let body: ChatBody;
      try {
        body = JSON.parse(data) as ChatBody;
      } catch {
        body = { messages: [], raw: data };
      }
      received.push({ url: req.url ?? '', headers: req.headers, body });
      const step = script[Math.min(received.length - 1, script.length - 1)];
      if ('hang' in step) {
        hanging.add(res);
        return;
      }
      if ('status' in step) {
        const location = step.status >= 300 && step.status < 400 && mock.redirectTo ? { location: mock.redirectTo } : {};
        res.writeHead(step.status, { 'content-type': 'application/json', ...location }).end(step.body ?? '{}');
        return;
      }
      const content = 'content' in step ? step.content : JSON.stringify({ verdict: step.verdict, reason: step.reason });
      res.writeHead(200, { 'content-type': 'application/json' }).end(completion(content));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  const mock: MockJudge = {
    url: `http://127.0.0.1:${port}/v1`,
    received,
    script(s) {
      script = s;
    },
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
  return mock;
}
