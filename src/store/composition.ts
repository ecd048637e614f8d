import type { RequestView } from './session.js';

/**
 * A prompt's tokens by what they are for (the incident this toolkit was designed around:
 * 1850 / 3200 / 68900 / 21100 / 420 of 95470):
 * system = the first system/developer message; task_context = the other system/developer
 * messages (injected memories, task documents); tool_results = tool-role messages;
 * latest_user = the last user message; history = everything else; total = their sum.
 */
export interface Composition {
  system: number;
  task_context: number;
  history: number;
  tool_results: number;
  latest_user: number;
  total: number;
}

export function composition(req: RequestView): Composition {
  const msgs = req.messages;
  let firstSystem = -1;
  let lastUser = -1;
  for (let i = 0; i < msgs.length; i++) {
    if (firstSystem < 0 && (msgs[i].role === 'system' || msgs[i].role === 'developer')) firstSystem = i;
    if (msgs[i].role === 'user') lastUser = i;
  }
  const c: Composition = { system: 0, task_context: 0, history: 0, tool_results: 0, latest_user: 0, total: 0 };
  for (let i = 0; i < msgs.length; i++) {
    const m = msgs[i];
    if (i === firstSystem) c.system += m.tokens;
    else if (m.role === 'system' || m.role === 'developer') c.task_context += m.tokens;
    else if (m.role === 'tool' || m.role === 'function') c.tool_results += m.tokens;
    else if (i === lastUser) c.latest_user += m.tokens;
    else c.history += m.tokens;
    c.total += m.tokens;
  }
  return c;
}
