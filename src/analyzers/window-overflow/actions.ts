import type { Preference } from '../../text/index.js';

/**
 * Does an agent's action break a user's prohibition? The constraint grammar (src/text) turns "never
 * push to main" into the open-class key `directive:not push main`; an action is a `tool_call` that
 * runs a shell command (`command`) or writes files (`files`, EVENTS.md). A prohibition is broken by
 * a command whose words hold every content word of the directive ("git push origin main": push,
 * main), or by a write to a path that names them ("don't edit migrations": a file under migrations/).
 * Words are compared whole and lower-cased: "pnpm" is not "npm", "mainline" is not "main".
 */

const EDIT_VERBS = new Set(['edit', 'touch', 'modify', 'change', 'write', 'update', 'delete', 'remove', 'rename']);

/** The words a prohibition forbids together, or null when the constraint is not a prohibition of the open class. */
export function forbiddenWords(pref: Preference): string[] | null {
  const m = /^directive:(.*)$/.exec(pref.key);
  if (!m) return null;
  const words = m[1].split(/\s+/).filter(Boolean);
  if (words[0] !== 'not' || words.length < 2) return null;
  return words.slice(1).map((w) => w.toLowerCase());
}

const wordsOf = (s: string) =>
  new Set(
    s
      .toLowerCase()
      .split(/[^a-z0-9_.-]+/)
      .flatMap((w) => w.split(/[.]/).concat(w))
      .filter(Boolean),
  );

/** Why this command breaks the prohibition, or null. */
export function commandBreaks(words: readonly string[], command: string): string | null {
  const have = wordsOf(command);
  return words.every((w) => have.has(w)) ? `ran \`${command.length > 160 ? `${command.slice(0, 157)}...` : command}\`` : null;
}

/** Why writing these files breaks the prohibition ("do not edit the migrations"), or null. */
export function filesBreak(words: readonly string[], files: readonly string[]): string | null {
  const objects = words.filter((w) => !EDIT_VERBS.has(w));
  if (objects.length === words.length || objects.length === 0) return null; // not about editing
  for (const f of files) {
    const parts = new Set(
      f
        .toLowerCase()
        .split(/[\\/]+/)
        .flatMap((p) => [p, p.replace(/\.[^.]*$/, '')]),
    );
    if (objects.every((w) => parts.has(w))) return `wrote ${f}`;
  }
  return null;
}
