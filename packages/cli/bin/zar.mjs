#!/usr/bin/env node
// Runs the TypeScript sources directly: the workspace ships no build step for the CLI yet.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/main.ts');
process.exitCode = await main(process.argv);
