/** What window-overflow tracks of each constraint while it walks a session's events. */
import type { Preference, Presence } from '../../text/index.js';
import type { SessionEvent } from '../../store/session.js';
import type { Pressure } from './types.js';

export interface Statement {
  ev: SessionEvent;
  messageId: number;
  sentence: string;
  clause: string;
}

export interface MemoryRef {
  ev: SessionEvent;
  writeId: string;
  memoryId: string | null;
  memoryType: string;
  text: string;
}

export interface Carrying {
  ev: SessionEvent;
  presence: Presence;
}

export interface Tracked {
  key: string;
  pref: Preference;
  /** the user's words, when a user message stated it */
  stated: Statement | null;
  /** the long-term memory that holds it, when one was written */
  memory: MemoryRef | null;
  messageIds: Set<number | string>;
  texts: string[];
  lastCarrying: Carrying | null;
  state: 'active' | 'lost' | 'closed';
  lost: { ev: SessionEvent; why: Why } | null;
  violation: { ev: SessionEvent; reason: string; text: string } | null;
  /** the messages of the earlier rules on its topic it replaced ("switch back to English" after "reply in German") */
  replaces: (number | string)[];
}

/** Why a constraint left the prompt (always window pressure; `summary` when a summary replaced the trimmed history). */
export interface Why {
  cause: 'overflow';
  pressure: Pressure | null;
  summary: { messageId: number; role: string } | null;
}
