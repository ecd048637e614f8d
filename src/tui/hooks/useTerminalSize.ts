import { useEffect, useState } from 'react';
import { useStdout } from 'ink';

export interface Size {
  columns: number;
  rows: number;
}

/** The terminal's size, updated on resize; 80x24 when the stream does not say. */
export function useTerminalSize(override?: Size): Size {
  const { stdout } = useStdout();
  const read = (): Size => ({ columns: stdout.columns || 80, rows: stdout.rows || 24 });
  const [size, setSize] = useState<Size>(read);
  // biome-ignore lint/correctness/useExhaustiveDependencies: read() reads only stdout, a dependency already
  useEffect(() => {
    if (override) return;
    const onResize = () => setSize(read());
    stdout.on('resize', onResize);
    return () => {
      stdout.off('resize', onResize);
    };
  }, [stdout, override]);
  return override ?? size;
}
