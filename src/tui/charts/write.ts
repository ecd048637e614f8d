import { Row, clock, duration, fit, pad, seg, textWidth, type ChartLine } from './common.js';
import type { WriteData } from './model.js';
import type { Tone } from '../theme.js';

export interface WriteOptions {
  width: number;
}

const LABEL_W = 14;
const FAIL = new Set(['failed', 'dead_lettered']);

/**
 * x positions of sorted distinct times on a compressed axis: each interval gets a width that
 * grows with the log of its length, so a 4 s gap and a 5 min gap are both visible, in order.
 */
export function timeAxis(times: number[], cells: number): Map<number, number> {
  const ts = [...new Set(times)].sort((a, b) => a - b);
  const pos = new Map<number, number>();
  if (ts.length === 0) return pos;
  if (ts.length === 1 || cells <= 1) {
    for (const t of ts) pos.set(t, 0);
    return pos;
  }
  const w = ts.slice(1).map((t, i) => 1 + Math.log10(1 + (t - ts[i]) / 100));
  const total = w.reduce((a, b) => a + b, 0);
  let acc = 0;
  pos.set(ts[0], 0);
  for (let i = 1; i < ts.length; i++) {
    acc += w[i - 1];
    pos.set(ts[i], Math.round((acc / total) * (cells - 1)));
  }
  return pos;
}

interface Item {
  label: string;
  ts: number;
  glyph: string;
  tone: Tone;
  note: string;
}

/**
 * A memory write's lifecycle on a time axis, one row per step (requested, enqueued,
 * acknowledged, committed / failed) plus the restart or crash and the later store snapshot,
 * and the gap during which the acknowledged write was not durable drawn as ━━━.
 */
export function writeChart(d: WriteData, o: WriteOptions): ChartLine[] {
  const width = Math.max(40, o.width);
  const plotW = width - LABEL_W;
  const items: Item[] = d.steps.map((s) => ({
    label: s.phase,
    ts: s.ts,
    glyph: s.phase === 'committed' ? '◆' : FAIL.has(s.phase) ? '✖' : '●',
    tone: s.phase === 'committed' ? 'ok' : FAIL.has(s.phase) ? 'missed' : s.phase === 'acknowledged' ? 'accent' : 'bar',
    note: '',
  }));
  if (d.disruption) items.push({ label: d.disruption.event, ts: d.disruption.ts, glyph: '✖', tone: 'missed', note: d.disruption.process ?? '' });
  if (d.snapshot) {
    const note = d.snapshot.contains === false ? `${d.memory_id ?? 'the memory'} missing` : d.snapshot.contains ? `${d.memory_id ?? 'the memory'} present` : '';
    items.push({ label: 'snapshot', ts: d.snapshot.ts, glyph: '○', tone: d.snapshot.contains === false ? 'missed' : 'dim', note });
  }
  items.sort((a, b) => a.ts - b.ts);
  const pos = timeAxis(
    items.map((i) => i.ts),
    Math.max(2, plotW - 16),
  );
  const x = (t: number) => pos.get(t) ?? 0;

  const out: ChartLine[] = [];
  const head = [
    `Write ${d.write_id}`,
    d.memory_id ? `memory ${d.memory_id}${d.memory_type ? ` (${d.memory_type})` : ''}` : null,
    d.critical ? 'critical' : null,
    d.cause,
  ]
    .filter(Boolean)
    .join(' · ');
  out.push([seg(fit(head, width), 'title')]);
  // time labels above the axis, left to right, as many as fit
  const labels = new Row(plotW);
  let free = 0;
  for (const t of [...pos.keys()]) {
    const c = clock(t);
    const at = x(t);
    if (at >= free && at + c.length <= plotW) {
      labels.write(at, c, 'axis');
      free = at + c.length + 1;
    }
  }
  out.push([seg(' '.repeat(LABEL_W)), ...labels.line()]);
  const axis = new Row(plotW, ' ');
  const last = Math.max(0, ...[...pos.values()]);
  for (let i = 0; i <= last; i++) axis.set(i, '─', 'axis');
  for (const v of pos.values()) axis.set(v, '┼', 'axis');
  axis.set(0, '├', 'axis');
  out.push([seg(pad('time', LABEL_W), 'axis'), ...axis.line()]);
  for (const it of items) {
    const row = new Row(plotW);
    row.set(x(it.ts), it.glyph, it.tone);
    if (it.note) row.write(x(it.ts) + 2, fit(it.note, Math.max(0, plotW - x(it.ts) - 2)), it.tone === 'missed' ? 'missed' : 'dim');
    out.push([seg(pad(it.label, LABEL_W), it.tone === 'missed' ? 'missed' : undefined), ...row.line()]);
  }
  const committed = d.steps.find((s) => s.phase === 'committed');
  const acked = d.steps.find((s) => s.phase === 'acknowledged');
  const failed = d.steps.find((s) => FAIL.has(s.phase));
  if (!committed) out.push([seg(pad('committed', LABEL_W), 'missed'), seg('never', 'missed')]);

  // the gap: from the acknowledgement (or the last step) to what ended the write's chance
  const from = acked ?? d.steps[d.steps.length - 1];
  let to: number | null = null;
  let why = '';
  if (committed && acked && committed.ts > acked.ts) {
    to = committed.ts;
    why = `acknowledged ${duration(committed.ts - acked.ts)} before it was committed`;
  } else if (!committed && from) {
    if (d.disruption && d.disruption.ts >= from.ts) {
      to = d.disruption.ts;
      why = `${from.phase} → ${d.disruption.process ? `${d.disruption.process} ` : ''}${d.disruption.event} after ${duration(d.disruption.ts - from.ts)}, never committed`;
    } else if (failed && failed.ts >= from.ts) {
      to = failed.ts;
      why = `${from.phase} → ${failed.phase} after ${duration(failed.ts - from.ts)}, never committed`;
    } else if (d.snapshot) {
      to = d.snapshot.ts;
      why = `${from.phase}, still not committed ${duration(d.snapshot.ts - from.ts)} later`;
    } else {
      why = `${from.phase}, never committed`;
    }
  }
  if (from && why) {
    const row = new Row(plotW);
    const a = x(from.ts);
    const b = to !== null ? x(to) : a;
    for (let i = a; i <= b; i++) row.set(i, '━', 'missed');
    row.set(a, '┣', 'missed');
    if (b > a) row.set(b, '┫', 'missed');
    out.push([seg(pad('gap', LABEL_W), 'missed'), ...row.line()]);
    out.push([seg(' '.repeat(LABEL_W)), seg(fit(why, width - LABEL_W), 'missed')]);
  }
  if (d.steps.length === 0) out.push([seg('  no memory_write events logged for this write', 'dim')]);
  return out.map((l) => (textWidth(l.map((s) => s.text).join('')) > width ? [seg(fit(l.map((s) => s.text).join(''), width))] : l));
}
