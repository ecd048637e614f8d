/**
 * The agents a check set runs against: a command (the conversation as JSON on stdin, the answer on
 * stdout), an OpenAI-compatible endpoint, or the reference memory engine (`reference`, offline).
 * Each gets one session's messages so far on every turn, with the session and user ids: memory
 * across sessions is the agent's own.
 */
import { spawn } from 'node:child_process';
import { openEngine, type MemoryEngine } from '../../engine/index.js';
import { tokenSet } from '../../text/relevance.js';
import { InputError } from '../../errors.js';
import { LAB_MASK_KEY } from '../mask-key.js';

export interface ChatTurnMessage {
  role: 'user' | 'assistant';
  content: string;
}

export interface AgentTurn {
  check: string;
  /** a session id, new for every session of every check (and every repeat) */
  session: string;
  user: string;
  messages: ChatTurnMessage[];
  /** the probe question (scored), not a statement or filler */
  probe: boolean;
}

export interface Agent {
  /** how reports name it */
  name: string;
  answer(turn: AgentTurn): Promise<string>;
  /** a check starts: the reference agent starts a new memory */
  begin?(check: string): void;
  close?(): Promise<void>;
}

/** An agent that failed to answer (a crash, a timeout, an HTTP error): the check fails with this reason. */
export class AgentError extends Error {}

const MAX_ANSWER = 1 << 20;

/** The answer in a command's stdout or an endpoint's body: plain text, or JSON with `content` / OpenAI's `choices`. */
export function answerText(out: string): string {
  const t = out.trim();
  if (t.startsWith('{')) {
    try {
      const j = JSON.parse(t) as Record<string, unknown>;
      if (typeof j.content === 'string') return j.content;
      const c = (j.choices as { message?: { content?: unknown } }[] | undefined)?.[0]?.message?.content;
      if (typeof c === 'string') return c;
    } catch {
      // not JSON: the text is the answer
    }
  }
  return t;
}

/** `--agent "<command>"`: run once per turn through the shell, `{ check, session, user, messages }` as JSON on stdin. */
export function commandAgent(command: string, opts: { timeoutMs: number }): Agent {
  return {
    name: command,
    answer: (turn) =>
      new Promise((resolve, reject) => {
        const child = spawn(command, { shell: true, stdio: ['pipe', 'pipe', 'pipe'] });
        let out = '';
        let err = '';
        const timer = setTimeout(() => {
          child.kill('SIGKILL');
          reject(new AgentError(`no answer within ${opts.timeoutMs / 1000} s`));
        }, opts.timeoutMs);
        child.stdout.setEncoding('utf8').on('data', (d: string) => {
          if (out.length < MAX_ANSWER) out += d;
        });
        child.stderr.setEncoding('utf8').on('data', (d: string) => {
          if (err.length < 4096) err += d;
        });
        child.on('error', (e) => {
          clearTimeout(timer);
          reject(new AgentError(`could not start: ${e.message}`));
        });
        child.on('close', (code, signal) => {
          clearTimeout(timer);
          if (code === 0) resolve(answerText(out));
          else reject(new AgentError(`exited with ${signal ?? code}${err.trim() ? `: ${err.trim().split('\n')[0].slice(0, 200)}` : ''}`));
        });
        child.stdin.on('error', () => undefined); // an agent that does not read stdin
        child.stdin.end(JSON.stringify({ check: turn.check, session: turn.session, user: turn.user, messages: turn.messages }));
      }),
  };
}

/** `--agent http(s)://host/v1`: POST <base>/chat/completions (OpenAI's shape), the session and user in `user` and `metadata`. */
export function httpAgent(base: string, opts: { model: string; apiKey?: string; timeoutMs: number }): Agent {
  const url = /\/chat\/completions\/?$/.test(base) ? base : `${base.replace(/\/+$/, '')}/chat/completions`;
  return {
    name: new URL(url).origin,
    async answer(turn) {
      let res: Response;
      try {
        res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(opts.apiKey ? { authorization: `Bearer ${opts.apiKey}` } : {}) },
          body: JSON.stringify({
            model: opts.model,
            messages: turn.messages,
            user: turn.user,
            metadata: { session_id: turn.session, user_id: turn.user, check: turn.check },
          }),
          signal: AbortSignal.timeout(opts.timeoutMs),
        });
      } catch (e) {
        const why =
          (e as Error).name === 'TimeoutError'
            ? `no answer within ${opts.timeoutMs / 1000} s`
            : (((e as Error).cause as Error | undefined)?.message ?? (e as Error).message);
        throw new AgentError(`${url}: ${why}`);
      }
      const body = await res.text();
      if (!res.ok) throw new AgentError(`${url}: HTTP ${res.status}`);
      return answerText(body);
    },
  };
}

/** Faults the reference agent can be run with (a test double that forgets on purpose, like chaos). */
export interface ReferenceFaults {
  /** no pinned section: the prompt keeps the newest history that fits (FIFO truncation) */
  noPinning?: boolean;
  /** recall cut by an absolute score no memory reaches */
  noRecall?: boolean;
  /** every user's memories in one scope */
  oneScope?: boolean;
  /** nothing said after the first session is written to memory */
  noUpdates?: boolean;
}

/**
 * `--agent reference`: the reference memory engine (docs/engine.md) with a rule-based answerer in
 * place of a model, offline and deterministic. Its answer mirrors its prompt: the standing
 * instructions the engine pinned and the recalled memories that share a word with the question, in
 * plain prose. A check passes exactly when the memory put the right things in the prompt.
 */
export function referenceAgent(opts: { model?: string; contextLimit?: number; faults?: ReferenceFaults }): Agent {
  const f = opts.faults ?? {};
  let engine: MemoryEngine | null = null;
  let turn = 0;
  let firstSession: string | null = null;
  return {
    name: 'reference',
    begin() {
      engine?.close();
      engine = openEngine({
        model: opts.model ?? 'gpt-4o-mini',
        contextLimit: opts.contextLimit ?? 8192,
        session: 'check',
        deidentifyKey: LAB_MASK_KEY,
        ...(f.noPinning ? { pinning: false } : {}),
        ...(f.noRecall ? { threshold: 2 } : {}),
      });
      turn = 0;
      firstSession = null;
    },
    async answer(t) {
      if (!engine) this.begin?.(t.check);
      const e = engine!;
      firstSession ??= t.session;
      e.setSession(t.session);
      const scope = { user: f.oneScope ? 'everyone' : t.user, agent: 'reference' };
      const question = t.messages[t.messages.length - 1].content;
      await e.userMessage(scope, question, { turn, extract: !(f.noUpdates && t.session !== firstSession) });
      const plan = await e.buildPrompt(scope, { system: 'You are a helpful assistant.', turn });
      const words = tokenSet(question);
      const pinned = [...new Set(plan.pinned.map((m) => m.text))];
      const recalled = plan.retrieved.filter((h) => h.injected && !plan.pinned.some((p) => p.id === h.memory.id)).map((h) => h.memory.text);
      const relevant = [...new Set(recalled.filter((m) => [...tokenSet(m)].some((w) => words.has(w))))];
      const parts: string[] = [];
      if (pinned.length) parts.push(`Standing instructions I follow: ${pinned.join(' ')}`);
      parts.push(relevant.length ? `From what you told me: ${relevant.join(' ')}` : 'I do not have anything on that yet.');
      const answer = t.probe ? parts.join('\n\n') : 'Noted, thank you.';
      await e.assistantMessage(scope, answer, { turn, requestId: plan.requestId ?? undefined });
      turn++;
      return answer;
    },
    async close() {
      engine?.close();
      engine = null;
    },
  };
}

/** The agent `--agent` names: `reference`, an http(s) URL, else a command. */
export function agentFor(spec: string, opts: { model?: string; contextLimit?: number; timeoutMs: number; apiKey?: string }): Agent {
  if (spec === 'reference') return referenceAgent(opts);
  if (/^https?:\/\//i.test(spec)) {
    try {
      new URL(spec);
    } catch {
      throw new InputError(`--agent ${spec}: not a valid URL`);
    }
    return httpAgent(spec, { model: opts.model ?? 'default', apiKey: opts.apiKey, timeoutMs: opts.timeoutMs });
  }
  if (!spec.trim()) throw new InputError('--agent is empty: give "reference", an http(s) URL or a command');
  return commandAgent(spec, { timeoutMs: opts.timeoutMs });
}
