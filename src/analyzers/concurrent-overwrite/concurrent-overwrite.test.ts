import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeFiles, testAnalyzer, flags } from '../../../test/analyzer-tester.js';
import { analyzer } from './index.js';

testAnalyzer(analyzer, import.meta.dirname, {
  valid: [
    { name: 'compare-and-set refuses the stale write (result "conflict" / "rejected"), writer re-reads', files: ['fixtures/valid/cas-conflict-en.jsonl'] },
    { name: 'stale write whose version did not advance, or result "版本冲突" (Chinese, epoch ms)', files: ['fixtures/valid/cas-stale-version-zh.jsonl'] },
    { name: 'sequential read-write-read-write by different actors, no versions', files: ['fixtures/valid/sequential-en.jsonl'] },
    { name: 'the same actor writing twice while another only reads (Chinese)', files: ['fixtures/valid/same-actor-twice-zh.jsonl'] },
    { name: 'two actors interleaving writes to different keys', files: ['fixtures/valid/different-keys-en.jsonl'] },
    { name: 'each actor writes its own field (owners declared, Chinese)', files: ['fixtures/valid/own-fields-zh.jsonl'] },
    { name: 'versioned rounds with re-reads, no turns, ISO offsets', files: ['fixtures/valid/versions-no-turns.jsonl'] },
    { name: 'a reducer merged two writes from one base (merged: true, as LangGraph maps them)', files: ['fixtures/valid/reducer-merged.jsonl'] },
    {
      name: 'a compare-and-set refusal of one of two writes, a reducer merging two branches, a task error: no refused concurrent update',
      files: ['fixtures/valid/refused-cas-look-alikes-en.jsonl'],
    },
  ],
  invalid: [
    flags('two writes with the same expected_version, no reads', 'fixtures/invalid/same-expected-en.jsonl', 'co-i-expected-en', [
      1,
      'same_base_version',
      'error',
    ]),
    flags('both read version 7, both wrote (Chinese actors, epoch ms)', 'fixtures/invalid/both-read-zh.jsonl', 'co-i-both-zh', [3, 'same_base_version']),
    flags('no versions: both read, one wrote, the other wrote without re-reading', 'fixtures/invalid/no-versions-en.jsonl', 'co-i-nover-en', [
      0,
      'write_without_reread',
    ]),
    flags('no versions, lines shuffled, Chinese actors', 'fixtures/invalid/no-versions-shuffled-zh.jsonl', 'co-i-nover-zh', [2, 'write_without_reread']),
    flags("executor writes the planner's field (the owner's later write is not a second finding)", 'fixtures/invalid/owner-en.jsonl', 'co-i-owner-en', [
      5,
      'owner_violation',
    ]),
    flags('owner declared on an earlier read only (Chinese, epoch ms)', 'fixtures/invalid/owner-zh.jsonl', 'co-i-owner-zh', [2, 'owner_violation']),
    flags(
      'three writers from version 2: two lost updates',
      'fixtures/invalid/three-writers-en.jsonl',
      'co-i-three',
      [7, 'same_base_version'],
      [7, 'same_base_version'],
    ),
    flags(
      "an actor rewrites from its own earlier write, missing the other actor's update (no turns)",
      'fixtures/invalid/stale-own-rewrite.jsonl',
      'co-i-stale-self',
      [null, 'write_without_reread'],
    ),
    flags(
      'a step refused as a concurrent update, inferred (no error row): one warning for the step, not one per write or field',
      'fixtures/invalid/refused-step-en.jsonl',
      'co-i-refused',
      [null, 'refused_concurrent_update', 'warning'],
    ),
    flags('a refused step with the error row that names it (Chinese)', 'fixtures/invalid/refused-step-error-row-zh.jsonl', 'co-i-refused-row', [
      null,
      'refused_concurrent_update',
      'warning',
    ]),
    flags('incident (English): planner and executor both start from version 3', '../../../fixtures/incidents/concurrent-overwrite/en.jsonl', 'team-run-en', [
      1,
      'same_base_version',
      'error',
    ]),
    flags('incident (Chinese): 规划代理 and 执行代理 both start from version 3', '../../../fixtures/incidents/concurrent-overwrite/zh.jsonl', 'team-run-zh', [
      1,
      'same_base_version',
      'error',
    ]),
  ],
});

const here = (p: string) => path.join(import.meta.dirname, p);

describe('concurrent-overwrite: finding content', () => {
  it('incident: interleaved reads and writes, then the read that shows the survivor', async () => {
    const [f] = await analyzeFiles([analyzer], [here('../../../fixtures/incidents/concurrent-overwrite/zh.jsonl')]);
    expect(f.evidence.map((e) => `${e.role} ${e.detail.actor} ${e.detail.op} v${e.detail.version}`)).toEqual([
      'state 规划代理 read v3',
      'state 执行代理 read v3',
      'state 规划代理 write v4',
      'state 执行代理 write v5',
      'state 规划代理 read v5',
    ]);
    expect(f.evidence[4].detail.surviving).toBe(true);
    expect(f.detail).toEqual({
      key: 'current_task',
      lost_value: '任务A已完成',
      surviving_value: '任务B：写报告',
      base_version: 3,
      writers: ['规划代理', '执行代理'],
      lost_version: 4,
      overwrite_version: 5,
    });
    expect(f.title).toContain('current_task');
    expect(f.ts).toBe('2026-04-20T09:05:03.200Z');
  });

  it('without versions the base is the position of the re-read, and base_version is null', async () => {
    const [f] = await analyzeFiles([analyzer], [here('fixtures/invalid/no-versions-en.jsonl')]);
    expect(f.detail).toMatchObject({
      key: 'notes',
      lost_value: '- intro\n- 3 sources found',
      surviving_value: '- intro\n- summary drafted',
      base_version: null,
      writers: ['researcher', 'summarizer'],
    });
  });

  it('three writers: each lost update names its own pair and gets its own id', async () => {
    const fs3 = await analyzeFiles([analyzer], [here('fixtures/invalid/three-writers-en.jsonl')]);
    expect(fs3.map((f) => f.detail?.writers)).toEqual([
      ['agent-1', 'agent-2'],
      ['agent-2', 'agent-3'],
    ]);
    expect(new Set(fs3.map((f) => f.id)).size).toBe(2);
    // only the last overwrite is followed by a read showing what survived
    expect(fs3.map((f) => f.detail?.surviving_value)).toEqual(['fix bug 2', 'fix bug 3']);
  });

  it('owner violation: the owner and the overwritten owner value', async () => {
    const [f] = await analyzeFiles([analyzer], [here('fixtures/invalid/owner-zh.jsonl')]);
    expect(f.detail).toMatchObject({ key: '预算', owner: '财务代理', lost_value: 4800, surviving_value: 8000, writers: ['财务代理', '采购代理'] });
  });

  it('owner violation without an earlier write: the value it replaced comes from the last read', async () => {
    const [f] = await analyzeFiles([analyzer], [here('fixtures/invalid/owner-en.jsonl')]);
    expect(f.detail).toMatchObject({ key: 'plan', owner: 'planner', lost_value: '1. research', base_version: 2, writers: ['planner', 'executor'] });
    expect(f.evidence.map((e) => `${e.detail.actor} ${e.detail.op}`)).toEqual(['planner read', 'executor read', 'executor write']);
  });

  it('README heading, description and causes match the meta', () => {
    const readme = fs.readFileSync(here('README.md'), 'utf8').split('\n');
    expect(readme[0]).toBe(`# ${analyzer.meta.id}`);
    expect(readme[2]).toBe(`> ${analyzer.meta.description}`);
    for (const c of Object.keys(analyzer.meta.causes)) expect(readme.join('\n')).toContain(`- \`${c}\``);
  });
});
