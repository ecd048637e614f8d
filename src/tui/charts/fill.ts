import { Row, VBLOCKS, fit, fmtInt, pad, pct, plural, seg, textWidth, type ChartLine, type Seg } from './common.js';
import type { Composition, FillData } from './model.js';
import type { Tone } from '../theme.js';

export interface FillOptions {
  width: number;
  /** rows of the plot (default 8) */
  height?: number;
  /** the request whose composition is shown */
  selected?: number;
}

const LABEL_W = 5;

/**
 * Where each request's column sits: spread over the whole plot width (a gap between bars when
 * there is room), several requests per column when there are more requests than cells.
 */
export function fillColumns(n: number, plotWidth: number): { step: number; per: number; columns: number; x: (c: number) => number } {
  if (n <= plotWidth) {
    const step = plotWidth / n;
    return { step, per: 1, columns: n, x: (c) => Math.floor(c * step) };
  }
  const per = Math.ceil(n / plotWidth);
  return { step: 1, per, columns: Math.ceil(n / per), x: (c) => c };
}

/**
 * Prompt fill per request as vertical bars against the context window line: a bar's height is
 * prompt tokens / window, bars above the window are drawn in the `over` tone, the request where
 * a constraint vanished is marked ▲ under its bar, the selected one ↑; a compaction (or a cut found
 * by comparing two prompts) is a cliff, marked ▼ under the first request after it, with what fell off it.
 */
export function fillChart(d: FillData, o: FillOptions): ChartLine[] {
  const rows = Math.max(3, o.height ?? 8);
  const width = Math.max(20, o.width);
  const pts = d.points;
  const known = pts.some((p) => p.limit);
  const value = (i: number) => {
    const p = pts[i];
    if (known) return p.limit ? p.tokens / p.limit : 0;
    const max = Math.max(...pts.map((x) => x.tokens), 1);
    return p.tokens / max;
  };
  const maxFill = Math.max(0, ...pts.map((_, i) => value(i)));
  // one row of headroom: the window line sits on the top row, and only a prompt over the window reaches into it
  const top = known ? Math.max(rows / (rows - 1), maxFill) : 1;
  const plotW = width - LABEL_W - 1;
  const { per, columns, x: xOf } = fillColumns(pts.length, plotW);
  const levels = rows * 8;
  const colValue = (c: number) => {
    let m = 0;
    for (let i = c * per; i < Math.min(pts.length, (c + 1) * per); i++) m = Math.max(m, value(i));
    return m;
  };
  const heights = Array.from({ length: columns }, (_, c) => {
    const v = colValue(c);
    return v > 0 ? Math.max(1, Math.round((v / top) * levels)) : 0;
  });
  const windowLevel = known ? Math.round((1 / top) * levels) : -1;
  const windowRow = known ? Math.min(rows - 1, Math.floor(windowLevel / 8)) : -1;
  // the observed budget: the largest prompt the application ever sent (it trims its prompts to
  // about that), drawn ┄ when it sits under the window: an overflow then shows as a drop below it
  const budget = known ? Math.max(0, ...pts.map((_, i) => value(i))) : 0;
  const budgetRow = known && budget < 0.97 ? Math.min(rows - 1, Math.floor(Math.round((budget / top) * levels) / 8)) : -1;
  const vanishCols = new Set(d.vanish.map((v) => Math.floor(v.index / per)));
  const cliffs = d.cliffs ?? [];
  const cliffCols = new Map(cliffs.map((c) => [Math.floor(c.index / per), c]));
  const selCol = o.selected !== undefined ? Math.floor(o.selected / per) : -1;

  const out: ChartLine[] = [];
  const lim = pts.find((p) => p.limit)?.limit;
  out.push([
    seg('Prompt fill per request', 'title'),
    seg(known ? ` · window ${fmtInt(lim ?? 0)} tokens ` : ' · window unknown: bars relative to the largest prompt'),
    ...(known ? [seg('──', 'limit')] : []),
    ...(budgetRow >= 0 ? [seg(` · observed budget ${pct(budget)} `), seg('┄', 'dim'), seg(' (largest prompt sent)', 'dim')] : []),
    ...(per > 1 ? [seg(` · ${per} requests per column`, 'dim')] : []),
  ]);
  for (let r = rows - 1; r >= 0; r--) {
    const row = new Row(plotW);
    const isWindow = r === windowRow;
    const isBudget = r === budgetRow && !isWindow;
    if (isWindow || isBudget) for (let x = 0; x < plotW; x++) row.set(x, isWindow ? '─' : '┄', isWindow ? 'limit' : 'dim');
    for (let c = 0; c < columns; c++) {
      const x = xOf(c);
      const h = heights[c] - r * 8;
      const cellTone: Tone = vanishCols.has(c) ? 'missed' : colValue(c) > 1 ? 'over' : c === selCol ? 'accent' : 'bar';
      if (h >= 8) row.set(x, '█', cellTone);
      else if (h > 0) row.set(x, VBLOCKS[h], cellTone);
    }
    let label = '';
    if (isWindow) label = '100%';
    else if (isBudget) label = pct(budget);
    else if (r === rows - 1) label = known ? pct(top) : 'max';
    out.push([seg(pad(label, LABEL_W - 1, true), isWindow ? 'limit' : 'axis'), seg(isWindow ? '┤' : '│', 'axis'), ...row.line()]);
  }
  out.push([seg(pad('0', LABEL_W - 1, true), 'axis'), seg('└' + '─'.repeat(plotW), 'axis')]);
  // turn labels under the columns, as many as fit
  const labels = new Row(plotW);
  let free = 0;
  for (let c = 0; c < columns; c++) {
    const p = pts[c * per];
    const t = p.turn !== null ? String(p.turn) : String(c * per + 1);
    const x = xOf(c);
    if (x >= free && x + t.length <= plotW) {
      labels.write(x, t, 'axis');
      free = x + t.length + 1;
    }
  }
  out.push([seg(pad('turn', LABEL_W - 1, true) + ' ', 'axis'), ...labels.line()]);
  const marks = new Row(plotW);
  for (let c = 0; c < columns; c++) {
    const cliff = cliffCols.get(c);
    if (cliff) marks.set(xOf(c), '▼', cliff.fell.length ? 'missed' : 'limit');
    else if (vanishCols.has(c)) marks.set(xOf(c), '▲', 'missed');
    else if (c === selCol) marks.set(xOf(c), '↑', 'accent');
  }
  out.push([seg(' '.repeat(LABEL_W)), ...marks.line()]);
  for (const c of cliffs.slice(0, 3)) {
    const p = pts[c.index];
    // what fell off first: the counts matter less and are cut first on a narrow screen
    const fell = c.fell.length ? `fell off: ${c.fell.map((f) => `"${f}"`).join(', ')}` : 'no instruction lost';
    out.push([
      seg('▼ ', c.fell.length ? 'missed' : 'limit'),
      seg(fit(`turn ${p?.turn ?? '?'}: ${c.what}: ${fell}; ${plural(c.removed, 'message')} (${fmtInt(c.removedTokens)} tokens) left the prompt`, width - 2)),
    ]);
  }
  if (cliffs.length > 3) out.push([seg(fit(`  ${plural(cliffs.length - 3, 'more cliff')}`, width), 'dim')]);
  for (const v of d.vanish.filter((x) => !cliffs.some((c) => c.findingIds.includes(x.findingId))).slice(0, 2)) {
    const p = pts[v.index];
    out.push([seg('▲ ', 'missed'), seg(fit(`turn ${p.turn ?? '?'}: ${v.label} (${fmtPrompt(p.tokens, p.limit, p.fill)})`, width - 2))]);
  }
  const sel = o.selected !== undefined ? pts[o.selected] : undefined;
  if (sel) {
    out.push([
      seg('↑ ', 'accent'),
      seg(
        fit(
          `request ${o.selected! + 1}/${pts.length}, turn ${sel.turn ?? '?'}: ${fmtPrompt(sel.tokens, sel.limit, sel.fill)} · ${sel.model} · ${plural(sel.messages, 'message')}`,
          width - 2,
        ),
      ),
    ]);
    if (sel.composition) out.push(...compositionLines(sel.composition, sel.limit, width));
    else out.push([seg('  composition unknown (no messages stored for this request)', 'dim')]);
  }
  return out;
}

/** "95,602 / 128,000 tokens (75%)": the fill the evidence states when it states one, rounded as the analyzer rounds it. */
function fmtPrompt(tokens: number, limit: number | null, fill?: number): string {
  return limit ? `${fmtInt(tokens)} / ${fmtInt(limit)} tokens (${pct(fill ?? tokens / limit)})` : `${fmtInt(tokens)} tokens`;
}

export const COMPOSITION_PARTS: { key: keyof Composition; label: string; ch: string; tone: Tone }[] = [
  { key: 'system', label: 'system', ch: '█', tone: 'c1' },
  { key: 'task_context', label: 'task', ch: '▓', tone: 'c2' },
  { key: 'history', label: 'history', ch: '▒', tone: 'c3' },
  { key: 'tool_results', label: 'tools', ch: '░', tone: 'c4' },
  { key: 'latest_user', label: 'user', ch: '▞', tone: 'c5' },
];

/**
 * The composition of one prompt as a stacked bar (system / task / history / tool / user tokens)
 * on the scale of the window, with the window's end marked │.
 */
export function compositionLines(c: Composition, limit: number | null, width: number): ChartLine[] {
  const barW = Math.max(10, width - 4);
  const scale = Math.max(c.total, limit ?? 0, 1);
  const row = new Row(barW, ' ');
  let x = 0;
  let acc = 0;
  for (const part of COMPOSITION_PARTS) {
    const v = c[part.key];
    if (v <= 0) continue;
    acc += v;
    const end = Math.max(x + 1, Math.round((acc / scale) * barW));
    for (; x < Math.min(end, barW); x++) row.set(x, part.ch, part.tone);
  }
  if (limit && limit > 0) {
    const lx = Math.min(barW - 1, Math.round((limit / scale) * barW));
    for (let i = lx; i < x; i++) row.tones[i] = 'over';
    row.set(lx, '│', 'limit');
  }
  const out: ChartLine[] = [[seg('  '), ...row.line()]];
  let line: Seg[] = [seg('  ')];
  let w = 2;
  for (const part of COMPOSITION_PARTS) {
    const text = `${part.label} ${fmtInt(c[part.key])}`;
    const need = textWidth(text) + 4;
    if (w + need > width && w > 2) {
      out.push(line);
      line = [seg('  ')];
      w = 2;
    }
    line.push(seg(part.ch, part.tone), seg(` ${text}  `));
    w += need;
  }
  out.push(line);
  return out;
}
