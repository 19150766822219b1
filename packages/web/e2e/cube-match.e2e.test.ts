import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newContext, newPage, shot } from './support/browser.js';
import { act, button, inviteGame, look, myTurn, playMove, resignSingle, roll, whoActs } from './support/play.js';
import { suite } from './support/suite.js';

const env = suite();

/** Both players close the end-of-game dialog (next game). */
async function nextGame(pages: readonly Page[]): Promise<void> {
  for (const page of pages) {
    await button(page, 'next-game');
    await page.getByTestId('game-over').waitFor({ state: 'detached' });
  }
}

/** The match score by seat, from the score bar (its text also holds a hidden "Score" label). */
async function scores(page: Page): Promise<number[]> {
  const points = async (seat: number) => {
    const text = await page.getByTestId(`score-${seat}`).textContent();
    return Number(/\d+/.exec(text ?? '')?.[0]);
  };
  return [await points(0), await points(1)];
}

describe('a 3-point backgammon match between two people', () => {
  it('doubles at the first chance, takes, and plays the match to its end', async () => {
    const host = await newPage(await newContext(env.browser, env.server.url));
    const guest = await newPage(await newContext(env.browser, env.server.url));
    const seat = (page: Page) => (page === host ? 0 : 1);
    await inviteGame(host, guest, 3);

    // The opening roll is the server's; its winner plays it, then the other may double.
    const opening = await whoActs(host, guest);
    expect(opening.turn).toBe('yourMove');
    const starter = opening.page;
    const doubler = opening.other;
    await playMove(starter);
    expect(await myTurn(doubler)).toBe('yourRoll');
    const cubeBefore = (await look(doubler)).cube;
    expect(cubeBefore?.owner).toBe('centre');
    await act(doubler, 'double');
    const taker = starter;
    expect(await myTurn(taker)).toBe('doubled');
    await shot(taker, 'cube-match-offered');
    await act(taker, 'take');

    // The cube now shows 2 on the taker's side of both boards.
    await doubler.waitForFunction(
      () => document.querySelector('[data-testid="cube"]')?.getAttribute('data-value') === '2',
    );
    expect((await look(taker)).cube).toEqual({ value: 2, owner: 'own' });
    expect((await look(doubler)).cube).toEqual({ value: 2, owner: 'opp' });
    await shot(taker, 'cube-match-taken-taker');
    await shot(doubler, 'cube-match-taken-doubler');

    // The doubler rolls on (he no longer owns the cube, so he cannot double again).
    expect(await myTurn(doubler)).toBe('yourRoll');
    expect((await look(doubler)).enabled).not.toContain('double');
    await roll(doubler);
    if ((await look(doubler)).status === 'yourMove') await playMove(doubler);

    // The taker gives up a single game at his turn: two points with the cube at 2.
    expect(await myTurn(taker)).toBe('yourRoll');
    await resignSingle(taker, doubler);
    for (const page of [host, guest]) {
      const result = page.getByTestId('game-over-result');
      await result.waitFor();
      expect(await result.getAttribute('data-kind')).toBe('resign');
      expect(await result.getAttribute('data-winner')).toBe(String(seat(doubler)));
      expect(await page.getByTestId('next-game').count()).toBe(1);
    }
    await shot(doubler, 'cube-match-game1-over', 'window');
    await nextGame([host, guest]);
    const leader = seat(doubler);
    expect((await scores(host))[leader]).toBe(2);
    await expect.poll(() => host.getByTestId('score').textContent()).toMatch(/Crawford/);

    // Game 2 is the Crawford game: nobody may double. The trailer resigns at his first turn.
    for (;;) {
      const { page, turn } = await whoActs(host, guest);
      if (turn === 'yourRoll') expect((await look(page)).enabled).not.toContain('double');
      if (page === taker) break;
      if (turn === 'yourRoll') await roll(page);
      else await playMove(page);
    }
    await resignSingle(taker, doubler);
    for (const page of [host, guest]) {
      await page.getByTestId('game-over').waitFor();
      expect(await page.getByTestId('new-match').count()).toBe(1);
      expect((await scores(page))[leader]).toBe(3);
    }
    expect(await doubler.getByTestId('game-over-score').textContent()).toMatch(/3/);
    await shot(doubler, 'cube-match-over', 'window');
  });
});
