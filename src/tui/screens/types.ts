import type { TuiStore } from '../store.js';
import type { Navigator, RouteOf, ScreenName } from '../nav.js';
import { hint } from '../keys/keymap.js';
import type { Actions } from '../actions.js';

/** What App.tsx gives every screen: plain props, no context but the theme. */
export interface ScreenProps<S extends ScreenName> {
  store: TuiStore;
  route: RouteOf<S>;
  nav: Navigator;
  /** false while the help screen is up */
  active: boolean;
  width: number;
  height: number;
  crumbs: string[];
  /** a text input is open: App turns its global keys off */
  setTyping: (typing: boolean) => void;
  /** the clipboard and the editor */
  actions: Actions;
}

export const COMMON_HINTS = [hint('nav.back', 'back'), hint('help.toggle', 'help'), hint('app.quit', 'quit')];
