import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { connect } from './browser.js';
import { startServer, type ZarServer } from './server.js';

/** The run's shared Zar server (global-setup.ts): it is there for the whole run, nobody stops it. */
export interface SharedServer {
  readonly url: string;
}

/** What a test file of the e2e suite uses: a Zar server and its connection to the run's Chromium. */
export interface Suite<S extends SharedServer> {
  readonly server: S;
  readonly browser: Browser;
}

/**
 * Connects the file to the run's Chromium and server before its tests, and disconnects after
 * them (which closes the file's browser contexts). With `ownServer` the file gets a server of
 * its own, on its own database, to kill and restart as it likes, started with `env` added to
 * its environment.
 */
export function suite(): Suite<SharedServer>;
export function suite(options: { ownServer: true; env?: Readonly<Record<string, string>> }): Suite<ZarServer>;
export function suite(
  options: { ownServer?: boolean; env?: Readonly<Record<string, string>> } = {},
): Suite<SharedServer | ZarServer> {
  const live: { server?: SharedServer | ZarServer; own?: ZarServer; browser?: Browser } = {};
  beforeAll(async () => {
    const failed = inject('e2eSetupError');
    if (failed !== '') throw new Error(`the e2e run's server or browser did not start: ${failed}`);
    if (options.ownServer) live.server = live.own = await startServer(options.env);
    else live.server = { url: inject('e2eServer') };
    live.browser = await connect(inject('e2eBrowser'));
  });
  afterAll(async () => {
    await live.browser?.close();
    await live.own?.stop();
  });
  const started = <T>(v: T | undefined, what: string): T => {
    if (v === undefined) throw new Error(`the e2e ${what} is used before beforeAll started it`);
    return v;
  };
  return {
    get server() {
      return started(live.server, 'server');
    },
    get browser() {
      return started(live.browser, 'browser');
    },
  };
}
