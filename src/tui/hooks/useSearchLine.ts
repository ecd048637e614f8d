import { useEffect, useRef, useState } from 'react';

/** How long typing pauses before the list follows the search line (a search scans the findings once). */
export const LIVE_FILTER_MS = 120;

/** The scan a search text needs before the list can follow it (TuiStore.prepareSearch): made in slices, cancellable. */
export type PrepareSearch = (text: string, progress: (done: number, total: number) => void) => { promise: Promise<void>; cancel(): void };

/**
 * The `/` search line of a list, filtering as you type (as lazygit and k9s do): the list follows
 * the text once typing pauses, Enter keeps it, Esc puts back the search there was before. With
 * `prepare`, the scan a text needs runs first, in slices between which every key is read and
 * echoed; the line says how far it is (`searching… 40%`), and a new key cancels it and starts
 * the next text's. Enter keeps the text: the list follows once its scan is done.
 */
export function useSearchLine(
  current: string | undefined,
  apply: (text: string | undefined) => void,
  setTyping: (typing: boolean) => void,
  prepare?: PrepareSearch,
) {
  const [searching, setSearching] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  const before = useRef(current);
  const timer = useRef<NodeJS.Timeout | null>(null);
  const scan = useRef<{ cancel(): void } | null>(null);
  const applyRef = useRef(apply);
  applyRef.current = apply;
  const stop = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    scan.current?.cancel();
    scan.current = null;
    setStatus(null);
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: clears the timer and the scan on unmount only
  useEffect(() => stop, []);
  const close = () => {
    stop();
    setSearching(false);
    setTyping(false);
  };
  const norm = (t: string) => t.trim() || undefined;
  /** The list follows `text` once its scan is done (at once without `prepare`). */
  const follow = (text: string | undefined) => {
    if (!prepare || text === undefined) return applyRef.current(text);
    const job = prepare(text, (done, total) => {
      if (scan.current === job) setStatus(`searching… ${Math.floor((done / total) * 100)}%`);
    });
    scan.current = job;
    job.promise.then(
      () => {
        if (scan.current !== job) return;
        scan.current = null;
        setStatus(null);
        applyRef.current(text);
      },
      () => {
        // a scan that failed: the list asks again on its own, as without prepare
        if (scan.current === job) applyRef.current(text);
      },
    );
  };
  return {
    searching,
    open: () => {
      before.current = current;
      setSearching(true);
      setTyping(true);
    },
    bar: {
      initial: current ?? '',
      status,
      onChange: (text: string) => {
        stop();
        timer.current = setTimeout(() => {
          timer.current = null;
          follow(norm(text));
        }, LIVE_FILTER_MS);
      },
      onSubmit: (text: string) => {
        close();
        follow(norm(text));
      },
      onCancel: () => {
        close();
        applyRef.current(before.current);
      },
    },
  };
}
