// Mem0's platform event log end to end on the built binary (fixtures/real/mem0-platform, built from the
// documented shapes: SOURCES.md): a FAILED asynchronous add is a lost write whose chain points at the
// submission and the failure by file:line; an add still RUNNING where the log ends is in flight when the
// log was taken less than lost-write's grace (300 s) after it, and never committed when the log goes on
// 45 minutes past it;
// a log whose adds all SUCCEEDED is quiet; the agent's own log joins by the run id; --redact hides
// the user and the run.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, FIXTURES, json, tmpdir } from './helpers.js';

const SAMPLES = path.join(FIXTURES, 'real', 'mem0-platform');
const rel = (f: string) => path.relative(process.cwd(), path.join(SAMPLES, f));
const FAILED = 'd2e3f4a5-b6c7-4d8e-9f0a-1b2c3d4e5f6a';
const RUNNING = 'e7f8a9b0-c1d2-4e3f-8a4b-5c6d7e8f9a0b';

interface Finding {
  analyzer: string;
  cause: string;
  session: string;
  turn: number | null;
  detail: Record<string, unknown>;
  evidence: { role: string; source: string; text: string; detail: Record<string, unknown> }[];
}

function triage(...args: string[]): Finding[] {
  const r = cli(['triage', ...args, '--format', 'json']);
  expect(r.code, r.stderr).toBe(0);
  return json<{ findings: Finding[] }>(r).findings;
}

const causes = (fs: Finding[]) => fs.map((f) => `${f.analyzer}:${f.cause}:${f.detail.write_id}`).sort();

describe('mem0-platform: lost writes in the event log', () => {
  it('a polled log: the FAILED add is failed_without_retry with its submission and failure lines; the add RUNNING 0.35 s before the log ends is in flight', () => {
    const findings = triage(rel('events-polled.jsonl'));
    expect(causes(findings)).toEqual([`lost-write:failed_without_retry:mem0-event:${FAILED}`]);
    const failed = findings.find((f) => f.cause === 'failed_without_retry')!;
    expect(failed.session).toBe('support-chat-42');
    const chain = failed.evidence.map((e) => [e.role, e.detail.phase, e.source]);
    expect(chain).toEqual([
      ['write', 'enqueued', `${rel('events-polled.jsonl')}:6`],
      ['write', 'acknowledged', `${rel('events-polled.jsonl')}:6`],
      ['write', 'failed', `${rel('events-polled.jsonl')}:8`],
    ]);
    expect(failed.evidence[2].text).toContain('LLM request timed out after 30s');
    expect(failed.evidence[0].text).toContain('my flight to Lisbon');
  });

  it('an add still RUNNING while the log goes on 45 minutes (another add of the session succeeds) is never committed, the log end in its chain', () => {
    const findings = triage(rel('stuck-running.jsonl'));
    expect(causes(findings)).toEqual([`lost-write:failed_without_retry:mem0-event:${FAILED}`, `lost-write:never_committed:mem0-event:${RUNNING}`]);
    const stuck = findings.find((f) => f.cause === 'never_committed')!;
    expect(stuck.evidence.map((e) => [e.role, e.source])).toEqual([
      ['write', `${rel('stuck-running.jsonl')}:9`],
      ['write', `${rel('stuck-running.jsonl')}:9`],
      ['lifecycle', `${rel('stuck-running.jsonl')}:12`],
    ]);
    expect(stuck.evidence[2].text).toBe(`the log ends, taken at or after 2026-04-01T10:51:15.210Z: mem0-event:${RUNNING} still RUNNING`);
    expect(stuck.detail.gap_ms).toBe(2715210);
    // a grace longer than the wait makes it in flight again
    const cfg = path.join(tmpdir('amnesia-mem0-platform-'), 'amnesia.json');
    fs.writeFileSync(cfg, JSON.stringify({ analyzers: { 'lost-write': { options: { pending_grace_s: 3600 } } } }));
    expect(causes(triage(rel('stuck-running.jsonl'), '--config', cfg))).toEqual([`lost-write:failed_without_retry:mem0-event:${FAILED}`]);
  });

  it('a GET /v1/events/ page: the same finding, pointing at the line of its event in the page', () => {
    const findings = triage(rel('events-page.json'));
    expect(causes(findings)).toEqual([`lost-write:failed_without_retry:mem0-event:${FAILED}`]);
    const lines = fs.readFileSync(path.join(SAMPLES, 'events-page.json'), 'utf8').split('\n');
    const failed = findings.find((f) => f.cause === 'failed_without_retry')!;
    const line = Number(failed.evidence.at(-1)!.source.split(':').at(-1));
    expect(lines[line]).toContain(`"id": "${FAILED}"`);
  });

  it('the look-alike: a log whose adds all SUCCEEDED (one an UPDATE of an earlier memory) is quiet', () => {
    expect(triage(rel('succeeded-only.jsonl'))).toEqual([]);
  });

  it("joins the agent's own log by the run id: the user's words and the promise are in the failed add's chain", () => {
    const dir = tmpdir('amnesia-mem0-platform-');
    const agent = path.join(dir, 'agent.jsonl');
    const s = 'support-chat-42';
    fs.writeFileSync(
      agent,
      [
        {
          kind: 'request',
          ts: '2026-04-01T10:04:04Z',
          session: s,
          turn: 3,
          model: 'gpt-4o',
          messages: [{ role: 'user', content: 'Remember: my flight to Lisbon is on May 3rd.' }],
        },
        { kind: 'response', ts: '2026-04-01T10:04:06Z', session: s, turn: 3, content: "Got it, I'll remember that your flight to Lisbon is on May 3rd." },
      ]
        .map((e) => JSON.stringify(e))
        .join('\n'),
    );
    const failed = triage(rel('events-polled.jsonl'), agent).find((f) => f.cause === 'failed_without_retry')!;
    expect(failed.turn).toBe(3);
    expect(failed.evidence.map((e) => e.role)).toEqual(['user_input', 'write', 'write', 'response', 'write']);
    expect(failed.evidence.find((e) => e.role === 'response')?.source).toBe(`${agent}:2`);
  });

  it('--redact: the user id and the run id leave no output', () => {
    const r = cli(['triage', rel('events-polled.jsonl'), '--redact', '--format', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(json<{ findings: Finding[] }>(r).findings).toHaveLength(1);
    expect(r.stdout).not.toMatch(/alice|support-chat-42|Lisbon/);
  });
});
