// Zar as an installable app, as Chromium judges it: the manifest the page links, the service
// worker that takes the page, the browser's own installability check (the criteria of its
// install prompt), the app's pages opened with no network after one visit, and a new version
// that waits for the player's reload. The update test has a server of its own over a copy of
// the built client, whose sw.js it changes as a release would.

import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { newContext, newPage, STEP_MS, shot } from './support/browser.js';
import { REPO } from './support/server.js';
import { suite } from './support/suite.js';

const env = suite();

// A copy of the built client for the file's own server: the shared one's dist is never touched.
const BUILT = process.env.ZAR_STATIC_DIR ?? join(REPO, 'packages/web/dist');
const RELEASE = mkdtempSync(join(tmpdir(), 'zar-release-'));
cpSync(BUILT, RELEASE, { recursive: true });
const own = suite({ ownServer: true, env: { ZAR_STATIC_DIR: RELEASE } });
afterAll(() => rmSync(RELEASE, { recursive: true, force: true }));

interface Manifest {
  readonly name?: string;
  readonly short_name?: string;
  readonly start_url?: string;
  readonly display?: string;
  readonly theme_color?: string;
  readonly background_color?: string;
  readonly icons?: readonly { src: string; sizes: string; type: string; purpose?: string }[];
}

/** Waits until the worker is active and controls the page (after the first visit's install). */
async function controlled(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const worker = (await navigator.serviceWorker.ready).active;
    if (worker === null) return 'none';
    if (worker.state !== 'activated') {
      await new Promise((r) => worker.addEventListener('statechange', r, { once: true }));
    }
    if (navigator.serviceWorker.controller === null) {
      await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }));
    }
    return worker.state;
  });
}

/**
 * Waits until every chunk the page loaded is in one of the worker's caches. A page loaded
 * before the worker took control fetched its language chunk past it; the worker keeps it only
 * once the page's start module has fetched it again (src/pwa/start.ts), a moment after control.
 */
async function chunksKept(page: Page): Promise<void> {
  await page.waitForFunction(
    async () => {
      const chunks = performance
        .getEntriesByType('resource')
        .map((e) => new URL(e.name))
        .filter((u) => u.origin === location.origin && u.pathname.startsWith('/assets/'));
      const kept = await Promise.all(chunks.map(async (u) => (await caches.match(u.href)) !== undefined));
      return chunks.length > 0 && kept.every(Boolean);
    },
    undefined,
    { polling: 100 },
  );
}

describe('Zar as an installable app', () => {
  it('links a manifest with what an install asks for, served fresh with its type, and its icons', async () => {
    const context = await newContext(env.browser, env.server.url);
    const page = await newPage(context);
    await page.goto('/');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const answer = await context.request.get(href ?? '');
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toBe('application/manifest+json');
    expect(answer.headers()['cache-control']).toBe('no-cache');
    const manifest = (await answer.json()) as Manifest;
    expect(manifest).toMatchObject({ short_name: 'Zar', start_url: '/', display: 'standalone' });
    expect(manifest.name).toContain('Zar');
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/);
    const icons = manifest.icons ?? [];
    expect(icons.map((i) => `${i.sizes}${i.purpose === 'maskable' ? ' maskable' : ''}`).sort()).toEqual([
      '192x192',
      '512x512',
      '512x512 maskable',
    ]);
    for (const icon of [...icons, { src: '/icons/apple-touch-icon-180.png' }]) {
      const png = await context.request.get(icon.src);
      expect(png.status(), icon.src).toBe(200);
      expect(png.headers()['content-type'], icon.src).toBe('image/png');
    }
    const worker = await context.request.get('/sw.js');
    expect(worker.status()).toBe(200);
    expect(worker.headers()['cache-control']).toBe('no-cache');
    // The worker imports the turn notices' click handling, served fresh as the worker is.
    expect(await worker.text()).toMatch(/importScripts\(["']sw-notices\.js["']\)/);
    const notices = await context.request.get('/sw-notices.js');
    expect(notices.status()).toBe(200);
    expect(notices.headers()['cache-control']).toBe('no-cache');
    expect(await notices.text()).toContain("addEventListener('notificationclick'");
    await context.close();
  });

  it('the worker takes the page, Chromium finds it installable, and the app opens offline', async () => {
    // A profile on disk: Chromium never offers to install from an off-the-record context
    // (the shared browser's contexts are; its check answers 'in-incognito' there).
    const profile = mkdtempSync(join(tmpdir(), 'zar-profile-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-sync'],
      baseURL: env.server.url,
      locale: 'en-US',
    });
    context.setDefaultTimeout(STEP_MS);
    const page = await newPage(context);
    await page.goto('/');
    await page.getByTestId('new-start').waitFor();
    expect(await controlled(page)).toBe('activated');
    await page.reload();
    await page.getByTestId('new-start').waitFor();
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${env.server.url}/sw.js`);

    // A turn notice's click as the worker answers it (sw-notices.js, openNotice): the open tab
    // is told the game's path and routes there in place, the page not reloaded.
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    await page.evaluate(() => Object.assign(window, { zarSamePage: true }));
    await worker.evaluate(() => (self as unknown as { openNotice(path: string): Promise<void> }).openNotice('/learn'));
    await page.getByTestId('learn-backgammon').waitFor();
    expect(await page.evaluate(() => [location.pathname, 'zarSamePage' in window])).toEqual(['/learn', true]);
    await page.goto('/');
    await page.getByTestId('new-start').waitFor();

    // The browser's own check, the one behind its install prompt: the manifest parses and
    // nothing stands in the way (icons, display, start URL, a secure origin, a worker).
    const cdp = await context.newCDPSession(page);
    const parsed = (await cdp.send('Page.getAppManifest')) as { errors: unknown[]; url: string };
    expect(parsed.url).toBe(`${env.server.url}/manifest.webmanifest`);
    expect(parsed.errors).toEqual([]);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);

    // No network, and nothing in the HTTP cache (the hashed chunks are kept there a year):
    // the app's shell, the learn pages and the analysis board still open, from the worker.
    await cdp.send('Network.clearBrowserCache');
    await cdp.detach();
    await context.setOffline(true);
    await page.reload();
    await page.getByTestId('nav-home').waitFor();
    for (const [path, ready] of [
      ['/learn', 'learn-backgammon'],
      ['/learn/backgammon', 'learn-page-backgammon'],
      ['/analysis-board', 'analysis-board'],
    ] as const) {
      await page.goto(path);
      await page.getByTestId(ready).waitFor();
    }
    await shot(page, 'installable-offline-analysis-board');
    await context.setOffline(false);
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  });

  it("keeps the visitor's own language for offline, though other languages are not precached", async () => {
    const context = await newContext(env.browser, env.server.url, { lang: 'uk' });
    const page = await newPage(context);
    await page.goto('/learn/backgammon');
    await page.getByTestId('learn-page-backgammon').waitFor();
    const online = await page.locator('h1').first().textContent();
    await controlled(page);
    await chunksKept(page);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await cdp.detach();
    await context.setOffline(true);
    await page.reload();
    await page.getByTestId('learn-page-backgammon').waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('uk');
    expect(await page.locator('h1').first().textContent()).toBe(online);
    await context.setOffline(false);
    await context.close();
  });

  it('a new version waits for the player, who is told and reloads into it', async () => {
    const context = await newContext(own.browser, own.server.url);
    const page = await newPage(context);
    await page.goto('/');
    await page.getByTestId('new-start').waitFor();
    await controlled(page);
    const first = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);

    // A release: a different sw.js under the same name. The page asks for it, as it does by
    // itself on its next navigation; the new worker installs and waits.
    const sw = join(RELEASE, 'sw.js');
    writeFileSync(sw, `${readFileSync(sw, 'utf8')}\n// the next release\n`);
    await page.evaluate(() => {
      (globalThis as { __beforeUpdate?: boolean }).__beforeUpdate = true;
    });
    await page.evaluate(async () => (await navigator.serviceWorker.ready).update());
    const notice = page.getByTestId('update-notice');
    await notice.waitFor();
    expect(await notice.textContent()).toContain('Zar has been updated.');
    await shot(page, 'installable-update-notice', 'window');
    // Nothing was swapped under the page: the same document, still run by the old worker.
    expect(await page.evaluate(() => (globalThis as { __beforeUpdate?: boolean }).__beforeUpdate)).toBe(true);
    expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).waiting?.state)).toBe('installed');

    await Promise.all([page.waitForEvent('load'), page.getByTestId('update-reload').click()]);
    await page.getByTestId('new-start').waitFor();
    expect(await page.evaluate(() => (globalThis as { __beforeUpdate?: boolean }).__beforeUpdate)).toBeUndefined();
    expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).waiting)).toBeNull();
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(first);
    expect(await page.getByTestId('update-notice').count()).toBe(0);
    await context.close();
  });
});
