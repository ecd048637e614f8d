import { Box, Text } from 'ink';
import { useTheme } from '../theme.js';
import type { ChartLine } from '../charts/common.js';

/** Draws a picture computed by src/tui/charts: one line per row, each segment in its tone. */
export function Chart({ lines, height }: { lines: ChartLine[]; height?: number }) {
  const theme = useTheme();
  const shown = height !== undefined ? lines.slice(0, Math.max(0, height)) : lines;
  return (
    <Box flexDirection="column">
      {shown.map((line, i) => (
        <Text key={i} wrap="truncate">
          {line.length === 0
            ? ' '
            : line.map((s, k) => (
                <Text key={k} {...theme.tone(s.tone)}>
                  {s.text}
                </Text>
              ))}
        </Text>
      ))}
    </Box>
  );
}
