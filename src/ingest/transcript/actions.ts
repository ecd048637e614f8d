import { isObj, type Obj } from '../fields.js';

/**
 * What a coding agent's tool call does to the world, in the terms of EVENTS.md's `tool_call`:
 * `command` (the shell command line it runs) and `files` (the paths it writes or edits). One table
 * for every agent reader: the tool names and argument keys of Claude Code, Codex, Gemini CLI,
 * Copilot CLI, OpenHands and Cline.
 */

/** Tools that run a shell command, and where their command line is. */
const SHELL_TOOLS = new Set([
  'Bash', // Claude Code
  'shell', // Codex (argv list)
  'exec_command', // Codex (cmd)
  'local_shell', // Codex local_shell_call
  'container.exec', // Codex
  'run_shell_command', // Gemini CLI
  'bash', // Copilot CLI, OpenHands
  'execute_bash', // OpenHands
  'execute_command', // Cline
  'powershell', // Copilot CLI on Windows
  'run_commands', // Cline SDK (a list of commands)
  'terminal', // OpenHands agent SDK
]);
const COMMAND_KEYS = ['command', 'cmd', 'commandLine', 'commands'];

/** Tools that write or edit files, and where their path is. */
const EDIT_TOOLS = new Set([
  'Edit',
  'MultiEdit',
  'Write',
  'NotebookEdit', // Claude Code
  'write_file',
  'replace', // Gemini CLI
  'edit',
  'create',
  'str_replace_editor',
  'str_replace_based_edit_tool', // Copilot CLI, OpenHands
  'write_to_file',
  'replace_in_file', // Cline
  'editor', // Cline SDK
  'file_editor', // OpenHands agent SDK
  'apply_diff',
]);
const PATH_KEYS = ['file_path', 'notebook_path', 'path', 'absolute_path', 'filePath'];

function commandLine(v: unknown): string | undefined {
  if (typeof v === 'string') return v;
  // a list of command lines (Cline SDK's run_commands), one after the other
  if (Array.isArray(v) && v.length > 1 && v.every((x) => typeof x === 'string' && /\s/.test(x))) return (v as string[]).join('\n');
  // Codex's shell tool takes an argv list, often ["bash", "-lc", "<script>"]
  if (Array.isArray(v) && v.every((x) => typeof x === 'string')) {
    const argv = v as string[];
    if (argv.length === 3 && /^(ba|z)?sh$/.test(argv[0].split('/').pop() ?? '') && /^-l?c$/.test(argv[1])) return argv[2];
    return argv.join(' ');
  }
  return undefined;
}

/** Files named by an `apply_patch` envelope (`*** Update File: path`, `*** Add File:`, `*** Delete File:`). */
export function patchFiles(patch: string): string[] {
  const out: string[] = [];
  for (const m of patch.matchAll(/^\*\*\* (?:Update|Add|Delete) File: (.+)$/gm)) out.push(m[1].trim());
  return out;
}

/** `{ command }` and / or `{ files }` for a tool call, or nothing when the call neither runs nor writes. */
export function actionOf(name: string, args: unknown): { command?: string; files?: string[] } {
  const a: Obj = isObj(args) ? args : {};
  if (SHELL_TOOLS.has(name)) {
    for (const k of COMMAND_KEYS) {
      const c = commandLine(a[k]);
      if (c) return { command: c };
    }
    const c = commandLine(args);
    return c ? { command: c } : {};
  }
  if (name === 'apply_patch') {
    const patch = typeof args === 'string' ? args : typeof a.input === 'string' ? a.input : typeof a.patch === 'string' ? a.patch : '';
    const files = patchFiles(patch);
    return files.length ? { files } : {};
  }
  // an editor tool asked only to show a file reads it
  if (EDIT_TOOLS.has(name) && a.command !== 'view') {
    for (const k of PATH_KEYS) if (typeof a[k] === 'string' && a[k]) return { files: [a[k] as string] };
    if (Array.isArray(a.edits)) {
      const files = a.edits.flatMap((x) => (isObj(x) && typeof x.file_path === 'string' ? [x.file_path] : []));
      if (files.length) return { files: [...new Set(files)] };
    }
  }
  return {};
}

/** Prefixes of user entries that the harness wrote, not the user: command output, caveats, notifications. */
const NOT_A_PROMPT = /^\s*<(local-command-stdout|local-command-stderr|local-command-caveat|task-notification|system-reminder|user-prompt-submit-hook)>/;

/**
 * The text of a user entry when it is the user's own turn (a prompt or a slash command), else
 * undefined: tool results, the compaction summary, entries the harness marks as meta, command output.
 */
export function userTurnText(content: unknown, entry: Obj): string | undefined {
  if (entry.isMeta === true || entry.isCompactSummary === true || entry.isVisibleInTranscriptOnly === true) return undefined;
  let text: string | undefined;
  if (typeof content === 'string') text = content;
  else if (Array.isArray(content)) {
    if (content.some((b) => isObj(b) && b.type === 'tool_result')) return undefined;
    const texts = content.flatMap((b) => (isObj(b) && b.type === 'text' && typeof b.text === 'string' ? [b.text] : []));
    if (texts.length) text = texts.join('\n');
  }
  if (text === undefined || text.trim() === '' || NOT_A_PROMPT.test(text)) return undefined;
  return text;
}
