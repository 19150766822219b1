// Looks and sound: the settings panel switches the board's theme and home side on every board
// (the preview, a live game), sound stays muted until switched on and is then remembered and
// played from the files the site ships, and each theme is pictured at desktop and phone size.

import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newContext, newPage, SHOTS, shot } from './support/browser.js';
import { myTurn, newGame, playMove, roll } from './support/play.js';
import { suite } from './support/suite.js';

const env = suite();

const THEMES = ['wood', 'flat', 'contrast'] as const;
const SIZES = {
  desktop: { width: 1366, height: 768 },
  phone: { width: 390, height: 844 },
} as const;
const THEME_SHOTS = join(SHOTS, 'themes');

/** The clips the page asked an audio element to play, in order (recorded by an init script). */
const played = (page: Page): Promise<string[]> =>
  page.evaluate(() => (window as unknown as { __played: string[] }).__played.map((s) => new URL(s).pathname));

const stored = (page: Page): Promise<Record<string, unknown>> =>
  page.evaluate(() => JSON.parse(localStorage.getItem('zar.preferences') ?? '{}') as Record<string, unknown>);

const x = async (board: Locator, point: number): Promise<number> => {
  const box = await board.getByTestId(`point-${point}`).boundingBox();
  if (!box) throw new Error(`point ${point} is not drawn`);
  return box.x;
};

/** The computed fill of the board's felt: what the eye sees, whatever the attribute says. */
const feltFill = (board: Locator): Promise<string> =>
  board
    .getByTestId('felt')
    .first()
    .evaluate((el) => getComputedStyle(el).fill);

describe('looks and sound', () => {
  it('switches theme and home side, keeps sound muted until asked, and pictures every theme', async () => {
    const context = await newContext(env.browser, env.server.url);
    await context.addInitScript(() => {
      const w = window as unknown as { __played: string[] };
      w.__played = [];
      const play = HTMLMediaElement.prototype.play;
      HTMLMediaElement.prototype.play = function (this: HTMLMediaElement) {
        w.__played.push(this.src);
        return play.call(this);
      };
    });
    const page = await newPage(context);
    const fetched: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/sounds/')) fetched.push(new URL(r.url()).pathname);
    });

    // A first visit: the wooden board, home on the right, sound off and nothing fetched for it.
    await page.goto('/settings');
    const panel = page.getByTestId('settings-panel');
    await panel.waitFor();
    const preview = panel.locator('.zar-board');
    expect(await preview.getAttribute('data-theme')).toBe('wood');
    expect(await feltFill(preview)).toMatch(/^url\("?#/);
    expect(await page.getByTestId('pref-sound').isChecked()).toBe(false);
    expect(await x(preview, 1)).toBeGreaterThan(await x(preview, 12));

    // The high-contrast theme: the attribute and the felt's computed colour change at once.
    await page.getByTestId('theme-contrast').check();
    await panel.locator('.zar-board[data-theme="contrast"]').waitFor();
    expect(await feltFill(preview)).toBe('rgb(26, 26, 26)');
    // Its checkers are its own white and black: the set cannot be chosen there, and the page says why.
    expect(await page.getByTestId('pref-checkers').isDisabled()).toBe(true);
    expect(await page.getByTestId('pref-checkers').getAttribute('aria-describedby')).toBe('pref-checkers-note');
    await page.getByTestId('theme-flat').check();
    await panel.locator('.zar-board[data-theme="flat"]').waitFor();
    expect(await feltFill(preview)).toBe('rgb(233, 220, 192)');
    expect(await page.getByTestId('pref-checkers').isDisabled()).toBe(false);

    // Home board on the left: the board is mirrored, point 1 now left of point 12.
    await page.getByTestId('home-left').check();
    await panel.locator('.zar-board[data-flip="true"]').waitFor();
    expect(await x(preview, 1)).toBeLessThan(await x(preview, 12));
    expect(await x(preview, 1)).toBe(await x(preview, 24));

    // Motion: the tests' switch keeps the board still until the player chooses; then the dice
    // tumble and checkers slide, except under the system's reduced motion or with animations off.
    const die = preview.getByTestId('dice').locator('.zar-die').first();
    const animation = () => die.evaluate((el) => getComputedStyle(el).animationName);
    expect(await animation()).toBe('none');
    await page.getByTestId('pref-animations').uncheck();
    await page.getByTestId('pref-animations').check();
    await preview.locator('svg.zar-animate').waitFor();
    expect(await animation()).toBe('zar-roll');
    const slide = await preview
      .locator('.zar-checker')
      .first()
      .evaluate((el) => getComputedStyle(el).transitionDuration);
    expect(slide).toBe('0.2s');
    // The page hears of a change of the system's setting in an event a moment later, and draws
    // the board again then (settings.ts): read until it has; reading at once raced it (a clean-clone run failed so).
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await expect.poll(animation, { timeout: 5000 }).toBe('none');
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await expect.poll(animation, { timeout: 5000 }).toBe('zar-roll');
    await page.getByTestId('pref-animations').uncheck();
    await preview.locator('svg:not(.zar-animate)').waitFor();
    expect(await animation()).toBe('none');

    // Sound: muted so far (no clip fetched or played); switching it on plays one clip and is kept.
    expect(fetched).toEqual([]);
    expect(await played(page)).toEqual([]);
    // The page itself fetches the clip from this site (allowed by its content security policy).
    const loaded = page.waitForResponse((r) => new URL(r.url()).pathname === '/sounds/turn.wav');
    await page.getByTestId('pref-sound').check();
    expect((await loaded).ok()).toBe(true);
    await page.waitForFunction(() => (window as unknown as { __played: string[] }).__played.length > 0);
    expect(await played(page)).toEqual(['/sounds/turn.wav']);
    expect(await stored(page)).toMatchObject({ sound: true, theme: 'flat', homeSide: 'left', animations: false });
    const clip = await page.request.get('/sounds/turn.wav');
    expect(clip.status()).toBe(200);
    expect(clip.headers()['content-type']).toMatch(/^audio\//);
    expect((await clip.body()).subarray(0, 4).toString('latin1')).toBe('RIFF');

    await page.reload();
    await panel.waitFor();
    expect(await page.getByTestId('pref-sound').isChecked()).toBe(true);
    expect(await page.getByTestId('home-left').isChecked()).toBe(true);
    expect(await page.getByTestId('theme-flat').isChecked()).toBe(true);
    for (const [name, size] of Object.entries(SIZES)) {
      await page.setViewportSize(size);
      await shot(page, `themes/settings-${name}`);
    }
    await page.setViewportSize(SIZES.desktop);

    // The learn pages' boards take the looks too; only backgammon's is mirrored, other games keep their drawing.
    await page.goto('/learn/backgammon');
    const learnBoard = page.getByTestId('learn-position').first().locator('.zar-board');
    expect(await learnBoard.getAttribute('data-theme')).toBe('flat');
    expect(await learnBoard.getAttribute('data-flip')).toBe('true');
    await page.goto('/learn/long-nardy');
    const nardyBoard = page.getByTestId('learn-position').first().locator('.zar-board');
    expect(await nardyBoard.getAttribute('data-theme')).toBe('flat');
    expect(await nardyBoard.getAttribute('data-flip')).toBe('false');

    // A game against the bot: its board has the chosen looks, and its dice are heard.
    await newGame(page, { opponent: 'bot', length: 1 });
    // The game's board, not the preview board of the settings dialog opened over it.
    const live = (attrs = '') => page.locator(`.zar-board${attrs}:not([data-testid="settings-panel"] *)`);
    const board = live();
    await live('[data-theme="flat"][data-flip="true"]').waitFor();
    const turn = await myTurn(page);
    if (turn === 'yourRoll') await roll(page);
    else if (turn === 'yourMove') await playMove(page);
    await page.waitForFunction(() =>
      (window as unknown as { __played: string[] }).__played.some((s) => s.endsWith('/sounds/roll.wav')),
    );

    // The gear opens the same panel over the game; a change shows on the live board; Escape closes.
    const openSettings = async () => {
      await page.getByTestId('open-settings').click();
      await page.getByTestId('settings-dialog').getByTestId('settings-panel').waitFor();
    };
    await openSettings();
    await page.getByTestId('settings-dialog').getByTestId('home-right').check();
    await live('[data-flip="false"]').waitFor();
    expect(await x(board, 1)).toBeGreaterThan(await x(board, 12));
    // Focus stays in the dialog: Tab from its last control comes round to Close, Shift+Tab goes back.
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('data-testid'));
    await page.getByTestId('pref-hintFeedback').focus();
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('close-settings');
    await page.keyboard.press('Shift+Tab');
    expect(await focused()).toBe('pref-hintFeedback');
    await page.keyboard.press('Escape');
    await page.getByTestId('settings-dialog').waitFor({ state: 'detached' });
    expect(await focused()).toBe('open-settings');

    // Each theme on the live game, at a laptop's size and a phone's.
    for (const theme of THEMES) {
      await openSettings();
      await page.getByTestId('settings-dialog').getByTestId(`theme-${theme}`).check();
      await page.getByTestId('close-settings').click();
      await live(`[data-theme="${theme}"]`).waitFor();
      for (const [name, size] of Object.entries(SIZES)) {
        await page.setViewportSize(size);
        await shot(page, `themes/${theme}-${name}`, 'window');
      }
      await page.setViewportSize(SIZES.desktop);
    }
    // The dialog on a phone scrolls within the screen; Close returns to the game.
    await page.setViewportSize(SIZES.phone);
    await openSettings();
    await shot(page, 'themes/settings-dialog-phone', 'window');
    await page.getByTestId('close-settings').click();
    await page.getByTestId('settings-dialog').waitFor({ state: 'detached' });
    console.log(`Theme screenshots: ${THEME_SHOTS}`);
    await context.close();
  });

  it("keeps an account's preferences on the server, so a second browser gets them; a guest's stay in his browser", async () => {
    const name = `looks_${Date.now() % 1_000_000}`;
    const password = 'correct horse';
    const credentials = async (page: Page, path: '/api/register' | '/api/login') => {
      const status = await page.evaluate(
        async ([to, body]) =>
          (await fetch(to, { method: 'POST', headers: { 'content-type': 'application/json' }, body })).status,
        [path, JSON.stringify({ name, password })] as const,
      );
      expect(status).toBe(200);
    };
    const saved = (page: Page) =>
      page.waitForResponse((r) => r.url().endsWith('/api/preferences') && r.request().method() === 'POST');

    // A guest: the choice is kept in this browser only.
    const first = await newPage(await newContext(env.browser, env.server.url));
    await first.goto('/settings');
    await first.locator('[data-testid="settings-saved"][data-account="false"]').waitFor();
    await first.getByTestId('theme-contrast').check();

    // He registers on the account page: the new account takes the board he had set up at once.
    await first.getByTestId('nav-account').click();
    await first.getByTestId('register-name').fill(name);
    await first.getByTestId('register-password').fill(password);
    const pushed = saved(first);
    await first.getByTestId('register-submit').click();
    expect((await pushed).ok()).toBe(true);
    expect(JSON.parse((await pushed).request().postData() ?? '{}')).toMatchObject({ theme: 'contrast' });
    await first.goto('/settings');
    await first.locator('[data-testid="settings-saved"][data-account="true"]').waitFor();

    // Another browser, signed in to the same account, gets the same board; its change goes back.
    const second = await newPage(await newContext(env.browser, env.server.url));
    await second.goto('/settings');
    await credentials(second, '/api/login');
    await second.reload();
    await second.locator('[data-testid="theme-contrast"]:checked').waitFor();
    await second.locator('[data-testid="settings-panel"] .zar-board[data-theme="contrast"]').waitFor();
    const back = saved(second);
    await second.getByTestId('home-left').check();
    expect((await back).ok()).toBe(true);

    await first.reload();
    await first.locator('[data-testid="home-left"]:checked').waitFor();
    expect(await stored(first)).toMatchObject({ theme: 'contrast', homeSide: 'left' });
  });
});
