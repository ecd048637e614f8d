/** A virtual list's position: the selected row and the first visible row. Pure. */
export interface ListState {
  cursor: number;
  top: number;
}

export const LIST_START: ListState = { cursor: 0, top: 0 };

export type ListMove = 'up' | 'down' | 'pageUp' | 'pageDown' | 'top' | 'bottom';

/** Keep the cursor inside [0, total) and visible in a window of `height` rows. */
export function clampList(s: ListState, total: number, height: number): ListState {
  const h = Math.max(1, height);
  if (total <= 0) return { cursor: 0, top: 0 };
  const cursor = Math.max(0, Math.min(total - 1, s.cursor));
  let top = Math.max(0, Math.min(s.top, Math.max(0, total - h)));
  if (cursor < top) top = cursor;
  if (cursor >= top + h) top = cursor - h + 1;
  return cursor === s.cursor && top === s.top ? s : { cursor, top };
}

export function moveList(s: ListState, move: ListMove, total: number, height: number): ListState {
  const h = Math.max(1, height);
  switch (move) {
    case 'up':
      return clampList({ ...s, cursor: s.cursor - 1 }, total, h);
    case 'down':
      return clampList({ ...s, cursor: s.cursor + 1 }, total, h);
    case 'pageDown':
      // a full page: the window moves by its height and the cursor keeps its place in it
      return clampList({ cursor: s.cursor + h, top: s.top + h }, total, h);
    case 'pageUp':
      return clampList({ cursor: s.cursor - h, top: s.top - h }, total, h);
    case 'top':
      return clampList({ cursor: 0, top: 0 }, total, h);
    case 'bottom':
      return clampList({ cursor: total - 1, top: total - h }, total, h);
  }
}
