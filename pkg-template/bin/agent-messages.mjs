#!/usr/bin/env node
// The package's command line (`npx agent-messages --help`): pkg/cli/main.mjs.
import { main } from '../cli/main.mjs';

await main(process.argv);
