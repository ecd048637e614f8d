/**
 * The toy analyzer that docs/new-analyzer.md walks through: the model answered a user's message
 * with nothing. One folder (this one) and one registry line make it an analyzer of every command.
 */
import { defineAnalyzer, type FindingDraft } from '../../src/analyzers/define.js';
import { contentText } from '../../src/events/validate.js';
import type { SessionEvent } from '../../src/store/session.js';
import type { Cause, Detail } from './types.js';
import { views } from './views.js';

export type { Cause, Detail };

export const analyzer = defineAnalyzer<Cause, Detail>({
  meta: {
    id: 'empty-answer',
    description: 'The model answered a user message with nothing',
    summary: { happened: "the model answered a user's message with nothing", fix: 'retry an empty response; log the finish reason' },
    severity: 'warning',
    causes: { empty_answer: 'a response to a user message holds no text and calls no tool' },
    confidence: { empty_answer: 'certain' },
    layers: { empty_answer: 'generation' },
  },
  ...views,
  run({ session }) {
    const out: FindingDraft<Cause, Detail>[] = [];
    let asked: SessionEvent | null = null;
    for (const ev of session.events) {
      if (ev.kind === 'request' && ev.request) asked = ev;
      if (ev.kind !== 'response' || !asked?.request) continue;
      const last = asked.request.messages.at(-1);
      if (last?.role === 'user' && contentText(ev.body.content).trim() === '' && !ev.body.tool_calls) {
        const question = contentText(last.raw.content);
        out.push({
          cause: 'empty_answer',
          key: String(ev.turn),
          title: `The answer to "${question}" was empty`,
          fix: 'Retry a response that holds no text, and log why the model stopped (its finish reason).',
          turn: ev.turn,
          ts: ev.ts,
          evidence: [
            { role: 'context', event: asked, text: question },
            { role: 'response', event: ev, text: '(empty)' },
          ],
          detail: { question },
        });
      }
      asked = null;
    }
    return out;
  },
});
