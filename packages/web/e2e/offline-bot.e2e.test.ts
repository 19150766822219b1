// A match against the bot played wholly in the browser: chosen from the new-game form while
// online (the worker and the net are fetched then, into the service worker's zar-offline-bots
// cache), started and played with the network cut (context.setOffline), resumed after a
// reload mid-match from IndexedDB, and, back online as a guest, added to the history marked
// as played offline.

import { PROTOCOL_HEADER, PROTOCOL_VERSION } from '@zar/protocol';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newContext, newPage, shot } from './support/browser.js';
import { act, myTurn, playGame, playMove, roll, untilMyMove } from './support/play.js';
import { suite } from './support/suite.js';

const env = suite();

/** Waits until the service worker is active and controls the page. */
async function controlled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller === null) {
      await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }));
    }
  });
}

/** The files the offline bots' cache holds: the worker, its chunks and the nets fetched. */
const cachedBots = (page: Page): Promise<string[]> =>
  page.evaluate(async () => {
    if (!(await caches.has('zar-offline-bots'))) return [];
    const keys = await (await caches.open('zar-offline-bots')).keys();
    return keys.map((k) => new URL(k.url).pathname);
  });

/** Plays the person's side a few turns (the bot's come by themselves). */
async function playTurns(page: Page, plays: number): Promise<void> {
  for (let done = 0; done < plays; ) {
    const turn = await myTurn(page);
    if (turn === 'over') return;
    if (turn === 'yourRoll') await roll(page);
    else if (turn === 'yourMove') {
      await playMove(page);
      done++;
    } else if (turn === 'doubled') await act(page, 'take');
    else await act(page, 'accept');
  }
}

describe('a match against the bot, offline', () => {
  it('is chosen online, played offline through a reload, and added to the history once online', async () => {
    const context = await newContext(env.browser, env.server.url);
    const page = await newPage(context);
    await page.goto('/');
    await controlled(page);
    await page.getByTestId('new-length').selectOption('1');
    await page.getByTestId('new-opponent-bot').check();
    await page.getByTestId('new-level').selectOption('beginner');
    await page.getByTestId('new-offline').check();
    await page.getByTestId('new-start').click();
    await page.waitForURL(/\/offline\?/);
    // The page says how much the bot weighs before anything is played.
    expect(await page.getByTestId('offline-size').textContent()).toMatch(/\d+ KB/);
    // Choosing offline play fetched the worker and the backgammon net into their cache.
    await expect
      .poll(async () => (await cachedBots(page)).filter((p) => /offline-bot-(worker|backgammon)/.test(p)).length, {
        timeout: 30_000,
      })
      .toBe(2);

    await context.setOffline(true);
    await page.getByTestId('offline-start').click();
    await page.getByTestId('play').waitFor();
    expect(new URL(page.url()).pathname).toBe('/offline');
    await playTurns(page, 2);
    // The bot's hint for the person's play, searched in the worker: no server to ask.
    await untilMyMove(page);
    await page.getByTestId('hint').click();
    await page.locator('[data-testid="hint-list"] [data-testid="hint-play"]').first().waitFor();
    await playTurns(page, 1);
    const before = Number(await page.getByTestId('play').getAttribute('data-version'));
    expect(before).toBeGreaterThan(5);
    await shot(page, 'offline-bot-mid-match');

    // A reload with no network: the app from the precache, the worker from its cache, the match from IndexedDB.
    await page.reload();
    await page.getByTestId('play').waitFor();
    const after = Number(await page.getByTestId('play').getAttribute('data-version'));
    expect(after).toBeGreaterThanOrEqual(before);
    const plays = await playGame(page);
    await page.getByTestId('game-over-result').waitFor();
    expect(await page.getByTestId('new-match').count()).toBe(1);
    console.log(`offline match: ${plays} plays after the reload, resumed at v${after}`);
    await page.getByTestId('close-dialog').click();
    expect(await page.getByTestId('offline-json').count()).toBe(1);
    expect(await page.getByTestId('offline-mat').count()).toBe(1);
    await shot(page, 'offline-bot-over');

    // Online again, as a guest: the match goes to the history, marked as played offline.
    await context.setOffline(false);
    const guest = await context.request.post('/api/guest', {
      headers: { [PROTOCOL_HEADER]: String(PROTOCOL_VERSION) },
      data: {},
    });
    expect(guest.status()).toBe(200);
    await page.getByTestId('offline-upload').click();
    const uploaded = page.getByTestId('offline-uploaded');
    await uploaded.waitFor();
    const href = (await uploaded.locator('a').getAttribute('href')) ?? '';
    const id = href.split('/').at(-1) ?? '';
    expect(id).not.toBe('');
    await page.goto('/history');
    await page.getByTestId(`history-offline-${id}`).waitFor();
    expect(await page.getByTestId(`history-clock-${id}`).getAttribute('data-rated')).toBe('false');
    await page.goto(`/replay/${id}`);
    await page.getByTestId('replay-offline').waitFor();
    await shot(page, 'offline-bot-history');
    await context.close();
  });
  it('says so when the browser refuses to keep the match, and plays on in memory', async () => {
    const context = await newContext(env.browser, env.server.url);
    // As a browser that refuses IndexedDB (a private window, a full disk, the user's settings).
    await context.addInitScript(() => {
      IDBFactory.prototype.open = () => {
        throw new DOMException('refused', 'SecurityError');
      };
    });
    const page = await newPage(context);
    await page.goto('/offline?preset=plakoto&length=1&level=beginner');
    await page.getByTestId('offline-start').click();
    await page.getByTestId('offline-unkept').waitFor();
    await playTurns(page, 2);
    expect(Number(await page.getByTestId('play').getAttribute('data-version'))).toBeGreaterThan(3);
    await shot(page, 'offline-bot-unkept');
    await context.close();
  });
});
