/**
 * Code in a message (fenced blocks, inline spans): left out before prose is measured or its
 * language identified. Its own module so that language.ts and style.ts, which both need it, do
 * not import each other.
 */
const FENCE_RE = /```[^\n]*\n[\s\S]*?(?:```|$)/g;
const INLINE_CODE_RE = /`[^`\n]+`/g;

/** The text without fenced code blocks and inline code spans. */
export function stripCode(text: string): string {
  return text.replace(FENCE_RE, '\n').replace(INLINE_CODE_RE, ' ');
}
