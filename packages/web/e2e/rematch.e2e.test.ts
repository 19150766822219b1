import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newContext, newPage, shot } from './support/browser.js';
import { begun, clockOf, result, seatOf } from './support/people.js';
import { inviteGame, resignSingle, whoActs } from './support/play.js';
import { suite } from './support/suite.js';

const env = suite();

const pathOf = (page: Page) => new URL(page.url()).pathname;

/** The series as the page shows it, the viewer's wins first ("1-0"). */
const series = (page: Page) => page.getByTestId('series').getAttribute('data-series');

describe('a rematch after a finished match', () => {
  it('one offers, the other accepts, both land in the new match with the series shown', async () => {
    const host = await newPage(await newContext(env.browser, env.server.url));
    const guest = await newPage(await newContext(env.browser, env.server.url));
    const first = await inviteGame(host, guest, 1);

    // The player on turn resigns the one-point match; the other accepts and wins it.
    const { page: resigner, other: winner } = await whoActs(host, guest);
    await resignSingle(resigner, winner);
    const won = await seatOf(winner);
    for (const page of [host, guest]) {
      expect(await result(page)).toEqual({ kind: 'resign', winner: String(won) });
      await page.getByTestId('series').waitFor();
    }
    expect(await series(winner)).toBe('1-0');
    expect(await series(resigner)).toBe('0-1');

    // The loser offers; the winner is told at once, on his open dialog, and accepts.
    await resigner.getByTestId('rematch-offer').click();
    await resigner.getByTestId('rematch-waiting').waitFor();
    await winner.getByTestId('rematch-offered').waitFor();
    expect(await winner.getByTestId('rematch-offered').textContent()).toMatch(/rematch/i);
    await shot(winner, 'rematch-offered', 'window');
    await winner.getByTestId('rematch-accept').click();

    // Both pages go to the same new match, which starts with the same settings.
    for (const page of [host, guest]) {
      await page.waitForURL((url) => url.pathname.startsWith('/play/') && url.pathname !== `/play/${first}`);
    }
    const next = pathOf(host);
    expect(pathOf(guest)).toBe(next);
    for (const page of [host, guest]) {
      await page.getByTestId('play').waitFor();
      await begun(page);
      expect(await page.getByTestId('score').textContent()).toMatch(/Match to 1 point/);
      // The friend's default clock, Normal: 1:00 a point, each seat's reserve whole or nearly so.
      for (const seat of [0, 1] as const) expect((await clockOf(page, seat)).reserve).toBeGreaterThan(55_000);
      // The series between the two, carried into the new match: the winner of the first leads 1-0.
      await page.getByTestId('series').waitFor();
    }
    expect(await series(winner)).toBe('1-0');
    expect(await series(resigner)).toBe('0-1');
    await shot(winner, 'rematch-started-winner');
    await shot(resigner, 'rematch-started-loser');

    // The old match now links to the new one for anyone who opens it again.
    await resigner.goto(`/play/${first}`);
    await resigner.getByTestId('game-over').waitFor();
    expect(await resigner.getByTestId('rematch-go').getAttribute('href')).toBe(next);
  });
});
