import { it } from 'vitest';
import path from 'node:path';
import { analyzeFiles } from '../../../test/analyzer-tester.js';
import { analyzer } from './index.js';
it('scratch', async () => {
  const files = (process.env.FILES ?? '').split(',').map((f) => path.resolve(import.meta.dirname, f));
  const fs = await analyzeFiles([analyzer], files);
  console.log(JSON.stringify(fs, null, process.env.FULL ? 1 : undefined).slice(0, 20000));
  for (const f of fs) console.log(f.session, f.turn, f.cause, '|', f.title);
});
