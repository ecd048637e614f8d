/**
 * What a format reader yields and the evidence store's writer consumes. Here, below both ingest
 * and the store, so that the store never imports ingest.
 */
import type { ParsedEvent } from './types.js';

/** One thing a format reader found at a place in its input. */
export type IngestItem =
  | {
      type: 'event';
      /** 1-based line (or CSV row's first line) the event came from */
      line: number;
      event: ParsedEvent;
      /** identity for de-duplication when the event has no `id`: the raw text it came from */
      raw: string;
      /** position among several events made from the same line */
      sub: number;
      /** the body as JSON, when the reader already has it (saves a stringify) */
      json?: string;
      /**
       * For an event without an explicit turn: the group it belongs to (a trace id, a call id). The
       * store numbers a session's groups by their first start time, ties by file position
       * (EvidenceWriter.assignTurns); the event's own `turn` must then be unset.
       */
      turnKey?: string;
      /**
       * A request carrying the messages the stored request of the same id lacks (a span stored from
       * its traces file, its GenAI log records read in a later ingest): the store gives it these
       * messages instead of skipping it as a duplicate.
       */
      completes?: boolean;
      /**
       * Bad lines of earlier ingests this event settles: GenAI log records stored as a bad line because
       * their span had not come, taken by the span this event was read from. Each is rewritten to the
       * records left in it (`raw`, `reason`), or deleted when none are left (`raw` null).
       */
      resolves?: Resolve[];
    }
  | {
      type: 'bad';
      line: number;
      reason: string;
      raw: Buffer;
      /** the line's real length when `raw` was cut short */
      rawBytes?: number;
    };

/** A bad line an event settles (IngestItem `resolves`). */
export interface Resolve {
  /** the bad line's row */
  id: number;
  /** what is left of it, null when nothing is */
  raw: Buffer | null;
  reason: string;
}
