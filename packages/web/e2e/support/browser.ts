// Debian's Chromium driven by playwright-core: one headless browser for the whole run (started
// by global-setup.ts, each file connects to it), a fresh context per player (desktop or phone),
// animations off and English unless a test says otherwise, and screenshots under
// test-output/e2e/, emptied and printed once per run by global-setup.ts.

import { join } from 'node:path';
import { type Browser, type BrowserContext, type BrowserServer, chromium, type Page } from 'playwright-core';
import { REPO } from './server.js';

/** Flags that worked with Debian's Chromium here (docs: /work/shared/stack.md, End-to-end tests). */
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Waits for one step of the UI on a loaded two-core machine; a hang fails well before the test's limit. */
export const STEP_MS = 20_000;

export const SHOTS = join(REPO, 'test-output/e2e');

export type Device = 'desktop' | 'phone';

export interface ContextOptions {
  readonly device?: Device;
  /** The page's language (localStorage zar.lang); English when left out. */
  readonly lang?: string | null;
}

const LAUNCH = { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true, args: ARGS };

/**
 * The run's one Chromium, listening for playwright connections on a loopback port.
 * playwright-core launches it with its own temporary profile.
 */
export async function launchShared(): Promise<BrowserServer> {
  return chromium.launchServer({ ...LAUNCH, host: '127.0.0.1' });
}

/** A connection of this test file to the run's Chromium; closing it closes the file's contexts. */
export async function connect(wsEndpoint: string): Promise<Browser> {
  return chromium.connect(wsEndpoint);
}

export async function newContext(
  browser: Browser,
  base: string,
  options: ContextOptions = {},
): Promise<BrowserContext> {
  const phone = options.device === 'phone';
  const context = await browser.newContext({
    baseURL: base,
    viewport: phone ? { width: 360, height: 640 } : { width: 1280, height: 800 },
    ...(phone ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {}),
    locale: 'en-US',
  });
  const lang = options.lang === undefined ? 'en' : options.lang;
  await context.addInitScript((l: string | null) => {
    // Functions sent to the page keep esbuild's name helper when the tests run under tsx.
    const page = globalThis as { __name?: (f: unknown) => unknown };
    page.__name ??= (f) => f;
    localStorage.setItem('zar.animations', 'off');
    if (l !== null && localStorage.getItem('zar.lang') === null) localStorage.setItem('zar.lang', l);
  }, lang);
  context.setDefaultTimeout(STEP_MS);
  return context;
}

/** A page whose script errors end up in the test's output. */
export async function newPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error(`page error: ${e.message}`));
  return page;
}

/**
 * A PNG named after the test and the moment: the whole page, or only the window (a dialog
 * sits over the window, and a whole-page picture would show its backdrop out of place).
 */
export async function shot(page: Page, name: string, what: 'page' | 'window' = 'page'): Promise<string> {
  const file = join(SHOTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: what === 'page' });
  return file;
}
