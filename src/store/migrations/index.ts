import type { Migration } from './types.js';
import { migration as m001 } from './001-initial.js';
import { migration as m002 } from './002-findings.js';
import { migration as m003 } from './003-packed-requests.js';
import { migration as m004 } from './004-turn-keys.js';
import { migration as m005 } from './005-store-marker.js';
import { migration as m006 } from './006-memory-keys.js';
import { migration as m007 } from './007-session-dedupe.js';
import { migration as m008 } from './008-trace-keys.js';
import { migration as m009 } from './009-judge-verdicts.js';

/** Every migration, in order. A new one gets the next number and its own file. */
export const MIGRATIONS: readonly Migration[] = [m001, m002, m003, m004, m005, m006, m007, m008, m009];

export const SCHEMA_VERSION = MIGRATIONS[MIGRATIONS.length - 1].version;
