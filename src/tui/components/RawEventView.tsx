import { Box, Text } from 'ink';
import { useTheme } from '../theme.js';
import { fit, safeBlock, textWidth } from '../charts/common.js';
import type { RawEvent } from '../store.js';

/** Hard-wrap text to a width in cells, keeping each wrapped piece's indentation readable. */
export function wrapLines(text: string, width: number): string[] {
  const out: string[] = [];
  const w = Math.max(8, width);
  for (const line of safeBlock(text).split('\n')) {
    if (textWidth(line) <= w) {
      out.push(line);
      continue;
    }
    const indent = ' '.repeat(Math.min(8, line.length - line.trimStart().length) + 2);
    let cur = '';
    let cw = 0;
    for (const ch of line) {
      const chw = textWidth(ch);
      if (cw + chw > w) {
        out.push(cur);
        cur = indent;
        cw = indent.length;
      }
      cur += ch;
      cw += chw;
    }
    if (cur.trim()) out.push(cur);
  }
  return out;
}

/** The raw event: what it is and where it came from, then its JSON pretty-printed, scrolled. */
export function RawEventView({ raw, lines, scroll, width, height }: { raw: RawEvent | null; lines: string[]; scroll: number; width: number; height: number }) {
  const theme = useTheme();
  if (!raw) {
    return <Text {...theme.tone('dim')}>  the event is not in the store (was the log ingested into this --db?)</Text>;
  }
  const body = Math.max(1, height - 2);
  const shown = lines.slice(scroll, scroll + body);
  const head = [raw.kind, `session ${raw.session}`, raw.turn !== null ? `turn ${raw.turn}` : null, raw.ts, raw.eventId ? `id ${raw.eventId}` : null].filter(Boolean).join(' · ');
  return (
    <Box flexDirection="column" width={width}>
      <Text wrap="truncate">
        <Text {...theme.tone('title')}>{fit(head, width)}</Text>
      </Text>
      <Text wrap="truncate" {...theme.tone('accent')}>
        {fit(`source ${raw.source}`, width)}
        <Text {...theme.tone('dim')}>{lines.length > body ? `  (lines ${scroll + 1}–${Math.min(lines.length, scroll + body)} of ${lines.length})` : ''}</Text>
      </Text>
      {shown.map((l, i) => {
        const m = /^(\s*)("(?:[^"\\]|\\.)*")(:)(.*)$/.exec(l);
        return (
          <Text key={scroll + i} wrap="truncate">
            {m ? (
              <>
                {m[1]}
                <Text {...theme.tone('key')}>{m[2]}</Text>
                {m[3]}
                {m[4]}
              </>
            ) : (
              l || ' '
            )}
          </Text>
        );
      })}
    </Box>
  );
}
