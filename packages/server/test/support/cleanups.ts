import { afterEach } from 'vitest';

/** What a test opened and must close: a server, a socket, a room, a folder. */
export type Cleanup = () => Promise<void> | void;

/**
 * A list a test file pushes its cleanups to; after each test they run, the last pushed first
 * (a socket closes before its server), and the list is emptied. Call it at the file's top level.
 */
export function cleanupsAfterEach(): Cleanup[] {
  const cleanups: Cleanup[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });
  return cleanups;
}
