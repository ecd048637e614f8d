import fs from 'node:fs';
import path from 'node:path';
import type { ChatMessage, ParsedEvent } from '../../events/types.js';
import { InvalidEvent, validateEvent } from '../../events/validate.js';
import { isObj, type Obj } from '../fields.js';
import type { TranscriptDocument } from '../transcript/document.js';
import { lineItems } from '../transcript/history.js';
import type { IngestItem } from '../types.js';
import { BlockConversation } from './sdk.js';

/**
 * Cline's classic task folders (the VS Code extension before its SDK):
 * `<globalStorage>/saoudrizwan.claude-dev/tasks/<task id>/` with `api_conversation_history.json` (every
 * message ever sent, Anthropic-style, never shortened), `ui_messages.json` (what the panel showed:
 * `api_req_started` with each call's tokens, and on every message the `conversationHistoryDeletedRange`
 * in force) and `task_metadata.json`. Cline truncated by leaving a range of the history out of every
 * later request: it kept the first user-assistant pair and dropped indices `[start, end]`, a cut in the
 * middle, not the oldest messages. The history file is read with its folder's `ui_messages.json`, so
 * each request is the history as sent, with the range in force left out.
 */

/** Where the user's own words are in what Cline sends: the task, an answer to a question, feedback. */
const USER_TAGS = /<(task|answer|feedback|user_message)>\s*([\s\S]*?)\s*<\/\1>/g;
/** The tools classic Cline writes as XML in its answers, and their parameters. */
const XML_TOOLS =
  /<(execute_command|write_to_file|replace_in_file|read_file|list_files|search_files|ask_followup_question|attempt_completion|new_task|browser_action|use_mcp_tool)>([\s\S]*?)<\/\1>/g;

/** The user's words in a classic user message (the text inside its task, answer or feedback tags), or undefined. */
function classicWords(content: unknown): string | undefined {
  const blocks =
    typeof content === 'string' ? [content] : Array.isArray(content) ? content.map((b) => (isObj(b) && typeof b.text === 'string' ? b.text : '')) : [];
  const words = blocks.flatMap((t) => [...t.matchAll(USER_TAGS)].map((m) => m[2])).filter((w) => w.trim());
  return words.length ? words.join('\n') : undefined;
}

/** Tool calls written as XML in an answer (`<execute_command><command>git push</command></execute_command>`). */
function xmlCalls(text: string): { name: string; args: Obj }[] {
  return [...text.matchAll(XML_TOOLS)].map((m) => {
    const args: Obj = {};
    for (const p of m[2].matchAll(/<(\w+)>([\s\S]*?)<\/\1>/g)) args[p[1]] = p[2].replace(/^\n|\n$/g, '');
    return { name: m[1], args };
  });
}

interface CallInfo {
  /** index of the last history message when the request started */
  index: number;
  range?: [number, number];
  tokens?: number;
  model?: string;
}

/** The `api_req_started` rows of the folder's ui_messages.json, if it is there and readable. */
function calls(historyFile: string | undefined): CallInfo[] {
  if (!historyFile) return [];
  let ui: unknown;
  try {
    ui = JSON.parse(fs.readFileSync(path.join(path.dirname(historyFile), 'ui_messages.json'), 'utf8'));
  } catch {
    return [];
  }
  if (!Array.isArray(ui)) return [];
  const out: CallInfo[] = [];
  for (const m of ui) {
    if (!isObj(m) || m.say !== 'api_req_started' || !Number.isSafeInteger(m.conversationHistoryIndex)) continue;
    let info: Obj = {};
    try {
      const v = JSON.parse(typeof m.text === 'string' ? m.text : '{}') as unknown;
      if (isObj(v)) info = v;
    } catch {
      // an unreadable request row still gives its index and range
    }
    const n = (k: string) => (typeof info[k] === 'number' ? (info[k] as number) : 0);
    const tokens = n('tokensIn') + n('cacheReads') + n('cacheWrites');
    const r = m.conversationHistoryDeletedRange;
    const range = Array.isArray(r) && r.length === 2 && r.every((x) => Number.isSafeInteger(x)) ? (r as [number, number]) : undefined;
    const model = isObj(m.modelInfo) && typeof m.modelInfo.modelId === 'string' ? m.modelInfo.modelId : undefined;
    out.push({ index: m.conversationHistoryIndex as number, ...(range ? { range } : {}), ...(tokens > 0 ? { tokens } : {}), ...(model ? { model } : {}) });
  }
  return out;
}

/** Every event of a classic task's api_conversation_history.json (`file`: its path, for the folder's other files). */
export function classicItems(doc: TranscriptDocument, file: string | undefined): IngestItem[] {
  const session = file ? path.basename(path.dirname(file)) : 'cline-task';
  const c = new BlockConversation(session, 'cline', classicWords, xmlCalls);
  const rows = calls(file);
  const byIndex: ChatMessage[][] = [];
  let range: [number, number] | undefined;
  const out: IngestItem[] = [...doc.bad];
  for (const [i, r] of doc.records.entries()) {
    const m = r.value;
    try {
      if (!isObj(m) || (m.role !== 'user' && m.role !== 'assistant')) throw new InvalidEvent('expected a message with role "user" or "assistant"');
      const ts = typeof m.ts === 'number' ? m.ts : 0;
      const id = `${session}:${i}`;
      const events: ParsedEvent[] = [];
      let before = c.conv.length;
      if (m.role === 'user') events.push(...c.user(m.content, ts, id));
      else {
        const row = [...rows].reverse().find((x) => x.index === i - 1);
        if (row?.range && (range === undefined || row.range[1] !== range[1])) events.push(cut(c, byIndex, row.range, range, ts, id));
        range = row?.range ?? range;
        before = c.conv.length;
        const usage = row?.tokens !== undefined ? { input_tokens: row.tokens } : undefined;
        const model = row?.model ?? (isObj(m.modelInfo) && typeof m.modelInfo.modelId === 'string' ? m.modelInfo.modelId : 'unknown');
        events.push(...c.assistant(m.content, ts, id, { model, usage, request: true }));
      }
      byIndex[i] = c.conv.messages().slice(before);
      out.push(...lineItems(r.line, r.raw, events));
    } catch (err) {
      if (!(err instanceof InvalidEvent)) throw err;
      byIndex[i] = [];
      out.push({ type: 'bad', line: r.line, reason: err.message, raw: Buffer.from(r.raw) });
    }
  }
  return out;
}

/** A new deleted range: the history as sent from now on (the first pair, then what follows the range), as a compaction. */
function cut(c: BlockConversation, byIndex: ChatMessage[][], range: [number, number], prev: [number, number] | undefined, ts: number, id: string): ParsedEvent {
  const [start, end] = range;
  const sent = c.conv.length;
  const kept = [...byIndex.slice(0, start).flat(), ...byIndex.slice(end + 1).flat()];
  // Cline drops the tool results left without their call by the cut
  const first = byIndex.slice(0, start).flat().length;
  while (kept[first]?.role === 'tool') kept.splice(first, 1);
  c.conv.reset(kept);
  const newly = Array.from({ length: end - start + 1 }, (_, k) => start + k).filter((k) => !prev || k < prev[0] || k > prev[1]);
  return validateEvent({
    kind: 'compaction',
    ...c.env(ts),
    id: `${id}:truncation`,
    trigger: 'auto',
    strategy: 'truncation',
    messages_before: sent,
    messages_after: kept.length,
    removed: newly,
  });
}
