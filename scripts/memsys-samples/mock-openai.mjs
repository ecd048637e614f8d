// A stand-in for the OpenAI API on 127.0.0.1, enough for mem0ai's OpenAI LLM and embedder:
// chat completions answer Mem0's extraction prompt with the user's own words as the memory,
// embeddings are a deterministic hash of the text. A text containing a word from `failOn`
// gets HTTP 500 (how the lost write is made: the model provider fails after the agent acked).
import http from 'node:http';
import crypto from 'node:crypto';

export function startMockOpenAI({ failOn = [] } = {}) {
  const calls = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const json = body ? JSON.parse(body) : {};
      const text = JSON.stringify(json);
      calls.push({ path: req.url, fails: failOn.some((w) => text.includes(w)) });
      if (failOn.some((w) => text.includes(w))) {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'upstream overloaded', type: 'server_error' } }));
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      if (req.url.endsWith('/embeddings')) {
        const inputs = Array.isArray(json.input) ? json.input : [json.input];
        res.end(
          JSON.stringify({
            object: 'list',
            model: json.model,
            data: inputs.map((t, index) => ({ object: 'embedding', index, embedding: embed(String(t)) })),
            usage: { prompt_tokens: 1, total_tokens: 1 },
          }),
        );
        return;
      }
      // chat completions: Mem0's additive extraction. The new messages are "user: ..." lines.
      const prompt = json.messages.map((m) => m.content).join('\n');
      const section = prompt.split(/New messages?:?/i).pop() ?? prompt;
      const facts = [...section.matchAll(/^user: (.+)$/gm)].map((m) => m[1].trim());
      const content = JSON.stringify({ memory: facts.map((t, i) => ({ id: String(i), text: t, attributed_to: 'user' })) });
      res.end(
        JSON.stringify({
          id: 'chatcmpl-mock',
          object: 'chat.completion',
          created: 1772445600,
          model: json.model,
          choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
          usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
        }),
      );
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, calls, url: `http://127.0.0.1:${server.address().port}/v1` })));
}

export const DIMS = 8;
function embed(text) {
  const h = crypto.createHash('sha256').update(text).digest();
  const v = Array.from({ length: DIMS }, (_, i) => h[i] / 255 - 0.5);
  const n = Math.hypot(...v) || 1;
  return v.map((x) => x / n);
}
