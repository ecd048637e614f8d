import { useState } from 'react';
import type { TuiStore } from '../store.js';

const REFRESHING = 'refreshing: analyzing again…';

/**
 * The store shown and `R`'s refresh of it: the first store, then each one `reload` answers with.
 * `notice` is said at the end of the breadcrumb: a refresh running, why it failed, or why a `:`
 * command could not run (`say`).
 */
export function useRefresh(first: TuiStore, reload: (() => Promise<TuiStore>) | undefined) {
  const [store, setStore] = useState(first);
  const [notice, say] = useState<string | null>(null);
  const refresh = () => {
    if (notice === REFRESHING) return;
    if (!reload) {
      say('nothing to refresh from');
      return;
    }
    say(REFRESHING);
    reload().then(
      (next) => {
        setStore(next);
        say(null);
      },
      (e: unknown) => say(`refresh failed: ${(e instanceof Error ? e.message : String(e)).split('\n')[0]}`),
    );
  };
  return { store, notice, say, refresh, refreshing: notice === REFRESHING };
}
