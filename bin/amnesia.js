#!/usr/bin/env node
// The bin only sets the exit code; every decision lives in src/cli/main.ts.
import { main } from '../dist/cli/main.js';

process.exitCode = await main(process.argv);
