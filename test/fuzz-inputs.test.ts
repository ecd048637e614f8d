// Fuzz targets for the readers test/fuzz.test.ts does not reach (issue 26): compressed inputs (a real
// sample gzipped once or twice, then cut or with a byte changed), and the files `ci`, `merge` and the
// lab read, which a change under test can rewrite in the checked-out repository: the config, the CI
// baseline, findings documents, a shard manifest, a behaviour baseline, a check set. Each starts from
// a real one (the docs' config, files the binary writes from fixtures/, the example check set),
// mutated as the stream readers' samples are. A reader may refuse in one typed line (AmnesiaError);
// any other error fails. npm test runs a few seeded runs per target, test:slow and `npm run fuzz` more.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AmnesiaError } from '../src/errors.js';
import { loadConfig } from '../src/config/index.js';
import { readBaseline } from '../src/ci/baseline.js';
import { readFindingsDocuments, readManifest } from '../src/findings/documents.js';
import { readBaselineFile } from '../src/lab/behaviour/file.js';
import { readCheckSet } from '../src/lab/checks/set.js';
import { resolveInputs } from '../src/ingest/inputs.js';
import { ingest } from '../src/ingest/pipeline.js';
import { openStore } from '../src/store/connection.js';
import { cli, FIXTURES, ROOT, tmpdir } from './helpers.js';
import { mutate, textMutation } from './fuzz-readers.js';
import { EXHAUSTIVE, sized } from './tier.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? sized(60, 600));
const SEED = Number(process.env.FUZZ_SEED ?? 42);
const TARGET_RUNS = Math.max(3, Math.floor(RUNS / 10));

/** Run `read`; a typed one-line refusal is an answer, any other error is a crash. */
async function readOrRefuse(read: () => unknown): Promise<void> {
  try {
    await read();
  } catch (err) {
    if (!(err instanceof AmnesiaError)) throw err;
  }
}

let dir: string;
beforeAll(() => {
  dir = tmpdir('amnesia-fuzz-inputs-');
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe(`fuzzing compressed inputs (${TARGET_RUNS} runs, seed ${SEED})`, EXHAUSTIVE, () => {
  it('a real sample gzipped once or twice, cut or with a byte changed: ingested or refused in one line', async () => {
    const sample = fs.readFileSync(path.join(FIXTURES, 'formats', 'openai-proxy.jsonl'));
    let n = 0;
    await fc.assert(
      fc.asyncProperty(fc.boolean(), fc.nat(), fc.integer({ min: 0, max: 255 }), fc.constantFrom('cut', 'byte', 'none'), async (twice, at, byte, op) => {
        let gz = zlib.gzipSync(sample);
        if (twice) gz = zlib.gzipSync(gz);
        const i = at % gz.length;
        if (op === 'cut') gz = gz.subarray(0, i);
        else if (op === 'byte') gz = Buffer.concat([gz.subarray(0, i), Buffer.from([byte]), gz.subarray(i + 1)]);
        const file = path.join(dir, `g${n++}.jsonl.gz`);
        fs.writeFileSync(file, gz);
        const db = openStore(path.join(dir, `g${n}.db`));
        try {
          await readOrRefuse(async () => ingest(db, { inputs: await resolveInputs([file]), progress: false }));
        } finally {
          db.close();
        }
      }),
      { numRuns: TARGET_RUNS, seed: SEED },
    );
  });
});

/** A file reader, and where its real sample comes from. */
interface FileTarget {
  name: string;
  sample: () => string;
  read: (file: string) => unknown;
}

/** The first JSON block of a docs page. */
const docsJson = (page: string, nth = 0) => [...fs.readFileSync(path.join(ROOT, 'docs', page), 'utf8').matchAll(/```json\n([\s\S]*?)```/g)][nth][1];

/** What the binary writes (`args` with OUT for the file), read back. */
function written(args: (out: string) => string[], file: (out: string) => string): () => string {
  return () => {
    const out = path.join(dir, `w-${args('x').join('-').replace(/\W+/g, '')}`);
    const r = cli(args(out));
    expect(r.code, r.stderr).not.toBe(2);
    return fs.readFileSync(file(out), 'utf8');
  };
}

const LOGS = path.join(FIXTURES, 'incidents', 'lost-write');
const FILE_TARGETS: FileTarget[] = [
  { name: 'config (docs/config.md)', sample: () => docsJson('config.md', 1), read: (f) => loadConfig(f) },
  {
    name: 'ci baseline (ci --update-baseline)',
    sample: written(
      (out) => ['ci', LOGS, '--update-baseline', '--baseline', out, '--no-progress', '--no-config'],
      (out) => out,
    ),
    read: (f) => readBaseline(f),
  },
  {
    name: 'findings document (triage --format json)',
    sample: () => cli(['triage', LOGS, '--format', 'json', '--no-progress']).stdout,
    read: (f) => readFindingsDocuments([f]),
  },
  {
    name: 'shard manifest (shard --out)',
    sample: written(
      (out) => ['shard', LOGS, '--out', out, '--shards', '2', '--no-progress'],
      (out) => path.join(out, 'manifest.json'),
    ),
    read: (f) => readManifest(f),
  },
  {
    name: 'behaviour baseline (baseline record)',
    sample: written(
      (out) => ['baseline', 'record', path.join(FIXTURES, 'incidents', 'tool-drift'), '--out', out, '--no-progress'],
      (out) => out,
    ),
    read: (f) => readBaselineFile(f),
  },
  {
    name: 'check set (examples/checks/checks.yaml)',
    sample: () => fs.readFileSync(path.join(ROOT, 'examples', 'checks', 'checks.yaml'), 'utf8'),
    read: (f) => readCheckSet(f),
  },
];

describe(`fuzzing the files ci, merge and the lab read (${TARGET_RUNS} runs each, seed ${SEED})`, EXHAUSTIVE, () => {
  for (const t of FILE_TARGETS) {
    it(`${t.name}: a mutated real one is read or refused in one line`, async () => {
      const text = t.sample();
      // the sample itself is read (so a refusal of every mutation means nothing)
      const file = path.join(dir, 'sample');
      fs.writeFileSync(file, text);
      expect(() => t.read(file)).not.toThrow();
      let n = 0;
      await fc.assert(
        fc.asyncProperty(fc.array(textMutation, { minLength: 1, maxLength: 3 }), async (ms) => {
          const f = path.join(dir, `m${n++}`);
          fs.writeFileSync(f, ms.reduce(mutate, text));
          await readOrRefuse(() => t.read(f));
        }),
        { numRuns: TARGET_RUNS, seed: SEED },
      );
    });
  }
});
