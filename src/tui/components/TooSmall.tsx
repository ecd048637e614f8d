import { Box, Text } from 'ink';
import { useTheme } from '../theme.js';
import type { Size } from '../hooks/useTerminalSize.js';
import { keysOf } from '../keys/keymap.js';

/** The smallest terminal every screen fits: below it rows would vanish and text overlap (measured in tmux). */
export const MIN_SIZE: Size = { columns: 60, rows: 17 };

export function tooSmall(size: Size): boolean {
  return size.columns < MIN_SIZE.columns || size.rows < MIN_SIZE.rows;
}

/**
 * Shown instead of any screen while the terminal is smaller than MIN_SIZE: its size and the size
 * needed, in short lines that fit a very small terminal. The screens come back as they were once
 * it is large enough; q still quits.
 */
export function TooSmall({ size }: { size: Size }) {
  const theme = useTheme();
  return (
    <Box flexDirection="column" width={size.columns}>
      <Text {...theme.tone('warning')} wrap="truncate">
        terminal too small
      </Text>
      <Text wrap="truncate">
        {size.columns}x{size.rows}, needs {MIN_SIZE.columns}x{MIN_SIZE.rows}
      </Text>
      <Text {...theme.tone('dim')} wrap="truncate">
        enlarge it · {keysOf('app.quit', 1)} quit
      </Text>
    </Box>
  );
}
