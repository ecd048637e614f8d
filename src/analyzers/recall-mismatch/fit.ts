/**
 * How well a memory fits a search, weighed by the store the search ran on. A real memory store is
 * about a few people: their names are in most of its memories, so a memory does not fit a question
 * because it names the same person, and a memory about another person does not answer it.
 *
 * - Weight: each query term weighs its inverse document frequency in the store (BM25's idf); a
 *   term that most of the store's memories hold, or a subject, weighs nothing and is not a shared term. In a store of fewer than
 *   COMMON_MIN_DOCS memories every term weighs the same (idf over a handful of texts says nothing).
 * - Subjects: the terms that lead (come first among the content terms of) at least 1/SUBJECT_SHARE
 *   of the store's memories are whom or what it is about ("Caroline …", "Jon …", "小明…"); a memory
 *   that names subjects, none of which the query names while the query names another, is about
 *   someone else. The user a search is scoped to is a subject of the store it searched too (the
 *   terms of its id: "Caroline_0"), even where no memory leads with the name: a store of one
 *   speaker's verbatim turns ("Speaker Caroline says: Thanks! It was made for a local church") is
 *   about that speaker, and does not answer "What did Melanie make for a local church?".
 */
import { Bm25 } from '../../text/bm25.js';
import type { Scope } from '../../events/types.js';
import type { SessionEvent } from '../../store/session.js';
import { isObject, str } from '../../util/values.js';
import { tokens } from '../../text/relevance.js';

/** From this many memories on, a store's own statistics are read: its common terms and its subjects. */
export const COMMON_MIN_DOCS = 20;
/** A term leading at least one memory in this many is a subject of the store. */
const SUBJECT_SHARE = 20;

/** Whose store a scope names: `tenant/user`, or null when it names neither. */
export function ownerOf(scope: Scope | Record<string, unknown> | null | undefined): string | null {
  const tenant = str(scope?.tenant);
  const user = str(scope?.user);
  return tenant === undefined && user === undefined ? null : `${tenant ?? ''}/${user ?? ''}`;
}

/** Whose store a search ran on: the user / tenant of its envelope scope or of a scope filter (null when it names none). */
export function searchOwner(ev: SessionEvent): string | null {
  const f = isObject(ev.body.filters) ? ev.body.filters : {};
  const fs = isObject(f.scope) ? f.scope : {};
  const pick = (k: string) => str(ev.scope?.[k]) ?? str(fs[k]) ?? str(f[k]) ?? str(f[`${k}_id`]);
  return ownerOf({ user: pick('user'), tenant: pick('tenant') });
}

/** The memories of one store: BM25 over their terms, and how many memories each term leads. */
export class StoreIndex {
  readonly bm = new Bm25();
  private readonly leads = new Map<string, number>();
  private readonly leadOf = new Map<string, string>();

  /** `lead`: the term the memory leads with (ledger.ts leadOf; its first term by default). */
  set(id: string, toks: readonly string[], lead: string | undefined = toks[0]): void {
    this.delete(id);
    this.bm.set(id, toks);
    if (lead === undefined) return;
    this.leadOf.set(id, lead);
    this.leads.set(lead, (this.leads.get(lead) ?? 0) + 1);
  }

  delete(id: string): void {
    this.bm.delete(id);
    const lead = this.leadOf.get(id);
    if (lead === undefined) return;
    this.leadOf.delete(id);
    const n = (this.leads.get(lead) ?? 1) - 1;
    if (n <= 0) this.leads.delete(lead);
    else this.leads.set(lead, n);
  }

  /** A term that leads at least 1/SUBJECT_SHARE of the memories (in a store of COMMON_MIN_DOCS or more). */
  subject(t: string): boolean {
    return this.bm.size >= COMMON_MIN_DOCS && (this.leads.get(t) ?? 0) * SUBJECT_SHARE >= this.bm.size;
  }
}

/**
 * The name in the user id a search is scoped to ("Caroline_0" -> caroline): its terms that hold
 * no digit (a number in an id, "u-123", names no one), and not one Latin letter. None when the
 * search names no user.
 */
export function ownerTerms(ev: SessionEvent): Set<string> {
  const owner = searchOwner(ev);
  const user = owner === null ? '' : owner.slice(owner.indexOf('/') + 1);
  return new Set(tokens(user.replace(/[_\-.:@]+/g, ' ')).filter((t) => /\p{L}/u.test(t) && !/\p{N}/u.test(t) && !/^[a-z]$/i.test(t)));
}

/** The term statistics of the store a search ran on (Ledger.searchStore). */
export class StoreTerms {
  readonly bm: Bm25;

  /** `owner`: the terms of the user the search is scoped to (ownerTerms), subjects of the store. */
  constructor(
    readonly index: StoreIndex,
    private readonly owner: ReadonlySet<string> = new Set(),
  ) {
    this.bm = index.bm;
  }

  /** A subject of the store (in a store of COMMON_MIN_DOCS memories or more): a term leading enough memories, or the owner's name. */
  subject(t: string): boolean {
    return this.index.subject(t) || (this.bm.size >= COMMON_MIN_DOCS && this.owner.has(t));
  }

  /** A term most of the store's memories hold, or one of its subjects: sharing it says nothing. */
  common(t: string): boolean {
    return this.bm.size >= COMMON_MIN_DOCS && (this.bm.docFreq(t) > this.bm.size / 2 || this.subject(t));
  }

  /** idf in a store of COMMON_MIN_DOCS memories or more (0 for a common term or a subject); 1 in a smaller one. */
  weight(t: string): number {
    if (this.bm.size < COMMON_MIN_DOCS) return 1;
    return this.common(t) ? 0 : this.bm.idf(t);
  }

  /** The share of the query's weight that a text's terms hold (0 when the query has no weighed term). */
  fit(query: ReadonlySet<string>, terms: ReadonlySet<string>): number {
    let all = 0;
    let held = 0;
    for (const t of query) {
      const w = this.weight(t);
      all += w;
      if (terms.has(t)) held += w;
    }
    return all > 0 ? held / all : 0;
  }

  /**
   * Does the text hold the query's focus: one of its terms of the highest weight among those some
   * memory of the store holds (the rarest that can be matched; a term no memory holds, such as a
   * question word's fragment, tells no memory from another)? "When did Melanie's friend adopt a
   * child?" asks about adopting; a memory holding "friend" and "child" but not "adopt" ("…loved
   * reading Charlotte's Web as a child… friendship") shares words, not the point. Every term is
   * the focus in a store under COMMON_MIN_DOCS memories (all weigh the same). True when the query
   * has no weighed term the store holds.
   */
  holdsFocus(query: ReadonlySet<string>, terms: ReadonlySet<string>): boolean {
    let top = 0;
    for (const t of query) if (this.bm.docFreq(t) > 0) top = Math.max(top, this.weight(t));
    if (top <= 0) return true;
    for (const t of query) if (terms.has(t) && this.weight(t) >= top - 1e-9) return true;
    return false;
  }

  /**
   * The query's phrases: each two terms next to each other once its words that weigh nothing
   * (stop words, names, what most memories hold) and those no memory holds are left out. "What did
   * Melanie see during the camping trip last year?" has "camping trip" and "trip year"; "What kind of
   * place does Caroline want to create for people?" has "place create" and "create people", not
   * "place people". One list per text (a query and its rewriting are read apart).
   */
  phrases(texts: readonly (readonly string[])[]): [string, string][] {
    const out: [string, string][] = [];
    for (const toks of texts) {
      const seq = toks.filter((t) => this.weight(t) > 0 && this.bm.docFreq(t) > 0);
      for (let i = 0; i + 1 < seq.length; i++) if (seq[i] !== seq[i + 1]) out.push([seq[i], seq[i + 1]]);
    }
    return out;
  }

  /**
   * The first of the query's phrases (phrases()) that one sentence of the memory holds, its two
   * terms at most `span` weighed terms apart (in either order: "a trip we went camping on" holds
   * "camping trip"). Two of a question's words in a memory, each in another clause ("the pride
   * parade that took place … many people" for "What kind of place does Caroline want to create for
   * people?"), are two words that met; a phrase of it held together is what it asks about. Null
   * when none is held; `[]` when the memory holds fewer than two of the phrases' terms (one word,
   * or a one-word query: there is no phrase to hold).
   */
  phraseHeld(pairs: readonly [string, string][], sentences: readonly (readonly string[])[], told: ReadonlySet<string>, span: number): string[] | null {
    const held = new Set<string>();
    for (const [a, b] of pairs) for (const t of [a, b]) if (told.has(t)) held.add(t);
    if (held.size < 2) return [];
    for (const toks of sentences) {
      // where each held term stands among the sentence's weighed terms
      const at = new Map<string, number[]>();
      let i = 0;
      for (const t of toks) {
        if (this.weight(t) <= 0) continue;
        if (held.has(t)) at.set(t, [...(at.get(t) ?? []), i]);
        i++;
      }
      for (const [a, b] of pairs) {
        const pa = at.get(a);
        const pb = at.get(b);
        if (pa && pb && pa.some((x) => pb.some((y) => Math.abs(x - y) <= span))) return [a, b];
      }
    }
    return null;
  }

  /** Does the text name subjects of the store, none of them named by the query, while the query names one? */
  otherSubject(query: ReadonlySet<string>, terms: ReadonlySet<string>): boolean {
    let asked = false;
    for (const t of query) if (this.subject(t)) asked = true;
    if (!asked) return false;
    let named = false;
    for (const t of terms) {
      if (!this.subject(t)) continue;
      if (query.has(t)) return false;
      named = true;
    }
    return named;
  }
}
