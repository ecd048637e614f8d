/**
 * examples/scale/ held to the CLI: every `amnesia` command line of the Kubernetes Jobs, the Argo
 * workflow, the GNU parallel script and the examples' README names a command the CLI registers and
 * only options that command takes; the manifests parse, and the shard count, the Indexed Job's
 * completions, the shard folders and `--shard K/N` agree. (test/scale-example.e2e.test.ts runs
 * parallel.sh itself.)
 */
import fs from 'node:fs';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { buildProgram, EXIT } from '../src/cli/main.js';
import { ROOT } from './helpers.js';

const DIR = path.join(ROOT, 'examples', 'scale');
const FILES = ['k8s-job.yaml', 'argo-workflow.yaml', 'parallel.sh', 'README.md'];
const program = buildProgram({ io: { out: new PassThrough(), err: new PassThrough(), in: Readable.from([]), env: {} }, exitCode: EXIT.ok });

/** Each `amnesia ...` (or `$AMNESIA ...`) command line of a file, its continuation lines joined, as words. */
function invocations(file: string): string[][] {
  const text = fs.readFileSync(path.join(DIR, file), 'utf8').replace(/\\\n\s*/g, ' ');
  const out: string[][] = [];
  for (const line of text.split('\n')) {
    const m = /(?:^|[\s'(`]|exec )(?:amnesia|\$AMNESIA) ([a-z].*)$/.exec(line.replace(/^\s*#.*$/, ''));
    if (!m) continue;
    // up to the end of the command: a redirection, a pipe, a comment, a quote closing the line
    const words = m[1]
      .split(/`|'|\s+(?:[|>]|2>|&&|#).*$/)[0]
      .split(/\s+/)
      .filter(Boolean);
    out.push(words);
  }
  return out;
}

/** The command a line runs (a subcommand by its parent's name), and the long options it takes. */
function commandOf(words: string[]): { cmd: Command; rest: string[] } {
  let cmd = program.commands.find((c) => c.name() === words[0]);
  expect(cmd, `amnesia ${words[0]}`).toBeDefined();
  let rest = words.slice(1);
  const sub = cmd!.commands.find((c) => c.name() === rest[0]);
  if (sub) {
    cmd = sub;
    rest = rest.slice(1);
  }
  return { cmd: cmd!, rest };
}

describe('examples/scale/ names only what the CLI has', () => {
  for (const file of FILES) {
    it(`${file}: every amnesia command line is a registered command with its own options`, () => {
      const lines = invocations(file);
      expect(lines.length, `amnesia command lines in ${file}`).toBeGreaterThan(0);
      for (const words of lines) {
        const { cmd, rest } = commandOf(words);
        const known = new Set(cmd.options.map((o) => o.long));
        for (const w of rest.filter((x) => x.startsWith('--'))) expect(known, `amnesia ${words.join(' ')}: ${w}`).toContain(w.split('=')[0]);
      }
      // the sharded run's three steps are there
      const commands = lines.map((w) => w[0]);
      if (file !== 'README.md') for (const c of ['shard', 'triage', 'merge', 'ci']) expect(commands, file).toContain(c);
    });
  }

  it('the Kubernetes manifests parse, and the Indexed Job runs one pod per shard of the shard Job', () => {
    const docs = parseAllDocuments(fs.readFileSync(path.join(DIR, 'k8s-job.yaml'), 'utf8')).map((d) => d.toJS());
    expect(docs.map((d) => [d.kind, d.metadata.name])).toEqual([
      ['Job', 'amnesia-shard'],
      ['Job', 'amnesia-triage'],
      ['Job', 'amnesia-gate'],
    ]);
    const script = (d: { spec: { template: { spec: { containers: { args: string[] }[] } } } }) => d.spec.template.spec.containers[0].args.join('\n');
    const shards = Number(/--shards (\d+)/.exec(script(docs[0]))![1]);
    expect(docs[1].spec.completionMode).toBe('Indexed');
    expect(docs[1].spec.completions).toBe(shards);
    expect(script(docs[1])).toContain(`shard-$k-of-${shards}/`);
    expect(script(docs[1])).toContain(`--shard "$k/${shards}"`);
    expect(script(docs[1])).toContain('k="$JOB_COMPLETION_INDEX"');
  });

  it('the Argo workflow parses, and fans out one triage per shard of its shards parameter', () => {
    const [wf] = parseAllDocuments(fs.readFileSync(path.join(DIR, 'argo-workflow.yaml'), 'utf8')).map((d) => d.toJS());
    expect(wf.kind).toBe('Workflow');
    const step = wf.spec.templates
      .find((t: { name: string }) => t.name === 'main')
      .steps.flat()
      .find((s: { name: string }) => s.name === 'triage');
    expect(step.withSequence).toEqual({ start: '0', end: '{{=asInt(workflow.parameters.shards) - 1}}' });
    const triage = wf.spec.templates.find((t: { name: string }) => t.name === 'triage').container.args.join('\n');
    expect(triage).toContain('n={{workflow.parameters.shards}}; k={{inputs.parameters.k}}');
    expect(triage).toContain('shard-$k-of-$n/');
    expect(triage).toContain('--shard "$k/$n"');
  });
});
