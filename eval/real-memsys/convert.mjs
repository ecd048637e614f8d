#!/usr/bin/env node
// Converts MemEval's human-labelled Mem0 run over LoCoMo (RNAcc123/MemEval, see SOURCES.md) into
// native events (docs/spec/EVENTS.md) and a label file. Node 20 ESM, no dependencies.
//
// usage: node convert.mjs --source <MemEval checkout, or its bare git dir> [--out <dir>] [--part 1] [--layout sessions|one]
//
// What the run holds, per LoCoMo question: the question, the gold answer, Mem0's answer, and
//   person1 / person2: for each evidence message, the memories Mem0 extracted from it in that
//     speaker's store (`initial_results`: ADD / UPDATE / DELETE with memory ids) and each memory's
//     later history (`update_chain`);
//   speaker_1_memories / speaker_2_memories: the top 10 of Mem0's search of each speaker's store
//     (text, the source message's timestamp, score; no memory id).
// and, in a second file, the labels people gave it (MemEval's chain of stages: 1.x extraction,
// 2.x update, 3.x retrieval, 4.x reasoning; none when nothing was wrong).
//
// What is written, into <out>/events/memeval-p<part>-c<c>.jsonl per conversation c (LoCoMo sample c of the part):
//   session `memeval-p<part>-c<c>-add-<user>`: one per speaker store (Mem0's user_id, e.g. Caroline_0),
//     the committed memory_write steps of every memory the run shows in that store: each memory's
//     update chain (add / update / delete, with its Mem0 id), and every memory a search returned that
//     no chain names (an add, id `mem0-<hash>` of store and text). Time: the evidence message's
//     timestamp for a chain's first step (the steps after it one second apart, the last at the
//     search results' timestamp for that text when later); the result's timestamp otherwise.
//   session `memeval-p<part>-c<c>-q<i>`: question i, after every write: two retrievals (one per speaker
//     store: scope.user and filters.user_id, top_k 10, the ten results as candidates with the id of the
//     memory whose current text they are), the answer request (one system message holding both result
//     lists as Mem0's evaluation renders them) and Mem0's answer.
//   With --layout one, all of a conversation is one session `memeval-p<part>-c<c>` (the writes, then
//   question i at turn i + 1): the two stores then meet in one session, as in a log that does not
//   split the ingestion from the questions.
//   labels.jsonl: one line per question: session, labels, class (`retrieval` when a 3.x label is
//     given, `clean` when none, `other`), split (`tune` or `holdout`, by conversation), and how many
//     current memories Mem0 extracted from the question's evidence messages (`evidence_memories`) and
//     how many of them neither search returned (`evidence_missed`), and their ids (`evidence_ids`): a
//     reference the analyzer lacks.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { TUNE, args as readArgs, hash, iso, locomoTime, parse, readSource, render } from './common.mjs';

const TRACE = (part) => `data/input/mem0_mem/gpt4omini/mem0_dataset_part${part}.json`;
const LABELS = (part) => `data/input/human_annotation/human_dataset_part${part}.json`;
const TOP_K = 10;

const args = (argv) =>
  readArgs(argv, 'convert.mjs', { out: 'eval/real-memsys/data', part: '1', layout: 'sessions' }, (o) =>
    o.layout === 'sessions' || o.layout === 'one' ? null : `--layout ${o.layout}: sessions or one`,
  );

const OPS = { ADD: 'add', UPDATE: 'update', DELETE: 'delete', NONE: 'none' };

/** Every memory the run shows in each store: its chain steps (from any question) and its current text. */
function collectStores(questions) {
  /** store -> id -> { steps, firstTs } */
  const chains = new Map();
  const storeOf = (store) => {
    let s = chains.get(store);
    if (!s) chains.set(store, (s = new Map()));
    return s;
  };
  for (const q of questions) {
    for (const p of ['person1', 'person2']) {
      const store = q[p]?.name;
      if (!store) continue;
      for (const m of q[p].memories ?? []) {
        if (!Array.isArray(m.update_chain)) continue;
        const ts = locomoTime(m.time_stamp);
        const byId = new Map();
        for (const step of m.update_chain) {
          if (!byId.has(step.id)) byId.set(step.id, []);
          byId.get(step.id).push(step);
        }
        const s = storeOf(store);
        for (const [id, steps] of byId) {
          const known = s.get(id);
          // the same memory's history is shown under several questions: keep the longest
          if (!known || steps.length > known.steps.length) s.set(id, { steps, firstTs: Math.min(known?.firstTs ?? Infinity, ts ?? Infinity) });
          else if (ts !== null && ts < known.firstTs) known.firstTs = ts;
        }
      }
    }
  }
  return chains;
}

function convertConversation(part, c, questions, labels, one) {
  const sp = (i) => questions[0]?.[`person${i}`]?.name ?? `speaker${i}_${c}`;
  const stores = [sp(1), sp(2)];
  const chains = collectStores(questions);
  const prefix = `memeval-p${part}-c${c}`;
  const events = [];
  /** store -> current text -> memory id (what a search result is) */
  const current = new Map(stores.map((s) => [s, new Map()]));
  /** store -> text -> latest timestamp a search showed it with */
  const seen = new Map(stores.map((s) => [s, new Map()]));
  for (const q of questions)
    for (const [k, store] of [
      ['speaker_1_memories', stores[0]],
      ['speaker_2_memories', stores[1]],
    ])
      for (const r of q[k] ?? []) {
        const t = locomoTime(r.timestamp);
        const m = seen.get(store);
        if (t !== null && (m.get(r.memory) ?? -Infinity) < t) m.set(r.memory, t);
        else if (!m.has(r.memory)) m.set(r.memory, null);
      }
  let lastWrite = 0;
  const write = (store, ts, memoryId, step, n) => {
    const op = OPS[String(step.event).toUpperCase()] ?? 'update';
    const ev = {
      kind: 'memory_write',
      ts: iso(ts),
      session: one ? prefix : `${prefix}-add-${store}`,
      id: `${prefix}:${store}:${memoryId}:${n}`,
      scope: { user: store },
      write_id: `${memoryId}:${n}`,
      phase: 'committed',
      memory_id: memoryId,
      op,
      store: 'mem0',
    };
    if (op === 'delete') {
      if (step.memory) ev.previous_text = step.memory;
    } else {
      ev.text = step.memory;
      if (step.previous_memory) ev.previous_text = step.previous_memory;
    }
    events.push(ev);
    lastWrite = Math.max(lastWrite, ts);
  };
  const counts = { chains: 0, deleted: 0, unlinked: 0 };
  for (const store of stores) {
    const byId = chains.get(store) ?? new Map();
    for (const [id, { steps, firstTs }] of byId) {
      counts.chains++;
      const last = steps[steps.length - 1];
      const lastSeen = last.event !== 'DELETE' ? seen.get(store).get(last.memory) : null;
      const start = Number.isFinite(firstTs) ? firstTs : (lastSeen ?? 0);
      steps.forEach((step, n) => {
        const late = n === steps.length - 1 && lastSeen && lastSeen > start + n * 1000 ? lastSeen : start + n * 1000;
        write(store, late, id, step, n);
      });
      if (last.event === 'DELETE') counts.deleted++;
      else current.get(store).set(last.memory, id);
    }
    // memories a search returned that no chain shows: they were in the store, written by then
    for (const [text, ts] of seen.get(store)) {
      if (current.get(store).has(text)) continue;
      const id = `mem0-${hash(`${store}\u0000${text}`)}`;
      current.get(store).set(text, id);
      counts.unlinked++;
      write(store, ts ?? 0, id, { event: 'ADD', memory: text }, 0);
    }
  }
  const base = lastWrite + 24 * 3600 * 1000;
  const label = [];
  questions.forEach((q, i) => {
    const session = one ? prefix : `${prefix}-q${i}`;
    const turn = one ? i + 1 : 1;
    const t0 = base + i * 60 * 1000;
    const results = [q.speaker_1_memories ?? [], q.speaker_2_memories ?? []];
    results.forEach((list, k) => {
      const store = stores[k];
      events.push({
        kind: 'retrieval',
        ts: iso(t0 + k * 1000),
        session,
        turn,
        id: `${prefix}-q${i}:search:${store}`,
        retrieval_id: `${prefix}-q${i}:search:${store}`,
        scope: { user: store },
        query: String(q.qa_question),
        top_k: TOP_K,
        filters: { user_id: store },
        candidates: list.map((r, rank) => ({
          id: current.get(store).get(r.memory),
          score: r.score,
          rank: rank + 1,
          text: r.memory,
          metadata: { timestamp: r.timestamp },
        })),
      });
    });
    const prompt = [
      'You are an intelligent memory assistant tasked with retrieving accurate information from conversation memories.',
      '(Mem0 evaluation ANSWER_PROMPT; its instructions are abridged here, the memories and the question are as sent.)',
      `Memories for user ${stores[0].split('_')[0]}:`,
      render(results[0]),
      `Memories for user ${stores[1].split('_')[0]}:`,
      render(results[1]),
      `Question: ${q.qa_question}`,
      'Answer:',
    ].join('\n\n');
    events.push({
      kind: 'request',
      ts: iso(t0 + 2000),
      session,
      turn,
      id: `${prefix}-q${i}:request`,
      request_id: `${prefix}-q${i}:answer`,
      model: 'gpt-4o-mini',
      messages: [{ role: 'system', content: prompt }],
    });
    events.push({
      kind: 'response',
      ts: iso(t0 + 3000),
      session,
      turn,
      id: `${prefix}-q${i}:response`,
      request_id: `${prefix}-q${i}:answer`,
      content: String(q.qa_response),
    });
    const l = labels[`${c}_${i}`];
    if (!l || l.qa_question !== q.qa_question) {
      console.error(`convert: part ${part}: no label for question ${c}_${i} (or its question differs); it is left out of labels.jsonl`);
      return;
    }
    const ls = Array.isArray(l.labels) ? l.labels.map(String) : [];
    // the memories extracted from the question's evidence messages (people's gold evidence), still
    // current, and how many of them neither search returned: an oracle the analyzer does not have
    const evidence = [];
    for (const [k, p] of [
      [0, 'person1'],
      [1, 'person2'],
    ])
      for (const m of q[p]?.memories ?? [])
        for (const r of m.initial_results ?? []) {
          const text = chains.get(stores[k])?.get(r.id)?.steps.at(-1);
          if (text && text.event !== 'DELETE' && !evidence.some((e) => e.id === r.id)) evidence.push({ id: r.id, k });
        }
    const returned = results.map((list, k) => new Set(list.map((r) => current.get(stores[k]).get(r.memory))));
    label.push({
      session,
      turn,
      conversation: c,
      index: i,
      split: TUNE.has(c) ? 'tune' : 'holdout',
      category: q.qa_category,
      labels: ls,
      class: ls.some((x) => x.startsWith('3.')) ? 'retrieval' : ls.length === 0 ? 'clean' : 'other',
      evidence_memories: evidence.length,
      evidence_missed: evidence.filter((e) => !returned[e.k].has(e.id)).length,
      evidence_ids: evidence.map((e) => e.id),
      question: String(q.qa_question),
    });
  });
  events.sort((a, b) => (a.ts < b.ts ? -1 : a.ts > b.ts ? 1 : 0));
  return { events, label, counts, stores };
}

function main() {
  const o = args(process.argv.slice(2));
  const source = o.source;
  const trace = parse(readSource(source, TRACE(o.part)), TRACE(o.part));
  const labels = parse(readSource(source, LABELS(o.part)), LABELS(o.part));
  mkdirSync(join(o.out, 'events'), { recursive: true });
  const allLabels = [];
  for (const c of Object.keys(trace)) {
    const { events, label, counts, stores } = convertConversation(o.part, c, trace[c], labels, o.layout === 'one');
    const file = join(o.out, 'events', `memeval-p${o.part}-c${c}.jsonl`);
    writeFileSync(file, `${events.map((e) => JSON.stringify(e)).join('\n')}\n`);
    allLabels.push(...label);
    const writes = events.filter((e) => e.kind === 'memory_write').length;
    console.error(
      `convert: ${file}: ${stores.join(' + ')}: ${writes} memory writes (${counts.chains} memories with their history, ${counts.deleted} deleted, ` +
        `${counts.unlinked} known only from search results), ${label.length} questions`,
    );
  }
  writeFileSync(join(o.out, 'labels.jsonl'), `${allLabels.map((l) => JSON.stringify(l)).join('\n')}\n`);
  const n = (k) => allLabels.filter((l) => l.class === k).length;
  console.error(
    `convert: ${join(o.out, 'labels.jsonl')}: ${allLabels.length} questions: ${n('retrieval')} retrieval failures, ${n('clean')} clean, ${n('other')} other`,
  );
}

main();
