// Worker thread: analyzes batches of sessions on its own read-only connection to the store.
import { parentPort, workerData } from 'node:worker_threads';
import { openStore } from '../store/connection.js';
import { SessionReader } from '../store/session.js';
import type { Lookup, SpeculativeResult, WorkerBatch, WorkerReply, WorkerSetup } from './worker-protocol.js';
import { ANALYZERS } from './registry.js';
import { runOnSession, storeContext } from './run.js';
import { recordingContext } from './speculate.js';

const setup = workerData as WorkerSetup;
const db = openStore(setup.dbFile, { readonly: true, mustExist: true, cacheMb: 2 });
const reader = new SessionReader(db, setup.models);
const store = storeContext(db);
const analyzers = ANALYZERS.filter((a) => setup.analyzers.includes(a.meta.id));
let factorsRead = 0;
/** how long the last read of the factors took (ms): they are read again no more often than 20 times that */
let factorsCost = 0;
let finalPass = false;

parentPort!.on('message', (m: WorkerBatch) => {
  let reply: WorkerReply;
  try {
    // calibration factors (a scan of every request with usage) are read again for the final pass,
    // whose store no longer changes, and during ingest at most once a second and in no more than a
    // twentieth of the time (the scan grows with the store: once a second it took 38% of this
    // worker on 1 GB of transcripts): an early result records the factors it used, and is
    // analysed again if the final ones differ
    if (m.stamped ? Date.now() - factorsRead > Math.max(1000, 20 * factorsCost) : !finalPass) {
      const t = Date.now();
      reader.refresh(true);
      factorsRead = Date.now();
      factorsCost = factorsRead - t;
      finalPass = !m.stamped;
    }
    if (m.stamped) {
      const results: SpeculativeResult[] = [];
      for (const id of m.sessions) {
        const { data, stamp } = reader.loadStamped(id);
        const lookups: Lookup[] = [];
        results.push({ session: id, stamp, lookups, findings: runOnSession(analyzers, data, setup.options, recordingContext(store, lookups)) });
      }
      reply = { batch: m.batch, results };
    } else {
      const findings = [];
      for (const id of m.sessions) findings.push(...runOnSession(analyzers, reader.load(id), setup.options, store));
      reply = { batch: m.batch, findings };
    }
  } catch (err) {
    reply = { batch: m.batch, error: (err as Error).message ?? String(err) };
  }
  parentPort!.postMessage(reply);
});
