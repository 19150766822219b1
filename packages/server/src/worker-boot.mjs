// Loads a TypeScript worker (the bots', the analysis') under tsx: worker_threads cannot start a
// .ts file by itself (packages/bot/training/ts-worker-boot.mjs does the same for training).
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
