import { useMemo } from 'react';
import { Frame } from '../components/Frame.js';
import { RawEventView, wrapLines } from '../components/RawEventView.js';
import { useRawEvent } from '../hooks/data.js';
import { useCommands } from '../keys/useCommands.js';
import { keysOf } from '../keys/keymap.js';
import { COMMON_HINTS, type ScreenProps } from './types.js';

/** An evidence step's event, as it was logged, pretty-printed and scrollable. */
export function RawScreen({ store, route, nav, active, width, height, crumbs }: ScreenProps<'raw'>) {
  const raw = useRawEvent(store, route.ref, route.session, route.source);
  const lines = useMemo(() => (raw ? wrapLines(raw.json, width) : []), [raw, width]);
  const body = Math.max(1, height - 4);
  const max = Math.max(0, lines.length - body);
  const scroll = Math.min(route.scroll, max);
  const by = (d: number) => nav.update<'raw'>((r) => ({ scroll: Math.max(0, Math.min(max, Math.min(r.scroll, max) + d)) }));
  useCommands(
    {
      'list.up': () => by(-1),
      'list.down': () => by(1),
      'list.pageUp': () => by(-body),
      'list.pageDown': () => by(body),
      'list.top': () => by(-lines.length),
      'list.bottom': () => by(lines.length),
    },
    { isActive: active },
  );
  const hints = [`${keysOf('list.up', 1)}${keysOf('list.down', 1)} ${keysOf('list.pageDown', 1)} scroll`, ...COMMON_HINTS];
  return (
    <Frame width={width} height={height} crumbs={crumbs} hints={hints} right={route.source ?? route.ref}>
      <RawEventView raw={raw} lines={lines} scroll={scroll} width={width} height={height - 2} />
    </Frame>
  );
}
