/**
 * Stop words per language, from `stopwords-iso` (the most complete maintained collection),
 * keyed by the codes the text layer uses (zh-Hans / zh-Hant share the Chinese list).
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
let data: Record<string, string[]> | null = null;
const sets = new Map<string, ReadonlySet<string>>();

function base(lang: string): string {
  return lang.toLowerCase().split(/[-_]/)[0];
}

/** The stop words of a language (an empty set for a language the list does not have). */
export function stopwords(lang: string): ReadonlySet<string> {
  const b = base(lang);
  let s = sets.get(b);
  if (!s) {
    data ??= require('stopwords-iso') as Record<string, string[]>;
    s = new Set((data[b] ?? []).map((w) => w.toLowerCase()));
    sets.set(b, s);
  }
  return s;
}

/** Stop words of several languages at once (for mixed-language text). */
export function stopwordsOf(langs: readonly string[]): ReadonlySet<string> {
  if (langs.length === 1) return stopwords(langs[0]);
  const out = new Set<string>();
  for (const l of langs) for (const w of stopwords(l)) out.add(w);
  return out;
}
