import { useRef, useState } from 'react';
import { graphemes } from '../charts/common.js';
import { Text } from 'ink';
import { useKeypress } from '../keys/keypress.js';
import { useTheme } from '../theme.js';

export interface SearchBarProps {
  initial: string;
  /** Enter */
  onSubmit: (text: string) => void;
  /** Esc */
  onCancel: () => void;
  /** every change of the text (filter as you type) */
  onChange?: (text: string) => void;
  active: boolean;
  placeholder?: string;
  /** the line's first character: `/` for a search (default), `:` for the command line */
  prompt?: string;
  /** what the line's job is doing (`searching… 40%`), said in place of its keys */
  status?: string | null;
}

/**
 * A one-line text input. While it is open it takes every key (the lists and the global keys
 * are inactive), so typing "q" or "j" searches for them.
 */
export function SearchBar({ initial, onSubmit, onCancel, onChange, active, placeholder, prompt = '/', status }: SearchBarProps) {
  const theme = useTheme();
  const [value, setValue] = useState(initial);
  // the text as typed so far, kept apart from the render: keys that arrive together (fast
  // typing, a paste, "zh" then Enter in one read) each see the ones before, rendered or not
  const typed = useRef(initial);
  const set = (v: string) => {
    typed.current = v;
    setValue(v);
    onChange?.(v);
  };
  useKeypress(
    (input, key) => {
      if (key.return) onSubmit(typed.current);
      else if (key.escape) onCancel();
      else if (key.backspace || key.delete) set(graphemes(typed.current).slice(0, -1).join(''));
      else if (key.ctrl && input === 'u') set('');
      else if (!key.ctrl && !key.meta && input && !/[\u0000-\u001f\u007f]/.test(input)) set(typed.current + input);
    },
    { isActive: active },
  );
  return (
    <Text wrap="truncate">
      <Text {...theme.tone('key')}>{prompt}</Text>
      <Text>{value}</Text>
      <Text {...theme.tone('selected')}> </Text>
      {value === '' && placeholder ? <Text {...theme.tone('dim')}>{` ${placeholder}`}</Text> : null}
      <Text {...theme.tone('dim')}>{status ? `   ${status}` : prompt === ':' ? '   Enter run · Esc cancel' : '   Enter apply · Esc cancel'}</Text>
    </Text>
  );
}
