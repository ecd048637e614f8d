// blind6 concurrent-overwrite shapes: a local newsroom's story budget, shared by two agents, "copy-desk" (edits
// headlines, captions, bylines) and "layout" (places stories on pages); values are in the newsroom's language.
import { hashSeed, rng, Session } from '../lib/blind-session.mjs';

export const CO_SPECS = [
  {
    kind: 'fault',
    variant: 'both-from-v4',
    c: 'sameBase',
    description: "lead_headline: both agents read v4 and write with expected_version 4 (v5, v6); the next read shows only layout's headline",
  },
  {
    kind: 'fault',
    variant: 'caption-no-reread',
    c: 'noReread',
    description: "photo_caption, no versions: both read, layout writes, copy-desk writes without re-reading; the next read shows only copy-desk's caption",
  },
  {
    kind: 'fault',
    variant: 'byline-owner-overwritten',
    c: 'owner',
    description: 'byline written by copy-desk with owner "copy-desk"; layout re-reads and overwrites it (sequential, against the owner)',
  },
  {
    kind: 'fault',
    variant: 'same-new-version-twice',
    c: 'sameNew',
    description: "page_slot: both read v7, both write from 7 and both report version 8, nothing refused; the next read shows layout's slot",
  },
  {
    kind: 'look-alike',
    variant: 'field-mask-disjoint',
    c: 'fields',
    description: 'story_card: both write from v2 with field lists ["headline"] and ["page"]; the next read holds both changes',
  },
  {
    kind: 'look-alike',
    variant: 'refused-in-store-language',
    c: 'refused',
    description: "lead_headline: layout's write from v5 is refused with the store's word in the language in `result`; layout re-reads v6 and writes from 6",
  },
  {
    kind: 'look-alike',
    variant: 'reducer-merged-corrections',
    c: 'merged',
    description: "corrections: both append from v2, each write marked merged: true by the store's reducer; the next read holds both entries",
  },
  {
    kind: 'look-alike',
    variant: 'reread-before-write',
    c: 'reread',
    description: 'photo_caption: both read v3; copy-desk writes v4; layout re-reads v4 before writing v5',
  },
];

export function coCase(L, spec, id) {
  const V = L.co;
  const r = rng(hashSeed(id));
  const s = new Session(id, '2026-11-20T15:00:00Z', r);
  const st = (actor, key, op, value, more = {}) => s.add('state', 1, { actor, key, op, value, ...more });
  const C = 'copy-desk';
  const Y = 'layout';
  const [h0, h1, h2, h3] = V.headlines;
  const [c0, c1, c2] = V.captions;
  switch (spec.c) {
    case 'sameBase':
      st(C, 'lead_headline', 'read', h0, { version: 4 });
      st(Y, 'lead_headline', 'read', h0, { version: 4 });
      st(C, 'lead_headline', 'write', h1, { expected_version: 4, version: 5 });
      st(Y, 'lead_headline', 'write', h2, { expected_version: 4, version: 6 });
      st(C, 'lead_headline', 'read', h2, { version: 6 });
      break;
    case 'noReread':
      st(C, 'photo_caption', 'read', c0);
      st(Y, 'photo_caption', 'read', c0);
      st(Y, 'photo_caption', 'write', c1);
      st(C, 'photo_caption', 'write', c2);
      st(Y, 'photo_caption', 'read', c2);
      break;
    case 'owner':
      st(C, 'byline', 'read', V.bylines[0], { version: 1 });
      st(C, 'byline', 'write', V.bylines[1], { expected_version: 1, version: 2, owner: C });
      st(Y, 'byline', 'read', V.bylines[1], { version: 2 });
      st(Y, 'byline', 'write', V.bylines[2], { expected_version: 2, version: 3 });
      st(C, 'byline', 'read', V.bylines[2], { version: 3 });
      break;
    case 'sameNew':
      st(C, 'page_slot', 'read', V.slots[0], { version: 7 });
      st(Y, 'page_slot', 'read', V.slots[0], { version: 7 });
      st(C, 'page_slot', 'write', V.slots[1], { expected_version: 7, version: 8 });
      st(Y, 'page_slot', 'write', V.slots[2], { expected_version: 7, version: 8 });
      st(C, 'page_slot', 'read', V.slots[2], { version: 8 });
      break;
    case 'fields':
      st(C, 'story_card', 'read', { headline: h0, page: V.slots[0] }, { version: 2 });
      st(Y, 'story_card', 'read', { headline: h0, page: V.slots[0] }, { version: 2 });
      st(C, 'story_card', 'write', { headline: h1 }, { expected_version: 2, version: 3, fields: ['headline'] });
      st(Y, 'story_card', 'write', { page: V.slots[1] }, { expected_version: 2, version: 4, fields: ['page'] });
      st(C, 'story_card', 'read', { headline: h1, page: V.slots[1] }, { version: 4 });
      break;
    case 'refused':
      st(C, 'lead_headline', 'read', h0, { version: 5 });
      st(Y, 'lead_headline', 'read', h0, { version: 5 });
      st(C, 'lead_headline', 'write', h1, { expected_version: 5, version: 6 });
      st(Y, 'lead_headline', 'write', h2, { expected_version: 5, result: V.refusal });
      st(Y, 'lead_headline', 'read', h1, { version: 6 });
      st(Y, 'lead_headline', 'write', h3, { expected_version: 6, version: 7 });
      st(C, 'lead_headline', 'read', h3, { version: 7 });
      break;
    case 'merged':
      st(C, 'corrections', 'read', [], { version: 2 });
      st(Y, 'corrections', 'read', [], { version: 2 });
      st(C, 'corrections', 'write', [V.corrections[0]], { expected_version: 2, version: 3, merged: true });
      st(Y, 'corrections', 'write', [V.corrections[1]], { expected_version: 2, version: 3, merged: true });
      st(C, 'corrections', 'read', V.corrections, { version: 3 });
      break;
    default:
      st(C, 'photo_caption', 'read', c0, { version: 3 });
      st(Y, 'photo_caption', 'read', c0, { version: 3 });
      st(C, 'photo_caption', 'write', c1, { expected_version: 3, version: 4 });
      st(Y, 'photo_caption', 'read', c1, { version: 4 });
      st(Y, 'photo_caption', 'write', c2, { expected_version: 4, version: 5 });
      st(C, 'photo_caption', 'read', c2, { version: 5 });
  }
  return { jsonl: s.jsonl() };
}
