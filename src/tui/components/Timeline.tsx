import { Box, Text } from 'ink';
import { useTheme, type Tone } from '../theme.js';
import { clock, fit, fitStart, pad } from '../charts/common.js';
import type { EvidenceStep } from '../../findings/types.js';
import { judgedLine } from '../../report/judged.js';

const ROLE_TONE: Record<string, Tone> = {
  user_input: 'c5',
  context: 'c3',
  retrieval: 'c4',
  write: 'c2',
  state: 'c1',
  tool: 'accent',
  response: 'info',
  lifecycle: 'error',
};

export interface TimelineProps {
  steps: EvidenceStep[];
  cursor: number;
  width: number;
  /** rows available; each step takes two */
  height: number;
  focused?: boolean;
}

/** The first step shown so that the cursor's step is visible. */
export function timelineTop(cursor: number, count: number, visible: number): number {
  if (count <= visible) return 0;
  return Math.max(0, Math.min(count - visible, cursor - Math.floor(visible / 2)));
}

/**
 * The evidence chain as a vertical timeline, oldest first: per step its number, role, turn,
 * time and source file:line, then the excerpt under a connector; a step a model's verdict decided
 * (`--judge`) shows `judged by <model>: <verdict>: <reason>` before its excerpt.
 */
export function Timeline({ steps, cursor, width, height, focused = true }: TimelineProps) {
  const theme = useTheme();
  const visible = Math.max(1, Math.floor(height / 2));
  const top = timelineTop(cursor, steps.length, visible);
  const shown = steps.slice(top, top + visible);
  const roleW = Math.max(10, ...steps.map((s) => String(s.role).length));
  if (steps.length === 0) return <Text {...theme.tone('dim')}> this finding has no evidence steps</Text>;
  return (
    <Box flexDirection="column" width={width}>
      {shown.map((s, k) => {
        const i = top + k;
        const selected = i === cursor;
        const last = i === steps.length - 1;
        const head = `${String(s.step ?? i + 1).padStart(2)}  ${pad(String(s.role), roleW)} ${pad(s.turn === null || s.turn === undefined ? 'turn –' : `turn ${s.turn}`, 8)} ${pad(s.ts ? clock(s.ts) : '', 12)} `;
        return (
          <Box key={i} flexDirection="column" width={width}>
            <Text wrap="truncate" {...(selected ? theme.tone(focused ? 'selected' : 'title') : {})}>
              <Text {...(selected ? {} : theme.tone(ROLE_TONE[s.role] ?? 'dim'))}>{selected ? '▶' : '●'}</Text>
              {head}
              <Text {...(selected ? {} : theme.tone('dim'))}>{fitStart(String(s.source ?? ''), Math.max(8, width - head.length - 1))}</Text>
            </Text>
            <Text wrap="truncate">
              <Text {...theme.tone('axis')}>{last ? ' ' : '│'}</Text>
              {'   '}
              {s.judgement ? <Text {...theme.tone('accent')}>{fit(`${judgedLine(s.judgement)} · `, Math.max(8, width - 4))}</Text> : null}
              {fit(String(s.text ?? ''), Math.max(8, width - 4 - (s.judgement ? judgedLine(s.judgement).length + 3 : 0)))}
            </Text>
          </Box>
        );
      })}
    </Box>
  );
}
