import { seg, type ChartLine } from './common.js';
import { fillChart } from './fill.js';
import { retrievalChart } from './retrieval.js';
import { writeChart } from './write.js';
import { stateChart } from './state.js';
import { styleChart } from './style.js';
import { type PictureKind, type Pictures, pictureLines } from './model.js';

export * from './common.js';
export * from './model.js';

/** Draw one picture of a session at an item (request, retrieval, write, key, response), for a width and a height budget. */
export function drawPicture(p: Pictures, kind: PictureKind, item: number, width: number, height = 16): ChartLine[] {
  switch (kind) {
    case 'fill':
      return p.fill ? fillChart(p.fill, { width, selected: item, height: Math.max(3, Math.min(8, height - 9)) }) : none();
    case 'retrieval': {
      const r = p.retrieval[item];
      return r ? retrievalChart(r, { width, maxRows: Math.max(3, height - 6) }) : none();
    }
    case 'write': {
      const w = p.write[item];
      return w ? writeChart(w, { width }) : none();
    }
    case 'state': {
      const s = p.state[item];
      return s ? stateChart(s, { width }) : none();
    }
    case 'style':
      return p.style ? styleChart(p.style, { width, selected: item }) : none();
    default: {
      // an analyzer's picture the TUI has no chart for: its own lines
      const lines = pictureLines(p, kind, item);
      return lines.length ? lines.map((l) => [seg(l)]) : none();
    }
  }
}

function none(): ChartLine[] {
  return [[seg('no data for this picture in the session', 'dim')]];
}
