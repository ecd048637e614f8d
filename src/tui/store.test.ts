import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTuiStore, FINDING_SORTS, type FindingFilter, type TuiStore } from './store.js';
import { fixtureStore, removeStore, HOSTILE_SESSION, type FixtureStore } from './__tests__/fixture-store.js';
import { openStore } from '../store/connection.js';
import type { Severity } from '../findings/types.js';
import { redactId } from '../findings/redact.js';

let fx: FixtureStore;
let store: TuiStore;

beforeAll(async () => {
  fx = await fixtureStore();
  fx.db.close();
  store = openTuiStore(openStore(fx.file, { readonly: true }), { analyzers: ['lost-write', 'scope-leak'] });
});
afterAll(() => {
  store.close();
  removeStore(fx);
});

describe('overview', () => {
  it('counts findings by analyzer and severity, with known analyzers that have none', () => {
    const o = store.overview();
    expect(o.findings).toBe(6);
    expect(o.matrix['lost-write']).toEqual({ error: 1, warning: 0, info: 0 });
    expect(o.matrix['tool-drift']).toEqual({ error: 0, warning: 1, info: 1 });
    expect(o.matrix['scope-leak']).toEqual({ error: 0, warning: 0, info: 0 });
    expect(o.bySeverity).toEqual({ error: 3, warning: 1, info: 2 });
    expect(o.sessionsAffected).toBe(5);
    expect(o.stats.sessions).toBe(6);
    expect(o.analyzedAt).not.toBeNull();
  });

  it('lists the worst sessions first', () => {
    const w = store.overview().worst.map((s) => [s.session, s.errors, s.warnings, s.infos]);
    expect(w).toEqual([
      ['s7-en', 1, 0, 1],
      ['recall-incident-csv-en', 1, 0, 0],
      ['team-run-en', 1, 0, 0],
      ['td-incident-en', 0, 1, 0],
      [HOSTILE_SESSION, 0, 0, 1],
    ]);
  });
});

describe('findings pages', () => {
  const ids = (f: FindingFilter, offset = 0, limit = 50) => store.findingsPage(f, offset, limit).map((r) => r.id);

  it('sorts by severity (worst first), by time, by session and by analyzer', () => {
    // worst first, then by session: recall-incident-csv-en < s7-en < team-run-en
    expect(ids({ sort: 'severity' })).toEqual(['f_recall', 'f_lost', 'f_state', 'f_drift', 'f_hostile', 'f_window']);
    const sev = store.findingsPage({ sort: 'severity' }, 0, 10).map((r) => r.severity);
    expect(sev).toEqual(['error', 'error', 'error', 'warning', 'info', 'info']);
    const ts = store.findingsPage({ sort: 'time' }, 0, 10).map((r) => r.ts);
    expect(ts).toEqual([...ts].sort().reverse());
    const sessions = store.findingsPage({ sort: 'session' }, 0, 10).map((r) => r.session);
    expect(sessions).toEqual([...sessions].sort());
    const an = store.findingsPage({ sort: 'analyzer' }, 0, 10).map((r) => r.analyzer);
    expect(an).toEqual([...an].sort());
  });

  it('reverses any sort order, the filters kept (S)', () => {
    for (const sort of FINDING_SORTS) {
      const fwd = ids({ sort });
      expect(ids({ sort, reverse: true }), sort).toEqual([...fwd].reverse());
    }
    // oldest first: the reverse of newest first
    const ts = store.findingsPage({ sort: 'time', reverse: true }, 0, 10).map((r) => r.ts);
    expect(ts).toEqual([...ts].sort());
    expect(ids({ sort: 'severity', analyzer: 'tool-drift', reverse: true })).toEqual(['f_hostile', 'f_drift']);
    expect(store.countFindings({ sort: 'severity', severity: 'info', reverse: true })).toBe(2);
    // the forward order is not changed by having been reversed
    expect(ids({ sort: 'severity' })).toEqual(['f_recall', 'f_lost', 'f_state', 'f_drift', 'f_hostile', 'f_window']);
  });

  it('filters by analyzer, severity, session and text, and counts what it filters', () => {
    expect(ids({ sort: 'severity', analyzer: 'tool-drift' })).toEqual(['f_drift', 'f_hostile']);
    expect(ids({ sort: 'severity', severity: 'info' }).sort()).toEqual(['f_hostile', 'f_window']);
    expect(ids({ sort: 'severity', session: 's7-en' })).toEqual(['f_lost', 'f_window']);
    expect(ids({ sort: 'severity', text: 'M77' }).sort()).toEqual(['f_lost', 'f_recall']);
    expect(ids({ sort: 'severity', text: 'team-run' })).toEqual(['f_state']);
    expect(ids({ sort: 'severity', text: 'concurrent' })).toEqual(['f_state']);
    expect(store.countFindings({ sort: 'severity', analyzer: 'tool-drift', severity: 'warning' })).toBe(1);
    expect(store.countFindings({ sort: 'time', text: 'nothing like this' })).toBe(0);
    expect(ids({ sort: 'severity', session: 'no-such-session' })).toEqual([]);
  });

  it('pages with offset and limit', () => {
    const all = ids({ sort: 'time' });
    expect(ids({ sort: 'time' }, 2, 3)).toEqual(all.slice(2, 5));
    expect(ids({ sort: 'time' }, 5, 10)).toEqual(all.slice(5));
    expect(ids({ sort: 'time' }, 99, 10)).toEqual([]);
  });
});

describe('sessions pages', () => {
  it('lists every session, worst first, and filters by text, analyzer and severity', () => {
    const all = store.sessionsPage({ sort: 'worst' }, 0, 50);
    expect(all.map((s) => s.session)).toHaveLength(6);
    expect(all[0]).toMatchObject({ session: 's7-en', errors: 1, infos: 1, analyzers: ['lost-write', 'window-overflow'] });
    expect(all.find((s) => s.session === 's7-en')!.events).toBeGreaterThan(10);
    expect(store.sessionsPage({ sort: 'session', text: 'RUN' }, 0, 10).map((s) => s.session)).toEqual(['team-run-en']);
    expect(store.sessionsPage({ sort: 'session', analyzer: 'tool-drift' }, 0, 10).map((s) => s.session)).toEqual([HOSTILE_SESSION, 'td-incident-en']);
    expect(store.sessionsPage({ sort: 'session', severity: 'warning' }, 0, 10).map((s) => s.session)).toEqual(['td-incident-en']);
    expect(store.countSessions({ sort: 'events' })).toBe(6);
    const ev = store.sessionsPage({ sort: 'events' }, 0, 10).map((s) => s.events);
    expect(ev).toEqual([...ev].sort((a, b) => b - a));
  });

  it('reverses any sort order (S): fewest events first, oldest first, z to a', () => {
    const names = (f: Parameters<TuiStore['sessionsPage']>[0]) => store.sessionsPage(f, 0, 50).map((s) => s.session);
    for (const sort of ['worst', 'recent', 'session', 'events'] as const) expect(names({ sort, reverse: true }), sort).toEqual(names({ sort }).reverse());
    const ev = store.sessionsPage({ sort: 'events', reverse: true }, 0, 10).map((s) => s.events);
    expect(ev).toEqual([...ev].sort((a, b) => a - b));
    expect(names({ sort: 'session', analyzer: 'tool-drift', reverse: true })).toEqual(['td-incident-en', HOSTILE_SESSION]);
  });
});

describe('single items', () => {
  it('reads a finding, a session and its findings', () => {
    expect(store.finding('f_state')!.evidence).toHaveLength(4);
    expect(store.finding('f_nope')).toBeNull();
    const s = store.session('s7-en');
    expect(s.events.some((e) => e.request && e.request.messages.length > 0)).toBe(true);
    const fs = store.sessionFindings('s7-en');
    expect(fs.map((f) => f.id).sort()).toEqual(['f_lost', 'f_window']);
    expect(fs.map((f) => f.ts)).toEqual(fs.map((f) => f.ts).sort());
  });

  it('opens the raw event of an evidence step by file:line or by event id, a request with its messages', () => {
    const f = store.finding('f_lost')!;
    const raw = store.rawEvent(f.evidence[0].source, f.session)!;
    expect(raw.kind).toBe('memory_write');
    expect(raw.source).toBe(f.evidence[0].source);
    expect(JSON.parse(raw.json)).toMatchObject({ kind: 'memory_write', write_id: 'w1', session: 's7-en' });
    const byId = store.rawEvent('hostile-req', HOSTILE_SESSION)!;
    expect(byId.kind).toBe('request');
    expect((JSON.parse(byId.json) as { messages: unknown[] }).messages).toHaveLength(1);
    expect(store.rawEvent('nowhere.jsonl:1', 's7-en')).toBeNull();
  });

  it('masks secrets in raw events', () => {
    const raw = store.rawEvent('hostile-req', HOSTILE_SESSION)!;
    expect(raw.json).not.toContain('sk-abcdefghijklmnopqrstuvwx1234');
    expect(raw.json).toMatch(/\[api-key #[0-9a-f]{8}\]/);
  });
});

describe('the configuration', () => {
  it('applies severity overrides, ignore rules, disabled analyzers and redaction as analyze does', () => {
    const s = openTuiStore(openStore(fx.file, { readonly: true }), {
      config: {
        analyzers: { 'tool-drift': { severity: 'error' as Severity }, 'window-overflow': { enabled: false } },
        ignore: [
          { analyzer: 'lost-write', session: 's7-*', reason: '' },
          { cause: 'rank_beyond_top_k', reason: '' },
        ],
      },
      redact: true,
    });
    try {
      const o = s.overview();
      expect(o.analyzers).not.toContain('window-overflow');
      expect(o.findings).toBe(3);
      expect(o.bySeverity).toEqual({ error: 3, warning: 0, info: 0 });
      expect(o.sessionsAffected).toBe(3);
      expect(s.findingsPage({ sort: 'session' }, 0, 10).map((r) => [r.id, r.severity])).toEqual([
        ['f_hostile', 'error'],
        ['f_drift', 'error'],
        ['f_state', 'error'],
      ]);
      expect(s.finding('f_lost')).toBeNull();
      expect(s.sessionFindings('s7-en')).toEqual([]);
      // redacted titles are not searched (a hit would give a hidden word away); session ids are, as
      // shown: by their hash, never by the stored id (a hit would tell which hash is whose)
      expect(s.countFindings({ sort: 'session', text: 'concise' })).toBe(0);
      expect(s.countFindings({ sort: 'session', text: 'td-incident' })).toBe(0);
      const drift = s.findingsPage({ sort: 'session', text: redactId('td-incident-en').slice(5, 11) }, 0, 10);
      expect(drift.map((r) => r.id)).toEqual(['f_drift']);
      expect(drift[0].title).not.toContain('Be concise');
      expect(s.finding('f_drift')!.evidence[1].text).toMatch(/^‹#[0-9a-f]{8} /);
      expect(s.rawEvent('hostile-req', HOSTILE_SESSION)!.json).not.toContain('my key is');
    } finally {
      s.close();
    }
  });
});

describe('a large store', () => {
  it('pages 20,000 findings in every sort order exactly as SQL orders them', () => {
    const db = openStore(fx.file);
    const ins = db.prepare('INSERT INTO findings (id, analyzer, severity, session, turn, ts, title, cause, json) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)');
    const analyzers = ['lost-write', 'recall-mismatch', 'tool-drift'];
    const sevs = ['error', 'warning', 'info'];
    db.transaction(() => {
      for (let i = 0; i < 20_000; i++) {
        const f = {
          id: `f_big${String(i).padStart(6, '0')}`,
          analyzer: analyzers[i % 3],
          severity: sevs[(i * 7) % 3],
          session: `big-${String(i % 997).padStart(4, '0')}`,
          turn: i % 9,
          ts: new Date(Date.UTC(2026, 0, 1) + ((i * 7919) % 20_000) * 1000).toISOString(),
          title: `finding ${i}`,
          cause: 'c',
        };
        ins.run(f.id, f.analyzer, f.severity, f.session, f.turn, f.ts, f.title, f.cause, JSON.stringify({ ...f, evidence: [], fix: '' }));
      }
    })();
    const sql = {
      severity: "ORDER BY CASE severity WHEN 'error' THEN 0 WHEN 'warning' THEN 1 ELSE 2 END, session, ts, rowid",
      time: 'ORDER BY ts DESC, rowid',
      session: 'ORDER BY session, ts, rowid',
      analyzer: "ORDER BY analyzer, CASE severity WHEN 'error' THEN 0 WHEN 'warning' THEN 1 ELSE 2 END, session, ts, rowid",
    };
    const big = openTuiStore(openStore(fx.file, { readonly: true }));
    try {
      expect(big.countFindings({ sort: 'time' })).toBe(20_006);
      for (const sort of FINDING_SORTS) {
        const want = (db.prepare(`SELECT id FROM findings WHERE analyzer = 'tool-drift' ${sql[sort]}`).all() as { id: string }[]).map((r) => r.id);
        for (const offset of [0, 37, 3000, want.length - 5]) {
          expect(big.findingsPage({ sort, analyzer: 'tool-drift' }, offset, 25).map((r) => r.id)).toEqual(want.slice(offset, offset + 25));
        }
        const all = (db.prepare(`SELECT id FROM findings ${sql[sort]} LIMIT 30 OFFSET 19000`).all() as { id: string }[]).map((r) => r.id);
        expect(big.findingsPage({ sort }, 19_000, 30).map((r) => r.id)).toEqual(all);
      }
    } finally {
      big.close();
      db.prepare("DELETE FROM findings WHERE id LIKE 'f_big%'").run();
      db.close();
    }
  });
});
