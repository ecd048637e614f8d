import { Box, Text } from 'ink';
import { useTheme } from '../theme.js';
import { cutWord, fit, safeBlock, textWidth, widthUpTo } from '../charts/common.js';
import type { RawEvent } from '../store.js';

/**
 * Wrap text to a width in cells at word boundaries (a word wider than the line is cut between
 * characters), each wrapped piece indented under its line's own indentation.
 */
export function wrapLines(text: string, width: number): string[] {
  const out: string[] = [];
  const w = Math.max(8, width);
  for (const line of safeBlock(text).split('\n')) {
    if (widthUpTo(line, w) <= w) {
      out.push(line);
      continue;
    }
    const lead = line.length - line.trimStart().length;
    const indent = ' '.repeat(Math.min(8, lead) + 2);
    const first = line.slice(0, lead);
    let cur = first;
    let cw = textWidth(first);
    let filled = false;
    const flush = () => {
      out.push(cur.trimEnd());
      cur = indent;
      cw = indent.length;
      filled = false;
    };
    for (const word of line.slice(lead).split(/(?<= )/)) {
      // only compared with what is left of the line: a long word is not measured to its end
      const ww = widthUpTo(word.trimEnd(), w);
      if (cw + ww > w && filled) flush();
      filled = true;
      if (cw + ww <= w) {
        cur += word;
        cw += textWidth(word);
        continue;
      }
      cutWord(word, w - cw, w - indent.length).forEach((piece, i) => {
        if (i > 0) flush();
        cur += piece;
        cw += textWidth(piece);
      });
      filled = true;
    }
    if (cur.trim()) out.push(cur.trimEnd());
  }
  return out;
}

/** The raw event: what it is and where it came from, then its JSON pretty-printed, scrolled. */
export function RawEventView({
  raw,
  lines,
  scroll,
  width,
  height,
  mark,
  status,
}: {
  raw: RawEvent | null;
  lines: string[];
  scroll: number;
  width: number;
  height: number;
  mark?: (line: number) => 'current' | 'match' | null;
  status?: string;
}) {
  const theme = useTheme();
  if (!raw) {
    return <Text {...theme.tone('dim')}> the event is not in the store (was the log ingested into this --db?)</Text>;
  }
  const body = Math.max(1, height - 2);
  const shown = lines.slice(scroll, scroll + body);
  const head = [raw.kind, `session ${raw.session}`, raw.turn !== null ? `turn ${raw.turn}` : null, raw.ts, raw.eventId ? `id ${raw.eventId}` : null]
    .filter(Boolean)
    .join(' · ');
  return (
    <Box flexDirection="column" width={width}>
      <Text wrap="truncate">
        <Text {...theme.tone('title')}>{fit(head, width)}</Text>
      </Text>
      {(() => {
        // the source line and its status, cut here (by cells) so that the line never wraps
        const src = fit(`source ${raw.source}`, width - 1);
        const more = `${lines.length > body ? `  (lines ${scroll + 1}–${Math.min(lines.length, scroll + body)} of ${lines.length})` : ''}${status ? `  ${status}` : ''}`;
        return (
          <Text wrap="truncate" {...theme.tone('accent')}>
            {src}
            <Text {...theme.tone('dim')}>{fit(more, Math.max(0, width - 1 - textWidth(src)))}</Text>
          </Text>
        );
      })()}
      {shown.map((l, i) => {
        const m = /^(\s*)("(?:[^"\\]|\\.)*")(:)(.*)$/.exec(l);
        const mk = mark?.(scroll + i) ?? null;
        if (mk) {
          return (
            <Text key={scroll + i} wrap="truncate" {...theme.tone(mk === 'current' ? 'selected' : 'accent')}>
              {l || ' '}
            </Text>
          );
        }
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
