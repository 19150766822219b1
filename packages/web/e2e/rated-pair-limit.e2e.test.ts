import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { shot } from './support/browser.js';
import { accept, begun, friendMatch, player } from './support/people.js';
import { resignSingle, whoActs } from './support/play.js';
import { suite } from './support/suite.js';

/*
 * Two accounts' rated matches together move their ratings three times in any 24 hours; a later
 * one is played unrated. The table says so, and why, from the first move: under the score bar,
 * in the end dialog, and beside the rematch offer (its rematch would not be rated either).
 */

const env = suite();

const pathOf = (page: Page) => new URL(page.url()).pathname;

/** The player on turn resigns the one-point match, the other accepts; then both agree to a rematch and land in it. */
async function resignAndRematch(a: Page, b: Page): Promise<void> {
  const { page: resigner, other: winner } = await whoActs(a, b);
  const before = pathOf(a);
  await resignSingle(resigner, winner);
  await resigner.getByTestId('rematch-offer').click();
  await winner.getByTestId('rematch-accept').click();
  for (const page of [a, b]) {
    await page.waitForURL((url) => url.pathname.startsWith('/play/') && url.pathname !== before);
    await page.getByTestId('play').waitFor();
    await begun(page);
  }
}

describe('rated matches past the limit between two accounts', () => {
  it('the fourth rated match of the day says it is not rated and why, at the table and at its end', async () => {
    const ana = await player(env.browser, env.server.url, 'pair_a');
    const bob = await player(env.browser, env.server.url, 'pair_b');
    const { id, link } = await friendMatch(ana.page, { length: 1, clock: { preset: 'untimed' }, rated: true });
    await accept(bob.page, link, id);
    for (const page of [ana.page, bob.page]) await begun(page);

    // The first three are rated: nothing says otherwise.
    for (let i = 0; i < 3; i++) {
      expect(await ana.page.getByTestId('unrated').count()).toBe(0);
      await resignAndRematch(ana.page, bob.page);
    }

    // The fourth: said under the score bar before anyone moves.
    for (const page of [ana.page, bob.page]) {
      await page.getByTestId('unrated').waitFor();
      expect(await page.getByTestId('unrated').textContent()).toBe(
        'Not rated: you have played 3 rated matches against this player in the last 24 hours.',
      );
      expect(await page.getByTestId('rating-0').count()).toBe(0);
    }
    await shot(ana.page, 'rated-pair-limit-table');

    // At its end: the reason instead of rating changes, and beside the rematch offer.
    const { page: resigner, other: winner } = await whoActs(ana.page, bob.page);
    await resignSingle(resigner, winner);
    for (const page of [resigner, winner]) {
      await page.getByTestId('game-over-unrated').waitFor();
      expect(await page.getByTestId('rating-lines').count()).toBe(0);
    }
    await resigner.getByTestId('rematch-unrated').waitFor();
    expect(await resigner.getByTestId('rematch-unrated').textContent()).toBe('A rematch would not be rated either.');
    await shot(resigner, 'rated-pair-limit-end', 'window');
  });
});
