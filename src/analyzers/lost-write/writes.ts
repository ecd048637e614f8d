/**
 * A memory write as lost-write follows it (its steps, from request to commit or failure) and
 * the helpers that read and word its steps.
 */
import type { SessionEvent } from '../../store/session.js';
import { logWords } from '../../findings/title.js';
import { clip } from '../../findings/redact.js';
import type { SavePromise } from '../../text/promises.js';
import { rememberedText, toolFailed } from './tools.js';
import { str } from '../../util/values.js';

export type Status = 'pending' | 'committed' | 'failed' | 'retrying';

export interface Write {
  id: string;
  steps: SessionEvent[];
  memoryId: string | null;
  memoryType: string | null;
  store: string | null;
  critical: boolean;
  actors: Set<string>;
  ack: SessionEvent | null;
  firstCommit: SessionEvent | null;
  lastFail: SessionEvent | null;
  status: Status;
  promise: { ev: SessionEvent; p: SavePromise } | null;
}

export interface Snapshot {
  ev: SessionEvent;
  store: string | null;
  ids: Set<string>;
  /** normalised texts of `records[].text`, when the snapshot carries them */
  texts: Set<string>;
}

/** Text compared across logs: case, spaces and closing punctuation do not count. */
export const normText = (t: string) =>
  t
    .normalize('NFKC')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/[\s.!。！]+$/u, '')
    .trim();

export function snapshotTexts(body: Record<string, unknown>): Set<string> {
  const out = new Set<string>();
  if (Array.isArray(body.records)) {
    for (const r of body.records)
      if (r && typeof r === 'object' && typeof (r as Record<string, unknown>).text === 'string') out.add(normText((r as Record<string, string>).text));
  }
  return out;
}

export function snapshotIds(body: Record<string, unknown>): Set<string> {
  const ids = new Set<string>();
  if (Array.isArray(body.memory_ids)) for (const id of body.memory_ids) if (str(id)) ids.add(str(id)!);
  if (Array.isArray(body.records)) {
    for (const r of body.records) {
      if (r && typeof r === 'object' && str((r as Record<string, unknown>).id)) ids.add(str((r as Record<string, unknown>).id)!);
    }
  }
  return ids;
}

export function lastUserMessage(e: SessionEvent): { id: number; text: string } | null {
  const msgs = e.request?.messages ?? [];
  for (let i = msgs.length - 1; i >= 0; i--) if (msgs[i].role === 'user') return msgs[i];
  return null;
}

/**
 * The turn of every event: its own, else carried from the last event that had one; a request
 * without a turn whose last user message is new starts the next turn.
 */
export function effectiveTurns(events: SessionEvent[]): { group: (number | null)[]; report: (number | null)[] } {
  const group: (number | null)[] = [];
  let cur: number | null = null;
  let lastUser: number | null = null;
  let explicit = false;
  for (const e of events) {
    if (e.kind === 'request') {
      const u = lastUserMessage(e);
      if (e.turn === null && u && u.id !== lastUser) cur = cur === null ? 0 : cur + 1;
      if (u) lastUser = u.id;
    }
    if (e.turn !== null) {
      cur = e.turn;
      explicit = true;
    }
    group.push(e.turn ?? cur);
  }
  // a session whose log never names a turn reports none (the derived ones only group events)
  return { group, report: explicit ? group : group.map(() => null) };
}

export function toolArgs(c: unknown): unknown {
  if (!c || typeof c !== 'object') return undefined;
  const o = c as Record<string, unknown>;
  const f = o.function as Record<string, unknown> | undefined;
  return o.arguments ?? o.args ?? o.input ?? f?.arguments;
}

export function toolName(c: unknown): string {
  if (!c || typeof c !== 'object') return '';
  const o = c as Record<string, unknown>;
  const f = o.function as Record<string, unknown> | undefined;
  return str(o.name) ?? (f && str(f.name)) ?? '';
}

export const iso = (ts: number) => new Date(ts).toISOString();

export function quote(s: string, max = 60): string {
  return `"${logWords(clip(s.replace(/\s+/g, ' ').trim(), max))}"`;
}

export const PAST: Record<string, string> = {
  restart: 'restarted',
  crash: 'crashed',
  stop: 'stopped',
  deploy: 'was redeployed',
  kill: 'was killed',
  shutdown: 'shut down',
};

/** A write as a title names it; its tool's name, type and ids are the log's words, marked (title.ts). */
export function label(w: Write): string {
  if (w.steps[0]?.kind === 'tool_call') return `Memory tool call ${logWords(String(w.steps[0].body.name))} (${logWords(w.id.slice(5))})`;
  const type = w.memoryType?.replace(/[_-]+/g, ' ');
  const t = type ? logWords(type.charAt(0).toUpperCase() + type.slice(1)) : 'Memory';
  return w.memoryId ? `${t} ${logWords(w.memoryId)} (write ${logWords(w.id)})` : `${t} write ${logWords(w.id)}`;
}

/** The phase a step stands for: its own, or for a memory tool's call and result, requested / failed. */
export function phaseOf(e: SessionEvent): string {
  if (e.kind === 'tool_call') return 'requested';
  if (e.kind === 'tool_result') return toolFailed(e.body) !== null ? 'failed' : 'acknowledged';
  return String(e.body.phase);
}

export function stepText(w: Write, e: SessionEvent): string {
  const b = e.body;
  if (e.kind === 'tool_call') return `tool call ${String(b.name)}: ${rememberedText(b.arguments) || JSON.stringify(b.arguments ?? {})}`;
  if (e.kind === 'tool_result') return `tool result: ${typeof b.content === 'string' ? b.content : JSON.stringify(b.content ?? '')}`;
  const parts = [String(b.phase)];
  if (str(b.memory_id)) parts.push(String(b.memory_id));
  if (str(b.memory_type)) parts.push(`(${String(b.memory_type)})`);
  let s = parts.join(' ');
  if (typeof b.text === 'string' && b.text) s += `: ${b.text}`;
  if (str(b.error)) s += ` — error: ${String(b.error)}`;
  if (!str(b.memory_id) && w.memoryId && s === String(b.phase)) s += ` ${w.memoryId}`;
  return s;
}
