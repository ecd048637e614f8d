/**
 * Sentence and clause splitting for every supported language: Latin and Arabic end marks (؟ ؛)
 * followed by a space, the CJK full-width marks (。！？；) and the Devanagari danda (।) with or
 * without a space, and line ends; clauses also at the Arabic comma (،). Linear in the text.
 */

/**
 * Sentences kept of one text: its first HEAD_SENTENCES and its last TAIL_SENTENCES (a user's rules are
 * stated first or last; a run of thousands of `. ` or `|---|` lines sits between). Keeping only the
 * first 4000 hid a rule stated after 8 KB of `. ` even in a field under the per-field limit.
 */
const HEAD_SENTENCES = 3000;
const TAIL_SENTENCES = 1000;
const ABBREV = /(?:^|[\s(])(?:dr|mr|mrs|ms|prof|st|vs|etc|e\.g|i\.e|z\.b|bzw|ca|sr|sra|jr|no|nr|p\.s)$/i;

/** Sentences, trimmed, end marks kept. Runs of end marks stay together ("?!", "。。"). */
export function sentences(text: string): string[] {
  const out: string[] = [];
  // past the head, the last TAIL_SENTENCES in a ring (`oldest`: where the oldest is once it is full)
  const tail: string[] = [];
  let oldest = 0;
  const push = (s: string) => {
    if (!s) return;
    if (out.length < HEAD_SENTENCES) out.push(s);
    else {
      tail[oldest] = s;
      oldest = (oldest + 1) % TAIL_SENTENCES;
    }
  };
  let start = 0;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text[i];
    let end = false;
    if (c === '\n' || c === '\r' || c === '。' || c === '！' || c === '？' || c === '；' || c === '…' || c === '।' || c === '॥') end = true;
    else if (c === '!' || c === '?' || c === ';' || c === '.' || c === '؟' || c === '؛') {
      const next = text[i + 1];
      // "3.5", "e.g.x" and "file.md" are not ends; ". " and a final "." are
      end = next === undefined || /[\s"'”’)\]」』]/.test(next) || (c !== '.' && /[^\w]/.test(next));
      // "Dr. Lee", "e.g. this", "z.B. das": an abbreviation does not end a sentence
      if (end && c === '.' && ABBREV.test(text.slice(Math.max(0, i - 6), i))) end = false;
    }
    // "（！）", "(?)": a mark named in brackets, not an end
    if (end && i > 0 && (text[i - 1] === '(' || text[i - 1] === '（') && /[)）]/.test(text[i + 1] ?? '')) end = false;
    if (!end) continue;
    while (i + 1 < n && /[.!?。！？…؟।]/.test(text[i + 1])) i++;
    // closing quotes and brackets stay with their sentence
    while (i + 1 < n && /["'”’)\]」』»]/.test(text[i + 1])) i++;
    push(text.slice(start, i + 1).trim());
    start = i + 1;
  }
  if (start < n) push(text.slice(start).trim());
  return tail.length < TAIL_SENTENCES ? out.concat(tail) : out.concat(tail.slice(oldest), tail.slice(0, oldest));
}

/** Clauses of a sentence: split at commas, colons, dashes and brackets, in either width. */
export function clauses(sentence: string): string[] {
  return sentence
    .split(/[,，、:：—–()（）،؛]|\s-\s/)
    .map((c) => c.trim())
    .filter(Boolean);
}
