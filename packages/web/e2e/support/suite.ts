import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launch } from './browser.js';
import { startServer, type ZarServer } from './server.js';

/** What a test file of the e2e suite shares: its own Zar server and one headless Chromium. */
export interface Suite {
  readonly server: ZarServer;
  readonly browser: Browser;
}

/** Starts the file's server and browser before its tests and stops both after them. */
export function suite(): Suite {
  const live: { server?: ZarServer; browser?: Browser } = {};
  beforeAll(async () => {
    live.server = await startServer();
    live.browser = await launch();
  });
  afterAll(async () => {
    await live.browser?.close();
    await live.server?.stop();
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
