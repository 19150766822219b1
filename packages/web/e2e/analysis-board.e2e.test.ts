import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newContext, newPage, shot } from './support/browser.js';
import { suite } from './support/suite.js';

const env = suite();

/** Waits for the server's answer shown as `testId`, or fails at once with the error shown instead. */
async function answered(page: Page, testId: string): Promise<void> {
  const either = page.locator(`[data-testid="${testId}"], [data-testid="error"]`).first();
  await either.waitFor({ timeout: 60_000 });
  const error = page.getByTestId('error');
  if ((await error.count()) > 0)
    throw new Error(`${testId}: ${await error.getAttribute('data-code')}: ${await error.textContent()}`);
}

/** A backgammon middle game, White on roll with 5-2 in money play, the cube centred. */
const XGID = 'XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10';

describe('the analysis board', () => {
  it('reads a pasted XGID, ranks its plays, draws its temperature map, plays one and opens its link', async () => {
    const context = await newContext(env.browser, env.server.url);
    const page = await newPage(context);
    const refused: string[] = [];
    page.on('response', (r) => {
      if (r.status() >= 400) refused.push(`${r.status()} ${r.url()}`);
    });
    // Found from the learn page, like the other tools.
    await page.goto('/learn');
    await page.getByTestId('learn-analysis-board').click();
    await page.waitForURL(/\/analysis-board/);
    await page.getByTestId('analysis-board').waitFor();

    await page.getByTestId('board-paste').fill(XGID);
    await page.getByTestId('board-read').click();
    await page.getByTestId('board-depth').selectOption('1');
    await page.getByTestId('board-evaluate').click();
    await answered(page, 'board-plays');
    const rows = page.getByTestId('board-play');
    expect(await rows.count()).toBeGreaterThan(1);
    expect(await rows.first().textContent()).toContain('best');
    await page.getByTestId('board-cube-decision').waitFor();
    expect(await page.getByTestId('board-cube-line').count()).toBe(3);
    expect(await page.getByTestId('board-pips').textContent()).toMatch(/\d+.*\d+/);
    await shot(page, 'analysis-board-plays');

    await page.getByTestId('board-temperature-button').click();
    await answered(page, 'board-temperature');
    // The 6x6 grid: each roll in its cell, a non-double in two.
    expect(await page.getByTestId('board-temperature-roll').count()).toBe(36);
    await shot(page, 'analysis-board-temperature');

    // The link opens the same position and roll.
    const link = await page.getByTestId('board-share').inputValue();
    expect(new URL(link).searchParams.get('p')).toBe(XGID);
    const other = await newPage(context);
    await other.goto(link);
    await other.getByTestId('analysis-board').waitFor();
    expect(await other.getByTestId('board-die-0').inputValue()).toBe('5');
    expect(await other.getByTestId('board-die-1').inputValue()).toBe('2');
    expect(await other.getByTestId('board-share').inputValue()).toBe(link);
    await other.close();

    // The best play played on the board; back returns to the pasted position.
    const best = (await page.getByTestId('board-play-button').first().textContent()) ?? '';
    await page.getByTestId('board-play-button').first().click();
    expect(await page.getByTestId('board-on-roll').inputValue()).toBe('1');
    expect(await page.getByTestId('board-die-0').inputValue()).toBe('');
    expect(best).not.toBe('');
    await page.getByTestId('board-back').click();
    expect(await page.getByTestId('board-share').inputValue()).toBe(link);
    expect(refused).toEqual([]);
    await context.close();
  });

  it('starts a rollout, shows its progress and stops it', async () => {
    const context = await newContext(env.browser, env.server.url);
    const page = await newPage(context);
    // A link that holds no position says why and opens a fresh board.
    await page.goto('/analysis-board?p=nonsense');
    await page.getByTestId('board-link-unreadable').waitFor();
    await page.goto(`/analysis-board?p=${encodeURIComponent(XGID)}`);
    await page.getByTestId('board-rollout').waitFor();
    // The most trials, every game played out: it runs long enough to be stopped.
    await page.getByTestId('board-trials').fill('1296');
    await page.getByTestId('board-trials').dispatchEvent('change');
    await page.getByTestId('board-truncate').fill('0');
    await page.getByTestId('board-truncate').dispatchEvent('change');
    await page.getByTestId('board-rollout-start').click();
    const status = page.getByTestId('board-rollout-status');
    await status.waitFor();
    expect(await status.getAttribute('data-state')).toBe('running');
    await page.waitForFunction(
      () => Number(document.querySelector('[data-testid="board-rollout-progress"]')?.getAttribute('value')) > 0,
      null,
      { timeout: 60_000 },
    );
    await page.getByTestId('board-rollout-stop').click();
    await page.locator('[data-testid="board-rollout-status"][data-state="stopped"]').waitFor();
    expect(await page.getByTestId('board-rollout-line').count()).toBe(1);
    expect(await page.getByTestId('board-rollout-error').textContent()).toMatch(/±\s*\d/);
    await page.getByTestId('board-rollout-start').waitFor();
    await shot(page, 'analysis-board-rollout');
    await context.close();
  });

  it('sets up a plakoto position by hand on a phone in Arabic and ranks its plays without scrolling sideways', async () => {
    const context = await newContext(env.browser, env.server.url, { device: 'phone', lang: 'ar' });
    const page = await newPage(context);
    await page.goto('/analysis-board');
    await page.getByTestId('analysis-board').waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.getByTestId('board-game').selectOption('plakoto');
    // No cube and no rollout in plakoto.
    expect(await page.getByTestId('board-cube').count()).toBe(0);
    expect(await page.getByTestId('board-rollout').count()).toBe(0);

    // Cleared, the board is no position: the rules' reason is shown and nothing can be asked.
    await page.getByTestId('board-clear').click();
    expect(await page.getByTestId('board-invalid').getAttribute('data-code')).toBe('ERR_BOTH_FINISHED');
    expect(await page.getByTestId('board-evaluate').isDisabled()).toBe(true);
    // A tap puts a checker of the chosen side on the point, another tool takes it away.
    await page.getByTestId('board-tool-far').check();
    await page.getByTestId('point-12').click();
    expect(await page.getByTestId('point-12').getAttribute('data-opp')).toBe('1');
    expect(await page.getByTestId('board-invalid').count()).toBe(0);
    await page.getByTestId('board-tool-remove').check();
    await page.getByTestId('point-12').click();
    expect(await page.getByTestId('point-12').getAttribute('data-opp')).toBe('0');

    await page.getByTestId('board-start').click();
    await page.getByTestId('board-die-0').selectOption('6');
    await page.getByTestId('board-die-1').selectOption('4');
    await page.getByTestId('board-evaluate').click();
    await answered(page, 'board-plays');
    expect(await page.getByTestId('board-play').count()).toBeGreaterThan(1);
    await page.getByTestId('board-temperature-button').click();
    await answered(page, 'board-temperature');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);
    await shot(page, 'analysis-board-phone-ar');
    await context.close();
  });
});
