import os from 'node:os';
import path from 'node:path';
import { agentsNamed, discoverTranscripts } from '../ingest/discover.js';
import { InputError, UsageError } from '../errors.js';
import { fmtInt } from '../report/table.js';
import { inert } from '../util/sanitize.js';
import type { Io } from './io.js';

export interface AgentFlags {
  agent?: string;
  project?: string;
  since?: string;
}

/** `--since`: a date or a date and time (ISO-8601); a date alone is its midnight UTC. */
export function parseSince(v: string): number {
  const ms = /^\d{4}-\d{2}-\d{2}/.test(v) ? Date.parse(v) : Number.NaN;
  if (Number.isNaN(ms)) throw new UsageError(`--since: "${v}" is not a date (YYYY-MM-DD or an ISO-8601 time)`);
  return ms;
}

const tilde = (p: string) => {
  const home = os.homedir();
  return p === home || p.startsWith(home + path.sep) ? `~${p.slice(home.length)}` : p;
};

/**
 * The transcripts `--agent` finds, said on stderr before anything is read (per agent and folder:
 * how many files, how many bytes); an agent with none is an input error naming where it looked.
 */
export function agentPaths(flags: AgentFlags, io: Io): string[] {
  if (!flags.agent) {
    if (flags.project || flags.since) throw new UsageError('--project and --since narrow --agent: give --agent too');
    return [];
  }
  const agents = agentsNamed(flags.agent);
  const since = flags.since !== undefined ? parseSince(flags.since) : undefined;
  const found = discoverTranscripts(agents, { env: io.env, project: flags.project, since });
  const narrowed = [flags.project ? `in project ${flags.project}` : '', flags.since ? `since ${flags.since}` : ''].filter(Boolean).join(', ');
  if (found.length === 0) {
    const looked = agents.flatMap((a) => a.roots(io.env, os.homedir())).map(tilde);
    throw new InputError(`--agent ${flags.agent}: no transcripts found${narrowed ? ` ${narrowed}` : ''} (looked in ${looked.map(inert).join(', ')})`);
  }
  const groups = new Map<string, { n: number; bytes: number }>();
  for (const f of found) {
    const k = `${f.agent}\0${f.root}`;
    const g = groups.get(k) ?? { n: 0, bytes: 0 };
    g.n++;
    g.bytes += f.size;
    groups.set(k, g);
  }
  for (const [k, g] of groups) {
    const [agent, root] = k.split('\0');
    io.err.write(
      `found ${fmtInt(g.n)} ${agent} transcript(s), ${(g.bytes / 1e6).toFixed(1)} MB, in ${inert(tilde(root))}${narrowed ? ` (${narrowed})` : ''}\n`,
    );
  }
  return found.map((f) => f.file);
}
