import { Row, fit, pad, seg, textWidth, wrapWords, type ChartLine } from './common.js';
import type { StateData, StateOp } from './model.js';

export interface StateOptions {
  width: number;
}

const show = (v: unknown): string => (v === undefined ? '?' : typeof v === 'string' ? `"${v}"` : JSON.stringify(v));

/**
 * A state key's reads and writes as one lane per actor, in log order left to right: ○ read,
 * ● write, ✖ the write whose update was lost, ▲ the write that overwrote it; each with the
 * version it read or produced.
 */
export function stateChart(d: StateData, o: StateOptions): ChartLine[] {
  const width = Math.max(40, o.width);
  const actors = [...new Set(d.ops.map((x) => x.actor))];
  const labelW = Math.min(16, Math.max(6, ...actors.map((a) => textWidth(a) + 1)));
  const plotW = width - labelW;
  const n = d.ops.length;
  const slotW = Math.max(4, Math.min(10, Math.floor(plotW / Math.max(1, n))));
  const fits = Math.max(1, Math.floor(plotW / slotW));
  let start = 0;
  if (n > fits) {
    const focus = Math.max(
      0,
      d.ops.findIndex((x) => x.mark !== null),
    );
    start = Math.max(0, Math.min(n - fits, focus - Math.floor(fits / 2)));
  }
  const visible = d.ops.slice(start, start + fits);

  const out: ChartLine[] = [];
  out.push([
    seg(
      fit(
        `${d.key} · ${n} operation${n === 1 ? '' : 's'} by ${actors.length} actor${actors.length === 1 ? '' : 's'}${start > 0 || n > fits ? ` · showing ${start + 1}–${start + visible.length}` : ''}`,
        width,
      ),
      'title',
    ),
  ]);
  for (const actor of actors) {
    const row = new Row(plotW, ' ');
    const mine = visible.map((op, k) => ({ op, k })).filter((x) => x.op.actor === actor);
    if (mine.length) {
      const a = mine[0].k * slotW;
      const b = Math.min(plotW - 1, mine[mine.length - 1].k * slotW + slotW - 1);
      for (let i = a; i <= b; i++) row.set(i, '─', 'axis');
    }
    for (const { op, k } of mine) {
      const at = k * slotW + 1;
      const glyph = op.mark === 'lost' || op.mark === 'refused' ? '✖' : op.mark === 'overwrote' ? '▲' : op.op === 'write' ? '●' : '○';
      const tone = op.mark === 'lost' || op.mark === 'refused' ? 'missed' : op.mark === 'overwrote' ? 'accent' : op.op === 'write' ? 'bar' : 'dim';
      row.set(at, glyph, tone);
      const v = op.version ?? (op.op === 'write' ? op.expected : null);
      if (v !== null && slotW >= 4) row.write(at + 1, fit(`v${v}`, slotW - 2), tone === 'dim' ? 'dim' : tone);
    }
    out.push([seg(pad(actor, labelW), mine.some((x) => x.op.mark === 'lost') ? 'missed' : undefined), ...row.line()]);
  }
  out.push([seg('○ read  ', 'dim'), seg('● write  ', 'bar'), seg('✖ lost update  ', 'missed'), seg('▲ overwrote it', 'accent')]);
  const lost = d.ops.find((x) => x.mark === 'lost');
  const over = d.ops.find((x) => x.mark === 'overwrote');
  if (lost || over) {
    const what = (op: StateOp) =>
      `${op.actor}'s write ${show(op.value)}${op.version !== null || op.expected !== null ? ` (${[op.version !== null ? `v${op.version}` : null, op.expected !== null ? `from v${op.expected}` : null].filter(Boolean).join(', ')})` : ''}`;
    const text = lost && over ? `${what(lost)} was lost: ${what(over)} replaced it` : lost ? `${what(lost)} was lost` : `${what(over!)} overwrote an update`;
    wrapWords(text, width - 2, 3).forEach((l, i) => out.push([seg(i === 0 ? '✖ ' : '  ', 'missed'), seg(l)]));
  }
  return out;
}
