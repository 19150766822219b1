// Once per run of the e2e project, before its first file: one Zar server and one headless
// Chromium that every file shares (each test still opens its own browser context, so pages
// share no cookies or storage), and an empty screenshots folder. Starting both once instead of
// once per file saves a server start and a browser launch per file. A file that kills its
// server (restart.e2e.test.ts) starts its own with suite({ ownServer: true }).

import { mkdirSync, rmSync } from 'node:fs';
import type { BrowserServer } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { launchShared, SHOTS } from './browser.js';
import { startServer, type ZarServer } from './server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** http://127.0.0.1:PORT of the shared Zar server. */
    e2eServer: string;
    /** Where the shared Chromium listens for playwright connections. */
    e2eBrowser: string;
    /** Why the server or the browser did not start; empty when both did. */
    e2eSetupError: string;
  }
}

/**
 * A failure here does not stop the run: it is handed to every file (suite.ts throws it in
 * beforeAll), so each e2e file fails with the reason and counts, as it did when each file
 * started its own, and the unit tests still run.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  rmSync(SHOTS, { recursive: true, force: true });
  mkdirSync(SHOTS, { recursive: true });
  console.log(`Screenshots: ${SHOTS}`);
  project.provide('e2eServer', '');
  project.provide('e2eBrowser', '');
  let server: ZarServer | null = null;
  let browser: BrowserServer | null = null;
  const stop = async () => {
    await browser?.close();
    await server?.stop();
  };
  try {
    server = await startServer();
    browser = await launchShared();
    project.provide('e2eServer', server.url);
    project.provide('e2eBrowser', browser.wsEndpoint());
    project.provide('e2eSetupError', '');
  } catch (e) {
    project.provide('e2eSetupError', e instanceof Error ? e.message : String(e));
    await stop();
  }
  return stop;
}
