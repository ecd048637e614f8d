/**
 * What a recorded prompt carried that the reference design would not have, found per request
 * beyond the analyzers: another user's (or agent's) memory, a memory the reference holds as
 * superseded (by a newer or more credible one) or forgotten (withdrawn by a delete or "forget
 * that"), a memory decayed below injection; and the
 * conflicts the reference resolved. The replay says these plainly instead of "nothing to prevent".
 */
import { normalizeText } from '../../text/index.js';
import type { MessageView } from '../../store/session.js';
import { belowInjection, HALF_LIFE_DAYS } from '../../engine/memories.js';
import { sameSpace } from '../../engine/scope.js';
import { SOURCE_RANK, type EngineScope, type Memory, type PromptPlan } from '../../engine/types.js';
import type { MemoryEngine } from '../../engine/engine.js';
import { contentText } from '../../events/validate.js';

export interface Observation {
  kind: 'other_user' | 'other_scope' | 'superseded' | 'forgotten' | 'decayed' | 'conflict_resolved';
  /** the memory, as the log or the reference engine words it */
  text: string;
  /** what the reference design did instead, in a sentence */
  detail: string;
}

/** A memory the replay knows of: its text as seen (the log's words, or the engine's) and where the engine keeps it. */
export interface KnownMemory {
  text: string;
  scope: EngineScope;
  memoryId: string;
  /** the write that made this version (null: the newest version) */
  writeId: string | null;
}

const DAY = 86_400_000;
const who = (s: EngineScope) => `user ${s.user}${s.agent ? ` (agent ${s.agent})` : ''}${s.tenant ? ` of tenant ${s.tenant}` : ''}`;

/** A value computed on first use. */
function once<T>(f: () => T): () => T {
  let v: T | undefined;
  return () => (v ??= f());
}

/**
 * normalizeText, remembered: every request repeats most of the one before, so each text is
 * normalized once per session rather than once per request (bounded: it starts again past a size).
 */
const norms = new Map<string, string>();
let normChars = 0;
const NORM_CACHE_CHARS = 8_000_000;
function normalized(text: string): string {
  let n = norms.get(text);
  if (n === undefined) {
    n = normalizeText(text);
    if (normChars + text.length > NORM_CACHE_CHARS) {
      norms.clear();
      normChars = 0;
    }
    norms.set(text, n);
    normChars += text.length;
  }
  return n;
}

export function observe(
  engine: MemoryEngine,
  known: readonly KnownMemory[],
  scope: EngineScope,
  plan: PromptPlan,
  recorded: readonly MessageView[],
  now: number,
): Observation[] {
  const out: Observation[] = [];
  const seen = new Set<string>();
  const push = (o: Observation) => {
    const k = `${o.kind}\u0000${normalizeText(o.text)}`;
    if (seen.has(k)) return;
    seen.add(k);
    out.push(o);
  };
  // each prompt normalized only when a known memory is looked for in it (a session without memories: never)
  const recAll = once(() => recorded.map((m) => normalized(m.text)));
  const recInjected = once(() => recorded.filter((m) => m.role !== 'user').map((m) => normalized(m.text)));
  const ref = once(() => plan.messages.map((m) => normalized(contentText(m.content))));
  const refMemories = once(() => [...plan.pinned, ...plan.retrieved.filter((h) => h.injected).map((h) => h.memory)].map((m) => normalized(m.text)));
  const inAny = (list: () => string[], t: string) => {
    const n = normalizeText(t);
    return n.length >= 4 && list().some((c) => c.includes(n));
  };

  for (const k of known) {
    if (!sameSpace(k.scope, scope)) {
      if (inAny(recAll, k.text) && !inAny(ref, k.text)) {
        const kind = k.scope.user !== scope.user ? 'other_user' : 'other_scope';
        push({
          kind,
          text: k.text,
          detail: `the recorded prompt for ${who(scope)} carries a memory of ${who(k.scope)}; the reference engine filters every read by scope, so this prompt does not carry it`,
        });
      }
      continue;
    }
    // the reference's own memories are what it pins and injects: the old words of a superseded
    // memory may stay in its conversation history, which is no memory of it
    if (!inAny(recInjected, k.text) || inAny(refMemories, k.text)) continue;
    const st = standing(engine, k);
    if (!st) continue;
    const v = st.version;
    if (st.forgotten) {
      // withdrawn, not replaced: engine.forget or "forget that"
      push({
        kind: 'forgotten',
        text: k.text,
        detail: 'forgotten in the reference (withdrawn by a delete or "forget that", kept only as history): the reference prompt does not carry it',
      });
    } else if (v.supersededAt !== null) {
      const win = st.by;
      const rule =
        win && SOURCE_RANK[win.source] > SOURCE_RANK[v.source]
          ? `what the user stated outranks what was ${v.source === 'tool' ? 'read from a tool' : v.source}`
          : 'the newer statement wins';
      push({
        kind: 'superseded',
        text: k.text,
        detail: `superseded in the reference by "${win?.text ?? 'a newer version'}" (${rule}); the reference prompt does not inject it`,
      });
    } else if (belowInjection(v, now)) {
      const days = Math.round((now - v.createdAt) / DAY);
      const half = v.temporary ? HALF_LIFE_DAYS.temporary : HALF_LIFE_DAYS[v.type];
      push({
        kind: 'decayed',
        text: k.text,
        detail: `a ${v.type.replace('_', ' ')} ${days} days old (half-life ${half} days) has decayed below injection: the reference prompt does not carry it`,
      });
    }
  }
  for (const c of plan.conflicts) {
    push({
      kind: 'conflict_resolved',
      text: c.superseded.text,
      detail: `conflicts with "${c.kept.text}" on the ${c.subject}: resolved by ${c.rule === 'credibility' ? 'source credibility' : 'recency'}; the reference injects only "${c.kept.text}"`,
    });
  }
  return out;
}

/** Where a known memory stands in the reference: its version, and once that is no longer current, what replaced it or that it was forgotten. */
export interface Standing {
  version: Memory;
  current: boolean;
  /** withdrawn (a delete, "forget that"), not replaced */
  forgotten: boolean;
  /** the memory that replaced it (its newest version), when superseded */
  by: Memory | null;
}

export function standing(engine: MemoryEngine, k: KnownMemory): Standing | null {
  const versions = engine.versions(k.scope, k.memoryId);
  const v = (k.writeId ? versions.find((x) => x.writeId === k.writeId) : undefined) ?? versions.at(-1);
  if (!v) return null;
  if (v.supersededAt === null) return { version: v, current: true, forgotten: false, by: null };
  if (v.supersededByVersion === null && v.supersededBy === null) return { version: v, current: false, forgotten: true, by: null };
  const by =
    v.supersededBy && v.supersededBy !== v.id
      ? engine.versions(k.scope, v.supersededBy).at(-1)
      : (versions.find((x) => x.version === v.supersededByVersion) ?? versions.find((x) => x.supersededAt === null));
  return { version: v, current: false, forgotten: false, by: by ?? null };
}

/**
 * The memories a prompt carries, as the reference holds them when it is built: `current` (their
 * texts), and `superseded`, each with what replaced it (`by`: null when it was forgotten). A
 * superseded memory is never listed as current.
 */
export function carried(
  engine: MemoryEngine,
  known: readonly KnownMemory[],
  scope: EngineScope,
  inPrompt: (text: string) => boolean,
): { current: string[]; superseded: { text: string; by: string | null }[] } {
  const ofScope = new Map<string, string>();
  for (const m of engine.memories(scope)) ofScope.set(normalizeText(m.text), m.text);
  const current = new Map<string, string>();
  const stale = new Map<string, { text: string; by: string | null }>();
  for (const [n, t] of ofScope) if (n.length >= 4 && inPrompt(t)) current.set(n, t);
  for (const k of known) {
    const n = normalizeText(k.text);
    if (n.length < 4 || ofScope.has(n) || current.has(n) || stale.has(n) || !inPrompt(k.text)) continue;
    const st = standing(engine, k);
    if (!st) continue;
    if (st.current) current.set(n, k.text);
    else stale.set(n, { text: k.text, by: st.by?.text ?? null });
  }
  // a text current in one memory and superseded in another is current
  for (const n of current.keys()) stale.delete(n);
  return { current: [...current.values()], superseded: [...stale.values()] };
}
