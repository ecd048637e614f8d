import crypto from 'node:crypto';

/**
 * Which node a pending write came from. checkpoint_writes keeps only a task id; LangGraph (JS
 * 0.2-1.x and Python's uuid5 ids) derives it as uuid5(JSON [namespace, step, node, "__pregel_pull",
 * [trigger]]) under the checkpoint id, so recomputing it for the graph's nodes and the checkpoint's
 * channels names the node. Unmatched ids stay `task:<first 8 hex>`.
 */

export function uuid5(name: string, namespace: string): string {
  const ns = Buffer.from(namespace.replace(/-/g, ''), 'hex');
  const h = crypto.createHash('sha1').update(ns).update(name, 'utf8').digest();
  h[6] = (h[6] & 0x0f) | 0x50;
  h[8] = (h[8] & 0x3f) | 0x80;
  const x = h.subarray(0, 16).toString('hex');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
}

const PULL = '__pregel_pull';

/** task id -> node, for the tasks that ran from checkpoint `checkpointId` at `step`. */
export function taskNames(checkpointId: string, checkpointNs: string, step: number, nodes: Iterable<string>, channels: Iterable<string>): Map<string, string> {
  const out = new Map<string, string>();
  if (!/^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i.test(checkpointId)) return out;
  out.set(uuid5('__input__', checkpointId), '__input__');
  const chans = [...channels];
  for (const node of nodes) {
    const ns = checkpointNs === '' ? node : `${checkpointNs}|${node}`;
    out.set(uuid5(JSON.stringify([ns, String(step), node, PULL, node]), checkpointId), node);
    for (const trigger of chans) out.set(uuid5(JSON.stringify([ns, String(step), node, PULL, [trigger]]), checkpointId), node);
  }
  return out;
}

/** Node names a checkpoint reveals: versions_seen's keys and the `branch:to:<node>` channels. */
export function nodeNames(versionsSeen: Record<string, unknown>, channels: Iterable<string>): Set<string> {
  const names = new Set<string>(['__start__']);
  for (const k of Object.keys(versionsSeen)) if (!k.startsWith('__') || k === '__start__') names.add(k);
  for (const c of channels) {
    const m = /^branch:to:(.+)$/.exec(c) ?? /^start:(.+)$/.exec(c);
    if (m) names.add(m[1]);
  }
  return names;
}
