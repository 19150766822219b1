import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { shot } from './support/browser.js';
import { begun, clockOf, player, seatOf } from './support/people.js';
import { suite } from './support/suite.js';

const env = suite();

/** Fills the quick-pairing form: backgammon, 3 points, Speed, rated; the request is sent only if `send`. */
async function askFor(page: Page): Promise<void> {
  await page.getByTestId('seek-game').selectOption('backgammon');
  await page.getByTestId('seek-length').selectOption('3');
  await page.getByTestId('seek-clock').selectOption('speed');
  await page.getByTestId('seek-rated').check();
  await page.getByTestId('seek-submit').click();
}

/** How many players the lobby says wait, over every kind (the page's live list). */
const waiting = (page: Page): Promise<number> =>
  page.evaluate(() =>
    [...document.querySelectorAll('[data-testid="lobby-pool"]')].reduce(
      (sum, el) => sum + Number(el.getAttribute('data-waiting') ?? 0),
      0,
    ),
  );

/** Waits until the lobby shows `n` players waiting, pushed over the socket (no reload). */
async function untilWaiting(page: Page, n: number): Promise<void> {
  await page.waitForFunction((want) => {
    const pools = [...document.querySelectorAll('[data-testid="lobby-pool"]')];
    return pools.reduce((sum, el) => sum + Number(el.getAttribute('data-waiting') ?? 0), 0) === want;
  }, n);
}

describe('quick pairing in the live lobby', () => {
  it('two waiting players asking for the same kind are sent straight into one match', async () => {
    const ana = await player(env.browser, env.server.url, 'pair_a');
    const bob = await player(env.browser, env.server.url, 'pair_b');
    for (const p of [ana, bob]) {
      await p.page.goto('/lobby');
      await p.page.getByTestId('seek-form').waitFor();
      await p.page.getByTestId('lobby-pools').waitFor();
    }
    expect(await waiting(bob.page)).toBe(0);

    // Ana asks; her request is listed as hers, and Bob's lobby counts her without a reload.
    await askFor(ana.page);
    const mine = ana.page.locator('[data-testid^="lobby-seek-"]');
    await mine.first().waitFor();
    expect(await mine.count()).toBe(1);
    expect(await mine.first().textContent()).toMatch(/Backgammon/);
    await untilWaiting(bob.page, 1);
    // Her own kind is not offered to her as a pool to join; Bob is offered it.
    expect(await ana.page.getByTestId('lobby-pool-play').count()).toBe(0);
    await bob.page.getByTestId('lobby-pool-play').waitFor();
    await shot(bob.page, 'pairing-one-waiting');

    // She cancels: the request goes from both lobbies.
    await ana.page.locator('[data-testid^="lobby-unseek-"]').first().click();
    await ana.page.getByTestId('lobby-mine').waitFor({ state: 'detached' });
    await untilWaiting(bob.page, 0);

    // She asks again, then Bob asks for the same kind with one click on her line of the pool:
    // both land on the same match.
    await askFor(ana.page);
    await untilWaiting(bob.page, 1);
    await bob.page.getByTestId('lobby-pool-play').click();
    for (const p of [ana, bob]) await p.page.waitForURL(/\/play\/[A-Za-z0-9_-]+$/);
    const id = new URL(ana.page.url()).pathname;
    expect(new URL(bob.page.url()).pathname).toBe(id);

    // The match is the one asked for: both seated, rated (ratings beside the names), on the Speed clock.
    for (const p of [ana, bob]) {
      await p.page.getByTestId('play').waitFor();
      await begun(p.page);
      await p.page.getByTestId('rating-0').waitFor();
      await p.page.getByTestId('rating-1').waitFor();
      const text = (await p.page.getByTestId('score').textContent()) ?? '';
      expect(text).toContain(ana.name);
      expect(text).toContain(bob.name);
      expect(text).toMatch(/3 points/);
    }
    const seats = [await seatOf(ana.page), await seatOf(bob.page)];
    expect(seats.sort()).toEqual([0, 1]);
    // Speed: 8 s delay, 20 s a point, so 1:00 of reserve each for 3 points (one of them may have started).
    for (const seat of [0, 1] as const) {
      const clock = await clockOf(ana.page, seat);
      expect(clock.reserve).toBeGreaterThan(55_000);
      expect(clock.reserve).toBeLessThanOrEqual(60_000);
    }
    await shot(ana.page, 'pairing-paired-a');
    await shot(bob.page, 'pairing-paired-b');
  });
});
