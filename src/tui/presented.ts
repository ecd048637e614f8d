import { LOG_ID_SCOPES, redactId, scrub } from '../findings/redact.js';
import { presentFinding } from '../findings/present.js';
import { EVENT_ID_KEYS, presentReplay } from '../report/replay.js';
import type { Finding } from '../findings/types.js';
import { presentBadLine } from '../report/bad-lines.js';
import type { FindingFilter } from './findings-index.js';
import type { TuiStore } from './store-types.js';

/** Values of a session's events that the pictures print: a retrieval's query, a state value. */
const PICTURE_WORDS = new Set(['query', 'rewritten_query', 'value']);

/** No configuration: the store has applied it already (severity, ignore rules, disabled analyzers). */
const NO_CONFIG = { analyzers: {}, ignore: [] };

/**
 * The TUI's store as every screen shows it under --redact: session ids become the same stable
 * hashes as in `analyze --redact` (lists, titles, the Raw and Replay panes), findings and replays
 * are redacted by the same functions as the command line (src/findings/present.ts,
 * src/report/replay.ts). The screens navigate with the hashed ids; they are mapped back to the
 * stored ids here, so a hashed id never reaches a query and a raw id never reaches a screen.
 */
export function presentedStore(inner: TuiStore, redact: boolean): TuiStore {
  if (!redact) return inner;
  const raw = new Map<string, string>();
  const hide = (id: string): string => {
    const h = redactId(id);
    raw.set(h, id);
    return h;
  };
  const unhide = (id: string): string => raw.get(id) ?? id;
  /** a reference that may hold hashed ids (an evidence step's event id): the stored text back */
  const unhideIn = (s: string): string => {
    let out = s;
    for (const [h, id] of raw) if (out.includes(h)) out = out.split(h).join(id);
    return out;
  };
  const hideIn = (s: string, id: string): string => (id.length > 0 ? s.split(id).join(hide(id)) : s);
  const finding = (f: Finding): Finding => {
    hide(f.session);
    return presentFinding(f, { config: NO_CONFIG, redact: true })!;
  };
  const findingFilter = (f: FindingFilter): FindingFilter => (f.session === undefined ? f : { ...f, session: unhide(f.session) });
  return {
    overview: () => {
      const o = inner.overview();
      return { ...o, worst: o.worst.map((w) => ({ ...w, session: hide(w.session) })) };
    },
    findingsPage: (filter, offset, limit) => inner.findingsPage(findingFilter(filter), offset, limit).map((r) => ({ ...r, session: hide(r.session) })),
    countFindings: (filter) => inner.countFindings(findingFilter(filter)),
    sessionsPage: (filter, offset, limit) => inner.sessionsPage(filter, offset, limit).map((r) => ({ ...r, session: hide(r.session) })),
    countSessions: (filter) => inner.countSessions(filter),
    finding: (id) => {
      const f = inner.finding(id);
      return f ? finding(f) : null;
    },
    session: (id) => {
      const data = inner.session(unhide(id));
      // the pictures count words and tokens from the events (kept) and print only these values, and
      // the ids (memories, writes, actors, keys) hashed as the findings' details hash them, so they still join
      const rules = { redact: true, words: PICTURE_WORDS, ids: EVENT_ID_KEYS, idScopes: LOG_ID_SCOPES, other: 'none' as const, hide: [data.session] };
      return {
        ...data,
        events: data.events.map((e) => ({
          ...e,
          // the event's actor and scope as stored beside its body: hashed as the body's
          actor: e.actor === null ? null : redactId(e.actor),
          scope: e.scope === null ? null : (scrub({ scope: e.scope }, rules) as { scope: typeof e.scope }).scope,
          body: scrub(e.body, rules) as Record<string, unknown>,
        })),
      };
    },
    sessionFindings: (session) => inner.sessionFindings(unhide(session)).map(finding),
    rawEvent: (ref, session) => {
      const r = inner.rawEvent(unhideIn(ref), session === undefined ? undefined : unhide(session));
      if (!r) return null;
      return { ...r, session: hide(r.session), eventId: r.eventId === null ? null : hideIn(r.eventId, r.session), json: hideIn(r.json, r.session) };
    },
    replay: (session) => presentReplay(inner.replay(unhide(session)), true),
    replayAsync: (session, progress) => {
      const job = inner.replayAsync(unhide(session), progress);
      return { promise: job.promise.then((r) => presentReplay(r, true)), cancel: () => job.cancel() };
    },
    // a bad line's text and the quoted values of its reason as `amnesia bad-lines --redact` shows them
    badLines: (offset, limit) => inner.badLines(offset, limit).map((b) => presentBadLine(b, true)),
    countBadLines: () => inner.countBadLines(),
    close: () => inner.close(),
  };
}
