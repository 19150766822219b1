// The table fits the screen: at seven common sizes the whole board and every action button
// lie inside the window without scrolling, whether the player is to roll or to move. One page,
// one bot game; only the window's size changes.

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newContext, newPage, shot } from './support/browser.js';
import { myTurn, newGame, playMove, roll } from './support/play.js';
import { suite } from './support/suite.js';

const env = suite();

const SIZES = [
  { width: 1366, height: 768 },
  { width: 1280, height: 800 },
  { width: 1440, height: 900 },
  { width: 1920, height: 1080 },
  { width: 390, height: 844 },
  { width: 844, height: 390 },
  { width: 768, height: 1024 },
] as const;

/** Every part must lie inside the window as it first shows (scrolled to the top). */
async function inView(page: Page, size: { width: number; height: number }, ids: readonly string[]): Promise<void> {
  await page.setViewportSize(size);
  await page.evaluate(() => window.scrollTo(0, 0));
  const label = `${size.width}×${size.height}`;
  const boxes = await page.evaluate((list) => {
    return list.map((id) => {
      const el = document.querySelector(`[data-testid="${id}"]`);
      if (!el) return { id, box: null };
      const r = el.getBoundingClientRect();
      return { id, box: { left: r.left, top: r.top, right: r.right, bottom: r.bottom } };
    });
  }, ids);
  for (const { id, box } of boxes) {
    expect(box, `${label}: ${id} is on the page`).not.toBeNull();
    if (!box) continue;
    // Half a pixel of rounding either way.
    expect(box.left, `${label}: ${id} left`).toBeGreaterThanOrEqual(-0.5);
    expect(box.top, `${label}: ${id} top`).toBeGreaterThanOrEqual(-0.5);
    expect(box.right, `${label}: ${id} right`).toBeLessThanOrEqual(size.width + 0.5);
    expect(box.bottom, `${label}: ${id} bottom`).toBeLessThanOrEqual(size.height + 0.5);
  }
  // The board is drawn at a playable size: at least half the window's shorter side.
  const scroll = await page.evaluate(() => ({
    width: document.documentElement.scrollWidth,
    height: document.documentElement.scrollHeight,
  }));
  expect(scroll.width, `${label}: the page scrolls sideways`).toBeLessThanOrEqual(size.width);
  // On a landscape screen the whole table is one screen: the side panel scrolls by itself.
  if (size.width > size.height) expect(scroll.height, `${label}: the page scrolls`).toBeLessThanOrEqual(size.height);
  const board = boxes.find((b) => b.id === 'board')?.box;
  if (board)
    expect(board.bottom - board.top, `${label}: board height`).toBeGreaterThan(Math.min(size.width, size.height) / 2);
}

describe('the table fits the screen', () => {
  it('shows the board and every button without scrolling at seven sizes, to roll and to move', async () => {
    const page = await newPage(await newContext(env.browser, env.server.url));
    await newGame(page, { opponent: 'bot', length: 3 });
    let turn = await myTurn(page);
    const seen = new Set<string>();
    // One of each: the roll (with the double and resign beside it), then a move being entered.
    while (seen.size < 2 && turn !== 'over') {
      if (turn === 'yourRoll' && !seen.has('roll')) {
        for (const size of SIZES) await inView(page, size, ['board', 'roll', 'double', 'resign', 'status']);
        await shot(page, 'table-fit-roll');
        seen.add('roll');
      }
      if (turn === 'yourMove' && !seen.has('move')) {
        for (const size of SIZES) {
          await inView(page, size, ['board', 'confirm', 'undo', 'resign', 'status']);
          await shot(page, `table-fit-move-${size.width}x${size.height}`);
        }
        // The resign dialog's every button can be reached on the smallest screens.
        for (const size of [SIZES[4], SIZES[5]]) {
          await page.setViewportSize(size);
          await page.getByTestId('resign').click();
          for (const id of ['resign-1', 'resign-2', 'resign-3', 'resign-cancel']) {
            const b = page.getByTestId(id);
            await b.scrollIntoViewIfNeeded();
            const box = await b.boundingBox();
            expect(box, id).not.toBeNull();
            if (box) expect(box.y + box.height, `${size.width}×${size.height}: ${id}`).toBeLessThanOrEqual(size.height);
          }
          await page.keyboard.press('Escape');
          await page.getByTestId('resign-dialog').waitFor({ state: 'detached' });
        }
        seen.add('move');
      }
      if (seen.size === 2) break;
      if (turn === 'yourRoll') await roll(page);
      else if (turn === 'yourMove') await playMove(page);
      turn = await myTurn(page);
    }
    expect([...seen].sort()).toEqual(['move', 'roll']);
    await page.context().close();
  });
});
