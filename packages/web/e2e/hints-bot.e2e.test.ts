import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newContext, newPage, shot } from './support/browser.js';
import { inviteGame, look, myTurn, newGame, playMove, untilMyMove, whoActs } from './support/play.js';
import { suite } from './support/suite.js';

const env = suite();

/** An equity as the panel writes it in English: sign, three decimals. */
const EQUITY = /^[+-]?\d+\.\d{3}$/;

const rows = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('[data-testid="hint-play"]')].map((r) =>
      [...r.querySelectorAll('td')].map((c) => c.textContent?.replace(/\u200e/g, '') ?? ''),
    ),
  );

describe('hints', () => {
  it('against the bot: the Hint button lists the best plays with equities, H toggles it, a play gets its feedback, and the cube decision follows', async () => {
    const context = await newContext(env.browser, env.server.url);
    // The hint-feedback preference on, as the settings panel stores it.
    await context.addInitScript(() => localStorage.setItem('zar.preferences', JSON.stringify({ hintFeedback: true })));
    const page = await newPage(context);
    // A match to 3 points, so that the cube is alive for the next decision.
    await newGame(page, { opponent: 'bot', length: 3 });
    await untilMyMove(page);

    const hint = page.getByTestId('hint');
    await hint.click();
    await page.getByTestId('hint-plays').waitFor();
    const listed = await rows(page);
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.length).toBeLessThanOrEqual(5);
    for (const [play, equity] of listed) {
      expect(play).toMatch(/\d+\/\d+|bar|off/);
      expect(equity).toMatch(EQUITY);
    }
    // Best first: the best row says so; the others lose against it.
    expect(listed[0]?.[2]).toBe('best');
    for (const r of listed.slice(1)) expect(r[2]).toMatch(/^-\d+\.\d{3}$/);
    expect(await hint.getAttribute('aria-expanded')).toBe('true');
    // A play pressed shows the board after it, with its checkers moved.
    const show = page.getByTestId('hint-show').first();
    await show.click();
    await page.getByTestId('hint-board').locator('svg').waitFor();
    expect(await show.getAttribute('aria-pressed')).toBe('true');
    await shot(page, 'hint-plays');

    await page.keyboard.press('h');
    await expect.poll(() => page.getByTestId('hint-list').count()).toBe(0);
    await page.keyboard.press('h');
    await page.getByTestId('hint-plays').waitFor();

    // The play made is judged against the list once the server has taken it.
    await playMove(page);
    const feedback = page.getByTestId('hint-feedback');
    await feedback.waitFor();
    const loss = Number(await feedback.getAttribute('data-loss'));
    expect(loss).toBeGreaterThanOrEqual(0);
    expect(await feedback.textContent()).toMatch(loss === 0 ? /Best play\./ : /That lost \d+\.\d{3}\. Best was .+\./);

    // Left open, the hint follows the player to his next decision: the cube, on his roll (or the
    // bot's double to answer).
    expect(['yourRoll', 'doubled']).toContain(await myTurn(page));
    const proper = page.getByTestId('hint-proper');
    await proper.waitFor();
    expect(['no-double', 'double-take', 'double-drop', 'too-good', 'take', 'drop', 'beaver']).toContain(
      await proper.getAttribute('data-proper'),
    );
    const equities = await page
      .getByTestId('hint-cube')
      .getByTestId('hint-equity')
      .evaluateAll((cells) => cells.map((c) => c.textContent?.replace(/\u200e/g, '') ?? ''));
    expect(equities.length).toBeGreaterThanOrEqual(2);
    for (const e of equities) expect(e).toMatch(EQUITY);
    await shot(page, 'hint-cube');
  });

  it('between people: no hint button, and the server refuses one', async () => {
    const host = await newPage(await newContext(env.browser, env.server.url));
    const guest = await newPage(await newContext(env.browser, env.server.url));
    const id = await inviteGame(host, guest, 1);
    const { page, turn } = await whoActs(host, guest);
    expect(['yourRoll', 'yourMove']).toContain(turn);
    // The player to act sees his buttons and no hint.
    expect((await look(page)).enabled.length).toBeGreaterThan(0);
    expect(await page.getByTestId('hints').count()).toBe(0);
    expect(await page.getByTestId('hint').count()).toBe(0);
    await page.keyboard.press('h');
    expect(await page.getByTestId('hint-list').count()).toBe(0);
    const refused = await page.evaluate(async (game) => {
      const r = await fetch(`/api/games/${game}/hint`);
      return { status: r.status, body: await r.json() };
    }, id);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('ERR_HINT_FORBIDDEN');
    expect(await myTurn(page)).toBe(turn);
  });
});
