/**
 * Probes of the memory design's section on scope and sharing (docs/engine.md, Scope), through the
 * engine's public API. Issue 34: sharing exposed an agent's whole space, private notes included, and
 * there was no team or project space across users. Each test fails on an engine that shares a
 * private note, keeps reading a revoked share, forgets when it was revoked, lets an outsider read a
 * team through a scope that names it, or loses anything of a store written before migration 4.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { contentText } from '../src/events/validate.js';
import { analyzer as scopeLeak } from '../src/analyzers/scope-leak/index.js';
import { analyzeStore } from '../src/analyzers/run.js';
import {
  jsonlSink,
  openEngine,
  OwnershipError,
  ScopeError,
  StaleVersionError,
  type EngineOptions,
  type EngineScope,
  type MemoryEngine,
} from '../src/engine/index.js';
import { resolveInputs } from '../src/ingest/inputs.js';
import { ingest } from '../src/ingest/pipeline.js';
import { openStore } from '../src/store/connection.js';
import { ROOT } from './helpers.js';

const T0 = Date.parse('2026-03-02T09:00:00Z');
const DAY = 86_400_000;
const SUPPORT = { user: 'alice', agent: 'support' };
const BILLING = { user: 'alice', agent: 'billing' };

const open: MemoryEngine[] = [];
const dirs: string[] = [];
function engine(opts: EngineOptions = {}): MemoryEngine & { tick(ms?: number): number; now(): number } {
  let now = T0;
  const e = openEngine({ clock: () => now, keepEvents: true, autoDrain: false, session: 'probe', ...opts }) as MemoryEngine & {
    tick(ms?: number): number;
    now(): number;
  };
  e.tick = (ms = 1000) => (now += ms);
  e.now = () => now;
  open.push(e);
  return e;
}
afterEach(() => {
  for (const e of open.splice(0)) e.close();
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

const found = (e: MemoryEngine, scope: EngineScope, q: string) => e.search(scope, q, { limit: 50 }).map((h) => h.memory.text);
const prompt = (e: MemoryEngine, scope: EngineScope, user: string) =>
  e
    .buildPrompt(scope, { user, emit: false })
    .messages.map((m) => contentText(m.content))
    .join('\n');

/** alice's support agent: a private note, a tagged fact, an untagged fact, a decision, a private constraint */
function aliceSupport(e: ReturnType<typeof engine>) {
  // the private note carries the tag a share selects by: private wins
  const note = e.remember(SUPPORT, { type: 'fact', text: 'The office door code is 4412', private: true, tags: ['ops'] });
  e.remember(SUPPORT, { type: 'fact', text: 'The staging host is db-stg-3', tags: ['ops'] });
  e.remember(SUPPORT, { type: 'fact', text: 'The deploy window is Friday evening' });
  e.remember(SUPPORT, { type: 'decision', text: 'We decided to refund invoice INV-77' });
  e.remember(SUPPORT, { type: 'constraint', text: 'Never mention my divorce to anyone', private: true });
  e.drain();
  e.tick();
  return note.memoryId;
}
const Q = 'door code staging host deploy window refund invoice divorce';

describe('Scope and sharing: a share shows a chosen part of a space, never a private note', () => {
  it('before a share another agent reads nothing; a share by tag shows the tagged fact and nothing else; the private note never', () => {
    const e = engine();
    const note = aliceSupport(e);
    expect(found(e, SUPPORT, Q)).toHaveLength(5); // its own space: the private notes included
    expect(found(e, SUPPORT, Q)).toContain('The office door code is 4412');
    expect(found(e, BILLING, Q)).toEqual([]);
    e.share(SUPPORT, { with: { agent: 'billing' }, tags: ['ops'] });
    expect(found(e, BILLING, Q)).toEqual(['The staging host is db-stg-3']);
    const p = prompt(e, BILLING, 'What is the staging host, the door code and the deploy window?');
    expect(p).toContain('db-stg-3');
    expect(p).not.toContain('4412');
    expect(p).not.toContain('Friday evening');
    expect(p).not.toContain('divorce');
    // every read path: listing, a memory's versions, the pinned section, export
    expect(e.memories(BILLING).map((m) => m.text)).toEqual(['The staging host is db-stg-3']);
    expect(e.versions(BILLING, note)).toEqual([]);
    expect(e.pinned(BILLING)).toEqual([]);
    expect(JSON.stringify(e.exportData(BILLING))).not.toContain('4412');
    // the share names one agent: the user's other agents and other users read nothing
    expect(found(e, { user: 'alice', agent: 'sales' }, Q)).toEqual([]);
    expect(found(e, { user: 'bob', agent: 'billing' }, Q)).toEqual([]);
  });

  it('a share by type, and a whole-space share, still leave the private notes out (the constraint too)', () => {
    const e = engine();
    aliceSupport(e);
    e.share(SUPPORT, { with: { agent: 'billing' }, types: ['decision'] });
    expect(found(e, BILLING, Q)).toEqual(['We decided to refund invoice INV-77']);
    e.share(SUPPORT); // every agent of alice, every type
    const sales = { user: 'alice', agent: 'sales' };
    expect(found(e, sales, Q).sort()).toEqual(['The deploy window is Friday evening', 'The staging host is db-stg-3', 'We decided to refund invoice INV-77']);
    const p = prompt(e, sales, 'Tell me the door code and anything about divorce.');
    expect(p).not.toContain('4412');
    expect(p).not.toContain('divorce to anyone');
    expect(e.pinned(sales)).toEqual([]);
    expect(e.pinned(SUPPORT).map((m) => m.text)).toEqual(['Never mention my divorce to anyone']);
  });

  it('a share is with agents of the same user: every agent by default, one when named; another user is refused (that is a team)', () => {
    const e = engine();
    aliceSupport(e);
    expect(() => e.share(SUPPORT, { with: { user: 'bob' }, tags: ['ops'] })).toThrow(ScopeError);
    expect(e.shares(SUPPORT)).toEqual([]);
    e.share(SUPPORT, { with: { user: 'alice', agent: 'billing' }, tags: ['ops'] });
    expect(found(e, BILLING, Q)).toEqual(['The staging host is db-stg-3']);
    for (const other of [{ user: 'bob' }, { user: 'bob', agent: 'billing' }, { user: 'carol', agent: 'ops' }, { user: 'alice', agent: 'sales' }])
      expect(found(e, other, Q)).toEqual([]);
    // the same user id in another tenant is another reader
    expect(found(e, { user: 'alice', agent: 'billing', tenant: 'acme' }, Q)).toEqual([]);
  });

  it('revoked, a share shows nothing again; the revocation is recorded, not a delete, and the history says when', () => {
    const e = engine();
    aliceSupport(e);
    const g = e.share(SUPPORT, { with: { agent: 'billing' }, tags: ['ops'] });
    expect(g).toMatchObject({ grantee: { user: 'alice', agent: 'billing' }, tags: ['ops'], types: null, grantedAt: e.now(), revokedAt: null });
    expect(found(e, BILLING, Q)).toEqual(['The staging host is db-stg-3']);
    e.tick(DAY);
    const revokedAt = e.now();
    // only the owner's space may revoke: the reader cannot, nor another user
    expect(() => e.revoke(BILLING, g.id)).toThrow(ScopeError);
    expect(() => e.revoke({ user: 'bob', agent: 'support' }, g.id)).toThrow(ScopeError);
    expect(e.revoke(SUPPORT, g.id)).toMatchObject({ id: g.id, revokedAt });
    expect(found(e, BILLING, Q)).toEqual([]);
    expect(prompt(e, BILLING, 'What is the staging host?')).not.toContain('db-stg-3');
    expect(e.memories(BILLING)).toEqual([]);
    // both sides' history: granted at T, revoked a day later
    for (const s of [SUPPORT, BILLING]) expect(e.shares(s)).toEqual([{ ...g, revokedAt }]);
    expect(e.shares({ user: 'alice', agent: 'sales' })).toEqual([]);
    // append-only: the grant and its revocation cannot be edited or deleted
    expect(() => e.db.prepare('DELETE FROM share_revocations').run()).toThrow(/append-only/);
    expect(() => e.db.prepare('UPDATE share_grants SET granted_at = 0').run()).toThrow(/append-only/);
    expect(() => e.db.prepare('DELETE FROM share_grants').run()).toThrow(/append-only/);
    // revoking again changes nothing; a new share is a new grant with its own history
    e.tick();
    expect(e.revoke(SUPPORT, g.id).revokedAt).toBe(revokedAt);
    const again = e.share(SUPPORT, { with: { agent: 'billing' }, tags: ['ops'] });
    expect(again.id).not.toBe(g.id);
    expect(found(e, BILLING, Q)).toEqual(['The staging host is db-stg-3']);
    expect(e.shares(BILLING).map((x) => [x.id, x.revokedAt])).toEqual([
      [g.id, revokedAt],
      [again.id, null],
    ]);
  });

  it("a reader's own memory outranks a shared one in its reads without marking the owner's memory", () => {
    const e = engine();
    aliceSupport(e);
    e.share(SUPPORT, { with: { agent: 'billing' }, tags: ['ops'] });
    e.tick(DAY);
    e.remember(BILLING, { type: 'fact', text: 'The staging host is db-stg-4 now' });
    e.drain();
    expect(found(e, BILLING, 'staging host')).toEqual(['The staging host is db-stg-4 now']);
    // alice's support agent still holds its own memory, current: a reader never writes to another space
    expect(found(e, SUPPORT, 'staging host')).toEqual(['The staging host is db-stg-3']);
    expect(e.memories(SUPPORT).find((m) => m.text === 'The staging host is db-stg-3')?.supersededAt).toBeNull();
  });

  it('the scope stays mandatory on every sharing entry point, and a share is given only of its own space', () => {
    const e = engine();
    const bad = [undefined, {}, { user: '' }, { agent: 'x' }, { user: 'u', team: '' }] as never[];
    for (const s of bad) {
      expect(() => e.share(s)).toThrow(ScopeError);
      expect(() => e.revoke(s, 1)).toThrow(ScopeError);
      expect(() => e.shares(s)).toThrow(ScopeError);
      expect(() => e.teams.create(s, 'proj-x')).toThrow(ScopeError);
    }
    expect(() => e.share(SUPPORT, { with: { user: '' } })).toThrow(ScopeError);
    expect(() => e.share(SUPPORT, { types: ['secret' as never] })).toThrow(/types/);
    expect(() => e.share(SUPPORT, { tags: [] })).toThrow(/tags/);
  });
});

describe('Scope and sharing: a team or project space across users', () => {
  const A = { user: 'alice', agent: 'support', team: 'proj-x' };
  const B = { user: 'bob', agent: 'coder', team: 'proj-x' };
  const OUTSIDER = { user: 'carol', agent: 'coder', team: 'proj-x' };
  function team(e: ReturnType<typeof engine>) {
    e.teams.create({ user: 'alice' }, 'proj-x');
    e.teams.add(A, 'bob');
    e.userMessage(A, 'The release deadline is Friday.', { turn: 0 });
    e.remember(A, { type: 'fact', text: 'The release branch is release-7' });
    e.remember({ user: 'alice', agent: 'support' }, { type: 'fact', text: 'My own release checklist lives in notes.md' });
    e.drain();
    e.tick(DAY);
  }

  it('a team memory reaches every member, with who wrote it, and no outsider', () => {
    const e = engine();
    team(e);
    expect(e.teams.members(A)).toEqual(['alice', 'bob']);
    const hits = e.search(B, 'release deadline branch', { limit: 50 });
    expect(hits.map((h) => h.memory.text).sort()).toEqual(['The release branch is release-7', 'The release deadline is Friday.']);
    // provenance: the author (user, agent) and the raw entry it came from
    const deadline = hits.find((h) => h.memory.text.startsWith('The release deadline'))?.memory;
    expect(deadline?.scope).toEqual({ user: 'alice', agent: 'support', team: 'proj-x' });
    expect(e.rawLog({ user: 'alice', agent: 'support' }).map((r) => r.id)).toContain(deadline?.rawId);
    expect(prompt(e, B, 'When is the release deadline?')).toContain('Friday');
    // alice's own note stays hers: not in bob's team reads
    expect(prompt(e, B, 'Where is the release checklist?')).not.toContain('notes.md');
    // a member added later reads it too
    e.teams.add(B, 'dave');
    expect(found(e, { user: 'dave', team: 'proj-x' }, 'release deadline')).toContain('The release deadline is Friday.');
    // an outsider: nothing in its own space, and a scope naming the team is refused on every entry point
    expect(found(e, { user: 'carol', agent: 'coder' }, 'release deadline branch')).toEqual([]);
    expect(prompt(e, { user: 'carol', agent: 'coder' }, 'When is the release deadline?')).not.toContain('Friday');
    expect(() => e.search(OUTSIDER, 'release deadline')).toThrow(ScopeError);
    expect(() => e.buildPrompt(OUTSIDER, { user: 'When is the release deadline?' })).toThrow(ScopeError);
    expect(() => e.memories(OUTSIDER)).toThrow(ScopeError);
    expect(() => e.userMessage(OUTSIDER, 'The release deadline is Sunday.', { turn: 0 })).toThrow(ScopeError);
    expect(() => e.remember(OUTSIDER, { type: 'fact', text: 'The release branch is evil-1' })).toThrow(ScopeError);
    expect(() => e.teams.add(OUTSIDER, 'carol')).toThrow(ScopeError);
    expect(() => e.teams.members(OUTSIDER)).toThrow(ScopeError);
    expect(() => e.teams.create({ user: 'carol' }, 'proj-x')).toThrow(ScopeError);
    // the forged writes left nothing behind
    expect(e.rawLog({ user: 'carol', agent: 'coder' })).toEqual([]);
    expect(found(e, B, 'release branch deadline').sort()).toEqual(['The release branch is release-7', 'The release deadline is Friday.']);
    // the same team name in another tenant is another team
    expect(() => e.search({ user: 'bob', tenant: 'acme', team: 'proj-x' }, 'release')).toThrow(ScopeError);
  });

  it("members' conflicting writes are resolved by the engine's rule: the newer stands, the older is kept and marked", () => {
    const e = engine();
    team(e);
    e.userMessage(B, 'The release deadline moved to Monday.', { turn: 0 });
    e.drain();
    e.tick();
    for (const reader of [A, B]) {
      const p = prompt(e, reader, 'When is the release deadline?');
      expect(p).toContain('Monday');
      expect(p).not.toContain('Friday');
    }
    const all = e.memories(A, { includeSuperseded: true }).filter((m) => m.text.includes('deadline'));
    const friday = all.find((m) => m.text.includes('Friday'));
    const monday = all.find((m) => m.text.includes('Monday'));
    expect(monday).toMatchObject({ scope: { user: 'bob', team: 'proj-x' }, supersededAt: null });
    expect(friday).toMatchObject({ scope: { user: 'alice', team: 'proj-x' } });
    expect(friday?.supersededAt).not.toBeNull();
    // the older member's statement does not come back when it is newer in the queue's order only
    e.remember(A, { type: 'fact', text: 'The release deadline is Friday.', at: T0 });
    e.drain();
    expect(prompt(e, B, 'When is the release deadline?')).not.toContain('Friday');
  });

  it('a user whose id is "team", its agent named like the team, writes its own memories and never touches the team\'s', () => {
    const e = engine();
    team(e);
    const branch = (scope: EngineScope) =>
      e.memories(scope, { includeSuperseded: true }).flatMap((m) => (m.text.includes('release branch') ? [[m.text, m.supersededAt, m.id]] : []));
    const [[, , teamId]] = branch(A);
    const impostor = { user: 'team', agent: 'proj-x' };
    // the same words: its own memory, not a duplicate of the team's
    const same = e.remember(impostor, { type: 'fact', text: 'The release branch is release-7', critical: true });
    expect(same.memoryId).not.toBe(teamId);
    // the same slot: its own memory, the team's not superseded
    e.remember(A, { type: 'fact', text: 'The release owner is Alice', slot: 'fact:owner', critical: true });
    e.remember(impostor, { type: 'fact', text: 'The release owner is Mallory', slot: 'fact:owner', critical: true });
    expect(branch(A)).toEqual([['The release branch is release-7', null, teamId]]);
    expect(
      e
        .memories(A, { includeSuperseded: true })
        .filter((m) => m.text.includes('owner'))
        .map((m) => [m.text, m.supersededAt]),
    ).toEqual([['The release owner is Alice', null]]);
    expect(e.memories(impostor).map((m) => m.text)).toEqual(['The release branch is release-7', 'The release owner is Mallory']);
  });

  it('a member taken out reads the team no more; what it wrote stays, with its author; a private note is refused in a team', () => {
    const e = engine();
    team(e);
    e.remember(B, { type: 'fact', text: 'The release notes draft is in docs/release.md' });
    e.drain();
    e.teams.remove(A, 'bob');
    expect(e.teams.members(A)).toEqual(['alice']);
    expect(() => e.search(B, 'release notes')).toThrow(ScopeError);
    expect(e.search(A, 'release notes draft').map((h) => h.memory.scope.user)).toContain('bob');
    // membership is a ledger: the leave is recorded, nothing deleted
    expect(() => e.db.prepare('DELETE FROM team_members').run()).toThrow(/append-only/);
    expect(() => e.remember(A, { type: 'fact', text: 'My salary is 90k', private: true })).toThrow(ScopeError);
  });
});

describe("Scope and sharing: a team's shared state follows the rule its memories follow (Sharing.readWhere)", () => {
  const A = { user: 'alice', agent: 'planner', team: 'proj-x' };
  const B = { user: 'bob', agent: 'executor', team: 'proj-x' };
  const OUTSIDER = { user: 'carol', agent: 'executor', team: 'proj-x' };
  function team(e: ReturnType<typeof engine>) {
    e.teams.create({ user: 'alice' }, 'proj-x');
    e.teams.add(A, 'bob');
    e.state.write(A, 'current_task', 'ship release-7', { actor: 'planner', expectedVersion: 0 });
  }

  it("every member reads and writes the team's field by compare-and-set; an outsider's forged team scope is refused on every call", () => {
    const e = engine();
    team(e);
    expect(e.state.read(B, 'current_task', 'executor')).toMatchObject({ value: 'ship release-7', version: 1 });
    // the members share one field and one version: a write from a stale read is refused
    const seen = e.state.read(B, 'current_task', 'executor');
    e.state.write(A, 'current_task', 'ship release-8', { actor: 'planner', expectedVersion: seen.version });
    expect(() => e.state.write(B, 'current_task', 'fix the build', { actor: 'executor', expectedVersion: seen.version })).toThrow(StaleVersionError);
    expect(e.state.update(B, 'current_task', 'executor', (v) => `${String(v)}, then fix the build`).value).toBe('ship release-8, then fix the build');
    expect(e.state.peek(A, 'current_task')).toMatchObject({ value: 'ship release-8, then fix the build', version: 3 });
    // a member's own space (no team named) is not the team's, and the team's is not its own
    expect(e.state.peek({ user: 'bob', agent: 'executor' }, 'current_task').value).toBeNull();
    e.state.write({ user: 'alice', agent: 'planner' }, 'current_task', 'my own errand', { actor: 'planner', expectedVersion: 0 });
    expect(e.state.peek(B, 'current_task').value).toBe('ship release-8, then fix the build');
    // an outsider: its own field of the same name holds nothing of the team's; naming the team is refused everywhere
    expect(e.state.peek({ user: 'carol', agent: 'executor' }, 'current_task').value).toBeNull();
    expect(() => e.state.read(OUTSIDER, 'current_task', 'executor')).toThrow(ScopeError);
    expect(() => e.state.peek(OUTSIDER, 'current_task')).toThrow(ScopeError);
    expect(() => e.state.write(OUTSIDER, 'current_task', 'evil', { actor: 'executor', expectedVersion: 3 })).toThrow(ScopeError);
    expect(() => e.state.update(OUTSIDER, 'current_task', 'executor', () => 'evil')).toThrow(ScopeError);
    expect(() => e.state.own(OUTSIDER, 'current_task', 'executor')).toThrow(ScopeError);
    expect(() => e.state.seed(OUTSIDER, 'current_task', 'evil', 9)).toThrow(ScopeError);
    // the same team name in another tenant is another team
    expect(() => e.state.read({ ...B, tenant: 'acme' }, 'current_task', 'executor')).toThrow(ScopeError);
    // a team field is shared by membership, not declared shared
    expect(() => e.state.share(A, 'current_task')).toThrow(ScopeError);
    expect(e.state.peek(A, 'current_task')).toMatchObject({ value: 'ship release-8, then fix the build', version: 3 });
  });

  it("a member taken out reads and writes the team's fields no more; an owner holds across members", () => {
    const e = engine();
    team(e);
    e.state.own(A, 'release_plan', 'planner');
    expect(() => e.state.write(B, 'release_plan', 'skip QA', { actor: 'executor', expectedVersion: 0 })).toThrow(OwnershipError);
    e.teams.remove(A, 'bob');
    expect(() => e.state.read(B, 'current_task', 'executor')).toThrow(ScopeError);
    expect(() => e.state.write(B, 'current_task', 'x', { actor: 'executor', expectedVersion: 1 })).toThrow(ScopeError);
    expect(e.state.peek(A, 'current_task')).toMatchObject({ value: 'ship release-7', version: 1 });
  });

  it("a team field's events have the team as their scope, the member who wrote it as author; a member's own field keeps its scope", () => {
    const e = engine();
    team(e);
    e.state.read(B, 'current_task', 'executor');
    e.state.write({ user: 'bob', agent: 'executor' }, 'scratch', 'notes', { actor: 'executor', expectedVersion: 0 });
    const states = e.events.filter((x) => x.kind === 'state');
    expect(states.map((x) => [x.scope, x.author ?? null])).toEqual([
      [{ team: 'proj-x' }, { user: 'alice', agent: 'planner' }],
      [{ team: 'proj-x' }, { user: 'bob', agent: 'executor' }],
      [{ user: 'bob', agent: 'executor' }, null],
    ]);
  });
});

describe('Scope and sharing: a store written before migration 4 opens and migrates in place', () => {
  it('schema 3 (written by main at 69744d0) becomes schema 4 with every row kept, its shared space a grant, its queued write replayed', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'amnesia-share-'));
    dirs.push(dir);
    const file = path.join(dir, 'memory.db');
    fs.copyFileSync(path.join(ROOT, 'test/engine-store/schema3.db'), file);
    const e = engine({ file, clock: () => Date.parse('2026-12-01T09:00:00Z') });
    expect(e.db.pragma('user_version', { simple: true })).toBe(4);
    expect(e.integrity).toMatchObject({ ok: true, missing: [] });
    expect(e.integrity.replayed).toHaveLength(1);
    expect(e.drain()).toEqual([expect.objectContaining({ status: 'committed' })]);
    const rows = e.db.prepare('SELECT memory_id, user, agent, type, text, private, tags, team FROM memories ORDER BY row').all();
    expect(rows).toEqual([
      {
        memory_id: 'm-6889eac45a80',
        user: 'alice',
        agent: null,
        type: 'constraint',
        text: 'Never use XML in your answers.',
        private: 0,
        tags: ' ',
        team: null,
      },
      { memory_id: 'm-6e41475c56ea', user: 'alice', agent: null, type: 'fact', text: 'My timezone is Europe/Lisbon.', private: 0, tags: ' ', team: null },
      {
        memory_id: 'm-006e5bf824d1',
        user: 'alice',
        agent: 'billing',
        type: 'decision',
        text: 'We decided to refund invoice INV-77 to the card on file.',
        private: 0,
        tags: ' ',
        team: null,
      },
      {
        memory_id: 'm-663b41e288ff',
        user: 'alice',
        agent: 'billing',
        type: 'fact',
        text: 'The billing database host is db-bill-1',
        private: 0,
        tags: ' ',
        team: null,
      },
      { memory_id: 'm-490f38699501', user: 'bob', agent: 'support', type: 'preference', text: 'I prefer dark theme.', private: 0, tags: ' ', team: null },
      // the write that waited in the durable queue, replayed on open and committed
      expect.objectContaining({ user: 'bob', agent: 'support', text: 'The staging host is db-stg-3' }),
    ]);
    expect(e.db.prepare('SELECT count(*) FROM raw_log').pluck().get()).toBe(4);
    expect(e.rawLog({ user: 'bob', agent: 'support', session: 's-old' }).map((r) => r.content)).toEqual(['I prefer dark theme.']);
    expect(e.state.peek({ user: 'bob', agent: 'support' }, 'current_task')).toMatchObject({ value: 'PAY-512', version: 1 });
    // the user-wide space alice declared shared (migration 2) is still read by her agents, now as a grant
    expect(e.shares({ user: 'alice' })).toEqual([
      { id: 1, owner: { user: 'alice' }, grantee: { user: 'alice', agent: null }, types: null, tags: null, grantedAt: expect.any(Number), revokedAt: null },
    ]);
    expect(found(e, { user: 'alice', agent: 'billing' }, 'timezone')).toEqual(['My timezone is Europe/Lisbon.']);
    expect(e.pinned({ user: 'alice', agent: 'support' }).map((m) => m.text)).toEqual(['Never use XML in your answers.']);
    expect(found(e, { user: 'bob', agent: 'support' }, 'timezone')).toEqual([]);
    // the new columns are frozen like the others, and the file is sound
    expect(() => e.db.prepare('UPDATE memories SET private = 1').run()).toThrow(/immutable/);
    expect(e.db.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(e.db.prepare('SELECT count(*) FROM sqlite_master WHERE name = ?').pluck().get('shared_spaces')).toBe(0);
  });

  it('the committed file is the old schema (it has not been migrated by a test run)', () => {
    const raw = fs.readFileSync(path.join(ROOT, 'test/engine-store/schema3.db'));
    // SQLite's header: user_version at offset 60, big-endian
    expect(raw.readUInt32BE(60)).toBe(3);
  });
});

describe("Scope and sharing: the engine's own logs of a share and a team read are not leaks", () => {
  /** The session through the engine, its events in a JSON Lines file; `edit` rewrites them as an older engine wrote them. */
  async function leaks(mode: 'team' | 'share', edit?: (e: Record<string, unknown>) => void): Promise<string[]> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'amnesia-share-log-'));
    dirs.push(dir);
    const log = path.join(dir, `${mode}.jsonl`);
    const sink = jsonlSink(log);
    let now = T0;
    const e = openEngine({ clock: () => (now += 1000), onEvent: sink, session: `s-${mode}` });
    open.push(e);
    const team = mode === 'team' ? { team: 'proj-x' } : {};
    const A = { user: 'alice', agent: 'support', ...team };
    const B = mode === 'team' ? { user: 'bob', agent: 'coder', ...team } : BILLING;
    if (mode === 'team') {
      e.teams.create({ user: 'alice' }, 'proj-x');
      e.teams.add(A, 'bob');
    }
    e.userMessage(A, 'The release deadline for the mobile app is Friday the 14th.', { turn: 0 });
    e.remember(A, { type: 'fact', text: 'The release branch for the mobile app is release-7', tags: ['ops'] });
    await e.flush();
    if (mode === 'share') e.share(A, { with: { agent: 'billing' }, tags: ['ops'] });
    e.userMessage(B, 'Which release branch and deadline for the mobile app?', { turn: 1 });
    const plan = e.buildPrompt(B, { system: 'You are a coding agent.', turn: 1 });
    expect(plan.retrieved.filter((h) => h.injected).map((h) => h.memory.text)).toContain('The release branch for the mobile app is release-7');
    e.assistantMessage(B, 'The branch is release-7.', { turn: 1, requestId: plan.requestId });
    sink.close();
    if (edit) {
      const lines = fs
        .readFileSync(log, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as Record<string, unknown>);
      for (const l of lines) edit(l);
      fs.writeFileSync(log, `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`);
    }
    const db = openStore(path.join(dir, 'evidence.db'));
    try {
      await ingest(db, { inputs: await resolveInputs([log]), progress: false });
      return [...analyzeStore(db, { analyzers: [scopeLeak], options: {} })].map((f) => `${f.analyzer}:${f.cause}`);
    } finally {
      db.close();
    }
  }

  it("a member's read of a team memory: the write's scope is the team's, so scope-leak finds nothing; written as the author's, it would", async () => {
    expect(await leaks('team')).toEqual([]);
    const asAuthor = (l: Record<string, unknown>) => {
      if (l.kind === 'memory_write' && (l.scope as { team?: string } | undefined)?.team) l.scope = { user: 'alice', agent: 'support' };
    };
    // both team memories (the deadline and the branch) reached bob's prompt under alice's name
    expect(await leaks('team', asAuthor)).toEqual(['scope-leak:filter_not_enforced', 'scope-leak:filter_not_enforced']);
  });

  it("an agent's read of a share: the retrieval's filter names the shared agent; filtered to the reader alone, it would be a leak", async () => {
    expect(await leaks('share')).toEqual([]);
    const readerOnly = (l: Record<string, unknown>) => {
      const f = l.filters as { agent?: unknown } | undefined;
      if (l.kind === 'retrieval' && f && typeof f.agent === 'object') f.agent = 'billing';
    };
    expect(await leaks('share', readerOnly)).toEqual(['scope-leak:filter_not_enforced']);
  });
});
