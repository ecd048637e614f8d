import { maskSecrets, shortHash } from '../text/secrets.js';
import type { Finding } from './types.js';

export { maskSecrets };

/**
 * Log text cut to at most `max` characters for an excerpt or a quote, with secrets masked FIRST:
 * a key straddling the cut is masked whole instead of leaving its first half visible. The one
 * place findings cut log text (evidence excerpts, quotes in titles).
 */
export function clip(text: string, max: number): string {
  const t = maskSecrets(text);
  if (t.length <= max) return t;
  let cut = t.slice(0, max - 1);
  // never leave half a mask: "[api-key #1a2" would read as text
  const open = cut.lastIndexOf('[');
  if (open !== -1 && cut.indexOf(']', open) === -1 && /^\[[a-z-]+ #[0-9a-f]{0,8}$|^\[[a-z-]*$/.test(cut.slice(open))) cut = cut.slice(0, open);
  return `${cut}…`;
}

/** `--redact`: an id (session, event) replaced by a stable hash, the same in every output. */
export function redactId(id: string): string {
  return `‹id #${shortHash(id)}›`;
}

/** `--redact` on a one-line reason (a bad line's, an error's): quoted values replaced by hash + shape. */
export function redactQuoted(text: string): string {
  return text.replace(/"([^"]*)"|“([^”]*)”|「([^」]*)」|‘([^’]*)’/g, (_m, a, b, c, d) => `"${redactText(a ?? b ?? c ?? d ?? '')}"`);
}

function script(s: string): string {
  const cjk = (s.match(/[\u3400-\u9fff\uf900-\ufaff]/g) ?? []).length;
  const latin = (s.match(/[A-Za-z]/g) ?? []).length;
  if (cjk === 0 && latin === 0) return (s.match(/\d/g)?.length ?? 0) > 0 ? 'digits' : 'symbols';
  return cjk > latin ? 'zh' : 'en';
}

/** `--redact`: the text replaced by a stable hash and a short shape (length, script, what it holds). */
export function redactText(text: string): string {
  if (text.length === 0) return text;
  const shape = [`${[...text].length} chars`, script(text)];
  if (/\S+@\S+\.\w+/.test(text)) shape.push('email');
  if (/\d{4,}/.test(text)) shape.push('digits');
  return `‹#${shortHash(text)} ${shape.join(' ')}›`;
}

/** Strings that are people's words rather than ids: whitespace, CJK, or long. */
function isProse(s: string): boolean {
  return /\s|[\u3400-\u9fff]/.test(s) || s.length > 40;
}

function mapStrings(v: unknown, f: (s: string) => string): unknown {
  if (typeof v === 'string') return f(v);
  if (Array.isArray(v)) return v.map((x) => mapStrings(x, f));
  if (v && typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) out[k] = mapStrings(x, f);
    return out;
  }
  return v;
}

/** Mask secrets in every text field of a finding (applied to every finding as it is made). */
export function maskFinding(f: Finding): Finding {
  return {
    ...f,
    title: maskSecrets(f.title),
    evidence: f.evidence.map((e) => ({ ...e, text: maskSecrets(e.text), detail: mapStrings(e.detail, maskSecrets) as Record<string, unknown> })),
    ...(f.detail ? { detail: mapStrings(f.detail, maskSecrets) as Record<string, unknown> } : {}),
  };
}

/**
 * `--redact`: users' words leave no output. Evidence excerpts and prose in details become hash +
 * shape; quoted words in titles too. Ids, times, scores, versions, sources and structure stay.
 */
export function redactFinding(f: Finding): Finding {
  const prose = (s: string) => (isProse(s) ? redactText(s) : s);
  const sessionHidden = redactId(f.session);
  const hideSession = (s: string) => (f.session.length > 0 ? s.split(f.session).join(sessionHidden) : s);
  return {
    ...f,
    session: sessionHidden,
    title: hideSession(redactQuoted(f.title)),
    evidence: f.evidence.map((e) => ({ ...e, event: hideSession(e.event), text: redactText(e.text), detail: mapStrings(e.detail, prose) as Record<string, unknown> })),
    ...(f.detail ? { detail: mapStrings(f.detail, prose) as Record<string, unknown> } : {}),
  };
}
