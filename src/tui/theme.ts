import { createContext, useContext } from 'react';

/**
 * Semantic colours. Components ask for a tone (`error`, `over`, `missed`...), never a colour.
 * Without colour (NO_COLOR, see cli/io.ts colorEnabled) tones keep only bold / dim / inverse,
 * and every picture stays readable because marks are also drawn with distinct characters.
 */
export type Tone =
  | 'error'
  | 'warning'
  | 'info'
  | 'ok'
  | 'accent'
  | 'title'
  | 'dim'
  | 'selected'
  | 'axis'
  | 'bar'
  | 'over'
  | 'limit'
  | 'mark'
  | 'missed'
  | 'injected'
  | 'c1'
  | 'c2'
  | 'c3'
  | 'c4'
  | 'c5'
  | 'key';

export interface ToneStyle {
  color?: string;
  bold?: boolean;
  dimColor?: boolean;
  inverse?: boolean;
}

export interface Theme {
  color: boolean;
  tone(t: Tone | undefined): ToneStyle;
}

const COLORS: Record<Tone, ToneStyle> = {
  error: { color: 'red', bold: true },
  warning: { color: 'yellow' },
  info: { color: 'cyan' },
  ok: { color: 'green' },
  accent: { color: 'magenta', bold: true },
  title: { bold: true },
  dim: { dimColor: true },
  selected: { inverse: true },
  axis: { dimColor: true },
  bar: { color: 'blue' },
  over: { color: 'red' },
  limit: { color: 'yellow', bold: true },
  mark: { color: 'magenta', bold: true },
  missed: { color: 'red', bold: true },
  injected: { color: 'green' },
  c1: { color: 'magenta' },
  c2: { color: 'yellow' },
  c3: { color: 'blue' },
  c4: { color: 'cyan' },
  c5: { color: 'green' },
  key: { color: 'cyan', bold: true },
};

/** Only styles that are not colours: what NO_COLOR still allows. */
const PLAIN: Partial<Record<Tone, ToneStyle>> = {
  error: { bold: true },
  accent: { bold: true },
  title: { bold: true },
  dim: { dimColor: true },
  selected: { inverse: true },
  axis: { dimColor: true },
  limit: { bold: true },
  mark: { bold: true },
  missed: { bold: true },
  key: { bold: true },
};

export function makeTheme(color: boolean): Theme {
  return {
    color,
    tone: (t) => (t === undefined ? {} : color ? COLORS[t] : (PLAIN[t] ?? {})),
  };
}

export const ThemeContext = createContext<Theme>(makeTheme(true));
export const useTheme = (): Theme => useContext(ThemeContext);

export function severityTone(s: string): Tone {
  return s === 'error' ? 'error' : s === 'warning' ? 'warning' : 'info';
}
