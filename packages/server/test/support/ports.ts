import { createServer } from 'node:net';

/**
 * A loopback port free a moment ago, for a server the test starts itself (redis-server,
 * postgres): the OS picks it, and it is let go before the server binds it.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
