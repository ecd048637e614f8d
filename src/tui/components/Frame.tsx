import type { ReactNode } from 'react';
import { Box, Text } from 'ink';
import { useTheme } from '../theme.js';
import { fit, fitStart, textWidth } from '../charts/common.js';
import { COMMON_HINTS } from '../screens/types.js';

export interface FrameProps {
  width: number;
  height: number;
  /** breadcrumb: where the user is */
  crumbs: string[];
  /** right side of the header */
  right?: string;
  /** key hints for the status line */
  hints: string[];
  children: ReactNode;
}

const SEP = ' · ';

/**
 * The status line's hints within `width`: the screen's own hints are dropped from the right
 * until the line fits, the common ones at the end (back, help, quit) are kept, "? help" first.
 */
export function fitHints(hints: string[], width: number): string {
  const join = (h: string[]) => h.join(SEP);
  const kept = [...hints];
  const keep = new Set(COMMON_HINTS);
  while (textWidth(join(kept)) > width) {
    let i = kept.length - 1;
    while (i >= 0 && keep.has(kept[i])) i--;
    if (i < 0) break;
    kept.splice(i, 1);
  }
  // still too wide (a very narrow terminal): help first, then the rest
  if (textWidth(join(kept)) > width) {
    const help = kept.filter((h) => h === COMMON_HINTS[1]);
    return fit(join([...help, ...kept.filter((h) => h !== COMMON_HINTS[1])]), width);
  }
  return join(kept);
}

/** Header (breadcrumb), body and one status line of key hints; exactly `height` rows. */
export function Frame({ width, height, crumbs, right, hints, children }: FrameProps) {
  const theme = useTheme();
  // the breadcrumb first; the right side gets what is left (at least a little)
  const full = `amnesia › ${crumbs.join(' › ')}`;
  const r = right ? ` ${fitStart(right, Math.max(12, width - textWidth(full) - 3))}` : '';
  const left = fit(full, Math.max(10, width - textWidth(r) - 1));
  return (
    <Box flexDirection="column" width={width} height={height}>
      <Box width={width} height={1}>
        <Box flexGrow={1}>
          <Text wrap="truncate" {...theme.tone('title')}>
            {left}
          </Text>
        </Box>
        <Text wrap="truncate" {...theme.tone('dim')}>
          {r}
        </Text>
      </Box>
      {/* screens size their content to the body; no clipping pass (it would slice every line of every frame) */}
      <Box flexDirection="column" width={width} height={Math.max(1, height - 2)}>
        {children}
      </Box>
      <Box width={width} height={1}>
        <Text wrap="truncate" {...theme.tone('dim')}>
          {fitHints(hints, width)}
        </Text>
      </Box>
    </Box>
  );
}
