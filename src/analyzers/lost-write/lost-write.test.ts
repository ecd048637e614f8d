import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyzeFiles, testAnalyzer, flags } from '../../../test/analyzer-tester.js';
import { analyzer } from './index.js';

testAnalyzer(analyzer, import.meta.dirname, {
  valid: [
    { name: 'German: a holiday remembered (narrative), no memory system', files: ['fixtures/valid/narrative-de.jsonl'] },
    { name: 'Spanish: an offer to remember is not a promise', files: ['fixtures/valid/offer-es.jsonl'] },
    {
      name: 'people\'s own memories beside a memory system ("I\'ll never forget it", "I saved some", "we noted"; en, es, de, zh, ru, it, pl, hi, ar)',
      files: ['fixtures/valid/people-own-memories.jsonl'],
    },
    {
      name: 'a promise in a chat with no memory system (no writes, memory tools or retrievals): nothing to check',
      files: ['fixtures/valid/promise-no-memory-system-en.jsonl'],
    },
    { name: 'acknowledged, committed a few seconds later (non-critical fact)', files: ['fixtures/valid/committed-late-en.jsonl'] },
    { name: 'failed, retried, then committed (Chinese, epoch ms)', files: ['fixtures/valid/retried-zh.jsonl'] },
    { name: 'negations, questions, an offer and a saved file (English)', files: ['fixtures/valid/negations-en.jsonl'] },
    { name: 'negations, questions, a saved file and an unacknowledged failure (Chinese)', files: ['fixtures/valid/negations-zh.jsonl'] },
    { name: 'critical writes committed before they were acknowledged', files: ['fixtures/valid/sync-critical.jsonl'] },
    { name: 'restarts before the write and after its commit; early snapshot and other store', files: ['fixtures/valid/restart-survived.jsonl'] },
    { name: 'promise backed by a memory tool call instead of memory_write events', files: ['fixtures/valid/tool-memory.jsonl'] },
    { name: 'no turn numbers: promise linked to the write around it', files: ['fixtures/valid/no-turns.jsonl'] },
    { name: 'committed, then deleted on request (op: delete): a later snapshot without it is expected', files: ['fixtures/valid/deleted-later.jsonl'] },
  ],
  invalid: [
    flags('Japanese: 覚えておきます with retrievals in the session and no write', 'fixtures/invalid/promised-ja.jsonl', 'lw-i-ja', [0, 'promised_not_written']),
    flags("French: c'est noté, je m'en souviendrai, and no write", 'fixtures/invalid/promised-fr.jsonl', 'lw-i-fr', [0, 'promised_not_written']),
    flags(
      "a lasting promise that keeps the user's words (English, Russian) and lo recordaré, a write in another turn only",
      'fixtures/invalid/promised-lasting.jsonl',
      'lw-i-lasting',
      [1, 'promised_not_written'],
      [2, 'promised_not_written'],
      [3, 'promised_not_written'],
    ),
    flags('acknowledged, never committed (English)', 'fixtures/invalid/never-committed-en.jsonl', 'lw-i-never-en', [2, 'never_committed', 'error']),
    flags(
      'dead-lettered after a retry; failed then a later restart (Chinese, epoch ms)',
      'fixtures/invalid/failed-zh.jsonl',
      'lw-i-failed-zh',
      [1, 'failed_without_retry'],
      [3, 'failed_without_retry'],
    ),
    flags('queue process crashed after the acknowledgement (unrelated restarts around it)', 'fixtures/invalid/crash-en.jsonl', 'lw-i-crash-en', [
      1,
      'lost_in_restart',
    ]),
    flags(
      'committed but missing from the later snapshot (records[]), with and without a restart',
      'fixtures/invalid/snapshot-zh.jsonl',
      'lw-i-snap-zh',
      [0, 'missing_from_snapshot'],
      [2, 'missing_from_snapshot'],
    ),
    flags(
      'promised in Chinese with no write, twice (a written turn in between)',
      'fixtures/invalid/promised-zh.jsonl',
      'lw-i-promise-zh',
      [0, 'promised_not_written'],
      [2, 'promised_not_written'],
    ),
    flags('promised in English with no write, log without turns', 'fixtures/invalid/promised-en-noturns.jsonl', 'lw-i-promise-en', [
      null,
      'promised_not_written',
    ]),
    flags(
      'critical writes acknowledged before commit (critical flag, constraint type) are info',
      'fixtures/invalid/acked-before-commit.jsonl',
      'lw-i-ackfirst',
      [5, 'acked_before_commit', 'info'],
      [6, 'acked_before_commit', 'info'],
    ),
    flags(
      'shuffled lines, ISO and epoch times: four writes, three outcomes',
      'fixtures/invalid/mixed-order.jsonl',
      'lw-i-mixed',
      [1, 'never_committed', 'error'],
      [1, 'acked_before_commit', 'info'],
      [1, 'missing_from_snapshot', 'error'],
    ),
    flags('incident (Chinese, the EVENTS.md example): memory-worker restart loses the preference', '../../../fixtures/incidents/lost-write/zh.jsonl', 's7', [
      3,
      'lost_in_restart',
      'error',
    ]),
    flags('incident (English): memory-worker restart loses the preference', '../../../fixtures/incidents/lost-write/en.jsonl', 's7-en', [
      3,
      'lost_in_restart',
      'error',
    ]),
  ],
});

describe('lost-write: finding content', () => {
  it("incident: evidence chain from the user's words to the snapshot, with detail figures", async () => {
    const [f] = await analyzeFiles([analyzer], [`${import.meta.dirname}/../../../fixtures/incidents/lost-write/zh.jsonl`]);
    expect(f.evidence.map((e) => `${e.role}:${(e.detail as { phase?: string }).phase ?? ''}`)).toEqual([
      'user_input:',
      'write:enqueued',
      'write:acknowledged',
      'response:',
      'lifecycle:',
      'write:',
    ]);
    expect(f.evidence[0].text).toBe('以后回答都用列表，不要用表格');
    expect(f.evidence[0].source).toMatch(/zh\.jsonl:13$/);
    expect(f.evidence[4].detail).toMatchObject({ process: 'memory-worker', event: 'restart' });
    expect(f.evidence[5].detail).toMatchObject({ snapshot: true, memory_ids: ['m12', 'm31'], contains: false });
    expect(f.detail).toMatchObject({
      write_id: 'w1',
      memory_id: 'm77',
      memory_type: 'preference',
      critical: true,
      gap_ms: 4000,
      phases: [
        { phase: 'enqueued', ts: '2026-03-02T10:00:01.000Z' },
        { phase: 'acknowledged', ts: '2026-03-02T10:00:01.000Z' },
      ],
      restart: { process: 'memory-worker', event: 'restart' },
    });
    expect(f.title).toContain('m77');
    expect(f.title).toContain('memory-worker');
    expect(f.ts).toBe('2026-03-02T10:00:05.000Z');
  });

  it('ids are stable and keyed on the write id', async () => {
    const file = `${import.meta.dirname}/fixtures/invalid/mixed-order.jsonl`;
    const a = await analyzeFiles([analyzer], [file]);
    const b = await analyzeFiles([analyzer], [file]);
    expect(a.map((f) => f.id)).toEqual(b.map((f) => f.id));
    const byCause = Object.fromEntries(a.map((f) => [f.cause, f.detail?.write_id]));
    expect(byCause).toEqual({ never_committed: 'x2', acked_before_commit: 'x3', missing_from_snapshot: 'x4' });
  });

  it('options: criticalTypes decides which memory types get the ordering finding', async () => {
    const file = `${import.meta.dirname}/fixtures/invalid/acked-before-commit.jsonl`;
    const f = await analyzeFiles([analyzer], [file], { 'lost-write': { criticalTypes: 'fact' } });
    // k1 is critical: true; k3 is a fact; k2 (constraint) no longer counts
    expect(f.map((x) => x.detail?.write_id).sort()).toEqual(['k1', 'k3']);
  });

  it('README heading, description and causes match the meta', () => {
    const readme = fs.readFileSync(`${import.meta.dirname}/README.md`, 'utf8').split('\n');
    expect(readme[0]).toBe(`# ${analyzer.meta.id}`);
    expect(readme[2]).toBe(`> ${analyzer.meta.description}`);
    for (const c of Object.keys(analyzer.meta.causes)) expect(readme.join('\n')).toContain(`- \`${c}\``);
  });
});
