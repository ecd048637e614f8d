// Replays a conversation between two parties as the chat requests an assistant would have been sent:
// party "user" speaks, then every message of party "assistant" is the model's answer. Each request
// carries as much of the history as fits the window (the oldest messages dropped first, as chat
// front-ends do), no system prompt, no tools, no memory system. Tokens are counted with tiktoken
// (cl100k_base, the encoding of the model named); the budget leaves room for the answer.
import { get_encoding } from 'tiktoken';

const enc = get_encoding('cl100k_base');
const count = (text) => enc.encode(text, [], []).length + 4;

/**
 * @param {{ session: string, utterances: [('user'|'assistant'), string][], window: number, start: number }} c
 * @returns {object[]} amnesia.events/v1 events
 */
export function replay({ session, utterances, window, start }) {
  const budget = Math.floor(window * 0.85);
  const out = [];
  const history = [];
  let ts = start;
  let turn = 0;
  // consecutive utterances of one party are one message
  const merged = [];
  for (const [who, text] of utterances) {
    const t = String(text ?? '').trim();
    if (!t) continue;
    const last = merged[merged.length - 1];
    if (last && last[0] === who) last[1] += `\n${t}`;
    else merged.push([who, t]);
  }
  for (const [who, text] of merged) {
    ts += 7000;
    const iso = new Date(ts).toISOString();
    if (who === 'user') {
      history.push({ role: 'user', content: text, tokens: count(text) });
      let total = history.reduce((s, m) => s + m.tokens, 0);
      while (total > budget && history.length > 1) total -= history.shift().tokens;
      const messages = history.map(({ role, content }) => ({ role, content }));
      out.push({ kind: 'request', ts: iso, session, turn, model: 'gpt-3.5-turbo', context_limit: window, messages });
    } else {
      // an answer with no question before it (the other party opened) is history only
      if (out.length && out[out.length - 1].kind === 'request') {
        out.push({ kind: 'response', ts: iso, session, turn, content: text });
        turn++;
      }
      history.push({ role: 'assistant', content: text, tokens: count(text) });
    }
  }
  return out;
}

/** Command-line options shared by the converters: --source, --out, --window. */
export function options(argv, defaults) {
  const opt = { ...defaults };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '-h' || a === '--help') {
      console.log(
        `usage: node ${process.argv[1]} ${Object.keys(defaults)
          .map((k) => `[--${k} <${k}>]`)
          .join(' ')}`,
      );
      process.exit(0);
    }
    const k = a.replace(/^--/, '');
    if (!(k in defaults) || argv[i + 1] === undefined) {
      console.error(`convert: unknown or incomplete argument ${a}`);
      process.exit(2);
    }
    opt[k] = argv[++i];
  }
  return opt;
}
