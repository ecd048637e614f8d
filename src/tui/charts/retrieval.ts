import { HBLOCKS, Row, fit, pad, plural, seg, textWidth, type ChartLine } from './common.js';
import type { Candidate, RetrievalData } from './model.js';

export interface RetrievalOptions {
  width: number;
  /** most candidate rows to draw (missed ones are always drawn) */
  maxRows?: number;
}

const score = (s: number | null) => (s === null ? '  n/a' : s.toFixed(Math.abs(s) < 10 ? 2 : 1).padStart(5));

/**
 * A retrieval's candidates as bars ranked top to bottom, bar length = score (from 0), the
 * threshold as a vertical line ┃ through every bar, the top_k cut as a dashed line after rank
 * top_k; injected candidates marked ✓, a missed memory ✗.
 */
export function retrievalChart(d: RetrievalData, o: RetrievalOptions): ChartLine[] {
  const width = Math.max(40, o.width);
  const maxRows = Math.max(3, o.maxRows ?? 12);
  const cands = [...d.candidates].sort((a, b) => a.rank - b.rank);
  const scores = cands.map((c) => c.score).filter((s): s is number => s !== null);
  const max = Math.max(1, ...scores.map((s) => Math.abs(s)), d.threshold ?? 0);
  const idW = Math.min(18, Math.floor(width / 5), Math.max(4, ...cands.map((c) => textWidth(c.id))));
  const markW = width >= 72 ? 16 : 10;
  const barW = Math.max(8, width - (5 + idW + 1) - 1 - 6 - 1 - markW);
  const thresholdCol = d.threshold !== null && d.threshold >= 0 ? Math.min(barW - 1, Math.round((d.threshold / max) * barW)) : -1;

  const out: ChartLine[] = [];
  const head = [
    `Retrieval${d.id ? ` ${d.id}` : ''}`,
    d.turn !== null ? `turn ${d.turn}` : null,
    `top_k ${d.top_k ?? '?'}`,
    `threshold ${d.threshold ?? '?'}`,
    plural(cands.length, 'candidate'),
  ]
    .filter(Boolean)
    .join(' · ');
  out.push([seg(fit(head, width), 'title')]);
  out.push([seg(fit(`query: ${d.query || '(not logged)'}`, width), 'dim')]);
  out.push([seg(`${'rank'.padStart(4)} ${pad('id', idW)} `, 'axis'), seg(pad('score (0 to ' + (max === 1 ? '1' : max.toFixed(2)) + ')', barW), 'axis')]);

  let shown: (Candidate | null)[] = cands;
  if (cands.length > maxRows) {
    const extra = cands.slice(maxRows).filter((c) => d.missed.includes(c.id));
    shown = [...cands.slice(0, maxRows - (extra.length ? extra.length + 1 : 0)), ...(extra.length ? [null, ...extra] : [])];
  }
  let cutDrawn = false;
  for (const c of shown) {
    if (c === null) {
      out.push([seg(`${'⋮'.padStart(4)}`, 'axis')]);
      continue;
    }
    if (!cutDrawn && d.top_k !== null && c.rank > d.top_k) {
      out.push(cutLine(d.top_k, width));
      cutDrawn = true;
    }
    const missed = d.missed.includes(c.id);
    const row = new Row(barW);
    const eighths = c.score !== null && c.score > 0 ? Math.max(1, Math.round((c.score / max) * barW * 8)) : 0;
    const full = Math.floor(eighths / 8);
    const tone = missed ? 'missed' : c.injected ? 'injected' : 'bar';
    for (let x = 0; x < full && x < barW; x++) row.set(x, '█', tone);
    if (eighths % 8 && full < barW) row.set(full, HBLOCKS[eighths % 8], tone);
    if (thresholdCol >= 0) row.set(thresholdCol, '┃', 'limit');
    let mark = '';
    let markTone: 'injected' | 'missed' | 'dim' = 'dim';
    if (missed) {
      mark = '✗ missed';
      markTone = 'missed';
    } else if (c.injected) {
      mark = '✓ injected';
      markTone = 'injected';
    } else if (d.threshold !== null && c.score !== null && c.score < d.threshold) mark = markW >= 16 ? 'below threshold' : 'below thr';
    else if (d.top_k !== null && c.rank > d.top_k) mark = markW >= 16 ? 'cut by top_k' : 'cut top_k';
    out.push([
      seg(`${String(c.rank).padStart(4)} `, 'axis'),
      seg(pad(c.id, idW), missed ? 'missed' : undefined),
      seg(' '),
      ...row.line(),
      seg(' '),
      seg(score(c.score), missed ? 'missed' : undefined),
      seg(' '),
      seg(pad(mark, markW), markTone),
    ]);
  }
  if (!cutDrawn && d.top_k !== null && cands.length > 0 && d.top_k < cands[cands.length - 1].rank && shown.length < cands.length) {
    out.push(cutLine(d.top_k, width));
  }
  if (thresholdCol >= 0) {
    const label = `threshold ${d.threshold} ┘`;
    const start = 5 + idW + 1 + thresholdCol - (textWidth(label) - 1);
    out.push([seg(' '.repeat(Math.max(0, start))), seg(label, 'limit')]);
  }
  if (cands.length === 0) out.push([seg('  no candidates logged', 'dim')]);
  if (d.missed.length) {
    const m = d.missed.map((id) => {
      const c = cands.find((x) => x.id === id);
      return c ? `${id} ranked ${c.rank}${c.score !== null ? ` with score ${c.score}` : ''}` : `${id} was not among the candidates`;
    });
    out.push([seg('✗ ', 'missed'), seg(fit(`missed: ${m.join('; ')}`, width - 2))]);
  }
  return out;
}

function cutLine(k: number, width: number): ChartLine {
  const text = fit(` top_k = ${k}: ranks below are cut `, width - 8);
  const right = Math.max(0, width - 5 - 3 - textWidth(text));
  return [seg(' '.repeat(5)), seg('╌╌╌' + text + '╌'.repeat(right), 'limit')];
}
