import type { ReactNode } from 'react';
import { Box, Text } from 'ink';
import { useTheme } from '../theme.js';
import { fmtInt } from '../charts/common.js';

export interface ListViewProps<T> {
  /** the visible rows only (the page the hook read), starting at row `top` */
  rows: T[];
  total: number;
  top: number;
  cursor: number;
  /** rows of the body (without the column header and the footer) */
  height: number;
  width: number;
  header: string;
  renderRow: (row: T, selected: boolean, width: number) => ReactNode;
  empty: string;
  /** dim the selection when the list is not the focused pane */
  focused?: boolean;
}

/** A virtualised list: a column header, the visible page, and "21–40 of 100,000". */
export function ListView<T>({ rows, total, top, cursor, height, width, header, renderRow, empty, focused = true }: ListViewProps<T>) {
  const theme = useTheme();
  const from = total === 0 ? 0 : top + 1;
  const to = Math.min(total, top + rows.length);
  return (
    <Box flexDirection="column" width={width}>
      <Text wrap="truncate" {...theme.tone('axis')}>
        {'  ' + header}
      </Text>
      <Box flexDirection="column" height={height}>
        {total === 0 ? (
          <Text {...theme.tone('dim')}>{'  ' + empty}</Text>
        ) : (
          rows.map((r, i) => {
            const selected = top + i === cursor;
            // rows come fitted to the width (charts/common pad / fit): no truncation pass needed
            return (
              <Text key={top + i} {...(selected ? theme.tone(focused ? 'selected' : 'title') : {})}>
                {selected ? '› ' : '  '}
                {renderRow(r, selected, width - 2)}
              </Text>
            );
          })
        )}
      </Box>
      <Text {...theme.tone('dim')} wrap="truncate">
        {total === 0 ? ' ' : `  ${fmtInt(from)}–${fmtInt(to)} of ${fmtInt(total)}`}
      </Text>
    </Box>
  );
}
