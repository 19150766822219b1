import type { MatchAnalysis, MoveAnalysis } from '@zar/protocol';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newContext, newPage, shot } from './support/browser.js';
import { act, button, myTurn, playMove, roll } from './support/play.js';
import { suite } from './support/suite.js';

const env = suite();

/** Starts a 1-point match of `game` against the bot from the home page; returns its id. */
async function newMatchOf(page: Page, game: string): Promise<string> {
  await page.goto('/');
  await page.getByTestId('new-game').selectOption(game);
  await page.getByTestId('new-length').selectOption('1');
  await page.getByTestId('new-opponent-bot').check();
  await page.getByTestId('new-start').click();
  await page.waitForURL(/\/play\/[A-Za-z0-9_-]+$/);
  await page.getByTestId('play').waitFor();
  return new URL(page.url()).pathname.split('/').at(-1) as string;
}

/** Plays the viewer's side for `plays` plays, then resigns as much as the dialog offers. */
async function playThenResign(page: Page, plays: number): Promise<void> {
  for (let made = 0; made < plays; ) {
    const turn = await myTurn(page);
    if (turn === 'over') return;
    if (turn === 'yourRoll') await roll(page);
    else if (turn === 'yourMove') {
      await playMove(page);
      made++;
    } else throw new Error(`unexpected ${turn} while playing`);
  }
  await myTurn(page);
  await button(page, 'resign');
  const offered = page.locator('[data-testid="resign-dialog"] [data-points]');
  await offered.first().waitFor();
  await act(page, (await offered.last().getAttribute('data-testid')) ?? 'resign-1');
  await page.getByTestId('game-over').waitFor();
}

/** The headers of the players' summary. */
const headers = (page: Page) => page.locator('[data-testid="analysis-players"] thead th').allTextContents();

describe('the analysis of a game other than backgammon', () => {
  it('analyses a finished long nardy match: its page, a decision on the long nardy board, the replay marks', async () => {
    const context = await newContext(env.browser, env.server.url);
    const page = await newPage(context);
    const id = await newMatchOf(page, 'long-nardy');
    await playThenResign(page, 8);
    // The end dialog links to the analysis: the server analyses long nardy.
    await page.getByTestId('analyse-match').click();
    await page.getByTestId('analysis-report').waitFor({ timeout: 120_000 });
    expect(await page.locator('[data-testid^="analysis-player-"]').count()).toBe(2);
    // Long nardy has no cube: no column of cube decisions.
    expect(await headers(page)).not.toContain('Cube decisions');
    await page.getByTestId('analysis-filter').selectOption('all');
    const decisions = page.locator('[data-testid^="decision-"]');
    expect(await decisions.count()).toBeGreaterThan(0);
    await decisions.first().click();
    const detail = page.getByTestId('analysis-detail');
    await detail.waitFor();
    expect(await detail.getAttribute('data-game')).toBe('long-nardy');
    expect(await detail.getByTestId('point-24').count()).toBe(1);
    // Long nardy is played without a bar and without a cube.
    expect(await detail.getByTestId('bar').count()).toBe(0);
    expect(await detail.getByTestId('cube').count()).toBe(0);
    expect(await detail.getByTestId('analysis-alternatives').count()).toBe(1);
    await shot(page, 'analysis-long-nardy', 'window');
    // The replay shows the marks of the analysis the server now holds, unasked.
    await page.goto(`/replay/${id}`);
    await page.getByTestId('replay-marks-shown').waitFor();
    await context.close();
  });

  it('draws a plakoto decision with its pinned checker and speaks of single wins, not backgammon terms', async () => {
    const context = await newContext(env.browser, env.server.url);
    const page = await newPage(context);
    // The page as it reads any analysis: this one is written here, so the drawing is checked
    // without waiting for a plakoto match that happens to pin.
    const move: MoveAnalysis = {
      action: 9,
      game: 1,
      gameId: 'plakoto',
      position: 'plakoto:24x12,3p,offx2/24x11,22,6x3:turns=20.19',
      player: 0,
      loss: 0.2,
      mark: 'blunder',
      kind: 'move',
      dice: [3, 3],
      played: '24/21(2) 24/18',
      best: '24/18(2)',
      alternatives: [
        { play: '24/18(2)', equity: 0.3 },
        { play: '24/21(2) 24/18', equity: 0.1 },
      ],
      equityPlayed: 0.1,
      equityBest: 0.3,
    };
    const report = { decisions: 1, moves: 1, cubeDecisions: 0, equityLost: 0.2, errorRate: 200, pr: 100, luck: 0.5 };
    const analysis: MatchAnalysis = {
      length: 1,
      plies: 1,
      cubePlies: 1,
      players: [
        { ...report, name: 'Ana', marks: { doubtful: 0, error: 0, blunder: 1 } },
        { ...report, name: 'Bot', marks: { doubtful: 0, error: 0, blunder: 0 }, luck: -0.5 },
      ],
      decisions: [move],
    };
    await page.route('**/api/games/written/analysis', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ state: 'ready', analysis }),
      }),
    );
    await page.goto('/analysis/written');
    await page.getByTestId('analysis-report').waitFor();
    expect(await headers(page)).not.toContain('Cube decisions');
    expect(await page.getByTestId('analysis-report').textContent()).toContain('Plakoto');
    const abbr = page.locator('[data-testid="analysis-players"] thead abbr');
    expect((await abbr.evaluateAll((els) => els.map((e) => e.getAttribute('title')))).join(' ')).not.toContain('EMG');
    await page.getByTestId('decision-9').click();
    const detail = page.getByTestId('analysis-detail');
    await detail.waitFor();
    expect(await detail.getAttribute('data-game')).toBe('plakoto');
    // The mover's lone checker on his 3 is held by the opponent's, who came from his 22.
    const three = detail.getByTestId('point-3');
    expect([await three.getAttribute('data-own'), await three.getAttribute('data-opp')]).toEqual(['1', '1']);
    expect(await detail.getByTestId('cube').count()).toBe(0);
    expect(await detail.locator('[data-testid="dice"] [data-value]').count()).toBe(4);
    expect(await detail.textContent()).toContain('plakoto:24x12,3p,offx2/24x11,22,6x3:turns=20.19');
    await shot(page, 'analysis-plakoto');
    await context.close();
  });
});
