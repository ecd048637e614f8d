import { useEffect, useLayoutEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { Text } from 'ink';
import { holdKeys } from '../keys/keypress.js';

/** A screen's module, imported on first use or ahead of it (after the first frame). */
export interface ScreenModule<P> {
  /** the screen, once its module is loaded */
  loaded: ComponentType<P> | null;
  preload(): Promise<ComponentType<P>>;
}

/** The screen `load` imports, not imported yet. */
export function screenModule<P>(load: () => Promise<ComponentType<P>>): ScreenModule<P> {
  let loading: Promise<ComponentType<P>> | null = null;
  const m: ScreenModule<P> = {
    loaded: null,
    preload: () => {
      loading ??= load().then((c) => {
        m.loaded = c;
        return c;
      });
      return loading;
    },
  };
  return m;
}

/** Load the screens' modules once the first frame is on screen (a key meanwhile waits for its own screen). */
export function usePreload(modules: readonly { preload(): Promise<unknown> }[]): void {
  useEffect(() => {
    const t = setTimeout(() => {
      for (const m of modules) m.preload().catch(() => {});
    }, 0);
    return () => clearTimeout(t);
  }, [modules]);
}

/**
 * A screen whose module is imported when it is first shown, not before the first frame (issue 35:
 * the TUI's first frame waited for every screen, picture and the replay to load). Until the module is
 * there the screen says `loading…` and nothing else (no breadcrumb, which is the screen's own: what
 * waits for a screen waits for it whole), and every key waits (holdKeys): the `j` typed right after the Enter
 * that opened a finding moves in the finding, once it is drawn. A module that fails to load is an
 * error of the render (App's boundary ends the TUI with it).
 */
export function Lazy<P extends object>({ screen, props }: { screen: ScreenModule<P>; props: P }): ReactNode {
  const Loaded = screen.loaded;
  const hold = useRef<(() => void) | null>(null);
  const [failed, setFailed] = useState<Error | null>(null);
  const [, setLoaded] = useState(0);
  // taken in the render that shows the placeholder, before the key that opened the screen is
  // counted as answered (the key provider's layout effect runs after this component's render)
  if (!Loaded && !hold.current && !failed) {
    hold.current = holdKeys();
    screen.preload().then(
      () => setLoaded((n) => n + 1),
      (e: unknown) => setFailed(e instanceof Error ? e : new Error(String(e))),
    );
  }
  // released once the screen itself is committed: its key handlers are in place
  useLayoutEffect(() => {
    if ((Loaded || failed) && hold.current) {
      hold.current();
      hold.current = null;
    }
  });
  useEffect(
    () => () => {
      hold.current?.();
      hold.current = null;
    },
    [],
  );
  if (failed) {
    hold.current?.();
    hold.current = null;
    throw failed;
  }
  if (Loaded) return <Loaded {...props} />;
  return <Text>loading…</Text>;
}
