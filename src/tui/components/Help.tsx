import { Box, Text } from 'ink';
import { useTheme } from '../theme.js';
import { fit, pad } from '../charts/common.js';
import { helpSections } from '../keys/keymap.js';
import { screenHelp } from '../keys/screen-keys.js';
import type { ScreenName } from '../nav.js';

/** The lines of the help screen, generated from the keymap: a screen's own keys and the global ones, or every key. */
export function helpLines(width: number, screen?: ScreenName): { text: string; heading: boolean }[] {
  const sections = screen ? screenHelp(screen).map((s) => ({ scope: s.title, rows: s.rows })) : helpSections();
  const keyW = Math.min(24, Math.max(...sections.flatMap((s) => s.rows.map((r) => r.keys.length))) + 2);
  const out: { text: string; heading: boolean }[] = [];
  for (const s of sections) {
    out.push({ text: s.scope, heading: true });
    for (const r of s.rows) out.push({ text: fit(`  ${pad(r.keys, keyW)}${r.help}`, width), heading: false });
  }
  return out;
}

/** `?`: the keys of the screen it was opened on, then the global ones, scrolled when they do not fit. */
export function Help({ width, height, scroll, screen }: { width: number; height: number; scroll: number; screen?: ScreenName }) {
  const theme = useTheme();
  const lines = helpLines(width, screen);
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
