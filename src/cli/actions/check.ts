import fs from 'node:fs';
import { readCheckSet } from '../../lab/checks/set.js';
import { agentFor } from '../../lab/checks/agents.js';
import { runChecks, type EventSink } from '../../lab/checks/run.js';
import { reporter } from '../../report/reporters.js';
import { palette } from '../../report/colors.js';
import { inert } from '../../util/sanitize.js';
import { InputError } from '../../errors.js';
import { colorEnabled, type Io } from '../io.js';
import { writeAll } from '../../util/streams.js';
import { writeReportFiles } from '../../ci/report-files.js';
import { EXIT } from '../ctx.js';
import { settings } from '../../settings.js';

export interface CheckFlags {
  set: string;
  agent: string;
  model?: string;
  timeout?: number;
  repeat?: number;
  only?: string[];
  events?: string;
  format?: string;
  junit?: string;
  sarif?: string;
  markdown?: string;
}

/** `amnesia check --set checks.yaml --agent <reference | URL | command>`: exit 1 when a check fails. */
export async function checkAction(flags: CheckFlags, io: Io): Promise<number> {
  const report = reporter('checks', flags.format);
  const set = readCheckSet(flags.set);
  const only = flags.only
    ?.flatMap((s) => s.split(','))
    .map((s) => s.trim())
    .filter(Boolean);
  for (const id of only ?? []) if (!set.checks.some((c) => c.id === id)) throw new InputError(`--only: no check "${id}" in ${flags.set}`);
  const agent = agentFor(flags.agent, {
    model: flags.model ?? set.model,
    contextLimit: set.contextLimit,
    timeoutMs: (flags.timeout ?? 60) * 1000,
    apiKey: settings(io.env).agentApiKey,
  });
  let events: fs.WriteStream | undefined;
  let emit: EventSink | undefined;
  if (flags.events) {
    try {
      fs.writeFileSync(flags.events, '');
    } catch (e) {
      throw new InputError(`cannot write ${flags.events}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
    }
    events = fs.createWriteStream(flags.events, { flags: 'a' });
    const out = events;
    emit = (e) => out.write(`${JSON.stringify({ ...e, ts: new Date(e.ts as number).toISOString() })}\n`);
  }
  const progress = !!io.err.isTTY;
  try {
    const r = await runChecks(set, agent, {
      repeat: flags.repeat,
      only,
      emit,
      model: flags.model ?? set.model ?? (flags.agent === 'reference' ? 'gpt-4o-mini' : undefined),
      onResult: (x) => {
        if (progress) io.err.write(`${x.status === 'pass' ? '✔' : '✖'} ${inert(x.id)}\n`);
      },
    });
    const c = palette(colorEnabled(io.out, io.env));
    await writeAll(io.out, report(r, c));
    writeReportFiles(flags, (format) => [...reporter('checks', format)(r, c)].join(''), io.env);
    return r.summary.failed || r.summary.errors ? EXIT.findings : EXIT.ok;
  } finally {
    if (events) await new Promise<void>((resolve) => events.end(resolve));
  }
}
