import { Row, SPARK, fit, pad, plural, seg, type ChartLine } from './common.js';
import type { StyleData, StylePoint } from './model.js';

export interface StyleOptions {
  width: number;
  /** the response to describe below the chart */
  selected?: number;
}

const LABEL_W = 10;
const METRICS: { key: 'words' | 'emoji' | 'exclamations'; label: string }[] = [
  { key: 'words', label: 'length' },
  { key: 'emoji', label: 'emoji' },
  { key: 'exclamations', label: 'exclaim' },
];

/** One sparkline level (0..7) per value, on the scale of the row's largest value; -1 for zero. */
export function sparkLevels(values: number[]): number[] {
  const max = Math.max(0, ...values);
  return values.map((v) => (v <= 0 || max <= 0 ? -1 : Math.max(0, Math.min(7, Math.ceil((v / max) * 8) - 1))));
}

const describe = (p: StylePoint) => `${plural(p.words, 'word')}, ${p.emoji} emoji, ${p.exclamations} !`;

/**
 * Response style per response, as sparklines (length in words, emoji, exclamation marks), with
 * ◆ under responses that came right after a tool result and the drift point ▲ highlighted.
 */
export function styleChart(d: StyleData, o: StyleOptions): ChartLine[] {
  const width = Math.max(30, o.width);
  const plotW = width - LABEL_W;
  const n = d.points.length;
  const step = n * 2 <= plotW ? 2 : 1;
  const fits = Math.floor(plotW / step);
  let start = 0;
  if (n > fits) {
    const focus = d.drift[0]?.index ?? o.selected ?? n - 1;
    start = Math.max(0, Math.min(n - fits, focus - Math.floor(fits / 2)));
  }
  const pts = d.points.slice(start, start + fits);
  const drift = new Set(d.drift.map((x) => x.index - start));
  const sel = o.selected !== undefined ? o.selected - start : -1;

  const out: ChartLine[] = [];
  out.push([
    seg('Response style', 'title'),
    seg(` · ${n} response${n === 1 ? '' : 's'}${start > 0 || n > fits ? ` (${start + 1}–${start + pts.length})` : ''} · `),
    seg('◆', 'accent'),
    seg(' after a tool result · '),
    seg('▲', 'missed'),
    seg(' drift'),
  ]);
  const turns = new Row(plotW);
  let free = 0;
  pts.forEach((p, i) => {
    const t = p.turn !== null ? String(p.turn) : String(start + i + 1);
    if (i * step >= free && i * step + t.length <= plotW) {
      turns.write(i * step, t, 'axis');
      free = i * step + t.length + 1;
    }
  });
  out.push([seg(pad('turn', LABEL_W), 'axis'), ...turns.line()]);
  for (const m of METRICS) {
    const levels = sparkLevels(pts.map((p) => p[m.key]));
    const row = new Row(plotW);
    levels.forEach((l, i) => {
      const tone = drift.has(i) ? 'missed' : i === sel ? 'accent' : 'bar';
      row.set(i * step, l < 0 ? '·' : SPARK[l], l < 0 ? 'dim' : tone);
    });
    out.push([seg(pad(m.label, LABEL_W)), ...row.line()]);
  }
  const tools = new Row(plotW);
  const marks = new Row(plotW);
  pts.forEach((p, i) => {
    if (p.tool) tools.set(i * step, '◆', 'accent');
    if (drift.has(i)) marks.set(i * step, '▲', 'missed');
    else if (i === sel) marks.set(i * step, '↑', 'accent');
  });
  out.push([seg(pad('tool', LABEL_W), 'dim'), ...tools.line()]);
  out.push([seg(pad('drift', LABEL_W), 'dim'), ...marks.line()]);
  for (const x of d.drift.slice(0, 2)) {
    const p = d.points[x.index];
    const before = x.before !== null ? d.points[x.before] : undefined;
    out.push([
      seg('▲ ', 'missed'),
      seg(
        fit(`turn ${p.turn ?? '?'}${p.tool ? ` after ${p.tool}` : ''}: ${x.label}: ${describe(p)}${before ? ` (before: ${describe(before)})` : ''}`, width - 2),
      ),
    ]);
  }
  if (o.selected !== undefined && d.points[o.selected] && !d.drift.some((x) => x.index === o.selected)) {
    const p = d.points[o.selected];
    out.push([
      seg('↑ ', 'accent'),
      seg(fit(`response ${o.selected + 1}/${n}, turn ${p.turn ?? '?'}${p.tool ? ` after ${p.tool}` : ''}: ${describe(p)}`, width - 2)),
    ]);
  }
  return out;
}
