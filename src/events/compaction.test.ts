import { describe, expect, it } from 'vitest';
import { InvalidEvent, typedBody, validateEvent } from './validate.js';
import { isKind } from './validate.js';

const ev = (o: Record<string, unknown>) => validateEvent({ kind: 'compaction', ts: '2026-03-02T10:00:00Z', session: 's', ...o });

describe('the compaction kind (EVENTS.md)', () => {
  it('is a known kind, valid with no field but the envelope, and keeps every field as given', () => {
    expect(ev({}).knownKind).toBe(true);
    const full = ev({
      trigger: 'auto',
      strategy: 'summary',
      tokens_before: 180_000,
      tokens_after: 12_000,
      context_limit: 200_000,
      messages_before: 412,
      messages_after: 3,
      removed: ['9f1c', 17],
      removed_count: 409,
      summary: 'The user asked to never push to main.',
      kept: ['a1', { role: 'user', content: 'use pnpm' }],
      instructions: 'keep the branch rules',
      request_id: 'req_1',
    });
    expect(full.body.tokens_before).toBe(180_000);
    expect(full.body.kept).toEqual(['a1', { role: 'user', content: 'use pnpm' }]);
    const e = { kind: full.kind, body: typedBody('compaction', full.body) };
    expect(isKind(e, 'compaction') && e.body.summary).toBe('The user asked to never push to main.');
  });

  it.each([
    [{ tokens_before: -1 }, 'tokens_before: expected integer >= 0, got number'],
    [{ tokens_after: '12k' }, 'tokens_after: expected integer >= 0, got string'],
    [{ context_limit: 0 }, 'context_limit: expected positive integer, got number'],
    [{ trigger: 1 }, 'trigger: expected string, got number'],
    [{ summary: { text: 'x' } }, 'summary: expected string, got object'],
    [{ removed: 'e1' }, 'removed: expected array of ids, got string'],
    [{ removed: [{ id: 'e1' }] }, 'removed: expected array of ids, got array'],
    [{ kept: { role: 'user' } }, 'kept: expected array, got object'],
    [{ kept: ['a', { content: 'no role' }] }, 'kept[1].role: expected string, got undefined'],
    [{ kept: [{ role: 'user', content: 3 }] }, 'kept[0].content: expected string or array of parts, got number'],
  ])('refuses %j with a reason naming the field', (fields, reason) => {
    expect(() => ev(fields)).toThrow(InvalidEvent);
    expect(() => ev(fields)).toThrow(reason);
  });
});
