import { useEffect, useMemo, useRef, useState } from 'react';
import { Text } from 'ink';
import { ListView } from '../components/ListView.js';
import { fmtInt, pad } from '../charts/common.js';
import { useCommands } from '../keys/useCommands.js';
import { hint, keysOf } from '../keys/keymap.js';
import { clampList, moveList, type ListMove } from '../list.js';
import type { TuiStore } from '../store.js';

/** One choice of the picker: an analyzer (undefined: all of them) and how many rows it keeps. */
export interface PickerItem {
  analyzer: string | undefined;
  count: number;
}

/**
 * The picker's choices for a list's filter: "all analyzers" first, then each analyzer that keeps a
 * row under the list's other filters, with its count (as lazygit's and k9s' menus: no cycling
 * through analyzers that show an empty list). The current analyzer stays listed even at 0.
 */
export function pickerItems<F extends { analyzer?: string }>(analyzers: readonly string[], filter: F, count: (f: F) => number): PickerItem[] {
  const items: PickerItem[] = [{ analyzer: undefined, count: count({ ...filter, analyzer: undefined }) }];
  for (const a of analyzers) {
    const n = count({ ...filter, analyzer: a });
    if (n > 0 || a === filter.analyzer) items.push({ analyzer: a, count: n });
  }
  return items;
}

export interface Picker {
  open: boolean;
  show: () => void;
  items: PickerItem[];
  cursor: number;
  top: number;
  hints: string[];
  /** what the counts count ("finding") */
  noun: string;
}

/** `f` on a list: a menu of analyzers with counts; Enter chooses, Esc (or `f`) closes. It takes every key while open. */
export function useAnalyzerPicker<F extends { analyzer?: string }>(o: {
  store: TuiStore;
  analyzers: readonly string[];
  filter: F;
  count: (store: TuiStore, filter: F) => number;
  choose: (analyzer: string | undefined) => void;
  setTyping: (typing: boolean) => void;
  active: boolean;
  noun: string;
  height: number;
}): Picker {
  const [state, setState] = useState<{ cursor: number; top: number } | null>(null);
  const open = state !== null;
  // a screen that goes while the picker is open (the terminal became too small) gives the keys back
  const openRef = useRef(open);
  openRef.current = open;
  const setTyping = useRef(o.setTyping);
  setTyping.current = o.setTyping;
  useEffect(
    () => () => {
      if (openRef.current) setTyping.current(false);
    },
    [],
  );
  const { store, analyzers, filter, count } = o;
  const key = JSON.stringify(filter);
  // counted when the picker opens (one pass of the index per analyzer), not on every frame
  // biome-ignore lint/correctness/useExhaustiveDependencies: the filter is compared by its JSON key
  const items = useMemo(() => (open ? pickerItems(analyzers, filter, (f) => count(store, f)) : []), [open, store, analyzers, key]);
  // the cursor starts on the analyzer the list is filtered by (known once the items are counted)
  const at = Math.max(
    0,
    items.findIndex((i) => i.analyzer === filter.analyzer),
  );
  const cursorOf = (s: { cursor: number; top: number }) => ({ ...s, cursor: s.cursor >= 0 ? s.cursor : at });
  const close = () => {
    setState(null);
    o.setTyping(false);
  };
  const go = (m: ListMove) => setState((s) => (s ? moveList(clampList(cursorOf(s), items.length, o.height), m, items.length, o.height) : s));
  useCommands(
    {
      'list.up': () => go('up'),
      'list.down': () => go('down'),
      'list.pageUp': () => go('pageUp'),
      'list.pageDown': () => go('pageDown'),
      'list.top': () => go('top'),
      'list.bottom': () => go('bottom'),
      'list.open': () => {
        const it = state ? items[cursorOf(state).cursor] : undefined;
        close();
        if (it) o.choose(it.analyzer);
      },
      'nav.back': close,
      'filter.cycle': close,
    },
    { isActive: o.active && open },
  );
  return {
    open,
    show: () => {
      setState({ cursor: -1, top: 0 });
      o.setTyping(true);
    },
    items,
    cursor: state ? cursorOf(state).cursor : 0,
    top: state?.top ?? 0,
    noun: o.noun,
    hints: [`${keysOf('list.up', 1)}${keysOf('list.down', 1)} move`, hint('list.open', 'filter by it'), `${keysOf('nav.back', 1)} close`],
  };
}

/** The picker in place of the list: "› lost-write   12 findings". */
export function PickerView({ picker, width, height }: { picker: Picker; width: number; height: number }) {
  const list = clampList({ cursor: picker.cursor, top: picker.top }, picker.items.length, height);
  const nameW = Math.max(16, ...picker.items.map((i) => (i.analyzer ?? 'all analyzers').length + 2));
  return (
    <>
      <Text wrap="truncate">{`  filter by analyzer (${fmtInt(picker.items.length - 1)} with ${picker.noun}s):`}</Text>
      <ListView
        rows={picker.items.slice(list.top, list.top + height)}
        total={picker.items.length}
        top={list.top}
        cursor={list.cursor}
        height={height}
        width={width}
        header={`${pad('analyzer', nameW)} ${pad(`${picker.noun}s`, 10, true)}`}
        empty=""
        renderRow={(i) => `${pad(i.analyzer ?? 'all analyzers', nameW)} ${pad(fmtInt(i.count), 10, true)}`}
      />
    </>
  );
}
