// Writes test/engine-store/schema3.db with the engine as built from main at 69744d0 (schema 3, before
// scoped sharing): `npm run build && node test/engine-store/make-schema3-store.mjs`. Kept so the file's
// origin can be checked; test/engine-sharing.test.ts opens the committed file with the current code.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openEngine } from '../../dist/engine/index.js';

const out = path.join(path.dirname(fileURLToPath(import.meta.url)), 'schema3.db');
for (const f of [out, `${out}-wal`, `${out}-shm`]) fs.rmSync(f, { force: true });
let now = Date.parse('2026-11-02T09:00:00Z');
const e = openEngine({ file: out, clock: () => (now += 1000), autoDrain: false, session: 's-old', deidentifyKey: undefined });
const alice = { user: 'alice' };
const billing = { user: 'alice', agent: 'billing' };
const bob = { user: 'bob', agent: 'support' };
e.userMessage(alice, 'Never use XML in your answers.', { turn: 0 });
e.userMessage(alice, 'My timezone is Europe/Lisbon.', { turn: 1 });
e.drain();
e.userMessage(billing, 'We decided to refund invoice INV-77 to the card on file.', { turn: 0 });
e.remember(billing, { type: 'fact', text: 'The billing database host is db-bill-1' });
e.drain();
e.share(alice);
e.userMessage(bob, 'I prefer dark theme.', { turn: 0 });
e.state.write(bob, 'current_task', 'PAY-512', { actor: 'planner', expectedVersion: 0 });
// one write left in the durable queue: the migrated store must still replay it
e.remember(bob, { type: 'fact', text: 'The staging host is db-stg-3' });
e.close();
console.log(`wrote ${out}`);
