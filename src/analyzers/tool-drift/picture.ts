/** tool-drift's picture in the TUI: each response's words, emoji and exclamation marks, the tool results between them, and where a preference broke. Data only: the TUI draws it (src/tui/charts/). */
import { contentText } from '../../events/validate.js';
import type { SessionEvent } from '../../store/session.js';
import { num, obj, steps, when } from '../picture-values.js';
import { str } from '../../util/values.js';
import type { FindingOf, PictureSpec } from '../views.js';
import type { Cause, Detail } from './types.js';

type F = FindingOf<Cause, Detail>;

export interface StylePoint {
  source: string;
  turn: number | null;
  ts: number;
  words: number;
  emoji: number;
  exclamations: number;
  /** the tool whose result came since the previous response */
  tool: string | null;
}
export interface StyleData {
  points: StylePoint[];
  /** before: the compliant answer the finding's evidence compares with (its index), null if none */
  drift: { index: number; findingId: string; label: string; before: number | null }[];
}

const EMOJI = /\p{Extended_Pictographic}/gu;
const EXCL = /[!！]/g;
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu;
const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu;

/** Words (a CJK character counts as one), emoji and exclamation marks of a text. */
export function styleOf(text: string): { words: number; emoji: number; exclamations: number } {
  const cjk = (text.match(CJK) ?? []).length;
  const latin = (text.replace(CJK, ' ').match(WORD) ?? []).length;
  return { words: cjk + latin, emoji: (text.match(EMOJI) ?? []).length, exclamations: (text.match(EXCL) ?? []).length };
}

export function styleData(events: readonly SessionEvent[], findings: readonly F[]): StyleData | null {
  const points: StylePoint[] = [];
  let tool: string | null = null;
  for (const e of events) {
    if (e.kind === 'tool_call' || e.kind === 'tool_result') tool = str(e.body.name) ?? tool ?? 'tool';
    else if (e.kind === 'request' && e.request) {
      const lastMsg = e.request.messages[e.request.messages.length - 1];
      if (lastMsg && (lastMsg.role === 'tool' || lastMsg.role === 'function')) tool = str(lastMsg.raw.name) ?? tool ?? 'tool';
    } else if (e.kind === 'response') {
      // the text tool-drift measures (parts joined by newlines), so the picture and the finding count alike
      const text = contentText(e.body.content);
      points.push({ source: e.source, turn: e.turn, ts: e.ts, ...styleOf(text), tool });
      tool = null;
    }
  }
  if (points.length === 0) return null;
  const drift: StyleData['drift'] = [];
  for (const f of findings) {
    const resp = steps(f).filter((s) => s.role === 'response');
    const last = resp[resp.length - 1];
    let index = last ? points.findIndex((p) => p.source === last.source) : -1;
    if (index < 0) index = points.findIndex((p) => p.ts === Date.parse(f.ts));
    if (index < 0) continue;
    const d = obj(f.detail);
    const metric = str(d.metric);
    // the answer before is the one the evidence names (a compliant response), never an empty
    // tool-call response; else the last response before the drift that said something
    // the analyzer's own counts for the responses its evidence names (title and picture agree)
    for (const s of resp) {
      const at = points.findIndex((p) => p.source === s.source);
      const st = obj(obj(s.detail).style);
      if (at < 0) continue;
      for (const k of ['words', 'emoji', 'exclamations'] as const) {
        const v = num(st[k]);
        if (v !== null) points[at][k] = v;
      }
    }
    const ok = resp.filter((s) => obj(s.detail).complies === true).pop();
    let before = ok ? points.findIndex((p) => p.source === ok.source) : -1;
    if (before < 0) before = points.slice(0, index).findLastIndex((p) => p.words > 0 && !p.tool);
    drift.push({
      index,
      findingId: f.id,
      label: `${str(d.label) ?? 'a preference'} broken${metric ? ` (${metric.replace(/_/g, ' ')})` : ''}`,
      before: before >= 0 ? before : null,
    });
  }
  return { points, drift };
}

export const picture: PictureSpec<Cause, Detail, StyleData | null> = {
  kind: 'style',
  title: 'Response style',
  build: styleData,
  count: (p) => p?.points.length ?? 0,
  focus: (p, findingId) => p?.drift.find((x) => !findingId || x.findingId === findingId)?.index ?? 0,
  lines(p, item) {
    const pt = p?.points[item];
    if (!pt) return [];
    return [
      `turn ${pt.turn ?? '?'} · ${when(pt.ts)}${pt.tool ? ` after ${pt.tool}` : ''}: ${pt.words} words, ${pt.emoji} emoji, ${pt.exclamations} exclamation marks`,
      ...(p?.drift ?? []).filter((d) => d.index === item).map((d) => `▲ ${d.label}`),
    ];
  },
};
