// Whether the table fits the window: the parts named lie inside it as it first
// shows, scrolled to the top, the page never scrolls sideways and, on a landscape screen, not at
// all (the side panel scrolls by itself). Shared by the table-fit tests of bot games and of
// matches between people with clocks.

import type { Page } from 'playwright-core';
import { expect } from 'vitest';

export interface Size {
  readonly width: number;
  readonly height: number;
}

/**
 * Resizes the window to `size` and checks each part of `ids`; `boardAtLeastHalf` also asks that
 * the board be drawn at a playable size, at least half the window's shorter side.
 */
export async function inView(page: Page, size: Size, ids: readonly string[], boardAtLeastHalf = true): Promise<void> {
  await page.setViewportSize(size);
  await page.evaluate(() => window.scrollTo(0, 0));
  const label = `${size.width}×${size.height}`;
  const found = await page.evaluate((list) => {
    const boxes = list.map((id) => {
      const r = document.querySelector(`[data-testid="${id}"]`)?.getBoundingClientRect();
      return { id, box: r ? { left: r.left, top: r.top, right: r.right, bottom: r.bottom } : null };
    });
    return { boxes, width: document.documentElement.scrollWidth, height: document.documentElement.scrollHeight };
  }, ids);
  for (const { id, box } of found.boxes) {
    expect(box, `${label}: ${id} is on the page`).not.toBeNull();
    if (!box) continue;
    // Half a pixel of rounding either way.
    expect(box.left, `${label}: ${id} left`).toBeGreaterThanOrEqual(-0.5);
    expect(box.top, `${label}: ${id} top`).toBeGreaterThanOrEqual(-0.5);
    expect(box.right, `${label}: ${id} right`).toBeLessThanOrEqual(size.width + 0.5);
    expect(box.bottom, `${label}: ${id} bottom`).toBeLessThanOrEqual(size.height + 0.5);
  }
  expect(found.width, `${label}: the page scrolls sideways`).toBeLessThanOrEqual(size.width);
  if (size.width > size.height) expect(found.height, `${label}: the page scrolls`).toBeLessThanOrEqual(size.height);
  const board = found.boxes.find((b) => b.id === 'board')?.box;
  if (boardAtLeastHalf && board) {
    expect(board.bottom - board.top, `${label}: board height`).toBeGreaterThan(Math.min(size.width, size.height) / 2);
  }
}
