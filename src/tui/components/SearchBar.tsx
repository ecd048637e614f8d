import { useState } from 'react';
import { Text } from 'ink';
import { useKeypress } from '../keys/keypress.js';
import { useTheme } from '../theme.js';

export interface SearchBarProps {
  initial: string;
  /** Enter */
  onSubmit: (text: string) => void;
  /** Esc */
  onCancel: () => void;
  active: boolean;
  placeholder?: string;
}

/**
 * A one-line text input. While it is open it takes every key (the lists and the global keys
 * are inactive), so typing "q" or "j" searches for them.
 */
export function SearchBar({ initial, onSubmit, onCancel, active, placeholder }: SearchBarProps) {
  const theme = useTheme();
  const [value, setValue] = useState(initial);
  useKeypress(
    (input, key) => {
      if (key.return) onSubmit(value);
      else if (key.escape) onCancel();
      else if (key.backspace || key.delete) setValue((v) => [...v].slice(0, -1).join(''));
      else if (key.ctrl && input === 'u') setValue('');
      else if (!key.ctrl && !key.meta && input && !/[\u0000-\u001f\u007f]/.test(input)) setValue((v) => v + input);
    },
    { isActive: active },
  );
  return (
    <Text wrap="truncate">
      <Text {...theme.tone('key')}>/</Text>
      <Text>{value}</Text>
      <Text {...theme.tone('selected')}> </Text>
      {value === '' && placeholder ? <Text {...theme.tone('dim')}>{` ${placeholder}`}</Text> : null}
      <Text {...theme.tone('dim')}>{'   Enter apply · Esc cancel'}</Text>
    </Text>
  );
}
