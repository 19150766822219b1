import { GAME_IDS } from '@zar/engine';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newContext, newPage, shot } from './support/browser.js';
import { newGame } from './support/play.js';
import { suite } from './support/suite.js';

const env = suite();

/** The page is no wider than its window: nothing to scroll sideways. */
async function noSideways(page: Page): Promise<void> {
  const w = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, window: window.innerWidth }));
  expect(w.scroll, 'the page scrolls sideways').toBeLessThanOrEqual(w.window);
}

describe('the home page', () => {
  it('welcomes with a card per game (board, what is special, learn link), the live count, and play again', async () => {
    const page = await newPage(await newContext(env.browser, env.server.url));
    await page.goto('/');
    for (const g of GAME_IDS) {
      const card = page.getByTestId(`game-card-${g}`);
      await card.waitFor();
      expect(await card.locator('h3').textContent()).toBeTruthy();
      expect(await card.locator('p').textContent()).toMatch(/\w.{20,}/);
      expect(await page.getByTestId(`learn-game-${g}`).getAttribute('href')).toBe(`/learn/${g}`);
    }
    // Each card's starting position arrives (lazily) as a board with its checkers.
    await expect.poll(() => page.locator('.board-preview svg').count()).toBe(GAME_IDS.length);
    const count = page.getByTestId('live-count');
    await count.waitFor();
    expect(Number(await count.getAttribute('data-playing'))).toBeGreaterThanOrEqual(0);
    expect(await count.textContent()).toMatch(/\d+ games? (is|are) being played now/);
    // A first visit has nothing to play again.
    expect(await page.getByTestId('play-again').count()).toBe(0);

    // A card sets up its game in the form and brings the player to its start button; rules
    // picked for another game give way to the first of the game chosen.
    await page.getByTestId('new-rules').selectOption('tavla');
    await page.getByTestId('choose-plakoto').click();
    expect(await page.getByTestId('new-game').inputValue()).toBe('plakoto');
    expect(await page.getByTestId('choose-plakoto').getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('new-start');
    expect(await page.getByTestId('new-rules').inputValue()).toBe('plakoto');
    await shot(page, 'home-desktop');

    await page.setViewportSize({ width: 768, height: 1024 });
    await noSideways(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await noSideways(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'home-phone', 'window');
    await page.setViewportSize({ width: 1280, height: 800 });

    // Play again with the last settings: the same request starts a new game.
    const first = await newGame(page, { opponent: 'bot', length: 1 });
    await page.goto('/');
    expect(await page.getByTestId('last-settings').textContent()).toMatch(/Match to 1 point · Computer \(Beginner\)/);
    await page.getByTestId('play-again').click();
    await page.waitForURL(/\/play\/[A-Za-z0-9_-]+$/);
    const again = new URL(page.url()).pathname.split('/').at(-1);
    expect(again).not.toBe(first);
    await page.getByTestId('play').waitFor();
  });

  it('reads right to left in Arabic on a phone: the words are Arabic, the boards are not mirrored, nothing scrolls sideways', async () => {
    const page = await newPage(await newContext(env.browser, env.server.url, { device: 'phone', lang: 'ar' }));
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await expect.poll(() => page.locator('.board-preview svg').count()).toBe(GAME_IDS.length);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    const card = page.getByTestId('game-card-backgammon');
    expect(await card.locator('h3').textContent()).toMatch(/[\u0600-\u06FF]/);
    expect(await card.locator('p').textContent()).toMatch(/[\u0600-\u06FF]{3}/);
    // The card's text starts at the right: its board stands right of its words.
    const board = await card.locator('.game-card-board').boundingBox();
    const words = await card.locator('.game-card-text').boundingBox();
    expect(board && words && board.x).toBeGreaterThan(words?.x ?? Number.POSITIVE_INFINITY);
    // A board keeps its own drawing in a right-to-left page: backgammon's point 1 at the bottom right.
    const preview = card.locator('.zar-board');
    const at = async (p: number) => (await preview.getByTestId(`point-${p}`).boundingBox())?.x ?? 0;
    expect(await at(1)).toBeGreaterThan(await at(12));
    await noSideways(page);
    await shot(page, 'home-phone-ar', 'window');
  });

  it('an unknown game says only that it is not found, with the way home', async () => {
    const page = await newPage(await newContext(env.browser, env.server.url));
    await page.goto('/play/doesnotexist');
    await page.getByTestId('not-found').waitFor();
    expect(await page.locator('main').textContent()).toBe('There is no game at this address.Back to the start page');
    await page.getByTestId('not-found-home').click();
    await page.getByTestId('game-card-backgammon').waitFor();
  });

  it('registering states the rules in the page language and names the broken one, sending nothing', async () => {
    const page = await newPage(await newContext(env.browser, env.server.url, { lang: 'ro' }));
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/register')) sent.push(r.url());
    });
    await page.goto('/account');
    const rule = page.getByTestId('register-password-rule');
    await rule.waitFor();
    expect(await rule.textContent()).toBe('Între 8 și 256 de caractere.');
    expect(await page.getByTestId('register-name-rule').textContent()).toBe(
      'Între 3 și 24 de litere (A–Z), cifre, _ sau -.',
    );
    await page.getByTestId('register-name').fill('good_name');
    await page.getByTestId('register-password').fill('short');
    await page.getByTestId('register-submit').click();
    await expect.poll(() => rule.getAttribute('data-broken')).toBe('true');
    expect(await rule.textContent()).toBe('Parola nu respectă regula: între 8 și 256 de caractere.');
    expect(await page.getByTestId('register-password').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByTestId('register-name-rule').getAttribute('data-broken')).toBe('false');
    expect(sent).toEqual([]);
    await shot(page, 'register-rule-ro');
  });
});
