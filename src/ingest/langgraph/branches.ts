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

export interface StrayBlob {
  /** the checkpoint whose stored value is another branch's */
  cp: string;
  channel: string;
  version: string;
  /** the checkpoint of the other branch that was saved first, whose value the row holds */
  owner: string;
}

/**
 * Checkpoints whose stored value of a channel is another branch's: the channel's version is one that
 * a checkpoint of another branch, saved earlier (checkpoint ids are time-ordered uuid6), reached too,
 * and the checkpoint does not hold the value inline. Only the first checkpoint to reach a version
 * per branch is counted (its descendants carry the version unchanged).
 */
export function strayBlobs(
  cps: readonly (Node & { values: Record<string, unknown> })[],
  byId: ReadonlyMap<string, Node>,
  isState: (channel: string) => boolean,
): StrayBlob[] {
  const out: StrayBlob[] = [];
  const firstAt = new Map<string, Node[]>(); // channel\0version -> checkpoints where it first appeared on their branch
  for (const c of cps) {
    const parent = c.parent ? byId.get(c.parent) : undefined;
    for (const [channel, v] of Object.entries(c.versions)) {
      if (!isState(channel) || channel in (c as { values: Record<string, unknown> }).values) continue;
      if (parent && String(parent.versions[channel]) === String(v)) continue; // carried unchanged
      const key = `${channel}\0${String(v)}`;
      const earlier = firstAt.get(key);
      if (earlier?.length) out.push({ cp: c.id, channel, version: String(v), owner: earlier[0].id });
      if (earlier) earlier.push(c);
      else firstAt.set(key, [c]);
    }
  }
  return out;
}
