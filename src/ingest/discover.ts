import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { UsageError } from '../errors.js';
import { byNumberedName, readHead } from './read.js';

/**
 * Where coding agents keep their transcripts, and how to find them (`amnesia triage --agent`).
 * One entry per agent with a reader: the folders it writes to on Linux, macOS and Windows (the same
 * under the home folder on all three), the variables it honours to move them, the files that are
 * transcripts, and how a file names the project it was recorded in.
 */
export interface AgentPlace {
  name: string;
  /** the input format that reads its transcripts */
  format: string;
  /** folders holding transcripts, most specific first, from the environment and the home folder */
  roots(env: NodeJS.ProcessEnv, home: string): string[];
  /** a transcript file (path relative to its root, with / separators) */
  isTranscript(rel: string): boolean;
  /** whether the transcript was recorded in this project folder */
  inProject(file: string, rel: string, project: string): boolean;
}

/** Claude Code names a project's folder after its path with every character but letters and digits made '-'. */
export function claudeProjectDir(project: string): string {
  return path.resolve(project).replace(/[^a-zA-Z0-9]/g, '-');
}

/** The `cwd` a Codex rollout's first line (session_meta) records, if any. */
function codexCwd(file: string): string | undefined {
  const first = readHead(file, 256 * 1024)
    .toString('utf8')
    .split('\n', 1)[0];
  try {
    const o = JSON.parse(first) as { type?: string; payload?: { cwd?: unknown } };
    return o.type === 'session_meta' && typeof o.payload?.cwd === 'string' ? o.payload.cwd : undefined;
  } catch {
    return undefined;
  }
}

/** The first line of a transcript, parsed, if it is a JSON object. */
function firstLine(file: string): Record<string, unknown> | undefined {
  try {
    const o = JSON.parse(
      readHead(file, 64 * 1024)
        .toString('utf8')
        .split('\n', 1)[0],
    ) as unknown;
    return o && typeof o === 'object' && !Array.isArray(o) ? (o as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** A file beside (or above) a transcript holding the project's path, as Gemini CLI's `.project_root`. */
function readSmall(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    return undefined;
  }
}

/** VS Code and its forks' per-user folders (where the Cline extension keeps its tasks), on Linux, macOS and Windows. */
function editorStorage(env: NodeJS.ProcessEnv, home: string): string[] {
  const bases = [
    path.join(env.XDG_CONFIG_HOME || path.join(home, '.config')),
    path.join(home, 'Library', 'Application Support'),
    env.APPDATA || path.join(home, 'AppData', 'Roaming'),
  ];
  const editors = ['Code', 'Code - Insiders', 'VSCodium', 'Cursor', 'Windsurf'];
  return bases.flatMap((b) => editors.map((e) => path.join(b, e, 'User', 'globalStorage', 'saoudrizwan.claude-dev', 'tasks')));
}

const within = (dir: string, project: string) => {
  const rel = path.relative(path.resolve(project), path.resolve(dir));
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
};

export const AGENT_PLACES: readonly AgentPlace[] = [
  {
    name: 'claude-code',
    format: 'claude-code',
    // CLAUDE_CONFIG_DIR moves the whole ~/.claude; newer versions also write under ~/.config/claude
    roots: (env, home) =>
      env.CLAUDE_CONFIG_DIR
        ? env.CLAUDE_CONFIG_DIR.split(',').map((d) => path.join(d.trim(), 'projects'))
        : [path.join(home, '.claude', 'projects'), path.join(env.XDG_CONFIG_HOME || path.join(home, '.config'), 'claude', 'projects')],
    isTranscript: (rel) => rel.endsWith('.jsonl'),
    inProject: (_file, rel, project) => rel.split('/')[0] === claudeProjectDir(project),
  },
  {
    name: 'codex',
    format: 'codex',
    roots: (env, home) => {
      const base = env.CODEX_HOME || path.join(home, '.codex');
      return [path.join(base, 'sessions'), path.join(base, 'archived_sessions')];
    },
    isTranscript: (rel) => /(^|\/)rollout-[^/]*\.jsonl$/.test(rel),
    inProject: (file, _rel, project) => {
      const cwd = codexCwd(file);
      return cwd !== undefined && within(cwd, project);
    },
  },
  {
    name: 'copilot',
    format: 'copilot-cli',
    // COPILOT_HOME moves ~/.copilot
    roots: (env, home) => [path.join(env.COPILOT_HOME || path.join(home, '.copilot'), 'session-state')],
    isTranscript: (rel) => /^[^/]+\/events\.jsonl$/.test(rel),
    inProject: (file, _rel, project) => {
      const d = firstLine(file)?.data as { context?: { cwd?: unknown } } | undefined;
      return typeof d?.context?.cwd === 'string' && within(d.context.cwd, project);
    },
  },
  {
    name: 'gemini',
    format: 'gemini-cli',
    // GEMINI_CLI_HOME replaces the home folder that holds .gemini
    roots: (env, home) => [path.join(env.GEMINI_CLI_HOME || home, '.gemini', 'tmp')],
    isTranscript: (rel) => /^[^/]+\/chats\/(session-[^/]*\.jsonl?|[^/]+\/[^/]+\.jsonl)$/.test(rel),
    inProject: (file, rel, project) => {
      // the project folder's .project_root names its path; a chat also records the path's hash
      const root = readSmall(path.join(file.slice(0, file.length - rel.length), rel.split('/')[0], '.project_root'));
      if (root !== undefined) return within(root, project);
      const hash = crypto.createHash('sha256').update(path.resolve(project)).digest('hex');
      return firstLine(file)?.projectHash === hash;
    },
  },
  {
    name: 'openhands',
    format: 'openhands',
    // FILE_STORE_PATH moves OpenHands' file store (~/.openhands); V0 keeps sessions/, the V1 CLI conversations/
    roots: (env, home) => {
      const base = env.FILE_STORE_PATH || path.join(home, '.openhands');
      return [path.join(base, 'sessions'), path.join(base, 'conversations')];
    },
    isTranscript: (rel) => /^[^/]+\/events\/[^/]+\.json$/.test(rel),
    inProject: () => false, // the events do not record the project folder
  },
  {
    name: 'cline',
    format: 'cline',
    // CLINE_DATA_DIR (else CLINE_DIR/data, else ~/.cline/data) for the SDK and CLI; the extension's global storage for classic tasks
    roots: (env, home) => [
      path.join(env.CLINE_DATA_DIR || path.join(env.CLINE_DIR || path.join(home, '.cline'), 'data'), 'sessions'),
      ...editorStorage(env, home),
    ],
    isTranscript: (rel) => /^([^/]+)\/(\1\.messages\.json|api_conversation_history\.json)$/.test(rel),
    inProject: (file, _rel, project) => {
      const manifest = file.replace(/\.messages\.json$/, '.json');
      try {
        const m = JSON.parse(fs.readFileSync(manifest, 'utf8')) as { cwd?: unknown; workspace_root?: unknown };
        const cwd = typeof m.cwd === 'string' ? m.cwd : typeof m.workspace_root === 'string' ? m.workspace_root : undefined;
        return cwd !== undefined && within(cwd, project);
      } catch {
        return false;
      }
    },
  },
];

/** Agents named in the issue whose transcripts have no reader yet: named in the error. */
const NOT_YET: string[] = [];

export interface Discovered {
  agent: string;
  root: string;
  file: string;
  size: number;
}

export interface DiscoverOptions {
  /** the command's environment (Io.env): where each agent keeps its transcripts (CLAUDE_CONFIG_DIR, CODEX_HOME...) */
  env: NodeJS.ProcessEnv;
  home?: string;
  /** only transcripts recorded in this project folder */
  project?: string;
  /** only transcripts written to at or after this time (epoch ms) */
  since?: number;
}

function walk(dir: string, rel: string, out: string[]): void {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return; // an agent that never ran here has no folder
  }
  for (const e of entries) {
    const r = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory()) walk(path.join(dir, e.name), r, out);
    else if (e.isFile()) out.push(r);
  }
}

/** The agents `--agent` names: one, or `all`. */
export function agentsNamed(name: string): AgentPlace[] {
  if (name === 'all') return [...AGENT_PLACES];
  const a = AGENT_PLACES.find((p) => p.name === name);
  if (a) return [a];
  if (NOT_YET.includes(name))
    throw new UsageError(`--agent ${name}: no reader for its transcripts yet (readers: ${AGENT_PLACES.map((p) => p.name).join(', ')})`);
  throw new UsageError(`--agent: unknown agent "${name}" (known: ${[...AGENT_PLACES.map((p) => p.name), 'all'].join(', ')})`);
}

/** Every transcript of these agents in their usual places (in path order), narrowed by project and time. */
export function discoverTranscripts(agents: readonly AgentPlace[], opts: DiscoverOptions): Discovered[] {
  const env = opts.env;
  const home = opts.home ?? os.homedir();
  const out: Discovered[] = [];
  const seen = new Set<string>();
  for (const a of agents) {
    for (const root of a.roots(env, home)) {
      const rels: string[] = [];
      walk(root, '', rels);
      for (const rel of rels.sort(byNumberedName)) {
        const file = path.join(root, rel);
        if (!a.isTranscript(rel) || seen.has(file)) continue;
        const st = fs.statSync(file);
        if (opts.since !== undefined && st.mtimeMs < opts.since) continue;
        if (opts.project !== undefined && !a.inProject(file, rel, opts.project)) continue;
        seen.add(file);
        out.push({ agent: a.name, root, file, size: st.size });
      }
    }
  }
  return out;
}
