/**
 * Memory check sets (the failure article's habit 7.3): short scripted conversations, each ending in a
 * probe question whose right answer depends on something remembered, with what the answer must
 * contain or must not do, tagged with the memory type and the layer it exercises. Read from YAML
 * with the line of every check, so a failing check points back to its file:line.
 */
import fs from 'node:fs';
import { LineCounter, parseDocument, isMap, isSeq, type Node } from 'yaml';
import { detectPreferences, type Preference } from '../../text/index.js';
import { InputError } from '../../errors.js';

/** The memory layers a check can exercise: the same words the findings use. */
export const CHECK_LAYERS = ['extraction', 'update', 'index', 'retrieval', 'injection', 'generation'] as const;
export type CheckLayer = (typeof CHECK_LAYERS)[number];

export type Step = { say: string } | { probe: string } | { filler: number };

export interface CheckSession {
  /** whose conversation (default: the check's user) */
  user: string;
  steps: Step[];
}

export interface Expectation {
  /** every one of these must be in the answer (case and spacing ignored) */
  contains: string[];
  /** at least one of these must be in the answer */
  containsAny: string[];
  /** none of these may be in the answer */
  notContains: string[];
  /** instructions the answer must honour, read by the constraint grammar and checked by the analyzers' checkers */
  honours: { text: string; preferences: Preference[] }[];
}

export interface Check {
  id: string;
  /** the memory type it exercises: constraint, preference, fact, decision, task_state, ... */
  memory: string;
  layer: CheckLayer;
  about: string;
  user: string;
  sessions: CheckSession[];
  expect: Expectation;
  /** file:line of the check */
  source: string;
}

export interface CheckSet {
  file: string;
  model?: string;
  contextLimit?: number;
  checks: Check[];
}

const CHECK_KEYS = new Set(['id', 'memory', 'layer', 'about', 'user', 'sessions', 'expect']);
const EXPECT_KEYS = new Set(['contains', 'contains_any', 'not_contains', 'honours']);

/** Read and check a check set; every problem is one line naming the file and line. */
export function readCheckSet(file: string): CheckSet {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (e) {
    throw new InputError(`cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  return parseCheckSet(text, file);
}

export function parseCheckSet(text: string, file: string): CheckSet {
  const lc = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lc, uniqueKeys: true });
  const at = (n: Node | null | undefined) => (n?.range ? lc.linePos(n.range[0]).line : 1);
  if (doc.errors.length) {
    const e = doc.errors[0];
    throw new InputError(`${file}:${e.linePos?.[0].line ?? 1}: not valid YAML: ${e.message.split('\n')[0]}`);
  }
  const fail = (n: Node | null | undefined, why: string): never => {
    throw new InputError(`${file}:${at(n)}: ${why}`);
  };
  const root = doc.contents;
  if (!isMap(root)) return fail(root, 'a check set is a mapping with `checks:` (see examples/checks/checks.yaml)');
  const top = doc.toJS() as Record<string, unknown>;
  for (const k of Object.keys(top)) if (!['version', 'model', 'context_limit', 'checks'].includes(k)) fail(root.get(k, true) as Node, `unknown key "${k}"`);
  if (top.version !== undefined && top.version !== 1) fail(root.get('version', true) as Node, `version ${JSON.stringify(top.version)} is not supported (1 is)`);
  const checksNode = root.get('checks', true) as Node | undefined;
  if (!isSeq(checksNode) || checksNode.items.length === 0) return fail(checksNode ?? root, '`checks:` must be a non-empty list');
  const ids = new Set<string>();
  const checks = checksNode.items.map((item) => {
    const node = item as Node;
    if (!isMap(node)) return fail(node, 'a check is a mapping (id, memory, layer, sessions, expect)');
    const c = (node.toJSON() ?? {}) as Record<string, unknown>;
    for (const k of Object.keys(c)) if (!CHECK_KEYS.has(k)) fail(node.get(k, true) as Node, `unknown key "${k}" (a check has ${[...CHECK_KEYS].join(', ')})`);
    const str = (k: string, required: boolean): string | undefined => {
      const v = c[k];
      if (v === undefined && !required) return undefined;
      if (typeof v !== 'string' || v.trim() === '') return fail((node.get(k, true) as Node) ?? node, `"${k}" must be a non-empty string`);
      return v.trim();
    };
    const id = str('id', true)!;
    if (ids.has(id)) fail(node, `check id "${id}" is used twice`);
    ids.add(id);
    const layer = str('layer', true)!;
    if (!(CHECK_LAYERS as readonly string[]).includes(layer))
      fail(node.get('layer', true) as Node, `layer "${layer}" is not one of ${CHECK_LAYERS.join(', ')}`);
    const user = str('user', false) ?? 'user-1';
    const sessions = readSessions(node.get('sessions', true) as Node, user, fail);
    const expect = readExpect(node.get('expect', true) as Node, node, fail);
    return {
      id,
      memory: str('memory', true)!,
      layer: layer as CheckLayer,
      about: str('about', false) ?? '',
      user,
      sessions,
      expect,
      source: `${file}:${at(node)}`,
    };
  });
  const limit = top.context_limit;
  if (limit !== undefined && (!Number.isInteger(limit) || (limit as number) < 256))
    fail(root.get('context_limit', true) as Node, '"context_limit" must be an integer of at least 256');
  return { file, model: typeof top.model === 'string' ? top.model : undefined, contextLimit: limit as number | undefined, checks };
}

type Fail = (n: Node | null | undefined, why: string) => never;

function readSessions(n: Node | undefined, user: string, fail: Fail): CheckSession[] {
  if (!isSeq(n) || n.items.length === 0) return fail(n, '"sessions" must be a non-empty list of sessions (each a list of steps, or { user, steps })');
  const out = n.items.map((s) => {
    const node = s as Node;
    let steps: Node | undefined = node;
    let who = user;
    if (isMap(node)) {
      const u = node.get('user');
      if (u !== undefined) {
        if (typeof u !== 'string' || !u.trim()) fail(node, 'a session\'s "user" must be a non-empty string');
        who = (u as string).trim();
      }
      steps = node.get('steps', true) as Node | undefined;
    }
    if (!isSeq(steps) || steps.items.length === 0) return fail(steps ?? node, 'a session is a non-empty list of steps');
    return { user: who, steps: steps.items.map((x) => readStep(x as Node, fail)) };
  });
  const all = out.flatMap((s) => s.steps);
  const probes = all.filter((s) => 'probe' in s).length;
  const last = out[out.length - 1].steps;
  if (probes !== 1 || !('probe' in last[last.length - 1])) fail(n, 'a check has exactly one `probe:` step, the last step of its last session');
  return out;
}

function readStep(n: Node, fail: Fail): Step {
  const v = n.toJSON() as unknown;
  if (typeof v === 'string' && v.trim()) return { say: v };
  if (v && typeof v === 'object' && !Array.isArray(v)) {
    const o = v as Record<string, unknown>;
    const keys = Object.keys(o);
    if (keys.length === 1) {
      if ((keys[0] === 'say' || keys[0] === 'probe') && typeof o[keys[0]] === 'string' && (o[keys[0]] as string).trim())
        return keys[0] === 'say' ? { say: o.say as string } : { probe: o.probe as string };
      if (keys[0] === 'filler' && Number.isInteger(o.filler) && (o.filler as number) >= 1 && (o.filler as number) <= 500) return { filler: o.filler as number };
    }
  }
  return fail(n, 'a step is a statement (a string, or { say: ... }), { probe: question } or { filler: 1-500 turns of unrelated chat }');
}

function readExpect(n: Node | undefined, check: Node, fail: Fail): Expectation {
  if (!isMap(n)) return fail(n ?? check, '"expect" must be a mapping with contains, contains_any, not_contains or honours');
  const e = n.toJSON() as Record<string, unknown>;
  for (const k of Object.keys(e)) if (!EXPECT_KEYS.has(k)) fail(n.get(k, true) as Node, `unknown expectation "${k}" (${[...EXPECT_KEYS].join(', ')})`);
  const list = (k: string): string[] => {
    const v = e[k];
    if (v === undefined) return [];
    const xs = typeof v === 'string' ? [v] : v;
    if (!Array.isArray(xs) || xs.some((x) => typeof x !== 'string' || !x.trim()))
      return fail(n.get(k, true) as Node, `"${k}" must be a string or a list of strings`);
    return xs as string[];
  };
  const honours = list('honours').map((text) => {
    const preferences = detectPreferences(text).filter((p) => p.checkable && p.polarity !== 'allow');
    if (preferences.length === 0)
      fail(
        n.get('honours', true) as Node,
        `"${text}": no checkable instruction read from it (the analyzers' checkers cover format, length, language, tone, emoji, citations and forbidden words)`,
      );
    return { text, preferences: [...preferences] };
  });
  const out = { contains: list('contains'), containsAny: list('contains_any'), notContains: list('not_contains'), honours };
  if (!out.contains.length && !out.containsAny.length && !out.notContains.length && !honours.length) fail(n, '"expect" names nothing to check');
  return out;
}
