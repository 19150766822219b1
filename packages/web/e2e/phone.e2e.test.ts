import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newContext, newPage, shot } from './support/browser.js';
import { look, myTurn, newGame, playMove, untilMyMove } from './support/play.js';
import { suite } from './support/suite.js';

const env = suite();

const WIDTH = 360;

async function noSideways(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    window: window.innerWidth,
  }));
  expect(widths.window).toBe(WIDTH);
  expect(widths.scroll, 'the page scrolls sideways').toBeLessThanOrEqual(widths.window);
}

/** Scrolled to, the control lies inside the screen's width and nothing covers its middle. */
async function reachable(page: Page, testid: string): Promise<void> {
  const control = page.getByTestId(testid);
  await control.scrollIntoViewIfNeeded();
  const box = await control.boundingBox();
  expect(box, testid).not.toBeNull();
  if (!box) return;
  expect(box.x, `${testid} left edge`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${testid} right edge`).toBeLessThanOrEqual(WIDTH);
  const onTop = await control.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return hit !== null && (hit === el || el.contains(hit));
  });
  expect(onTop, `${testid} is covered`).toBe(true);
}

describe('a phone-sized screen (360×640, touch)', () => {
  it('fits the board to the width and plays by tapping', async () => {
    const page = await newPage(await newContext(env.browser, env.server.url, { device: 'phone' }));
    await page.goto('/');
    await noSideways(page);
    await reachable(page, 'new-start');
    await shot(page, 'phone-home');

    await newGame(page, { opponent: 'bot', length: 1 });
    await myTurn(page);
    await noSideways(page);
    const board = await page.getByTestId('board').boundingBox();
    expect(board).not.toBeNull();
    if (board) {
      expect(board.x).toBeGreaterThanOrEqual(0);
      expect(board.x + board.width).toBeLessThanOrEqual(WIDTH);
    }
    for (const p of [1, 12, 13, 24]) await reachable(page, `point-${p}`);

    await untilMyMove(page, 'tap');
    for (const id of ['confirm', 'undo', 'resign']) await reachable(page, id);
    await shot(page, 'phone-move');
    const before = await look(page);
    await playMove(page, 'tap');
    const turn = await myTurn(page);
    expect(['yourRoll', 'yourMove', 'over']).toContain(turn);
    expect((await look(page)).version).toBeGreaterThan(before.version);
    if (turn === 'yourRoll') await reachable(page, 'roll');
    await noSideways(page);
    await shot(page, 'phone-after');
  });
});
