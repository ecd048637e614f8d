import { Text } from 'ink';
import { useTheme } from '../theme.js';

/** " Evidence │ Picture │ Fix " with the active tab highlighted. */
export function Tabs({ labels, active, focused = true }: { labels: string[]; active: number; focused?: boolean }) {
  const theme = useTheme();
  return (
    <Text wrap="truncate">
      {labels.map((l, i) => (
        <Text key={l}>
          {i > 0 ? <Text {...theme.tone('dim')}>{' │ '}</Text> : ' '}
          <Text {...(i === active ? theme.tone(focused ? 'selected' : 'title') : theme.tone('dim'))}>{` ${l} `}</Text>
        </Text>
      ))}
    </Text>
  );
}
