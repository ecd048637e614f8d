/**
 * amnesia-forensics/engine: the reference memory engine (docs/engine.md).
 *
 *   const engine = openEngine({ model: 'gpt-4o', file: 'memory.db' });
 *   const scope = { user: 'u-42', agent: 'support' };
 *   engine.userMessage(scope, 'Never use XML in your answers.', { turn: 0 });
 *   const plan = engine.buildPrompt(scope, { system: 'You are Ada.' });
 *   // send plan.messages to the model, then:
 *   engine.assistantMessage(scope, answer, { turn: 0, requestId: plan.requestId });
 */
export { MemoryEngine, openEngine, type EngineOptions, type UserTurn } from './engine.js';
export { extractMemories, type Extracted } from './extract.js';
export { hashEmbedder, cosine } from './embed.js';
export { HALF_LIFE_DAYS, SOURCE_WEIGHT, WEIGHTS, MIN_RECENCY, memoryIdFor } from './memories.js';
export { conflictSubject, subjectsOf, marksChange, winner } from './conflicts.js';
export { claimOf, mergeUpdate, sameSubject, valuesAgree, type Claim } from './claims.js';
export { deidentify, deidentifier, deidentifyValue, type Deidentify } from './deidentify.js';
export type { ErasureReport } from './erase.js';
export { PINNED_HEADER, HIERARCHY_RULE, MEMORIES_HEADER, RESTATE_HEADER, SOURCE_LABEL, fenceTool, pinnedText, restateText } from './prompt.js';
export { requireScope, sameSpace, spaceOf } from './scope.js';
export { SharedState, type StateWrite } from './state.js';
export { EventLog, jsonlSink } from './events.js';
export { hasTrigram, openEngineDb, ENGINE_SCHEMA_VERSION } from './schema.js';
export { STORE_NAME, ENGINE_ACTOR, WORKER_ACTOR } from './writes.js';
export * from './types.js';
