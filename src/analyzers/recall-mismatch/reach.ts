/**
 * Did a memory reach a prompt? Only by a copy of it: its normalised text in any message, or one
 * segment (a line or a sentence) of a system / developer / tool message that holds reach_coverage
 * of its terms (two at least: a template's rewording, a pinned block) and no other current memory
 * better (a sibling fact that differs by a name is not this one). Terms scattered over several
 * segments (other memories listed in the same prompt) are not a copy. The conversation's own words
 * count only verbatim.
 */
import type { SessionEvent } from '../../store/session.js';
import { coverage, tokens } from '../../text/relevance.js';
import { PromptScanner, detectPreferences, isPermission } from '../../text/index.js';
import { normalizeText, segments, type Ledger, type Version } from './ledger.js';

const EPS = 1e-9;

interface Prompt {
  norm: string;
  /** the terms of each segment of the system / developer / tool messages */
  segments: { toks: string[]; set: Set<string> }[];
}

export class Reach {
  private readonly cache = new Map<number, Prompt>();
  private readonly scanner = new PromptScanner();
  private readonly rules = new WeakMap<Version, string[]>();

  constructor(
    private readonly ledger: Ledger,
    private readonly reachCoverage: number,
  ) {}

  private prompt(req: SessionEvent): Prompt {
    let p = this.cache.get(req.seq);
    if (!p) {
      const msgs = req.request!.messages;
      p = { norm: msgs.map((m) => normalizeText(m.text)).join('\n'), segments: [] };
      for (const m of msgs) {
        if (m.role === 'user' || m.role === 'assistant') continue;
        for (const s of segments(m.text)) {
          const toks = tokens(s);
          if (toks.length) p.segments.push({ toks, set: new Set(toks) });
        }
      }
      this.cache.set(req.seq, p);
    }
    return p;
  }

  inPrompt(req: SessionEvent, v: Version): boolean {
    const p = this.prompt(req);
    if (v.norm.length >= 4 && p.norm.includes(v.norm)) return true;
    // a rule the memory states ("User prefers no emoji"), stated in the prompt in other words (a pinned
    // preference, the user's own message): the rule reached it; an answer that broke it is ignored-in-context's
    if (this.rulesStated(req, v)) return true;
    if (v.terms.size < 2) return false;
    for (const seg of p.segments) {
      const c = coverage(v.terms, seg.set);
      if (c < this.reachCoverage - EPS) continue;
      let better = false;
      for (const id of this.ledger.bm25.candidates(seg.toks)) {
        const u = this.ledger.current.get(id);
        if (u && u !== v && u.terms.size >= 2 && coverage(u.terms, seg.set) > c + EPS) {
          better = true;
          break;
        }
      }
      if (!better) return true;
    }
    return false;
  }

  private rulesStated(req: SessionEvent, v: Version): boolean {
    let keys = this.rules.get(v);
    if (!keys)
      this.rules.set(
        v,
        (keys = detectPreferences(v.text, 'memory')
          .filter((r) => r.checkable && !isPermission(r))
          .map((r) => r.key)),
      );
    return keys.length > 0 && keys.every((k) => req.request!.messages.some((m) => this.scanner.keysOf(m).has(k)));
  }
}
