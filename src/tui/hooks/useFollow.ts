import { useEffect, useRef, useState } from 'react';

/** How often a followed store is looked at (a stat of its files: cheap). */
export const FOLLOW_MS = 1000;

/**
 * Live tail (lnav, `tail -f`): while `following`, look at the store every FOLLOW_MS and `refresh`
 * (R's refresh, useRefresh.ts) when `watch` answers something new: another process ingested. The
 * look after a refresh is the new baseline, so the refresh's own write (the analysis it stores) does
 * not start another one. Without `watch` there is nothing to follow.
 */
export interface Tail {
  /** a signature of the store's files: it changes when another process writes to the store */
  watch: () => string;
  /** follow from the start (`--follow`) */
  follow: boolean;
}

export function useFollow(tail: Tail | undefined, refresh: () => void, busy: boolean, shown: unknown, say: (s: string) => void) {
  const watch = tail?.watch;
  const [following, setFollowing] = useState(!!tail?.follow);
  const seen = useRef<string | null>(null);
  const refreshRef = useRef(refresh);
  refreshRef.current = refresh;
  const busyRef = useRef(busy);
  busyRef.current = busy;
  useEffect(() => {
    if (!following || !watch) return;
    seen.current = watch();
    const timer = setInterval(() => {
      if (busyRef.current) return;
      const now = watch();
      if (now === seen.current) return;
      seen.current = now;
      refreshRef.current();
    }, FOLLOW_MS);
    return () => clearInterval(timer);
  }, [following, watch]);
  // a refreshed store is shown: what its refresh wrote (the analysis it stored) is no news
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the store shown changes
  useEffect(() => {
    if (watch) seen.current = watch();
  }, [shown]);
  return { following, toggle: () => (watch ? setFollowing((f) => !f) : say('nothing to follow')) };
}
