/**
 * Chaos for the memory layer's other faults (issue 31): an agent on the reference engine that skips an
 * extraction, writes an update that drops a fact, keeps a cached profile after an update, keys that
 * cache by agent instead of user, or keeps dated notes with no rule for which wins. The engine does its
 * part right; the fault is the agent's, as in the applications these analyzers read. Each scenario runs
 * with its fault off too (a fault-free session): the same turns, the agent doing the right thing.
 *
 * A label is set from what the agent did and what the prompt carried (the statement it did not write,
 * the update text without the old date, the prompt that carries the old or the other user's text, the
 * notes without a rule whose older value the answer took), never from an analyzer.
 */
import { MemoryEngine } from '../../engine/engine.js';
import type { ChatMessage } from '../../events/types.js';
import type { EngineScope, PromptPlan } from '../../engine/types.js';
import { LAB_MASK_KEY } from '../mask-key.js';
import { carries } from './model.js';
import type { Rng } from './rng.js';
import { PACKS, type Lang } from './scripts.js';
import { MEMORY_FAULTS, type ChaosLabel, type ChaosSession, type MemoryFault } from './types.js';

export const isMemoryFault = (f: string): f is MemoryFault => (MEMORY_FAULTS as readonly string[]).includes(f);

interface Home {
  /** the user asks to remember it */
  remember: string;
  /** said in passing (no request to remember) */
  passing: string;
  memory: string;
  value: string;
}

interface MemoryPack {
  got: string;
  home: Home;
  moved: Home;
  other: Home;
  question: string;
  answer(value: string): string;
  flight: { remember: string; memory: string; detail: string; lossy: string; merged: string };
  profile: string;
  notes: string;
  rule: string;
}

const MEMORY_PACKS: Record<Lang, MemoryPack> = {
  en: {
    got: 'Got it, thanks.',
    home: { remember: 'Please remember that I live in Berlin.', passing: 'I live in Berlin, by the way.', memory: 'The user lives in Berlin', value: 'Berlin' },
    moved: {
      remember: 'Quick update: my new city is Munich.',
      passing: 'Quick update: my new city is Munich.',
      memory: 'The user lives in Munich',
      value: 'Munich',
    },
    other: { remember: 'Please remember that I live in Lisbon.', passing: 'I live in Lisbon.', memory: 'The user lives in Lisbon', value: 'Lisbon' },
    question: 'Book me a coworking desk near where I live for Friday.',
    answer: (v) => `I booked a coworking desk in ${v} for Friday.`,
    flight: {
      remember: 'Please remember that my flight to Osaka is on June 3 at 09:40.',
      memory: "The user's flight to Osaka is on June 3 at 09:40",
      detail: 'The flight is with ANA, by the way.',
      lossy: "The user's flight to Osaka is with ANA",
      merged: "The user's flight to Osaka is on June 3 at 09:40 with ANA",
    },
    profile: 'User profile (cached):',
    notes: 'Notes:',
    rule: 'If two notes conflict, the newest one wins.',
  },
  zh: {
    got: '好的，知道了。',
    home: { remember: '请记住，我住在北京。', passing: '顺便说一下，我住在北京。', memory: '用户住在北京', value: '北京' },
    moved: { remember: '更新一下：我的新城市是上海。', passing: '更新一下：我的新城市是上海。', memory: '用户住在上海', value: '上海' },
    other: { remember: '请记住，我住在广州。', passing: '我住在广州。', memory: '用户住在广州', value: '广州' },
    question: '帮我订一个离我住处近的共享工位，周五用。',
    answer: (v) => `已为您在${v}预订了周五的共享工位。`,
    flight: {
      remember: '请记住，我飞大阪的航班是6月3日09:40。',
      memory: '用户飞往大阪的航班在6月3日09:40',
      detail: '对了，航班是ANA的。',
      lossy: '用户飞往大阪的航班是ANA航班',
      merged: '用户飞往大阪的ANA航班在6月3日09:40',
    },
    profile: '用户资料（缓存）：',
    notes: '笔记：',
    rule: '如果两条笔记冲突，以最新的为准。',
  },
};

const HOME_SLOT = 'fact:home city';

class MemorySession {
  readonly engine: MemoryEngine;
  readonly labels: ChaosLabel[] = [];
  readonly scope: EngineScope;
  /** a second user of the same agent */
  readonly other: EngineScope;
  private readonly m: MemoryPack;
  private now: number;
  private turn = -1;
  /** the agent's cached profile line, by cache key */
  private readonly cache = new Map<string, string>();
  /** the agent's dated notes, oldest first */
  private readonly notes: { at: number; text: string }[] = [];

  constructor(
    readonly id: string,
    readonly lang: Lang,
    readonly fault: MemoryFault | 'none',
    private readonly rng: Rng,
    start: number,
    /** the scenario of a fault-free session (default: one at random) */
    private readonly scenario?: MemoryFault,
  ) {
    this.now = start;
    this.m = MEMORY_PACKS[lang];
    const user = `user-${id.split('-').slice(-2, -1)[0]}`;
    this.scope = { user, agent: 'devpilot' };
    this.other = { user: `${user}-b`, agent: 'devpilot' };
    this.engine = new MemoryEngine({ session: id, clock: () => this.now, model: 'gpt-4o', keepEvents: true, deidentifyKey: LAB_MASK_KEY, autoDrain: false });
  }

  private on = (f: MemoryFault) => this.fault === f;

  private label(analyzer: string, note: string): void {
    if (this.fault === 'none') throw new Error(`chaos: fault-free session ${this.id} turn ${this.turn}: ${note} (an agent bug)`);
    // one label per fault: its first turn (an analyzer reports a memory at the first prompt that carried it)
    if (this.labels.length) return;
    this.labels.push({ session: this.id, analyzer, turn: this.turn, fault: this.fault, lang: this.lang, note });
  }

  private tick(min = 300, max = 2000): void {
    this.now += this.rng.int(min, max);
  }

  private say(scope: EngineScope, text: string): number {
    this.turn++;
    this.now += this.rng.int(30_000, 120_000);
    return this.engine.userMessage(scope, text, { turn: this.turn, extract: false }).raw.id;
  }

  /** The agent's system message: the pack's, its cached profile for the key, its notes. */
  private system(key: string | null, rule: boolean): string {
    const lines = [PACKS[this.lang].system];
    const profile = key !== null ? this.cache.get(key) : undefined;
    if (profile) lines.push(`${this.m.profile} ${profile}`);
    if (this.notes.length) {
      lines.push(this.m.notes);
      for (const n of this.notes) lines.push(`- [${new Date(n.at).toISOString().slice(0, 16).replace('T', ' ')}] ${n.text}`);
      if (rule) lines.push(this.m.rule);
    }
    return lines.join('\n');
  }

  private prompt(scope: EngineScope, key: string | null = null, rule = true): PromptPlan {
    this.tick();
    const plan = this.engine.buildPrompt(scope, { system: this.system(key, rule), turn: this.turn });
    if (scope === this.scope && carries(plan.messages, this.m.other.memory))
      this.label('scope-leak', `${this.scope.user}'s prompt carries ${this.other.user}'s "${this.m.other.memory}"`);
    return plan;
  }

  private reply(scope: EngineScope, plan: PromptPlan, text: string): void {
    this.tick(800, 4000);
    this.engine.assistantMessage(scope, text, { turn: this.turn, requestId: plan.requestId });
  }

  private write(scope: EngineScope, text: string, raw: number, slot: string | null): void {
    this.tick(50, 300);
    this.engine.remember(scope, { type: 'fact', text, slot, source: 'user', rawId: raw, turn: this.turn });
    this.tick(100, 900);
    this.engine.drain();
  }

  private filler(): void {
    const ex = this.rng.pick(PACKS[this.lang].fillers);
    this.say(this.scope, ex.user);
    this.reply(this.scope, this.prompt(this.scope, this.scope.user), ex.answer);
  }

  /** The model answers with the value of the first home memory the prompt carries (of its notes under a rule: the newest). */
  private answerHome(plan: PromptPlan, homes: readonly Home[], rule: boolean): string {
    const text = plan.messages.map((x: ChatMessage) => (typeof x.content === 'string' ? x.content : '')).join('\n');
    const at = homes.map((h) => ({ h, i: text.indexOf(h.memory) })).filter((x) => x.i >= 0);
    if (!at.length) return PACKS[this.lang].unknown;
    const noted = this.notes.length >= 2 && rule;
    const pick = noted ? at.reduce((a, b) => (a.i > b.i ? a : b)) : at.reduce((a, b) => (a.i < b.i ? a : b));
    return this.m.answer(pick.h.value);
  }

  run(): void {
    const m = this.m;
    switch (this.fault === 'none' ? (this.scenario ?? this.rng.pick(MEMORY_FAULTS)) : this.fault) {
      case 'extraction_skipped': {
        const raw = this.say(this.scope, m.home.remember);
        this.reply(this.scope, this.prompt(this.scope), m.got);
        if (this.on('extraction_skipped')) this.label('never-extracted', `"${m.home.remember}" was never written`);
        else this.write(this.scope, m.home.memory, raw, HOME_SLOT);
        this.filler();
        const f = this.say(this.scope, m.flight.remember);
        this.reply(this.scope, this.prompt(this.scope), m.got);
        this.write(this.scope, m.flight.memory, f, 'fact:flight');
        this.say(this.scope, m.question);
        const plan = this.prompt(this.scope);
        this.reply(this.scope, plan, this.answerHome(plan, [m.home], true));
        return;
      }
      case 'lossy_update': {
        const f = this.say(this.scope, m.flight.remember);
        this.reply(this.scope, this.prompt(this.scope), m.got);
        this.write(this.scope, m.flight.memory, f, 'fact:flight');
        this.filler();
        const d = this.say(this.scope, m.flight.detail);
        this.reply(this.scope, this.prompt(this.scope), m.got);
        this.write(this.scope, this.on('lossy_update') ? m.flight.lossy : m.flight.merged, d, 'fact:flight');
        if (this.on('lossy_update')) this.label('destructive-update', `the update "${m.flight.lossy}" dropped the date and time of "${m.flight.memory}"`);
        return;
      }
      case 'stale_profile_cache': {
        const raw = this.say(this.scope, m.home.remember);
        this.reply(this.scope, this.prompt(this.scope, this.scope.user), m.got);
        this.write(this.scope, m.home.memory, raw, HOME_SLOT);
        this.cache.set(this.scope.user, m.home.memory);
        this.filler();
        const moved = this.say(this.scope, m.moved.remember);
        this.reply(this.scope, this.prompt(this.scope, this.scope.user), m.got);
        this.write(this.scope, m.moved.memory, moved, HOME_SLOT);
        // the right agent invalidates its cached profile on the update
        if (!this.on('stale_profile_cache')) this.cache.set(this.scope.user, m.moved.memory);
        this.say(this.scope, m.question);
        const plan = this.prompt(this.scope, this.scope.user);
        if (carries(plan.messages, m.home.memory)) this.label('stale-memory', `the cached profile still carries "${m.home.memory}" after the update`);
        this.reply(this.scope, plan, this.answerHome(plan, [m.home, m.moved], true));
        return;
      }
      case 'profile_cache_by_agent': {
        // the other user of the agent first: the cache is filled from their memory
        const key = (s: EngineScope) => (this.on('profile_cache_by_agent') ? (s.agent ?? '') : s.user);
        const o = this.say(this.other, m.other.remember);
        this.reply(this.other, this.prompt(this.other, key(this.other)), m.got);
        this.write(this.other, m.other.memory, o, HOME_SLOT);
        this.cache.set(key(this.other), m.other.memory);
        const raw = this.say(this.scope, m.home.remember);
        this.reply(this.scope, this.prompt(this.scope, key(this.scope)), m.got);
        this.write(this.scope, m.home.memory, raw, HOME_SLOT);
        if (!this.cache.has(key(this.scope))) this.cache.set(key(this.scope), m.home.memory);
        this.say(this.scope, m.question);
        const plan = this.prompt(this.scope, key(this.scope));
        this.reply(this.scope, plan, this.answerHome(plan, [m.home, m.other], true));
        return;
      }
      case 'notes_without_rule': {
        // an agent whose memory is dated notes in its system message: it appends, never reconciles
        const rule = !this.on('notes_without_rule');
        this.say(this.scope, m.home.passing);
        this.reply(this.scope, this.prompt(this.scope, null, rule), m.got);
        this.notes.push({ at: this.now, text: m.home.memory });
        this.filler();
        this.say(this.scope, m.moved.passing);
        this.reply(this.scope, this.prompt(this.scope, null, rule), m.got);
        this.notes.push({ at: this.now, text: m.moved.memory });
        this.say(this.scope, m.question);
        const plan = this.prompt(this.scope, null, rule);
        const answer = this.answerHome(plan, [m.home, m.moved], rule);
        if (!rule && answer === m.answer(m.home.value)) this.label('memory-conflict', 'the notes hold both homes with no rule, and the answer took the older');
        this.reply(this.scope, plan, answer);
        return;
      }
    }
  }
}

/** Run one memory-fault session (or, with fault `none`, one of the scenarios with every fault off), as runChaosSession returns it. */
export function memorySession(rng: Rng, id: string, lang: Lang, fault: MemoryFault | 'none', start: number, scenario?: MemoryFault): ChaosSession {
  const s = new MemorySession(id, lang, fault, rng, start, scenario);
  try {
    s.run();
    const none: ChaosLabel = { session: id, analyzer: null, turn: null, fault, lang };
    return {
      session: id,
      lang,
      fault,
      events: [...s.engine.events],
      labels: fault === 'none' ? [none] : s.labels.length ? s.labels : [{ ...none, note: 'the fault had no effect in this session' }],
    };
  } finally {
    s.engine.close();
  }
}
