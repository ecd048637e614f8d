import fs from 'node:fs';
import path from 'node:path';
import { InvalidEvent } from '../../events/validate.js';
import { isObj } from '../fields.js';
import { OpenHandsConversation } from './events.js';

/**
 * OpenHands' event store keeps one event per file: V0 `sessions/<id>/events/<n>.json` (`n` unpadded,
 * so `10.json` sorts before `2.json` by name) and V1 `conversations/<id>/events/event-<n>-<uuid>.json`.
 * The history the model saw at event `n` is every event before it, in number order, so one
 * conversation goes on from file to file: the files of a folder are read in number order
 * (src/ingest/read.ts byNumberedName) and the conversation after each is kept for the next. A file read
 * out of that sequence (alone, or after its folder's earlier files were skipped as unchanged) first
 * replays the folder's earlier files from disk, their events dropped, so its requests are the same
 * whichever way it is read. Only the folders last read are kept: memory stays flat over many sessions.
 */

const STORE_FILE = /(?:^|[/\\])(?:sessions|conversations)[/\\]([^/\\]+)[/\\]events[/\\]([^/\\]+)$/;
/** `12.json` (V0) or `event-00012-<uuid>.json` (V1): the event's number in its store */
const NUMBER = /^(?:event-)?(\d+)(?:-[^/\\]*)?\.json$/;
const KEEP = 4;

/** V0's cache of the store's events a page at a time: `<conversation>/event_cache/<start>-<end>.json` */
const CACHE_PAGE = /(?:^|[/\\])(?:sessions|conversations)[/\\][^/\\]+[/\\]event_cache[/\\]\d+-\d+\.json$/;

/**
 * The events folder a cache page copies, when it is there. OpenHands V0's EventStream writes each
 * event to `events/<n>.json` and, every `cache_size` events (25 by default), the page of those events
 * again as one JSON list (`event_cache/<start>-<end>.json`, openhands/events/stream.py
 * `_store_cache_page`), which the EventStore reads instead of the single files. Read as well, a page
 * would be a trajectory of its own: the same events again under a session named `<start>-<end>`.
 */
export function cachePageOf(file: string): string | undefined {
  if (!CACHE_PAGE.test(file)) return undefined;
  const events = path.join(path.dirname(path.dirname(file)), 'events');
  return fs.existsSync(events) ? events : undefined;
}

export interface StoreFile {
  /** the conversation's id: the store folder's name */
  session: string;
  dir: string;
  number: number;
}

export function storeFile(file: string | undefined): StoreFile | undefined {
  if (!file) return undefined;
  const m = STORE_FILE.exec(file);
  const n = m ? NUMBER.exec(m[2]) : null;
  if (!m || !n) return undefined;
  return { session: m[1], dir: path.dirname(path.resolve(file)), number: Number(n[1]) };
}

interface Kept {
  conv: OpenHandsConversation;
  /** the number of the last file read into it */
  last: number;
  /** the folder's event files by number, as listed when the folder was first read */
  files: Map<number, string>;
  /** their numbers, ascending */
  order: number[];
}

const kept = new Map<string, Kept>();

/** A store folder's event files by number, and their numbers ascending. */
function list(dir: string): { files: Map<number, string>; order: number[] } {
  const files = new Map<number, string>();
  let names: string[] = [];
  try {
    names = fs.readdirSync(dir);
  } catch {}
  for (const n of names) {
    const m = NUMBER.exec(n);
    if (m && !files.has(Number(m[1]))) files.set(Number(m[1]), n);
  }
  return { files, order: [...files.keys()].sort((a, b) => a - b) };
}

/** The number before `n` in an ascending list, or undefined. */
function previous(order: readonly number[], n: number): number | undefined {
  let lo = 0;
  let hi = order.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (order[mid] < n) lo = mid + 1;
    else hi = mid;
  }
  return lo > 0 ? order[lo - 1] : undefined;
}

/**
 * The conversation to read store file `f` into: the one its folder's previous file left, else one
 * rebuilt from the folder's files numbered below it. Call `done` after reading the file.
 */
export function storeConversation(f: StoreFile): { conv: OpenHandsConversation; done: () => void } {
  let k = kept.get(f.dir);
  // the folder is listed once while it is read in order; a file it did not list yet lists it again
  const listing = k?.files.has(f.number) ? { files: k.files, order: k.order } : list(f.dir);
  const prev = previous(listing.order, f.number);
  if (!k || prev === undefined || k.last !== prev) {
    const conv = new OpenHandsConversation(f.session);
    for (const n of listing.order) {
      if (n >= f.number) break;
      replay(conv, path.join(f.dir, listing.files.get(n)!));
    }
    k = { conv, last: -1, ...listing };
  }
  const entry = { ...k, ...listing };
  return {
    conv: entry.conv,
    done: () => {
      kept.delete(f.dir);
      kept.set(f.dir, { ...entry, last: f.number });
      while (kept.size > KEEP) kept.delete(kept.keys().next().value!);
    },
  };
}

/** Feed an earlier event file to the conversation, its events dropped (they were or will be read from it). */
function replay(conv: OpenHandsConversation, file: string): void {
  let values: unknown;
  try {
    values = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return; // a bad file is reported when it is read itself
  }
  for (const v of Array.isArray(values) ? values : [values]) {
    try {
      if (isObj(v)) conv.event(v);
    } catch (err) {
      if (!(err instanceof InvalidEvent)) throw err;
    }
  }
}
