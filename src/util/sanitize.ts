/**
 * Log text is attacker-controlled (users, web pages, tools wrote it). Before it reaches a
 * terminal, a CI log or a job page it is made inert:
 * - control characters, ANSI / OSC escape sequences and bidi overrides are shown visibly
 *   (`\x1b[2J` stays readable text and cannot clear, retitle or hyperlink the reader's terminal);
 * - invisible characters are shown too: zero-width spaces and joiners, U+061C (Arabic letter
 *   mark), the BOM, U+2028 / U+2029 (line and paragraph separators some viewers break lines at);
 *   a zero-width joiner between two pictographs is kept: it is part of an emoji (🏃‍♂️, 👩‍💻);
 * - `::` gets a zero-width space inside, so no line can become a GitHub Actions workflow
 *   command (`::add-mask::`, `::stop-commands::`, `::error ...`); so does `##[`, the runner's
 *   legacy form matched anywhere in a line (`##[error]`, `##[add-mask]`, `##[stop-commands]`).
 *   These two zero-width spaces are the only invisible characters an inert text holds.
 */
// eslint-disable-next-line no-control-regex
const CONTROL =
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u180e\u200b\u200c\u200e\u200f\u2028-\u202e\u2060-\u2069\ufeff]|(?<!\p{Extended_Pictographic}[\u{1f3fb}-\u{1f3ff}\ufe0f]?)\u200d|\u200d(?!\p{Extended_Pictographic})/gu;
/** Workflow commands: `::name` (line start, after our escaping of newlines anywhere) and legacy `##[name]` anywhere. */
const defuseCommands = (s: string): string => s.replace(/::/g, ':\u200b:').replace(/##\[/g, '#\u200b#[');

function escapeChar(c: string): string {
  const code = c.charCodeAt(0);
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

/** For one-line text: also newlines and tabs become visible. */
export function inert(s: string): string {
  return defuseCommands(s.replace(CONTROL, escapeChar).replace(/\r/g, '\\r').replace(/\n/g, '\\n').replace(/\t/g, '\\t'));
}

/** For multi-line text (pretty-printed JSON, raw events): newlines and tabs kept. */
export function inertBlock(s: string): string {
  return defuseCommands(s.replace(CONTROL, escapeChar).replace(/\r/g, '\\r'));
}

/** Markdown text: no HTML, no links or images, no emphasis or table breaks from log text. */
export function mdText(s: string): string {
  return (
    inert(s)
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/([\\`*_[\]()!|#~])/g, '\\$1')
      // GitHub turns bare URLs, www. names and e-mail addresses into links: an escaped character breaks each
      .replace(/:(?=\/\/)/g, '\\:')
      .replace(/(^|[^\w])(www)\./gi, '$1$2\\.')
      .replace(/@/g, '\\@')
  );
}

/** Markdown code span: content cannot close the span (backticks replaced), nor break a table. */
export function mdCode(s: string): string {
  return '`' + inert(s).replace(/`/g, "'").replace(/\|/g, '\\|') + '`';
}

/**
 * A JSON document made inert without changing its data: inside strings, `::` and `##[` are
 * written with a JSON escape (`:\u003a`, `##\u005b`) and invisible characters as `\uXXXX`,
 * so the printed text carries no workflow command and no invisible character, and parses back
 * to exactly the same values. (JSON.stringify already escapes C0 controls.)
 */
export function inertJson(json: string): string {
  return json
    .replace(/::/g, ':\\u003a')
    .replace(/##\[/g, '##\\u005b')
    .replace(CONTROL, (c) => (c.charCodeAt(0) < 0x20 ? c : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`));
}
