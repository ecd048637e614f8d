/**
 * The verdict on one finding from the reference run: prevented (and how), not prevented (and
 * why), or not judged: the replay has no rule for the analyzer, or the log lacks what the rule
 * needs. A finding is never counted as prevented without a verdict.
 */
import { normalizeText } from '../../text/index.js';
import { contentText } from '../../events/validate.js';
import type { Finding } from '../../findings/types.js';
import type { PromptPlan } from '../../engine/types.js';
import type { Replayer } from './replayer.js';
import type { Prevention } from './types.js';

const fmt = (n: number) => n.toLocaleString('en-US');

const carriedIn = (plan: PromptPlan, text: string) => plan.messages.some((m) => normalizeText(contentText(m.content)).includes(normalizeText(text)));

export function judge(r: Replayer, f: Finding): Prevention {
  const base = { finding_id: f.id, analyzer: f.analyzer, cause: f.cause, turn: f.turn, title: f.title };
  const d = (f.detail ?? {}) as Record<string, unknown>;
  const plans = r.plansAt(f.turn);
  const at = f.turn !== null ? `turn ${f.turn}` : 'that point';
  const scope = r.scopeAt(f.turn);
  const no = (how: string): Prevention => ({ ...base, prevented: false, verdict: 'not_prevented', how });
  const yes = (how: string): Prevention => ({ ...base, prevented: true, verdict: 'prevented', how });
  /** the replay cannot say: the log lacks what the rule needs, or there is no rule */
  const unjudged = (how: string): Prevention => ({ ...base, prevented: false, verdict: 'not_judged', how: `not judged: ${how}` });
  switch (f.analyzer) {
    case 'window-overflow':
    case 'tool-drift': {
      const key = String(d.constraint ?? d.preference ?? '');
      const mem = r.engine.pinned(scope).find((m) => m.key === key) ?? r.engine.memories(scope, { includeSuperseded: true }).find((m) => m.key === key);
      if (!mem) return no(`the reference engine found no memory for "${key}" to pin (its extraction did not see the constraint)`);
      if (!plans.length) return unjudged(`the log has no request at ${at} to build a reference prompt for`);
      const carried = plans.every((p) => carriedIn(p, mem.text));
      if (!carried) return no(`the reference prompt at ${at} does not carry "${mem.text}"`);
      const p = plans[plans.length - 1];
      if (f.analyzer === 'window-overflow') {
        const dropped = p.history.dropped
          ? `; ${p.history.dropped} old message${p.history.dropped === 1 ? ' was' : 's were'} dropped instead, oldest first`
          : '';
        return yes(
          `"${mem.text}" (a ${mem.type}) is pinned in every reference prompt and never evicted: at ${at} the reference prompt carries it in ${fmt(p.tokens)} of ${fmt(p.contextLimit)} tokens${dropped}, where the recorded prompt had lost it`,
        );
      }
      const tools = p.messages.filter((m) => m.role === 'tool').length;
      return yes(
        `"${mem.text}" is pinned above the conversation with the rule that the user's instructions outrank tool output, and the ${tools} tool result${tools === 1 ? '' : 's'} of ${at} sit${tools === 1 ? 's' : ''} below the user's message in a fenced reference section, marked as quoted data whose tone is not to be adopted (the answer itself cannot be replayed: this is the prompt the model would have had)`,
      );
    }
    case 'recall-mismatch': {
      const recordedId = String(d.memory_id ?? '');
      const w = r.recordedByMemoryId(recordedId);
      if (!w?.receipt || !w.text) return unjudged(`memory ${recordedId} has no text in the log: the reference engine could not store it`);
      const id = w.receipt.memoryId;
      const ws = w.scope ?? scope;
      const mem = r.engine.memories(ws).find((m) => m.id === id);
      if (!mem) return no(`the reference engine holds no current version of memory ${recordedId}`);
      if (!plans.length) {
        // a retrieval trace without prompts: what would the reference engine have put in a prompt?
        if (mem.type === 'preference' || mem.type === 'constraint') {
          return yes(
            `memory ${recordedId} ("${mem.text}") is a ${mem.type}: the reference engine pins it in every prompt it builds, whatever a retrieval ranks it (the log has no prompt at ${at} to compare)`,
          );
        }
        const q = f.turn !== null ? r.queries.get(f.turn) : undefined;
        const hit = q ? r.engine.search(ws, q).find((h) => h.memory.id === id) : undefined;
        if (hit?.injected)
          return yes(
            `the reference retrieval for "${q}" recalls wide and reranks: memory ${recordedId} ranks ${hit.rank} (score ${hit.score}) and is kept in the top 8`,
          );
        return no(`no reference prompt at ${at}, and the reference retrieval does not keep memory ${recordedId} either`);
      }
      const p = plans[0];
      if (p.pinned.some((m) => m.id === id))
        return yes(
          `memory ${recordedId} ("${mem.text}") is a ${mem.type}: the reference engine pins it in every prompt, whatever the retrieval ranks it; it is in the reference prompt at ${at}`,
        );
      const hit = p.retrieved.find((h) => h.memory.id === id);
      if (hit?.injected)
        return yes(
          `the reference engine recalled wide and reranked: memory ${recordedId} ("${mem.text}") ranked ${hit.rank} with score ${hit.score} and was injected at ${at} (top 8, no hard threshold)`,
        );
      if (carriedIn(p, mem.text)) return yes(`memory ${recordedId} ("${mem.text}") is in the reference prompt at ${at}`);
      return no(
        `the reference retrieval at ${at} did not inject memory ${recordedId} either${hit ? ` (rank ${hit.rank}, score ${hit.score})` : ' (not recalled)'}`,
      );
    }
    case 'lost-write': {
      if (f.cause === 'promised_not_written') {
        const done = f.turn !== null ? (r.writtenAt.get(f.turn) ?? []).filter((x) => x.status === 'committed' || x.status === 'enqueued') : [];
        if (!done.length) return no(`the reference engine wrote nothing at ${at} either: nothing in the user's words called for a memory`);
        const texts = done.map((x) => r.engine.versions(scope, x.memoryId).at(-1)?.text ?? x.memoryId);
        return yes(
          `the reference engine wrote ${texts.map((t) => `"${t}"`).join(', ')} from the user's message at ${at}, durably, before the answer that promised it`,
        );
      }
      const wid = String(d.write_id ?? '');
      const w = r.recordedWrite(wid);
      if (!w?.receipt) return unjudged(`write ${wid} carries no text in the log: the reference engine could not replay it`);
      const versions = r.engine.versions(w.scope ?? scope, w.receipt.memoryId);
      const stored = versions.find((v) => v.writeId === w.receipt!.writeId) ?? (w.receipt.status === 'duplicate' ? versions.at(-1) : undefined);
      if (!stored) return no(`the reference engine did not commit write ${wid} either (${w.receipt.status})`);
      if (w.receipt.status === 'committed')
        return yes(
          `the reference engine committed this ${w.type ?? 'memory'} synchronously and acknowledged it only after the commit (memory ${stored.id} v${stored.version}); a restart after the acknowledgement cannot lose it`,
        );
      if (w.receipt.status === 'duplicate') {
        const raw = stored.rawId !== null ? r.engine.rawLog(scope).find((e) => e.id === stored.rawId) : undefined;
        const when = raw?.turn !== null && raw?.turn !== undefined ? `at turn ${raw.turn}` : 'earlier';
        const sync = stored.type === 'preference' || stored.type === 'constraint' || stored.type === 'decision';
        return yes(
          `the reference engine had already ${sync ? 'committed' : 'durably queued and committed'} "${stored.text}" (${stored.type}, memory ${stored.id}) from the user's own words ${when}${sync ? ', synchronously, before acknowledging it' : ''}; the recorded write added nothing it could lose`,
        );
      }
      return yes(
        `the reference engine kept the write in its durable queue (an outbox table) until the worker committed it (memory ${stored.id} v${stored.version}); the start-up check replays the queue after a restart`,
      );
    }
    case 'concurrent-overwrite': {
      const key = String(d.key ?? '');
      const refusal = r.refusals.find((x) => x.key === key && (f.turn === null || x.turn === f.turn)) ?? r.refusals.find((x) => x.key === key);
      if (!refusal) return no(`the reference state accepted the writes to ${key} too`);
      return yes(
        refusal.kind === 'owner'
          ? `field ownership on ${key}: ${refusal.actor}'s write was ${refusal.detail}; the owner's value stands`
          : `compare-and-set on ${key}: ${refusal.actor}'s write was ${refusal.detail}; no update was lost`,
      );
    }
    default:
      return unjudged(`the replay has no rule for ${f.analyzer}`);
  }
}
