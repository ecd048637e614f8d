#!/usr/bin/env node
// Converts MemEval's A-Mem run over LoCoMo (RNAcc123/MemEval, see SOURCES.md) into native events
// (docs/spec/EVENTS.md) and a label file. Node 20 ESM, no dependencies.
//
// usage: node convert-amem.mjs --source <MemEval checkout, or its bare git dir> [--out <dir>] [--part 1] [--layout sessions|one]
//
// What the run holds, per LoCoMo question: the question, LoCoMo's answer and category, A-Mem's answer, and
//   person1 / person2: for each of the question's evidence turns (LoCoMo's annotation: the dialogue
//     turns that hold the answer) spoken by that person, the A-Mem note it became (`initial_results`:
//     an ADD with the note's id; A-Mem stores each turn verbatim, "Speaker <Name> says: <turn>") and
//     the note's later history (`update_chain`: STRENGTHEN, and UPDATE_NEIGHBOR of linked notes:
//     their tags and context change, never their content);
//   speaker_1_memories / speaker_2_memories: what A-Mem's search returned for each speaker (the note
//     rendered as "Speaker <Name> says: <content>", the turn's session time, a score; no note id).
// No person labelled this run's stages. What is labelled is LoCoMo's: which turns answer each question.
//
// What is written, into <out>/events/amem-p<part>-c<c>.jsonl per conversation c:
//   session `amem-p<part>-c<c>-add-<user>`: one per speaker (user_id e.g. Caroline_0): one committed
//     memory_write (add) per note the run shows of that speaker, with its A-Mem id (a note a search
//     returned that no history names gets `amem-<hash>` of speaker and content). Time: the evidence
//     turn's session time, else the search results' time for it, else (a linked note seen only in a
//     history) a second before the note it was linked from.
//   session `amem-p<part>-c<c>-q<i>`: question i, after every write: two retrievals (one per speaker:
//     scope.user and filters.user_id, the results as candidates with the id of the note they render,
//     in the order returned; no top_k: the run does not state how many results a search keeps, and
//     its lists hold 1 to 10), the answer request (both lists, rendered as in convert.mjs) and A-Mem's answer.
//   labels.jsonl: one line per question: session, split (`tune` / `holdout` by conversation, as
//     convert.mjs), category, and the evidence: the notes of the question's evidence turns
//     (`evidence_ids`, `evidence_memories`) and those its speaker's search did not return
//     (`evidence_missed`). class: `retrieval` when at least one evidence note did not reach the
//     prompt, `clean` when every one did, `other` for LoCoMo's adversarial questions (category 5: the
//     question names the wrong speaker, so its evidence is not what it asks for) and questions with
//     no evidence note.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { TUNE, args as readArgs, hash, iso, locomoTime, parse, readSource, render } from './common.mjs';

const TRACE = (part) => `data/input/amem_mem/agentic_dataset_part${part}.json`;
/** MemEval's dump does not name the answer model of this run; only the prompt's text matters here. */
const MODEL = 'gpt-4o-mini';

const args = (argv) =>
  readArgs(argv, 'convert-amem.mjs', { out: 'eval/real-memsys/data/amem', part: '1', layout: 'sessions' }, (o) =>
    o.layout === 'sessions' || o.layout === 'one' ? null : `--layout ${o.layout}: sessions or one`,
  );

const SPEAKER = /^Speaker (\S+) says: /;

/** The stores of a conversation and every note the run shows in them: store -> content -> { id, ts }. */
function collectNotes(questions) {
  const stores = [questions[0].person1.name, questions[0].person2.name];
  const storeOfName = new Map(stores.map((s) => [s.replace(/_[^_]*$/, ''), s]));
  const notes = new Map(stores.map((s) => [s, new Map()]));
  const byId = new Map();
  const storeOf = (content) => storeOfName.get(SPEAKER.exec(content)?.[1]);
  const add = (content, id, ts) => {
    const store = storeOf(content);
    if (!store) return null;
    const known = notes.get(store).get(content) ?? (id && byId.get(id));
    if (known) {
      if (id && !byId.has(id)) byId.set(id, known); // the same turn under two ids: one note
      if (ts !== null && (known.ts === null || ts < known.ts)) known.ts = ts;
      return known;
    }
    const note = { id: id ?? `amem-${hash(`${store}\u0000${content}`)}`, store, content, ts };
    notes.get(store).set(content, note);
    byId.set(note.id, note);
    return note;
  };
  // notes with their A-Mem id first (evidence turns and the notes linked to them), then search results
  for (const q of questions)
    for (const p of ['person1', 'person2'])
      for (const m of q[p]?.memories ?? []) {
        const ts = locomoTime(m.time_stamp);
        for (const r of m.initial_results ?? []) if (r.memory?.content) add(r.memory.content, r.id, ts);
        for (const s of m.update_chain ?? []) if (s.memory?.content) add(s.memory.content, s.id, null);
      }
  for (const q of questions)
    for (const k of ['speaker_1_memories', 'speaker_2_memories']) for (const r of q[k] ?? []) add(resultContent(r.memory), undefined, locomoTime(r.timestamp));
  // a linked note seen only in a history: it existed before the evidence note that linked to it
  for (const q of questions)
    for (const p of ['person1', 'person2'])
      for (const m of q[p]?.memories ?? []) {
        const ts = locomoTime(m.time_stamp);
        for (const s of m.update_chain ?? []) {
          const note = byId.get(s.id);
          if (note && note.ts === null && ts !== null) note.ts = ts - 1000;
        }
      }
  return { stores, notes, byId };
}

/** A search result renders the note behind one more "Speaker <Name> says: " (A-Mem's note template). */
function resultContent(text) {
  const s = String(text ?? '');
  const m = SPEAKER.exec(s);
  return m && SPEAKER.test(s.slice(m[0].length)) ? s.slice(m[0].length) : s;
}

function convertConversation(part, c, questions, one) {
  const { stores, notes, byId } = collectNotes(questions);
  const prefix = `amem-p${part}-c${c}`;
  const events = [];
  let lastWrite = 0;
  let undated = 0;
  for (const store of stores)
    for (const note of notes.get(store).values()) {
      if (note.ts === null) undated++;
      const ts = note.ts ?? 0;
      events.push({
        kind: 'memory_write',
        ts: iso(ts),
        session: one ? prefix : `${prefix}-add-${store}`,
        id: `${prefix}:${store}:${note.id}`,
        scope: { user: store },
        write_id: note.id,
        phase: 'committed',
        memory_id: note.id,
        op: 'add',
        store: 'a-mem',
        text: note.content,
      });
      lastWrite = Math.max(lastWrite, ts);
    }
  const base = lastWrite + 24 * 3600 * 1000;
  const label = [];
  questions.forEach((q, i) => {
    const session = one ? prefix : `${prefix}-q${i}`;
    const turn = one ? i + 1 : 1;
    const t0 = base + i * 60 * 1000;
    const results = [q.speaker_1_memories ?? [], q.speaker_2_memories ?? []];
    const returned = new Set();
    results.forEach((list, k) => {
      const store = stores[k];
      const candidates = list.map((r, rank) => {
        const note = notes.get(store).get(resultContent(r.memory));
        if (note) returned.add(note.id);
        return {
          id: note?.id ?? `amem-${hash(`${store}\u0000${r.memory}`)}`,
          score: r.score,
          rank: rank + 1,
          text: r.memory,
          metadata: { timestamp: r.timestamp },
        };
      });
      events.push({
        kind: 'retrieval',
        ts: iso(t0 + k * 1000),
        session,
        turn,
        id: `${prefix}-q${i}:search:${store}`,
        retrieval_id: `${prefix}-q${i}:search:${store}`,
        scope: { user: store },
        query: String(q.qa_question),
        filters: { user_id: store },
        candidates,
      });
    });
    const prompt = [
      'You are an intelligent memory assistant tasked with retrieving accurate information from conversation memories.',
      '(answer prompt abridged here; the memories and the question are as the run returned them)',
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
      model: MODEL,
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
    const evidence = [];
    for (const p of ['person1', 'person2'])
      for (const m of q[p]?.memories ?? [])
        for (const r of m.initial_results ?? []) {
          const id = byId.get(r.id)?.id;
          if (id && !evidence.includes(id)) evidence.push(id);
        }
    const missed = evidence.filter((id) => !returned.has(id));
    const adversarial = Number(q.qa_category) === 5;
    label.push({
      session,
      turn,
      conversation: c,
      index: i,
      split: TUNE.has(c) ? 'tune' : 'holdout',
      category: q.qa_category,
      labels: [],
      class: adversarial || evidence.length === 0 ? 'other' : missed.length > 0 ? 'retrieval' : 'clean',
      evidence_memories: evidence.length,
      evidence_missed: missed.length,
      evidence_ids: evidence,
      question: String(q.qa_question),
    });
  });
  events.sort((a, b) => (a.ts < b.ts ? -1 : a.ts > b.ts ? 1 : 0));
  return { events, label, stores, notes: [...notes.values()].reduce((n, m) => n + m.size, 0), undated };
}

function main() {
  const o = args(process.argv.slice(2));
  const trace = parse(readSource(o.source, TRACE(o.part)), TRACE(o.part));
  mkdirSync(join(o.out, 'events'), { recursive: true });
  const allLabels = [];
  for (const c of Object.keys(trace)) {
    const { events, label, stores, notes, undated } = convertConversation(o.part, c, trace[c], o.layout === 'one');
    const file = join(o.out, 'events', `amem-p${o.part}-c${c}.jsonl`);
    writeFileSync(file, `${events.map((e) => JSON.stringify(e)).join('\n')}\n`);
    allLabels.push(...label);
    console.error(`convert: ${file}: ${stores.join(' + ')}: ${notes} notes (${undated} with no time), ${label.length} questions`);
  }
  writeFileSync(join(o.out, 'labels.jsonl'), `${allLabels.map((l) => JSON.stringify(l)).join('\n')}\n`);
  const n = (k) => allLabels.filter((l) => l.class === k).length;
  console.error(
    `convert: ${join(o.out, 'labels.jsonl')}: ${allLabels.length} questions: ${n('retrieval')} with an evidence note missed, ${n('clean')} with every one returned, ${n('other')} other`,
  );
}

main();
