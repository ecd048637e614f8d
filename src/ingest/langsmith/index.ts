import readline from 'node:readline';
import { Readable } from 'node:stream';
import { InvalidEvent } from '../../events/validate.js';
import { parseJson } from '../json-parse.js';
import { readJsonRecords } from '../json-values.js';
import { TraceAssembler, type Draft } from '../otlp/assemble.js';
import { peek } from '../otlp/container.js';
import { BadLines, bad, readyItems } from '../otlp/emit.js';
import { CallIds } from '../otlp/model-call.js';
import { SessionTally } from '../otlp/session.js';
import { isObj, str } from '../otlp/span.js';
import { traceTurns } from '../turns.js';
import type { IngestItem, InputFormat, ReadOptions } from '../types.js';
import { metadataOf, runEvents, threadOf } from './runs.js';

/**
 * LangSmith runs, as its SDKs post them or its API lists them:
 *
 *   - a `/runs/multipart` body as sent (multipart/form-data: a part `post.<run id>` or `patch.<run id>`
 *     holding the run, and parts `<op>.<run id>.<field>` holding its `inputs`, `outputs`, `extra`,
 *     `events`, `error`...; attachments and feedback passed over), e.g. saved as `.multipart`;
 *   - `/runs/batch` bodies (`{post: [run...], patch: [run...]}`), one per line;
 *   - runs as JSON (`client.listRuns` output): one run a line, a list, or `{runs: [...]}`.
 *
 * A run posted before it ended is completed by its patch (same id): it is read once it has its end
 * (or at the end of the file). Session: the thread LangSmith groups it in (`metadata.session_id`,
 * `thread_id`, `conversation_id`), else another run of its trace's, else the trace id. Each trace (one
 * top-level run) is a turn key: the store numbers user turns. Events: ./runs.ts.
 */

type Obj = Record<string, unknown>;

const SESSION_LOOKED_AT = 'metadata.session_id / thread_id / conversation_id of the run or another run of its trace';
const isRun = (v: unknown): boolean => isObj(v) && typeof v.id === 'string' && typeof v.run_type === 'string';
const isBatch = (v: unknown): boolean =>
  isObj(v) && (Array.isArray(v.post) || Array.isArray(v.patch)) && [...((v.post as unknown[]) ?? []), ...((v.patch as unknown[]) ?? [])].some(isObj);
const MAX_OPEN = 10_000;

class RunReader {
  readonly assembler = new TraceAssembler();
  readonly lines = new BadLines();
  readonly calls = new CallIds();
  private readonly tally: SessionTally;
  /** runs posted without their end, waiting for their patch */
  private readonly open = new Map<string, { run: Obj; line: number }>();
  /** the last llm run under each parent run: a summary chain's compaction names the call that wrote it */
  private readonly llmUnder = new Map<string, string>();
  /** summary chains' compactions waiting for the llm run under them */
  private readonly summaries = new Map<string, Draft>();
  runs = 0;
  modelCalls = 0;

  constructor(private readonly opts: ReadOptions) {
    this.tally = new SessionTally(opts.sessionKey, SESSION_LOOKED_AT);
  }

  /** A run (or a patch of one) read at `line`. */
  *add(run: Obj, line: number, patch = false): Generator<IngestItem> {
    const id = str(run.id);
    if (!id) {
      yield* this.lines.push(bad(line, 'a run without an id', JSON.stringify(run) ?? ''));
      return;
    }
    const held = this.open.get(id);
    const merged = held ? { ...held.run, ...run, extra: mergeExtra(held.run.extra, run.extra) } : run;
    const done = merged.end_time !== undefined && merged.end_time !== null;
    if (!done && !patch) {
      this.open.set(id, { run: merged, line: held?.line ?? line });
      while (this.open.size > MAX_OPEN) {
        const [k, v] = this.open.entries().next().value as [string, { run: Obj; line: number }];
        this.open.delete(k);
        yield* this.one(v.run, v.line);
      }
      return;
    }
    this.open.delete(id);
    yield* this.one(merged, held?.line ?? line);
  }

  private *one(run: Obj, line: number): Generator<IngestItem> {
    this.runs++;
    const id = String(run.id);
    const label = `run ${str(run.run_type) ?? '?'} "${str(run.name) ?? ''}" (${id})`;
    const raw = JSON.stringify(run) ?? '';
    let events;
    try {
      if (!isRun(run)) throw new InvalidEvent('not a run (needs id and run_type)');
      events = runEvents(run, this.calls);
    } catch (err) {
      if (!(err instanceof InvalidEvent)) throw err;
      yield* this.lines.push(bad(line, `${label}: ${err.message}`, raw));
      return;
    }
    const isCall = events.some((e) => e.kind === 'request' || e.kind === 'response');
    if (isCall) this.modelCalls++;
    const thread = threadOf(run);
    const user = str(metadataOf(run).user_id);
    const draft: Draft = {
      traceId: str(run.trace_id) ?? id,
      line,
      label,
      raw,
      events,
      opensTurn: events.some((e) => !e.kind.startsWith('langsmith.') && e.kind !== 'compaction'),
      ...(thread ? { session: thread.value, sessionKey: thread.key } : {}),
      ...(user ? { scope: { user } } : {}),
    };
    if (events.some((e) => e.kind === 'compaction')) {
      yield* this.summaryWrittenBy(id, undefined, draft);
      return;
    }
    yield* this.place(draft);
    const parent = str(run.parent_run_id);
    if (isCall && parent) yield* this.summaryWrittenBy(parent, id);
  }

  /**
   * A summary chain's compaction names the llm run under it (`request_id`), in whichever order the two
   * arrive: a compaction waits for its call (placed as it is at the end of the input), a call for its chain.
   */
  private *summaryWrittenBy(chain: string, call?: string, compaction?: Draft): Generator<IngestItem> {
    const named = (d: Draft, by: string): Draft => ({
      ...d,
      events: d.events.map((e) => (e.kind === 'compaction' ? { ...e, fields: { ...e.fields, request_id: by } } : e)),
    });
    if (call !== undefined) {
      const held = this.summaries.get(chain);
      if (held) {
        this.summaries.delete(chain);
        yield* this.place(named(held, call));
      } else this.llmUnder.set(chain, call);
      if (this.llmUnder.size > MAX_OPEN) this.llmUnder.delete(this.llmUnder.keys().next().value as string);
      return;
    }
    if (!compaction) return;
    const by = this.llmUnder.get(chain);
    if (by !== undefined) {
      this.llmUnder.delete(chain);
      yield* this.place(named(compaction, by));
      return;
    }
    this.summaries.set(chain, compaction);
    while (this.summaries.size > MAX_OPEN) {
      const [k, v] = this.summaries.entries().next().value as [string, Draft];
      this.summaries.delete(k);
      yield* this.place(v);
    }
  }

  private *place(d: Draft): Generator<IngestItem> {
    const { ready, evicted } = this.assembler.add(d);
    for (const r of ready) {
      this.tally.count(r.draft);
      for (const item of traceTurns(r, readyItems(r))) yield* this.lines.push(item);
    }
    for (const e of evicted) yield* this.place(this.tally.fallback(e));
  }

  *finish(): Generator<IngestItem> {
    for (const { run, line } of this.open.values()) yield* this.one(run, line);
    this.open.clear();
    for (const d of this.summaries.values()) yield* this.place(d);
    this.summaries.clear();
    yield* this.lines.flush();
    for (const d of this.assembler.finish()) yield* this.place(this.tally.fallback(d));
    yield* this.lines.flush();
    if (this.runs > 0 && this.modelCalls === 0) this.opts.note?.(`${this.runs} runs, none an llm run with its inputs or outputs`);
  }
}

function mergeExtra(a: unknown, b: unknown): unknown {
  if (!isObj(a) || !isObj(b)) return b ?? a;
  return { ...a, ...b, metadata: { ...(isObj(a.metadata) ? a.metadata : {}), ...(isObj(b.metadata) ? b.metadata : {}) } };
}

/** The parts of a multipart/form-data body, line by line: `{name, json, line}` per part. */
async function* multipartParts(content: AsyncIterable<Buffer>): AsyncGenerator<{ name: string; body: string; line: number }> {
  const rl = readline.createInterface({ input: Readable.from(content), crlfDelay: Number.POSITIVE_INFINITY });
  let boundary: string | undefined;
  let state: 'preamble' | 'headers' | 'body' = 'preamble';
  let name = '';
  let body: string[] = [];
  let start = 0;
  let no = 0;
  for await (const l of rl) {
    no++;
    if (boundary === undefined && /^--\S+$/.test(l)) boundary = l.replace(/--$/, '');
    if (boundary !== undefined && (l === boundary || l === `${boundary}--`)) {
      if (state === 'body' && name) yield { name, body: body.join('\n'), line: start };
      state = 'headers';
      name = '';
      body = [];
      start = no;
      continue;
    }
    if (state === 'headers') {
      if (l === '') state = 'body';
      else {
        const m = /^content-disposition:.*\bname="([^"]*)"/i.exec(l);
        if (m) name = m[1];
      }
    } else if (state === 'body') body.push(l);
  }
}

async function* readMultipart(stream: AsyncIterable<Buffer>, r: RunReader): AsyncGenerator<IngestItem> {
  // parts come grouped by run: the run, then its fields; a run is complete at the next run's part
  let cur: { op: string; id: string; run: Obj; line: number } | undefined;
  function* flush(): Generator<IngestItem> {
    if (cur) yield* r.add(cur.run, cur.line, cur.op === 'patch');
    cur = undefined;
  }
  for await (const p of multipartParts(stream)) {
    const m = /^(post|patch)\.([^.]+)(?:\.(\w+))?$/.exec(p.name);
    if (!m) continue; // attachments, feedback
    const parsed = parseJson(p.body);
    if (!parsed.ok) {
      yield* r.lines.push(bad(p.line, `part ${p.name}: not valid JSON (${parsed.reason})`, p.body.slice(0, 1 << 16)));
      continue;
    }
    const value = parsed.value;
    const [, op, id, field] = m;
    if (!cur || cur.id !== id || cur.op !== op) {
      yield* flush();
      cur = { op, id, run: { id }, line: p.line };
    }
    if (field) cur.run[field] = value;
    else if (isObj(value)) Object.assign(cur.run, value);
  }
  yield* flush();
}

async function* readLangSmith(content: Readable, opts: ReadOptions): AsyncGenerator<IngestItem> {
  const r = new RunReader(opts);
  const { head, stream } = await peek(content);
  if (isMultipartHead(head.toString('utf8', 0, 4096))) {
    yield* readMultipart(stream, r);
  } else {
    for await (const rec of readJsonRecords(stream, opts, (v) => isRun(v) || isBatch(v), ['runs', 'data'])) {
      if (rec.type !== 'record') {
        yield* r.lines.push(rec);
        continue;
      }
      const v = rec.value as Obj;
      if (isBatch(v)) {
        for (const run of (v.post as unknown[]) ?? []) if (isObj(run)) yield* r.add(run, rec.line);
        for (const run of (v.patch as unknown[]) ?? []) if (isObj(run)) yield* r.add(run, rec.line, true);
      } else if (isRun(v)) yield* r.add(v, rec.line, true);
      else yield* r.lines.push(bad(rec.line, 'expected a LangSmith run (id, run_type) or a batch ({post, patch})', rec.raw));
    }
  }
  yield* r.finish();
}

function isMultipartHead(head: string): boolean {
  return /^--\S+\r?\n/.test(head) && /content-disposition:\s*form-data;\s*name="(post|patch)\./i.test(head);
}

export const langSmithFormat: InputFormat = {
  name: 'langsmith',
  description: 'LangSmith runs: /runs/multipart bodies as sent, /runs/batch bodies, or runs as JSON (llm, tool, retriever, chain...)',
  detect(head) {
    if (isMultipartHead(head)) return 12;
    return /"run_type"\s*:\s*"(llm|chain|tool|retriever|prompt|parser|embedding)"/.test(head) && /"(trace_id|dotted_order|start_time)"\s*:/.test(head) ? 12 : 0;
  },
  read(content: Readable, opts: ReadOptions): AsyncIterable<IngestItem> {
    return readLangSmith(content, opts);
  },
};
