import type { Finding, Severity } from './types.js';
import { redactFinding, redactId, redactText } from './redact.js';
import type { TitleWord } from './title.js';

/**
 * How a finding is shown: the ONE place that applies the configuration (analyzers turned off,
 * severity overrides, ignore rules) and --redact to a finding. `analyze`, `triage`, `show`, `ci`,
 * `replay` and the TUI all show findings through `presentFinding`, so they never disagree.
 */

/** A finding left out by an ignore rule: `session` is a glob (`*` any characters, `?` one). */
export interface IgnoreRule {
  analyzer?: string;
  /** a session id pattern: `*` any characters, `?` one */
  session?: string;
  cause?: string;
  reason: string;
}

/** What of a configuration decides how findings are shown (a `Config` is one). */
export interface PresentConfig {
  analyzers: Readonly<Record<string, { enabled?: boolean; severity?: Severity }>>;
  ignore: readonly IgnoreRule[];
  redact?: boolean;
}

export interface Presentation {
  config: PresentConfig;
  /** --redact (or config `redact`): users' words and session ids replaced by hashes */
  redact: boolean;
}

/** The presentation of a command: its config, and --redact or the config's `redact`. */
export function presentation(config: PresentConfig, redactFlag?: boolean): Presentation {
  return { config, redact: !!(redactFlag || config.redact) };
}

const GLOBS = new Map<string, RegExp>();
/** `*` any run of characters, `?` one character, everything else literal; compiled once per glob (ignore rules meet every finding). */
export function globToRegExp(glob: string): RegExp {
  let re = GLOBS.get(glob);
  if (!re) {
    const body = glob
      .replace(/[.+^${}()|[\]\\]/g, '\\$&')
      .replace(/\*/g, '.*')
      .replace(/\?/g, '.');
    GLOBS.set(glob, (re = new RegExp(`^${body}$`)));
  }
  return re;
}

/** The first ignore rule that leaves this finding out, if any. */
export function ignoredBy(rules: readonly IgnoreRule[], f: { analyzer: string; session: string; cause: string }): IgnoreRule | undefined {
  return rules.find(
    (r) =>
      (r.analyzer === undefined || r.analyzer === f.analyzer) &&
      (r.cause === undefined || r.cause === f.cause) &&
      (r.session === undefined || globToRegExp(r.session).test(f.session)),
  );
}

/** Why a finding is not shown: its analyzer is off, or an ignore rule leaves it out. */
export function leftOut(f: { analyzer: string; session: string; cause: string }, config: PresentConfig): 'disabled' | 'ignored' | null {
  if (config.analyzers[f.analyzer]?.enabled === false) return 'disabled';
  return ignoredBy(config.ignore, f) ? 'ignored' : null;
}

/** The severity a finding is shown with: the config's override for its analyzer, else its own. */
export function shownSeverity(f: { analyzer: string; severity: Severity }, config: PresentConfig): Severity {
  return config.analyzers[f.analyzer]?.severity ?? f.severity;
}

/**
 * What every surface shows of a finding under a presentation: null when the config leaves it out;
 * else the finding with its shown severity and, under --redact, users' words and its session id
 * replaced by stable hashes (the same hash in every output, so findings can still be correlated).
 */
export function presentFinding(f: Finding, p: Presentation): Finding | null {
  if (leftOut(f, p.config)) return null;
  const severity = shownSeverity(f, p.config);
  // the title's word list is the store's, never shown
  const { title_words: _, ...shown } = f;
  return p.redact ? redactFinding({ ...f, severity }) : { ...shown, severity };
}

/** A session id as every surface shows it: under --redact its stable hash. */
export function presentSessionId(id: string, redact: boolean): string {
  return redact ? redactId(id) : id;
}

/** A hashed id as redactId writes it: a row that was already redacted is not hashed twice. */
const HASHED_ID = /^‹id #[0-9a-f]{8}›$/;

/**
 * A finding's one-line row (a list row, a baseline entry) as every surface shows it: under
 * --redact its session id hashed and the log's words of its title too, as `presentFinding` does.
 * A row whose title's words were never marked (`marked: false`: a baseline file, written in clear
 * by an earlier run) has its title hashed whole: its ids and names cannot be told from its text.
 */
export function presentRow<R extends { session: string; title: string; title_words?: TitleWord[] }>(r: R, redact: boolean, marked = true): R {
  if (!redact || HASHED_ID.test(r.session)) return r;
  if (!marked) return { ...r, session: redactId(r.session), title: redactText(r.title) };
  const f = redactFinding({
    id: '',
    analyzer: '',
    severity: 'info',
    session: r.session,
    turn: null,
    ts: '',
    title: r.title,
    ...(r.title_words ? { title_words: r.title_words } : {}),
    cause: '',
    evidence: [],
    fix: '',
    confidence: 'certain',
  });
  return { ...r, session: f.session, title: f.title };
}
