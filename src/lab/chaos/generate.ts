/**
 * `amnesia chaos`: scripted conversations (English and Chinese) run through the reference engine
 * with one fault switched on at random (seeded), or none. Writes one native log per session, a
 * labels file (analyzer, session, turn for every injected fault, and one line per fault-free
 * session) and a manifest.
 *
 * A label is set from what the engine did, not from what an analyzer says: the first prompt that
 * no longer carries the constraint, the retrieval that cut a stored memory, the acknowledged write
 * the restart lost, the write that overwrote another actor's update, the answer that took on the
 * tool's style. Fault-free sessions are checked the same way and must show none of these.
 */
import fs from 'node:fs';
import path from 'node:path';
import { tokenSet as terms } from '../../text/relevance.js';
import { detectPreferences } from '../../text/index.js';
import { MemoryEngine } from '../../engine/engine.js';
import { StaleVersionError, OwnershipError, type EngineScope, type MemoryType, type PromptPlan } from '../../engine/types.js';
import { carries, simulateAnswer, type AnswerSpec } from './model.js';
import { Rng } from './rng.js';
import { PACKS, serviceLog, type ConstraintId, type ConstraintText, type Exchange, type FactPair, type FactText, type Lang, type LangPack } from './scripts.js';

export * from './types.js';
import { CHAOS_FAULTS, type ChaosFault, type MemoryFault, type ChaosLabel, type ChaosManifest, type ChaosOptions, type ChaosSession } from './types.js';
import { LAB_MASK_KEY } from '../mask-key.js';
import { isMemoryFault, memorySession } from './memory-faults.js';

const SMALL_WINDOW = 3000;
const WINDOW = 8192;
const MODEL = 'gpt-4o';
const HARD_THRESHOLD = 0.95;

type Block =
  | { kind: 'filler'; ex: Exchange }
  | { kind: 'work'; wave: number; lines: number }
  | { kind: 'fact'; fact: FactText; after: 'drain' | 'restart' | 'kill' | 'flaky' }
  | { kind: 'fact_update'; fact: FactText }
  | { kind: 'fact_question'; fact: FactText }
  | { kind: 'pair'; pair: FactPair }
  | { kind: 'pair_question'; pair: FactPair }
  | { kind: 'state' }
  | { kind: 'owned' }
  | { kind: 'loud' }
  | { kind: 'restate' }
  | { kind: 'permission' };

/** The user's words of a block (for keeping recall-fault sessions unambiguous). */
function userText(b: Block, p: LangPack): string {
  switch (b.kind) {
    case 'filler':
      return b.ex.user;
    case 'work':
      return p.work.user(b.wave);
    case 'state':
      return p.state.concurrent.user;
    case 'owned':
      return p.state.owned.user;
    case 'loud':
      return p.loud.user;
    default:
      return '';
  }
}

class Session {
  readonly engine: MemoryEngine;
  readonly scope: EngineScope;
  readonly labels: ChaosLabel[] = [];
  private now: number;
  private turn = -1;
  private flaky = 0;
  private lastAnswerLoud = false;
  private readonly c: ConstraintText;
  private readonly cSlot: string;
  private readonly cType: MemoryType;
  private constraintLost = false;

  constructor(
    readonly id: string,
    readonly lang: Lang,
    readonly fault: ChaosFault | 'none',
    private readonly rng: Rng,
    private readonly p: LangPack,
    readonly constraint: ConstraintId,
    start: number,
    small: boolean,
  ) {
    this.now = start;
    this.c = p.constraints[constraint];
    const pref = detectPreferences(this.c.statement, 'user')[0];
    this.cSlot = `pref:${pref.topic}`;
    this.cType = pref.polarity === 'forbid' ? 'constraint' : 'preference';
    this.scope = { user: `user-${id.split('-').slice(-2, -1)[0]}`, agent: 'devpilot' };
    this.engine = new MemoryEngine({
      session: id,
      clock: () => this.now,
      model: MODEL,
      contextLimit: small ? SMALL_WINDOW : WINDOW,
      keepEvents: true,
      deidentifyKey: LAB_MASK_KEY,
      autoDrain: false,
      pinning: fault !== 'fifo_truncation',
      topK: fault === 'small_top_k' ? 1 : 8,
      threshold: fault === 'hard_threshold' ? HARD_THRESHOLD : undefined,
      durableQueue: fault !== 'async_write_killed',
      cas: fault !== 'cas_off',
      instructionHierarchy: fault !== 'loud_tool_no_hierarchy',
      commitHook: () => {
        if (this.flaky > 0) {
          this.flaky--;
          throw new Error('SQLITE_BUSY: database is locked');
        }
      },
    });
  }

  private tick(min = 300, max = 2000): void {
    this.now += this.rng.int(min, max);
  }

  private label(analyzer: string, note: string): void {
    if (this.fault === 'none') throw new Error(`chaos: fault-free session ${this.id} turn ${this.turn}: ${note} (an engine bug)`);
    if (this.labels.some((l) => l.analyzer === analyzer && l.turn === this.turn)) return;
    this.labels.push({ session: this.id, analyzer, turn: this.turn, fault: this.fault, lang: this.lang, note });
  }

  /** Build the prompt (retrieval + request events) and check it for the faults that show in a prompt. */
  private prompt(): PromptPlan {
    this.tick();
    const plan = this.engine.buildPrompt(this.scope, { system: this.p.system, turn: this.turn });
    if (this.turn > 0 && !this.constraintLost && !carries(plan.messages, this.c.statement)) {
      // with a permission the constraint is lifted: it may leave (the analyzers stop following it too)
      if (!this.permitted) {
        this.constraintLost = true;
        this.label('window-overflow', `the constraint "${this.c.statement}" is no longer in the prompt`);
      }
    }
    const cut = plan.retrieved.filter((h) => !h.injected);
    if (cut.length) this.label('recall-mismatch', `stored ${cut.map((h) => h.memory.id).join(', ')} cut from the prompt (top_k / threshold)`);
    return plan;
  }

  private permitted = false;

  private answer(plan: PromptPlan, spec: AnswerSpec): void {
    const text = simulateAnswer(plan.messages, spec, this.c);
    const isLoud = spec.loudAnswer !== undefined && text === spec.loudAnswer;
    if (isLoud && !this.lastAnswerLoud && !this.permitted && this.constraint === 'emoji') {
      this.label('tool-drift', 'the answer took on the style of an unfenced loud tool result');
    }
    this.lastAnswerLoud = isLoud;
    this.tick(800, 4000);
    this.engine.assistantMessage(this.scope, text, { turn: this.turn, requestId: plan.requestId });
  }

  private user(text: string): number {
    this.turn++;
    this.now += this.rng.int(30_000, 120_000);
    return this.engine.userMessage(this.scope, text, { turn: this.turn, extract: false }).raw.id;
  }

  private rememberNow(type: MemoryType, text: string, rawId: number, slot: string | null, key?: string | null): void {
    this.tick(50, 300);
    this.engine.remember(this.scope, { type, text, slot, key: key ?? null, source: 'user', rawId, turn: this.turn });
  }

  private drain(): void {
    this.tick(100, 900);
    this.engine.drain();
  }

  opening(): void {
    const raw = this.user(this.p.opening(this.c.statement));
    // FIFO truncation instead of pinning: the faulty agent keeps the user's constraint only in
    // its history (no pinned memory), and trims the history oldest first
    const fifo = this.fault === 'fifo_truncation';
    if (!fifo) this.rememberNow(this.cType, this.c.statement, raw, this.cSlot, this.c.key);
    this.answer(this.prompt(), { answer: fifo ? this.p.ackRestated : this.p.ack });
  }

  private toolTurn(name: string, args: Record<string, unknown>, content: string, spec: AnswerSpec): void {
    const first = this.prompt();
    this.tick();
    const callId = `call_${this.turn}`;
    this.engine.assistantMessage(this.scope, '', { turn: this.turn, requestId: first.requestId, toolCalls: [{ id: callId, name, arguments: args }] });
    this.tick(1000, 4000);
    this.engine.toolResult(this.scope, { name, callId, content }, { turn: this.turn });
    this.answer(this.prompt(), spec);
  }

  run(b: Block): void {
    const p = this.p;
    switch (b.kind) {
      case 'filler':
        this.user(b.ex.user);
        this.answer(this.prompt(), { answer: b.ex.answer });
        return;
      case 'work': {
        this.user(p.work.user(b.wave));
        const waiting = 30 + this.rng.int(0, 20);
        const lock = 3000 + this.rng.int(0, 1500);
        this.toolTurn('grep_logs', { service: 'payments-api', wave: b.wave }, serviceLog(b.wave, b.lines, waiting), {
          answer: p.work.answer(b.wave, waiting, lock),
          habitual: true,
        });
        return;
      }
      case 'fact':
      case 'fact_update': {
        const text = b.kind === 'fact' ? b.fact.statement : b.fact.update!.statement;
        const memory = b.kind === 'fact' ? b.fact.memory : b.fact.update!.memory;
        const raw = this.user(text);
        this.answer(this.prompt(), { answer: p.noted });
        this.rememberNow(b.fact.type, memory, raw, b.fact.slot);
        const after = b.kind === 'fact' ? b.after : 'drain';
        if (after === 'restart' || after === 'kill') {
          this.tick(500, 3000);
          const report = this.engine.restartWorker(this.scope, { turn: this.turn });
          if (report.missing.length) this.label('lost-write', `acknowledged write ${report.missing.map((m) => m.writeId).join(', ')} lost in a worker restart`);
        }
        if (after === 'flaky') this.flaky = 1;
        this.drain();
        return;
      }
      case 'fact_question':
        this.user(b.fact.question!.user);
        this.answer(this.prompt(), {
          answer: b.fact.question!.answer,
          needs: [b.fact.memory, ...(b.fact.update ? [b.fact.update.memory] : [])],
          unknown: p.unknown,
        });
        return;
      case 'pair': {
        const raw = this.user(b.pair.statement);
        this.answer(this.prompt(), { answer: p.noted });
        for (const m of b.pair.memories) this.rememberNow('fact', m, raw, null);
        this.drain();
        return;
      }
      case 'pair_question':
        this.user(b.pair.question);
        this.answer(this.prompt(), { answer: b.pair.answer, needs: b.pair.memories, unknown: p.unknown });
        return;
      case 'state':
        this.user(p.state.concurrent.user);
        this.concurrentWriters();
        this.answer(this.prompt(), { answer: p.state.concurrent.answer });
        return;
      case 'owned':
        this.user(p.state.owned.user);
        this.ownedField();
        this.answer(this.prompt(), { answer: p.state.owned.answer });
        return;
      case 'loud':
        this.user(p.loud.user);
        this.toolTurn('web_search', { query: 'ThinkPad X1 Carbon deal' }, p.loud.tool, { answer: p.loud.answer, loudAnswer: p.loud.loudAnswer });
        return;
      case 'restate': {
        const raw = this.user(this.c.restatement);
        this.rememberNow(this.cType, this.c.statement, raw, this.cSlot, this.c.key); // a near-duplicate: not written
        this.answer(this.prompt(), { answer: p.ackRestated });
        return;
      }
      case 'permission': {
        const raw = this.user(this.c.permission);
        this.permitted = true;
        this.rememberNow('preference', this.c.permission, raw, this.cSlot, this.c.permissionKey);
        this.answer(this.prompt(), { answer: p.ack });
        return;
      }
    }
  }

  /** Planner and executor read the same version and both write. CAS refuses the second; without CAS it silently wins. */
  private concurrentWriters(): void {
    const s = this.engine.state;
    const key = 'current_task';
    const t = this.turn;
    this.tick();
    if (s.peek(this.scope, key).version === 0) s.write(this.scope, key, 'task_a', { actor: 'planner', expectedVersion: 0, turn: t });
    this.tick();
    const a = s.read(this.scope, key, 'planner', t);
    this.tick(100, 500);
    const b = s.read(this.scope, key, 'executor', t);
    this.tick();
    s.write(this.scope, key, 'task_a_done', { actor: 'planner', expectedVersion: a.version, turn: t });
    this.tick(100, 500);
    try {
      s.write(this.scope, key, 'task_b', { actor: 'executor', expectedVersion: b.version, turn: t });
      this.label('concurrent-overwrite', "executor's write from a stale version replaced planner's update");
    } catch (err) {
      if (!(err instanceof StaleVersionError)) throw err;
      this.tick();
      s.update(this.scope, key, 'executor', () => 'task_b', { turn: t });
    }
    this.tick(1000, 3000);
    s.read(this.scope, key, 'planner', t);
  }

  /** The planner owns the plan: the executor's write is refused and handed to the planner. */
  private ownedField(): void {
    const s = this.engine.state;
    const key = 'plan';
    const t = this.turn;
    if (s.peek(this.scope, key).owner === null) {
      s.own(this.scope, key, 'planner');
      this.tick();
      s.write(this.scope, key, ['deploy r4'], { actor: 'planner', expectedVersion: 0, turn: t });
    }
    this.tick();
    const x = s.read(this.scope, key, 'executor', t);
    this.tick();
    try {
      s.write(this.scope, key, [...(x.value as string[]), 'load test'], { actor: 'executor', expectedVersion: x.version, turn: t });
    } catch (err) {
      if (!(err instanceof OwnershipError)) throw err;
    }
    this.tick();
    s.update(this.scope, key, 'planner', (cur) => [...((cur as string[] | null) ?? []), 'load test'], { turn: t });
  }
}

/** The blocks of one session, for its fault. */
function compose(rng: Rng, p: LangPack, fault: ChaosFault | 'none'): { constraint: ConstraintId; small: boolean; blocks: Block[] } {
  const facts = rng.shuffle([...p.facts]);
  const pair = rng.pick(p.pairs);
  const fillers = rng.shuffle([...p.fillers]);
  const work = (n: number, min: number, max: number): Block[] => Array.from({ length: n }, (_, i) => ({ kind: 'work', wave: i + 1, lines: rng.int(min, max) }));
  let constraint: ConstraintId = rng.pick(['xml', 'tables', 'emoji'] as const);
  let small = false;
  let blocks: Block[] = [];
  const extras = (pool: Block[], min: number, max: number) => rng.shuffle(pool).slice(0, rng.int(min, max));

  switch (fault) {
    case 'fifo_truncation':
      constraint = rng.pick(['xml', 'tables'] as const);
      small = true;
      blocks = [...work(rng.int(6, 8), 18, 26), ...extras([{ kind: 'filler', ex: fillers[0] }, { kind: 'state' }], 0, 2)];
      blocks = rng.shuffle(blocks);
      break;
    case 'small_top_k':
    case 'hard_threshold': {
      // only the question may touch the stored pair: a cut anywhere else would be ambiguous
      const mem = new Set(pair.memories.flatMap((m) => [...terms(m)]));
      const pool = [
        ...fillers.slice(0, 3).map((ex): Block => ({ kind: 'filler', ex })),
        ...work(2, 6, 12),
        { kind: 'state' } as Block,
        { kind: 'owned' } as Block,
      ].filter((b) => ![...terms(userText(b, p))].some((t) => mem.has(t)));
      const others = extras(pool, 1, 3);
      const k = rng.int(0, others.length);
      blocks = [{ kind: 'pair', pair }, ...others.slice(0, k), { kind: 'pair_question', pair }, ...others.slice(k)];
      break;
    }
    case 'async_write_killed': {
      const others = extras(
        [{ kind: 'filler', ex: fillers[0] }, ...work(2, 6, 12), { kind: 'state' }, { kind: 'loud' }, { kind: 'fact', fact: facts[1], after: 'drain' }],
        1,
        3,
      );
      blocks = rng.shuffle([{ kind: 'fact', fact: facts[0], after: 'kill' } as Block, ...others]);
      break;
    }
    case 'cas_off':
      blocks = rng.shuffle([
        { kind: 'state' } as Block,
        ...extras(
          [{ kind: 'filler', ex: fillers[0] }, ...work(2, 6, 12), { kind: 'loud' }, { kind: 'fact', fact: facts[0], after: 'restart' }, { kind: 'owned' }],
          1,
          3,
        ),
      ]);
      break;
    case 'loud_tool_no_hierarchy':
      constraint = 'emoji';
      blocks = rng.shuffle([
        { kind: 'loud' } as Block,
        ...extras([{ kind: 'filler', ex: fillers[0] }, ...work(2, 6, 12), { kind: 'state' }, { kind: 'fact', fact: facts[0], after: 'drain' }], 1, 3),
      ]);
      break;
    case 'none': {
      // the same shapes with every mechanism working, plus what only a working engine shows
      const shape = rng.pick(['window', 'recall', 'writes', 'state', 'tools', 'mixed'] as const);
      const f = facts[0];
      const withQuestion = (fact: FactText): Block[] => [
        { kind: 'fact', fact, after: rng.pick(['drain', 'restart', 'flaky'] as const) },
        ...(fact.update && rng.chance(0.5) ? [{ kind: 'fact_update', fact } as Block] : []),
        ...(fact.question ? [{ kind: 'fact_question', fact } as Block] : []),
      ];
      if (shape === 'window') {
        small = true;
        blocks = [...work(rng.int(6, 8), 18, 26)];
        if (rng.chance(0.5)) blocks.splice(rng.int(1, blocks.length), 0, { kind: 'restate' });
      } else if (shape === 'recall')
        blocks = [
          { kind: 'pair', pair },
          { kind: 'filler', ex: fillers[0] },
          { kind: 'pair_question', pair },
        ];
      else if (shape === 'writes') blocks = [...withQuestion(f), ...withQuestion(facts[1])];
      else if (shape === 'state') blocks = [{ kind: 'state' }, { kind: 'owned' }, { kind: 'filler', ex: fillers[0] }];
      else if (shape === 'tools') blocks = [{ kind: 'loud' }, ...work(2, 6, 12), { kind: 'loud' }];
      else {
        blocks = [
          ...withQuestion(f),
          { kind: 'pair', pair },
          { kind: 'loud' },
          { kind: 'state' },
          ...work(rng.int(1, 3), 6, 14),
          { kind: 'pair_question', pair },
          { kind: 'restate' },
        ];
      }
      if (rng.chance(0.3)) blocks.push({ kind: 'permission' });
      break;
    }
  }
  return { constraint, small, blocks };
}

/** Run one scripted session (no files). */
export function runChaosSession(
  seed: number,
  index: number,
  opts: { fault?: ChaosFault | 'none'; lang?: Lang; faultFree?: number; memory?: boolean } = {},
): ChaosSession {
  const rng = new Rng((seed * 7919 + index * 104_729) >>> 0);
  const lang = opts.lang ?? (rng.chance(0.5) ? 'en' : 'zh');
  const fault = opts.fault ?? (rng.chance(opts.faultFree ?? 0.25) ? 'none' : rng.pick(CHAOS_FAULTS));
  const p = PACKS[lang];
  const id = `chaos-${seed}-${String(index).padStart(4, '0')}-${lang}`;
  const start = Date.parse('2026-04-01T08:00:00Z') + index * 3 * 3_600_000;
  // the memory layer's faults, and a third of the fault-free sessions with the same agent doing it right
  if (isMemoryFault(fault) || (fault === 'none' && (opts.memory ?? rng.chance(1 / 3))))
    return memorySession(rng, id, lang, fault as MemoryFault | 'none', start);
  const { constraint, small, blocks } = compose(rng, p, fault);
  const s = new Session(id, lang, fault, rng, p, constraint, start, small);
  try {
    s.opening();
    for (const b of blocks) s.run(b);
    return {
      session: id,
      lang,
      fault,
      events: [...s.engine.events],
      labels:
        fault === 'none'
          ? [{ session: id, analyzer: null, turn: null, fault, lang }]
          : s.labels.length
            ? s.labels
            : [{ session: id, analyzer: null, turn: null, fault, lang, note: 'the fault had no effect in this session' }],
    };
  } finally {
    s.engine.close();
  }
}

/** Generate a corpus into `opts.out`: logs/<session>.jsonl, labels.jsonl, manifest.json. */
export function generateChaos(opts: ChaosOptions): ChaosManifest {
  const seed = opts.seed ?? 1;
  const n = opts.sessions ?? 50;
  const logs = path.join(opts.out, 'logs');
  fs.mkdirSync(logs, { recursive: true });
  const labels: ChaosLabel[] = [];
  const byFault: Record<string, number> = {};
  const byLang: Record<Lang, number> = { en: 0, zh: 0 };
  for (let i = 0; i < n; i++) {
    const s = runChaosSession(seed, i, { faultFree: opts.faultFree });
    fs.writeFileSync(path.join(logs, `${s.session}.jsonl`), s.events.map((e) => JSON.stringify(e)).join('\n') + '\n');
    labels.push(...s.labels);
    byFault[s.fault] = (byFault[s.fault] ?? 0) + 1;
    byLang[s.lang]++;
  }
  fs.writeFileSync(path.join(opts.out, 'labels.jsonl'), labels.map((l) => JSON.stringify(l)).join('\n') + '\n');
  const manifest: ChaosManifest = {
    schema: 'amnesia.chaos/v1',
    seed,
    sessions: n,
    logs: 'logs',
    labels: 'labels.jsonl',
    by_fault: byFault,
    by_lang: byLang,
    label_count: labels.filter((l) => l.analyzer !== null).length,
  };
  fs.writeFileSync(path.join(opts.out, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n');
  return manifest;
}
