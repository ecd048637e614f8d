/**
 * OpenTelemetry GenAI semantic conventions: the attribute names, one table per convention version.
 * The conventions are still marked "Development" and change between releases; every name the
 * `otlp-genai` reader looks at is here and nowhere else. A field is read from the newest version
 * that has it (the order of CONVENTIONS); a span may mix versions, as instrumentations in
 * transition do.
 *
 * Sources: open-telemetry/semantic-conventions docs/gen-ai (v1.36 and earlier; v1.37 to v1.41,
 * `OTEL_SEMCONV_STABILITY_OPT_IN=gen_ai_latest_experimental`), the GenAI memory proposal (the
 * `gen_ai.memory.*` names listed in the proposal for memory operations), and
 * open-telemetry/semantic-conventions-genai v0.1 (the conventions after they moved to their own
 * repository). docs/formats.md lists what is read from each.
 */

export type GenAiField =
  | 'operation'
  | 'provider'
  | 'conversation'
  | 'agentName'
  | 'requestModel'
  | 'responseModel'
  | 'responseId'
  | 'finishReasons'
  | 'inputMessages'
  | 'outputMessages'
  | 'systemInstructions'
  | 'inputTokens'
  | 'outputTokens'
  | 'toolName'
  | 'toolCallId'
  | 'toolArguments'
  | 'toolResult'
  | 'retrievalQuery'
  | 'retrievalDocuments'
  | 'retrievalTopK'
  | 'dataSource'
  | 'memoryId'
  | 'memoryType'
  | 'memoryScope'
  | 'memoryNamespace'
  | 'memoryContent'
  | 'memoryRecords'
  | 'memoryQuery'
  | 'memoryThreshold'
  | 'memoryStrategy'
  | 'memoryStore'
  | 'memoryStoreName'
  | 'memoryCount'
  | 'errorType'
  /** a single JSON attribute holding the prompt (span events of v1.26 and v1.27) */
  | 'legacyPrompt'
  | 'legacyCompletion';

export interface Convention {
  /** how the docs and messages name this version */
  version: string;
  attributes: Partial<Record<GenAiField, string>>;
  /** flattened message attributes: `<prefix>.<i>.role`, `.content`, `.tool_call_id`, `.tool_calls.<j>.{id,name,arguments}`, `.finish_reason` */
  flattened?: { input: string; output: string };
  /** span events that carry messages */
  events?: {
    /** an event whose attributes repeat the message attributes of this version */
    details?: string;
    /** per-message events: name -> role */
    messages?: Record<string, string>;
    /** the per-choice event (output) */
    choice?: string;
    /** an event holding `legacyPrompt` / `legacyCompletion` */
    prompt?: string;
    completion?: string;
  };
  /** `gen_ai.operation.name` values, by what they become */
  operations: {
    inference: string[];
    tool: string[];
    retrieval: string[];
    memorySearch: string[];
    memoryWrite: string[];
  };
}

/** Attribute names every version since v1.26 shares (the span's operation, model, response and tool). */
const SPAN_ATTRIBUTES: Convention['attributes'] = {
  operation: 'gen_ai.operation.name',
  conversation: 'gen_ai.conversation.id',
  agentName: 'gen_ai.agent.name',
  requestModel: 'gen_ai.request.model',
  responseModel: 'gen_ai.response.model',
  responseId: 'gen_ai.response.id',
  finishReasons: 'gen_ai.response.finish_reasons',
  toolName: 'gen_ai.tool.name',
  toolCallId: 'gen_ai.tool.call.id',
  errorType: 'error.type',
};

/** Attribute names that stayed the same from semantic-conventions v1.37 to semantic-conventions-genai v0.1. */
const STRUCTURED_ATTRIBUTES: Convention['attributes'] = {
  ...SPAN_ATTRIBUTES,
  provider: 'gen_ai.provider.name',
  inputMessages: 'gen_ai.input.messages',
  outputMessages: 'gen_ai.output.messages',
  systemInstructions: 'gen_ai.system_instructions',
  inputTokens: 'gen_ai.usage.input_tokens',
  outputTokens: 'gen_ai.usage.output_tokens',
  toolArguments: 'gen_ai.tool.call.arguments',
  toolResult: 'gen_ai.tool.call.result',
  retrievalQuery: 'gen_ai.retrieval.query.text',
  retrievalDocuments: 'gen_ai.retrieval.documents',
  dataSource: 'gen_ai.data_source.id',
};
const INFERENCE_OPERATIONS = ['chat', 'text_completion', 'generate_content'];

/** semantic-conventions-genai v0.1 (the GenAI conventions in their own repository), memory spans included. */
export const GENAI_V0_1: Convention = {
  version: 'semantic-conventions-genai v0.1',
  attributes: {
    ...STRUCTURED_ATTRIBUTES,
    retrievalTopK: 'gen_ai.retrieval.top_k',
    memoryId: 'gen_ai.memory.record.id',
    memoryRecords: 'gen_ai.memory.records',
    memoryQuery: 'gen_ai.memory.query.text',
    memoryStore: 'gen_ai.memory.store.id',
    memoryCount: 'gen_ai.memory.record.count',
  },
  events: { details: 'gen_ai.client.inference.operation.details' },
  operations: {
    inference: INFERENCE_OPERATIONS,
    tool: ['execute_tool'],
    retrieval: ['retrieval'],
    memorySearch: ['search_memory'],
    memoryWrite: ['create_memory', 'update_memory', 'upsert_memory', 'delete_memory'],
  },
};

/** semantic-conventions v1.37 to v1.41: structured messages; retrieval top_k still under gen_ai.request.top_k. */
export const SEMCONV_V1_37: Convention = {
  version: 'semantic-conventions v1.37-v1.41',
  attributes: {
    ...STRUCTURED_ATTRIBUTES,
    // on a retrieval span this is the number of documents asked for (split into gen_ai.retrieval.top_k later)
    retrievalTopK: 'gen_ai.request.top_k',
  },
  events: { details: 'gen_ai.client.inference.operation.details' },
  operations: { inference: INFERENCE_OPERATIONS, tool: ['execute_tool'], retrieval: ['retrieval'], memorySearch: [], memoryWrite: [] },
};

/** The GenAI memory proposal (development): memory operations and gen_ai.memory.* attributes before v0.1 renamed them. */
export const MEMORY_PROPOSAL: Convention = {
  version: 'GenAI memory proposal',
  attributes: {
    operation: 'gen_ai.operation.name',
    conversation: 'gen_ai.conversation.id',
    memoryId: 'gen_ai.memory.id',
    memoryType: 'gen_ai.memory.type',
    memoryScope: 'gen_ai.memory.scope',
    memoryNamespace: 'gen_ai.memory.namespace',
    memoryContent: 'gen_ai.memory.content',
    memoryQuery: 'gen_ai.memory.query',
    memoryThreshold: 'gen_ai.memory.search.similarity.threshold',
    memoryStrategy: 'gen_ai.memory.update.strategy',
    memoryStore: 'gen_ai.memory.store.id',
    memoryStoreName: 'gen_ai.memory.store.name',
    memoryCount: 'gen_ai.memory.search.result.count',
    errorType: 'error.type',
  },
  operations: {
    inference: [],
    tool: [],
    retrieval: [],
    memorySearch: ['search_memory'],
    // update_memory is an upsert in the proposal; store_memory was an earlier draft's name
    memoryWrite: ['update_memory', 'store_memory'],
  },
};

/**
 * semantic-conventions v1.36 and earlier: `gen_ai.system`, message events (v1.28-v1.36), the prompt
 * and completion span events (v1.26-v1.27), usage as prompt/completion tokens (before v1.27), and the
 * flattened `gen_ai.prompt.<i>.*` / `gen_ai.completion.<i>.*` attributes that instrumentations wrote
 * before structured messages existed.
 */
export const SEMCONV_V1_36: Convention = {
  version: 'semantic-conventions v1.36 and earlier',
  attributes: {
    ...SPAN_ATTRIBUTES,
    provider: 'gen_ai.system',
    inputTokens: 'gen_ai.usage.prompt_tokens',
    outputTokens: 'gen_ai.usage.completion_tokens',
    legacyPrompt: 'gen_ai.prompt',
    legacyCompletion: 'gen_ai.completion',
  },
  flattened: { input: 'gen_ai.prompt', output: 'gen_ai.completion' },
  events: {
    messages: {
      'gen_ai.system.message': 'system',
      'gen_ai.user.message': 'user',
      'gen_ai.assistant.message': 'assistant',
      'gen_ai.tool.message': 'tool',
    },
    choice: 'gen_ai.choice',
    prompt: 'gen_ai.content.prompt',
    completion: 'gen_ai.content.completion',
  },
  operations: {
    inference: ['chat', 'text_completion'],
    tool: ['execute_tool'],
    retrieval: [],
    memorySearch: [],
    memoryWrite: [],
  },
};

/** Newest first: a field is read from the first version that names it and has a value. */
export const CONVENTIONS: readonly Convention[] = [GENAI_V0_1, SEMCONV_V1_37, MEMORY_PROPOSAL, SEMCONV_V1_36];

export type Attrs = Record<string, unknown>;

/** The value of a field, from the newest version that has it on this span. */
export function field(attrs: Attrs, f: GenAiField): unknown {
  for (const c of CONVENTIONS) {
    const name = c.attributes[f];
    if (name === undefined) continue;
    const v = attrs[name];
    if (v !== undefined && v !== null && v !== '') return v;
  }
  return undefined;
}

/** What an operation name becomes, from any version that knows it. */
export function operationKind(op: string): keyof Convention['operations'] | undefined {
  for (const c of CONVENTIONS) {
    for (const [k, names] of Object.entries(c.operations) as [keyof Convention['operations'], string[]][]) {
      if (names.includes(op)) return k;
    }
  }
  return undefined;
}

/** Every span-event name that carries messages, with the convention that defines it. */
export function messageEvents(): { name: string; role?: string; choice?: boolean; prompt?: boolean; completion?: boolean; details?: boolean }[] {
  const out: { name: string; role?: string; choice?: boolean; prompt?: boolean; completion?: boolean; details?: boolean }[] = [];
  for (const c of CONVENTIONS) {
    const e = c.events;
    if (!e) continue;
    if (e.details) out.push({ name: e.details, details: true });
    for (const [name, role] of Object.entries(e.messages ?? {})) out.push({ name, role });
    if (e.choice) out.push({ name: e.choice, choice: true });
    if (e.prompt) out.push({ name: e.prompt, prompt: true });
    if (e.completion) out.push({ name: e.completion, completion: true });
  }
  return out;
}

/** The attribute prefixes that mark a span as GenAI (used by detection). */
export const GENAI_PREFIX = 'gen_ai.';
