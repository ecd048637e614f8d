/** Findings documents and shard manifests read from files (`merge`, `ci --findings`), each checked, or a one-line error naming the file. */
import fs from 'node:fs';
import { InputError } from '../errors.js';
import { findingsDocumentProblem, manifestProblem, mergeFindings, MergeError, type NamedDocument, type ShardManifest } from './merge.js';
import type { FindingsDocument } from './types.js';
import { inert } from '../util/sanitize.js';

/** A JSON file, or a one-line error naming it (and the line where JSON broke). */
function readJson(file: string, what: string): unknown {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    throw new InputError(`${inert(file)}: cannot read the ${what} (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  try {
    return JSON.parse(text);
  } catch (err) {
    const at = /position (\d+)/.exec((err as Error).message);
    const line = at ? text.slice(0, Number(at[1])).split('\n').length : undefined;
    throw new InputError(`${inert(file)}${line ? `:${line}` : ''}: not JSON: it is not a ${what}`);
  }
}

/** Findings documents from files, each checked against FINDINGS.md. */
export function readFindingsDocuments(files: readonly string[]): NamedDocument[] {
  return files.map((name) => {
    const v = readJson(name, 'findings document');
    const problem = findingsDocumentProblem(v);
    if (problem) throw new InputError(`${inert(name)}: not a findings document: ${problem}`);
    return { name, doc: v as FindingsDocument };
  });
}

export function readManifest(file: string): ShardManifest {
  const v = readJson(file, 'shard manifest');
  const problem = manifestProblem(v);
  if (problem) throw new InputError(`${inert(file)}: not a shard manifest: ${problem}`);
  return v as ShardManifest;
}

/** The merged document of files, or a one-line error. */
export function mergedDocument(files: readonly string[], manifestFile?: string): FindingsDocument {
  const docs = readFindingsDocuments(files);
  const manifest = manifestFile !== undefined ? readManifest(manifestFile) : undefined;
  try {
    return mergeFindings(docs, manifest);
  } catch (err) {
    if (err instanceof MergeError) throw new InputError(`merge: ${err.message}`);
    throw err;
  }
}
