import type { Tone } from '../theme.js';
import stringWidth from 'string-width';
import { inert, inertBlock } from '../../report/sanitize.js';

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

/** The characters a user sees (grapheme clusters: an emoji with its modifiers, a letter with its marks). */
export function graphemes(s: string): string[] {
  const out: string[] = [];
  for (const g of segmenter.segment(s)) out.push(g.segment);
  return out;
}

/**
 * Display width in terminal cells, from string-width: the library Ink measures and wraps with,
 * so that what we cut to a width is what Ink lays out (CJK and emoji 2, combining marks 0).
 */
export function textWidth(s: string): number {
  return stringWidth(s);
}

/**
 * Log text is attacker-controlled: before it reaches the terminal, control characters and escape
 * sequences are made visible and harmless (report/sanitize.ts). One line: newlines become spaces.
 */
export function safeLine(s: string): string {
  return inert(String(s).replace(/[\r\n\t]+/g, ' '));
}

/** Multi-line text (pretty JSON) made harmless the same way, newlines kept. */
export const safeBlock = (s: string): string => inertBlock(String(s));

/** Cut to at most `max` cells, with an ellipsis when cut; the text is made safe first (safeLine). */
export function fit(s: string, max: number): string {
  const clean = safeLine(s);
  if (max <= 0) return '';
  if (textWidth(clean) <= max) return clean;
  let out = '';
  let w = 0;
  for (const ch of graphemes(clean)) {
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
  for (const ch of graphemes(word)) {
    const chw = textWidth(ch);
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
