import type { Tone } from '../theme.js';
import stringWidth from 'string-width';
import { inert, inertBlock } from '../../util/sanitize.js';

/** A run of text in one tone; a picture is lines of segments, drawn by components/Chart.tsx. */
export interface Seg {
  text: string;
  tone?: Tone;
}
export type ChartLine = Seg[];

export const lineText = (l: ChartLine): string => l.map((s) => s.text).join('');
export const seg = (text: string, tone?: Tone): Seg => (tone ? { text, tone } : { text });

/** Horizontal partial blocks: index = eighths (0..8). */
export const HBLOCKS = ['', '▏', '▎', '▍', '▌', '▋', '▊', '▉', '█'];
/** Vertical partial blocks: index = eighths (0..8). */
export const VBLOCKS = [' ', '▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'];
/** Sparkline levels. */
export const SPARK = ['▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'];

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * Longest text (UTF-16 code units) given to Intl.Segmenter in one call: V8 walks a segment
 * iterator in time that grows with the whole input at each step, so one unbroken 100 KB run took
 * seconds and 2 MB minutes (issue 35). Text is segmented in windows of this size instead.
 */
export const SEGMENT_WINDOW = 1024;

/**
 * The grapheme clusters of `s`, one by one, in time linear in its length: segmented by bounded
 * windows; each window's last cluster may go on past the window, so the next window starts
 * again at it (a window never splits a cluster: surrogate pairs, ZWJ sequences, flags). A
 * cluster longer than a window (thousands of combining marks) is cut at a window, never inside
 * a surrogate pair.
 */
export function* eachGrapheme(s: string): Generator<string> {
  let at = 0;
  while (at < s.length) {
    let end = Math.min(s.length, at + SEGMENT_WINDOW);
    const last = end === s.length;
    if (!last && isHighSurrogate(s.charCodeAt(end - 1))) end--;
    let next = end;
    const part = s.slice(at, end);
    if (ALONE.test(part)) {
      // every code unit its own cluster; the last may take marks from the next window
      const stop = last || part.length === 1 ? part.length : part.length - 1;
      for (let i = 0; i < stop; i++) yield part[i];
      at += stop;
      continue;
    }
    let pending: string | null = null;
    let pendingAt = at;
    for (const g of segmenter.segment(part)) {
      if (pending !== null) yield pending;
      pending = g.segment;
      pendingAt = at + g.index;
    }
    if (pending === null) break;
    if (last || pendingAt === at) {
      // the end of the text, or one cluster filling the whole window: it is whole (or cut)
      yield pending;
    } else {
      next = pendingAt;
    }
    at = next;
  }
}

/**
 * Text where every UTF-16 code unit is a grapheme cluster of its own, whatever its neighbours
 * (UAX #29: none of these is Extend, SpacingMark, Prepend, ZWJ, a control, a Hangul jamo or a
 * surrogate): printable ASCII, Latin letters, CJK punctuation, kana, ideographs, Hangul syllables,
 * fullwidth forms. The segmenter is skipped there (base64, minified JSON, Chinese text).
 */
const ALONE =
  /^[\x20-\x7e\u00a0-\u00ac\u00ae-\u02ff\u3000-\u3029\u3030-\u303f\u3041-\u3096\u30a0-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7a3\uff01-\uff60]*$/;

const isHighSurrogate = (c: number): boolean => c >= 0xd800 && c <= 0xdbff;

/** The characters a user sees (grapheme clusters: an emoji with its modifiers, a letter with its marks). */
export function graphemes(s: string): string[] {
  return Array.from(eachGrapheme(s));
}

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
const clusterWidths = new Map<string, number>();

/** The width of one grapheme cluster (remembered: a long CJK run repeats few characters). */
function clusterWidth(g: string): number {
  let w = clusterWidths.get(g);
  if (w === undefined) {
    w = stringWidth(g);
    if (clusterWidths.size > 50_000) clusterWidths.clear();
    clusterWidths.set(g, w);
  }
  return w;
}

/**
 * Display width in terminal cells, from string-width: the library Ink measures and wraps with,
 * so that what we cut to a width is what Ink lays out (CJK and emoji 2, combining marks 0).
 * Text is measured cluster by cluster (eachGrapheme), never in one call to the segmenter.
 */
export function textWidth(s: string): number {
  if (PRINTABLE_ASCII.test(s) || s.includes('\x1b') || s.includes('\x9b')) return stringWidth(s);
  // string-width adds up its clusters' widths: the same sum, each cluster's width remembered
  let w = 0;
  for (const g of eachGrapheme(s)) w += clusterWidth(g);
  return w;
}

/**
 * The width of `s` in cells as textWidth gives it, or a number above `limit` as soon as it is
 * known to be wider: reads a long text only as far as the limit (is a 2 MB line wider than 80?).
 */
export function widthUpTo(s: string, limit: number): number {
  if (PRINTABLE_ASCII.test(s) || s.includes('\x1b') || s.includes('\x9b')) return stringWidth(s);
  let w = 0;
  for (const g of eachGrapheme(s)) {
    w += clusterWidth(g);
    if (w > limit) break;
  }
  return w;
}

/**
 * Log text is attacker-controlled: before it reaches the terminal, control characters and escape
 * sequences are made visible and harmless (util/sanitize.ts). One line: newlines become spaces.
 */
export function safeLine(s: string): string {
  return steadyEmoji(inert(String(s).replace(/[\r\n\t]+/g, ' ')));
}

/** Multi-line text (pretty JSON) made harmless the same way, newlines kept. */
export const safeBlock = (s: string): string => steadyEmoji(inertBlock(String(s)));

// the characters that make an emoji's width a matter of opinion: ZWJ, VS16, the keycap mark,
// skin-tone modifiers, tag characters (subdivision flags)
const UNSTEADY = /[\u200d\ufe0f\u20e3\u{1F3FB}-\u{1F3FF}\u{E0020}-\u{E007F}]/u;
const JOINED = /(\p{Extended_Pictographic})\u200d(?=\p{Extended_Pictographic})/gu;
const MODIFIERS = /(\p{Extended_Pictographic})[\u{1F3FB}-\u{1F3FF}]/gu;
const PRESENTATION = /[\ufe0f\u20e3\u{E0020}-\u{E007F}]/gu;

/**
 * Emoji whose width terminals disagree on, written as what every terminal draws alike (issue 35:
 * string-width, and so Ink, gives 2 cells where tmux 3.3a gives 4 for 👍🏽, 1 for ❤️ and 🏳️‍🌈, 1 for 1️⃣;
 * other terminals 1 to 6 for a ZWJ family): a ZWJ sequence as its parts (👨‍👩‍👧 -> 👨👩👧, 6 cells
 * everywhere), no skin-tone modifier (👍🏽 -> 👍), no emoji-presentation selector (❤️ -> ❤, 1 cell), no
 * keycap mark (1️⃣ -> 1), no tag characters (a subdivision flag -> 🏴). What is shown loses a shade and
 * keeps every symbol; the columns then hold in any terminal. Text without these characters is returned
 * as it is, after one scan.
 */
export function steadyEmoji(s: string): string {
  if (!UNSTEADY.test(s)) return s;
  return s.replace(PRESENTATION, '').replace(MODIFIERS, '$1').replace(JOINED, '$1');
}

/** Cut to at most `max` cells, with an ellipsis when cut; the text is made safe first (safeLine). */
export function fit(s: string, max: number): string {
  const clean = safeLine(s);
  if (max <= 0) return '';
  if (textWidth(clean) <= max) return clean;
  let out = '';
  let w = 0;
  for (const ch of eachGrapheme(clean)) {
    const cw = textWidth(ch);
    if (w + cw > max - 1) break;
    out += ch;
    w += cw;
  }
  return out + '…';
}

/** Cut in the middle ("recall-in…ent-zh"): both ends of a name stay readable; made safe like fit. */
export function fitMiddle(s: string, max: number): string {
  const clean = safeLine(s);
  if (max <= 0) return '';
  if (textWidth(clean) <= max) return clean;
  if (max < 5) return fit(clean, max);
  const chars = graphemes(clean);
  const tail = Math.floor((max - 1) / 2);
  let end = '';
  let w = 0;
  for (let i = chars.length - 1; i >= 0; i--) {
    const cw = textWidth(chars[i]);
    if (w + cw > tail) break;
    end = chars[i] + end;
    w += cw;
  }
  let start = '';
  for (const ch of chars) {
    const cw = textWidth(ch);
    if (w + cw > max - 1) break;
    start += ch;
    w += cw;
  }
  return `${start}…${end}`;
}

/** Cut from the left (keep the end: "…/trace/retrievals.csv:2"), made safe like fit. */
export function fitStart(s: string, max: number): string {
  const clean = safeLine(s);
  if (max <= 0) return '';
  if (textWidth(clean) <= max) return clean;
  const chars = graphemes(clean);
  let out = '';
  let w = 0;
  for (let i = chars.length - 1; i >= 0; i--) {
    const cw = textWidth(chars[i]);
    if (w + cw > max - 1) break;
    out = chars[i] + out;
    w += cw;
  }
  return '…' + out;
}

/**
 * Cut a word too wide for a line between graphemes: the first piece fills the `room` cells left on
 * the current line, each next piece the `next` cells of a fresh line. A grapheme that does not fit
 * always starts a new piece (so a piece may be empty when the room is already too small).
 */
export function cutWord(word: string, room: number, next: number): string[] {
  const pieces = [''];
  let left = room;
  if (PRINTABLE_ASCII.test(word)) {
    // one cell per character: cut by slices (a 2 MB base64 run in one pass)
    let at = Math.max(0, Math.min(word.length, room));
    pieces[0] = word.slice(0, at);
    const step = Math.max(1, next);
    while (at < word.length) {
      pieces.push(word.slice(at, at + step));
      at += step;
    }
    return pieces;
  }
  for (const ch of eachGrapheme(word)) {
    const chw = clusterWidth(ch);
    if (chw > left) {
      pieces.push('');
      left = next;
    }
    pieces[pieces.length - 1] += ch;
    left -= chw;
  }
  return pieces;
}

/** Word-wrap one line of text to `width` cells (long words are cut hard), made safe like fit. */
export function wrapWords(s: string, width: number, maxLines = Infinity): string[] {
  const w = Math.max(4, width);
  const out: string[] = [];
  let cur = '';
  let cw = 0;
  const flush = () => {
    out.push(cur);
    cur = '';
    cw = 0;
  };
  for (const word of safeLine(s).split(/(\s+)/)) {
    if (!word) continue;
    const ww = textWidth(word);
    if (/^\s+$/.test(word)) {
      if (cw > 0 && cw + 1 <= w) {
        cur += ' ';
        cw += 1;
      }
      continue;
    }
    if (cw + ww > w && cw > 0) flush();
    if (ww <= w) {
      cur += word;
      cw += ww;
      continue;
    }
    cutWord(word, w - cw, w).forEach((piece, i) => {
      if (i > 0) flush();
      cur += piece;
      cw += textWidth(piece);
    });
  }
  if (cur.trim() || out.length === 0) out.push(cur);
  const lines = out.map((l) => l.trimEnd());
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = fit(kept[maxLines - 1] + ' ' + lines[maxLines], w).replace(/…?$/, '…');
    return kept;
  }
  return lines;
}

/** Cut or pad to exactly `n` cells. */
export function pad(s: string, n: number, right = false): string {
  const f = fit(s, n);
  const gap = ' '.repeat(Math.max(0, n - textWidth(f)));
  return right ? gap + f : f + gap;
}

/** Cut in the middle or pad to exactly `n` cells (names: a session id keeps its start and its end). */
export function padMiddle(s: string, n: number): string {
  const f = fitMiddle(s, n);
  return f + ' '.repeat(Math.max(0, n - textWidth(f)));
}

/** "1 message", "2 messages" (English only: the CLI speaks English). */
export const plural = (n: number, word: string, many = `${word}s`): string => `${fmtInt(n)} ${n === 1 ? word : many}`;

export const fmtInt = (n: number): string => Math.round(n).toLocaleString('en-US');
export const pct = (f: number): string => `${Math.round(f * 100)}%`;

/** the one duration format: a finding's title and its picture say the same */
export { duration } from '../../util/duration.js';

/** "10:00:05" (UTC; with milliseconds when they are not zero). */
export function clock(ts: number | string): string {
  const d = typeof ts === 'number' ? new Date(ts) : new Date(ts);
  if (Number.isNaN(d.getTime())) return String(ts);
  const iso = d.toISOString();
  return iso.endsWith('.000Z') ? iso.slice(11, 19) : iso.slice(11, 23);
}

/** Merge neighbouring segments of the same tone (fewer <Text> nodes). */
export function compact(line: ChartLine): ChartLine {
  const out: ChartLine = [];
  for (const s of line) {
    if (!s.text) continue;
    const last = out[out.length - 1];
    if (last && last.tone === s.tone) last.text += s.text;
    else out.push({ ...s });
  }
  return out;
}

/** A line built cell by cell (one character per cell) with a tone per cell. */
export class Row {
  readonly chars: string[];
  readonly tones: (Tone | undefined)[];
  constructor(
    readonly width: number,
    fill = ' ',
  ) {
    this.chars = Array(width).fill(fill);
    this.tones = Array(width).fill(undefined);
  }
  set(i: number, ch: string, tone?: Tone): void {
    if (i >= 0 && i < this.width) {
      this.chars[i] = ch;
      this.tones[i] = tone;
    }
  }
  /** write a string from cell i (a wide character takes two cells) */
  write(i: number, s: string, tone?: Tone): void {
    let k = i;
    for (const ch of graphemes(s)) {
      const w = textWidth(ch);
      if (w === 0) continue;
      if (k + w > this.width) break;
      this.set(k, ch, tone);
      if (w === 2) this.set(k + 1, '', tone);
      k += w;
    }
  }
  line(): ChartLine {
    return compact(this.chars.map((c, i) => seg(c, this.tones[i])));
  }
}
