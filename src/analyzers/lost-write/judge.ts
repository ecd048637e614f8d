/** Replay's verdict on a lost-write finding: did the reference engine write the memory durably before acknowledging it? */
import { tokenSet } from '../../text/relevance.js';
import { atTurn } from '../judging.js';
import { notJudged, notPrevented, prevented, type FindingOf, type Judgement, type ReplayView } from '../views.js';
import type { Cause, Detail } from './types.js';

export function judge(f: FindingOf<Cause, Detail>, r: ReplayView): Judgement {
  const at = atTurn(f.turn);
  const scope = r.scopeAt(f.turn);
  if (f.cause === 'promised_not_written') {
    const written = f.turn !== null ? (r.writtenAt.get(f.turn) ?? []).filter((x) => x.status === 'committed' || x.status === 'enqueued') : [];
    if (!written.length) return notPrevented(`the reference engine wrote nothing at ${at} either: nothing in the user's words called for a memory`);
    const all = written.map((x) => r.engine.versions(scope, x.memoryId).at(-1)?.text ?? x.memoryId);
    // the promise names what it keeps ("I'll remember you're vegetarian"): a write about something else does not keep it
    const d = f.detail as { phrase?: string; sentence?: string } | undefined;
    const named = promisedTopic(d?.sentence ?? '', d?.phrase ?? '');
    // words compare only within one script: a promise in English about a memory in Chinese names nothing it can match
    const comparable = named.size > 0 && all.every((t) => scriptOf(t) === scriptOf(d?.sentence ?? ''));
    const texts = comparable ? all.filter((t) => [...tokenSet(t)].some((w) => named.has(w))) : all;
    if (!texts.length)
      return notPrevented(
        `the reference engine wrote ${all.map((t) => `"${t}"`).join(', ')} at ${at}, not what the answer promised to keep ("${d?.sentence ?? ''}")`,
      );
    return prevented(
      `the reference engine wrote ${texts.map((t) => `"${t}"`).join(', ')} from the user's message at ${at}, durably, before the answer that promised it`,
    );
  }
  const d = f.detail;
  const wid = String((d && 'write_id' in d ? d.write_id : undefined) ?? '');
  const w = r.recordedWrite(wid);
  if (!w?.receipt) return notJudged(`write ${wid} carries no text in the log: the reference engine could not replay it`);
  const receipt = w.receipt;
  const versions = r.engine.versions(w.scope ?? scope, receipt.memoryId);
  const stored = versions.find((v) => v.writeId === receipt.writeId) ?? (receipt.status === 'duplicate' ? versions.at(-1) : undefined);
  if (!stored) return notPrevented(`the reference engine did not commit write ${wid} either (${receipt.status})`);
  if (receipt.status === 'committed')
    return prevented(
      `the reference engine committed this ${w.type ?? 'memory'} synchronously and acknowledged it only after the commit (memory ${stored.id} v${stored.version}); a restart after the acknowledgement cannot lose it`,
    );
  if (receipt.status === 'duplicate') {
    const raw = stored.rawId !== null ? r.engine.rawLog(scope).find((e) => e.id === stored.rawId) : undefined;
    const when = raw?.turn !== null && raw?.turn !== undefined ? `at turn ${raw.turn}` : 'earlier';
    const sync = stored.type === 'preference' || stored.type === 'constraint' || stored.type === 'decision';
    return prevented(
      `the reference engine had already ${sync ? 'committed' : 'durably queued and committed'} "${stored.text}" (${stored.type}, memory ${stored.id}) from the user's own words ${when}${sync ? ', synchronously, before acknowledging it' : ''}; the recorded write added nothing it could lose`,
    );
  }
  return prevented(
    `the reference engine kept the write in its durable queue (an outbox table) until the worker committed it (memory ${stored.id} v${stored.version}); the start-up check replays the queue after a restart`,
  );
}

/** The topic words of a save promise: its sentence's words but the promise phrase's own ("remember", "noted"). */
function promisedTopic(sentence: string, phrase: string): Set<string> {
  const own = tokenSet(phrase);
  return new Set([...tokenSet(sentence)].filter((w) => !own.has(w)));
}

/** The main script of a text's letters (Latin, Han, Cyrillic...): the first that names most of them. */
function scriptOf(text: string): string {
  const counts = new Map<string, number>();
  for (const m of text.matchAll(/\p{L}/gu)) {
    const c = m[0];
    const k = /\p{Script=Latin}/u.test(c)
      ? 'Latin'
      : /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u.test(c)
        ? 'CJ'
        : /\p{Script=Hangul}/u.test(c)
          ? 'Hangul'
          : /\p{Script=Cyrillic}/u.test(c)
            ? 'Cyrillic'
            : 'other';
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '';
}
