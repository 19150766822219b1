// The table fits the screen: at seven common sizes the whole board and every action button
// lie inside the window without scrolling, whether the player is to roll or to move. One page,
// one bot game; only the window's size changes.

import { describe, expect, it } from 'vitest';
import { newContext, newPage, shot } from './support/browser.js';
import { inView } from './support/fit.js';
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
