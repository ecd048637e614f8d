import { useEffect, useRef, useState } from 'react';

/** How long typing pauses before the list follows the search line (a search scans the findings once). */
export const LIVE_FILTER_MS = 120;

/**
 * The `/` search line of a list, filtering as you type (as lazygit and k9s do): the list follows
 * the text once typing pauses, Enter keeps it, Esc puts back the search there was before.
 */
export function useSearchLine(current: string | undefined, apply: (text: string | undefined) => void, setTyping: (typing: boolean) => void) {
  const [searching, setSearching] = useState(false);
  const before = useRef(current);
  const timer = useRef<NodeJS.Timeout | null>(null);
  const applyRef = useRef(apply);
  applyRef.current = apply;
  const stop = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: clears the timer on unmount only
  useEffect(() => stop, []);
  const close = () => {
    stop();
    setSearching(false);
    setTyping(false);
  };
  const norm = (t: string) => t.trim() || undefined;
  return {
    searching,
    open: () => {
      before.current = current;
      setSearching(true);
      setTyping(true);
    },
    bar: {
      initial: current ?? '',
      onChange: (text: string) => {
        stop();
        timer.current = setTimeout(() => {
          timer.current = null;
          applyRef.current(norm(text));
        }, LIVE_FILTER_MS);
      },
      onSubmit: (text: string) => {
        close();
        applyRef.current(norm(text));
      },
      onCancel: () => {
        close();
        applyRef.current(before.current);
      },
    },
  };
}
