/**
 * Postgres' checkpointer keeps a channel's value once per (thread, namespace, channel, version) in
 * `checkpoint_blobs`, and JS LangGraph numbers versions 1, 2, 3 on every branch alike: two branches
 * that each reach version N of a channel (a human `updateState` beside the running step, a rewind that
 * runs on) share one row, which holds the value of whichever was saved first (the insert of the second
 * does nothing). A checkpoint's blob is then another branch's value whenever a checkpoint that is neither
 * its ancestor nor its descendant has the same version of the channel. (SQLite keeps each checkpoint's
 * values inline: no such sharing.)
 */

export interface Node {
  id: string;
  parent: string | null;
  versions: Record<string, unknown>;
}

/** (cp, channel) -> true when another branch of the thread has cp's version of the channel. */
export function sharedVersions(cps: readonly Node[], byId: ReadonlyMap<string, Node>): (cp: Node, channel: string) => boolean {
  const byVersion = new Map<string, Node[]>();
  for (const c of cps) {
    for (const [channel, v] of Object.entries(c.versions)) {
      const key = `${channel}\0${String(v)}`;
      const list = byVersion.get(key);
      if (list) list.push(c);
      else byVersion.set(key, [c]);
    }
  }
  /** whether `a` is `b` or one of b's ancestors */
  const above = (a: Node, b: Node): boolean => {
    const seen = new Set<string>();
    for (let x: Node | undefined = b; x && !seen.has(x.id); x = x.parent ? byId.get(x.parent) : undefined) {
      if (x.id === a.id) return true;
      seen.add(x.id);
    }
    return false;
  };
  return (cp, channel) => {
    const same = byVersion.get(`${channel}\0${String(cp.versions[channel])}`) ?? [];
    return same.some((x) => x.id !== cp.id && !above(x, cp) && !above(cp, x));
  };
}
