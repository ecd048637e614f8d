/**
 * Code in a message (fenced blocks, inline spans): left out before prose is measured or its
 * language identified. Its own module so that language.ts and style.ts, which both need it, do
 * not import each other.
 */
const INLINE_CODE_RE = /`[^`\n]+`/g;

/**
 * Fenced blocks (a ``` and the rest of its line, up to the next ``` or the end) replaced by a newline,
 * found with indexOf in one pass: the regular expression it replaces (/```[^\n]*\n[\s\S]*?(?:```|$)/)
 * rescanned the line from every ``` (120 KB of backticks took 75 s).
 */
function stripFences(text: string): string {
  const out: string[] = [];
  let from = 0;
  for (;;) {
    const open = text.indexOf('```', from);
    if (open === -1) break;
    const nl = text.indexOf('\n', open + 3);
    if (nl === -1) break; // no newline after it: neither this nor any later ``` opens a block
    out.push(text.slice(from, open), '\n');
    const close = text.indexOf('```', nl + 1);
    if (close === -1) {
      from = text.length;
      break;
    }
    from = close + 3;
  }
  out.push(text.slice(from));
  return out.join('');
}

/** The text without fenced code blocks and inline code spans. */
export function stripCode(text: string): string {
  return stripFences(text).replace(INLINE_CODE_RE, ' ');
}
