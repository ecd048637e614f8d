/**
 * Log text is attacker-controlled (users, web pages, tools wrote it). Before it reaches a
 * terminal, a CI log or a job page it is made inert:
 * - control characters, ANSI / OSC escape sequences and bidi overrides are shown visibly
 *   (`\x1b[2J` stays readable text and cannot clear, retitle or hyperlink the reader's terminal);
 * - `::` gets a zero-width space inside, so no line can become a GitHub Actions workflow
 *   command (`::add-mask::`, `::stop-commands::`, `::error ...`).
 */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

function escapeChar(c: string): string {
  const code = c.charCodeAt(0);
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

/** For one-line text: also newlines and tabs become visible. */
export function inert(s: string): string {
  return s.replace(CONTROL, escapeChar).replace(/\r/g, '\\r').replace(/\n/g, '\\n').replace(/\t/g, '\\t').replace(/::/g, ':\u200b:');
}

/** For multi-line text (pretty-printed JSON, raw events): newlines and tabs kept. */
export function inertBlock(s: string): string {
  return s.replace(CONTROL, escapeChar).replace(/\r/g, '\\r').replace(/::/g, ':\u200b:');
}

/** Markdown text: no HTML, no links or images, no emphasis or table breaks from log text. */
export function mdText(s: string): string {
  return inert(s)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/([\\`*_[\]()!|#~])/g, '\\$1');
}

/** Markdown code span: content cannot close the span (backticks replaced), nor break a table. */
export function mdCode(s: string): string {
  return '`' + inert(s).replace(/`/g, "'").replace(/\|/g, '\\|') + '`';
}
