import { Box, Text } from 'ink';
import { useTheme } from '../theme.js';
import { fit, pad } from '../charts/common.js';
import { helpSections } from '../keys/keymap.js';

/** The lines of the help screen, generated from the keymap. */
export function helpLines(width: number): { text: string; heading: boolean }[] {
  const sections = helpSections();
  const keyW = Math.min(24, Math.max(...sections.flatMap((s) => s.rows.map((r) => r.keys.length))) + 2);
  const out: { text: string; heading: boolean }[] = [];
  for (const s of sections) {
    out.push({ text: s.scope, heading: true });
    for (const r of s.rows) out.push({ text: fit(`  ${pad(r.keys, keyW)}${r.help}`, width), heading: false });
  }
  return out;
}

/** `?`: every key binding, by scope, scrolled when it does not fit. */
export function Help({ width, height, scroll }: { width: number; height: number; scroll: number }) {
  const theme = useTheme();
  const lines = helpLines(width);
  const body = Math.max(1, height);
  const top = Math.max(0, Math.min(scroll, lines.length - body));
  return (
    <Box flexDirection="column" width={width}>
      {lines.slice(top, top + body).map((l, i) => (
        <Text key={top + i} wrap="truncate" {...(l.heading ? theme.tone('title') : {})}>
          {l.heading ? l.text[0].toUpperCase() + l.text.slice(1) : l.text}
        </Text>
      ))}
    </Box>
  );
}
