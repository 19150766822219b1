// A guest's visit, as a newcomer makes it: every page a visitor can reach, then a few moves
// against a bot and the finished match's replay, with no error anywhere. The console's
// errors, the page's uncaught errors and every refused request of the page's own (4xx or 5xx
// from this site) are collected over the whole visit: a page that asks what a guest may not
// have (an account's preferences) shows a red line to every visitor who opens the console.

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newContext } from './support/browser.js';
import { player } from './support/people.js';
import { act, button, myTurn, newGame, playMove, roll } from './support/play.js';
import { suite } from './support/suite.js';

const env = suite();

/** What went wrong on the page, one line each. */
function watchErrors(page: Page, origin: string): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()} (${page.url()})`);
  });
  page.on('pageerror', (e) => errors.push(`page error: ${e.message} (${page.url()})`));
  page.on('response', (r) => {
    if (r.status() >= 400 && r.url().startsWith(origin)) {
      errors.push(`${r.status()} ${r.request().method()} ${r.url()} (${page.url()})`);
    }
  });
  page.on('requestfailed', (r) => {
    // A request the page dropped itself on leaving (net::ERR_ABORTED) is no error.
    const why = r.failure()?.errorText ?? '';
    if (r.url().startsWith(origin) && !why.includes('ERR_ABORTED')) errors.push(`failed: ${r.url()} ${why}`);
  });
  return errors;
}

/** Requests of the page still waiting for their answer (sockets are not counted: they stay open). */
function inFlight(page: Page): () => number {
  let open = 0;
  page.on('request', () => open++);
  page.on('requestfinished', () => open--);
  page.on('requestfailed', () => open--);
  return () => open;
}

/**
 * Opens a path and waits until the page shows `ready` and has heard back from every request it
 * made: an error answered late still counts against the page that asked.
 */
async function visit(page: Page, open: () => number, path: string, ready: string): Promise<void> {
  await page.goto(path);
  await page.locator(ready).first().waitFor();
  await expect.poll(open, { message: `requests of ${path} unanswered` }).toBe(0);
}

describe("a guest's visit", () => {
  it('opens every page a visitor can reach, plays a bot and sees the replay, without an error', async () => {
    // Someone with an account, so that a player's page and a tournament exist to be visited.
    const host = await player(env.browser, env.server.url, 'visited');
    await host.page.goto('/tournaments');
    await host.page.getByTestId('tournament-name').fill(`Visit ${host.name.slice(-6)}`);
    await host.page.getByTestId('tournament-create').click();
    await host.page.waitForURL(/\/tournaments\/[A-Za-z0-9_-]+$/);
    const tournament = new URL(host.page.url()).pathname;
    await host.page.context().close();

    const context = await newContext(env.browser, env.server.url);
    const page = await context.newPage();
    const errors = watchErrors(page, env.server.url);
    const open = inFlight(page);

    const pages: readonly [string, string][] = [
      ['/', '[data-testid="new-start"]'],
      ['/lobby', '[data-testid="lobby-pools"]'],
      ['/learn', '[data-testid="learn-backgammon"]'],
      ['/learn/backgammon', '[data-testid="learn-page-backgammon"]'],
      ['/watch', '[data-testid="watch-page"]'],
      ['/leaderboard', '[data-testid="leaderboard-empty"], [data-testid="leaderboard-list"]'],
      ['/ratings', '[data-testid="ratings-page"]'],
      ['/tournaments', '[data-testid="tournaments-open"], [data-testid="tournaments-none-open"]'],
      [tournament, '[data-testid="tournament"]'],
      [`/players/${host.name}`, '[data-testid="profile"]'],
      [`/players/${host.name}/dice`, '[data-testid="dice-page"]'],
      ['/dice', '[data-testid="dice-page"]'],
      ['/history', '[data-testid="history-empty"], [data-testid="history-list"]'],
      ['/account', '[data-testid="register-submit"]'],
      ['/settings', '[data-testid="settings-page"]'],
      ['/analysis-board', '[data-testid="analysis-board"]'],
      ['/puzzles', '[data-testid="puzzle"]'],
    ];
    for (const [path, ready] of pages) await visit(page, open, path, ready);

    // A 1-point match against the bot, a few plays, then a resignation ends it.
    const id = await newGame(page, { opponent: 'bot', length: 1 });
    for (let plays = 0; plays < 3; ) {
      const turn = await myTurn(page);
      if (turn === 'over') break;
      if (turn === 'yourRoll') await roll(page);
      else if (turn === 'yourMove') {
        await playMove(page);
        plays++;
      } else throw new Error(`unexpected ${turn} against the bot`);
    }
    if ((await myTurn(page)) !== 'over') {
      await button(page, 'resign');
      await act(page, 'resign-1');
    }
    await page.getByTestId('game-over').waitFor();
    await visit(page, open, `/replay/${id}`, '[data-testid="replay-step"]');
    // Back through the site's own links, as a visitor goes on (no page load in between).
    for (const nav of ['nav-watch', 'nav-lobby', 'nav-leaderboard', 'nav-play']) {
      await page.getByTestId(nav).click();
      await expect.poll(open).toBe(0);
    }

    expect(errors).toEqual([]);
    await context.close();
  });
});
