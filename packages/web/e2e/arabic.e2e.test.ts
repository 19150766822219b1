import { describe, expect, it } from 'vitest';
import { newContext, newPage, shot } from './support/browser.js';
import { look, myTurn, newGame } from './support/play.js';
import { suite } from './support/suite.js';

const env = suite();

/** The starting position from the viewer's side (spec backgammon.md): 24×2, 13×5, 8×3, 6×5. */
const START_OWN: Readonly<Record<number, number>> = { 24: 2, 13: 5, 8: 3, 6: 5 };

describe('the Arabic page', () => {
  it('is right to left while the board keeps its layout', async () => {
    const page = await newPage(await newContext(env.browser, env.server.url));
    await page.goto('/');
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('ltr');
    await page.getByTestId('language').selectOption('ar');
    await page.waitForFunction(() => document.documentElement.dir === 'rtl' && document.documentElement.lang === 'ar');
    await shot(page, 'arabic-home');

    await newGame(page, { opponent: 'bot', length: 1 });
    // The language was remembered across the navigation.
    expect(await page.evaluate(() => [document.documentElement.dir, document.documentElement.lang])).toEqual([
      'rtl',
      'ar',
    ]);
    // Before our first play: after the opening the bot may have moved, but never our checkers.
    const turn = await myTurn(page);
    expect(['yourRoll', 'yourMove']).toContain(turn);

    const directions = await page.evaluate(() => {
      const box = document.querySelector('.zar-board');
      const svg = box?.querySelector('svg');
      return [box && getComputedStyle(box).direction, svg && getComputedStyle(svg).direction];
    });
    expect(directions).toEqual(['ltr', 'ltr']);

    // All 24 points, where a backgammon player expects them: 1 bottom right, 12 bottom left,
    // 13 top left, 24 top right, each half counted along its row.
    const centres: { x: number; y: number }[] = [];
    for (let p = 1; p <= 24; p++) {
      const box = await page.getByTestId(`point-${p}`).boundingBox();
      expect(box, `point-${p}`).not.toBeNull();
      if (box) centres[p] = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    }
    const at = (p: number) => centres[p] as { x: number; y: number };
    for (let p = 1; p < 12; p++) expect(at(p).x, `point ${p} right of ${p + 1}`).toBeGreaterThan(at(p + 1).x);
    for (let p = 13; p < 24; p++) expect(at(p).x, `point ${p} left of ${p + 1}`).toBeLessThan(at(p + 1).x);
    for (let p = 1; p <= 12; p++) {
      expect(at(p).y, `point ${p} below ${25 - p}`).toBeGreaterThan(at(25 - p).y);
      expect(Math.abs(at(p).x - at(25 - p).x), `point ${p} under ${25 - p}`).toBeLessThan(1);
    }
    const board = await page.getByTestId('board').boundingBox();
    expect(board).not.toBeNull();
    if (board) expect(at(1).x).toBeGreaterThan(board.x + board.width / 2);

    const seen = await look(page);
    for (let p = 1; p <= 24; p++) expect({ point: p, own: seen.own[p] }).toEqual({ point: p, own: START_OWN[p] ?? 0 });
    // The points are named in Arabic for screen readers.
    expect(await page.getByTestId('point-1').getAttribute('aria-label')).toMatch(/[\u0600-\u06FF]/);
    await shot(page, 'arabic-board');
  });
});
