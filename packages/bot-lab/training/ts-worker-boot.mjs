// Loads a TypeScript worker under tsx: worker_threads cannot start a .ts file by itself.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.__entry);
