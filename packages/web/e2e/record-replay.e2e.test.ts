import type { MatchAnalysis, MatchRecordView } from '@zar/protocol';
import type { Download, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { linesOf } from '../src/record/turns.js';
import { newContext, newPage, shot } from './support/browser.js';
import { act, button, look, myTurn, newGame, playMove, roll, type Seen, versionAfter } from './support/play.js';
import { suite } from './support/suite.js';

const env = suite();

/**
 * Resigns from the page's turn through the confirmation, and waits for the game-over dialog:
 * at `level`, or at the most the dialog offers (a level that gives the same as the one below is
 * not offered: a gammon, once a single gives the bot the match).
 */
async function resign(page: Page, level: 1 | 2 | 3 | 'most'): Promise<void> {
  await button(page, 'resign');
  const offered = page.locator('[data-testid="resign-dialog"] [data-points]');
  await offered.first().waitFor();
  const id = level === 'most' ? await offered.last().getAttribute('data-testid') : `resign-${level}`;
  await act(page, id ?? 'resign-1');
  await page.getByTestId('game-over').waitFor();
}

/** Plays the viewer's side until he has made `plays` plays (rolling first when asked). */
async function playTurns(page: Page, plays: number): Promise<void> {
  for (let made = 0; made < plays; ) {
    const turn = await myTurn(page);
    if (turn === 'yourRoll') await roll(page);
    else if (turn === 'yourMove') {
      await playMove(page);
      made++;
    } else throw new Error(`unexpected ${turn} while playing turns`);
  }
}

/** The step the replay shows: the game's index and the line (-1: the game's start). */
async function replayAt(page: Page): Promise<{ game: number; line: number }> {
  const step = page.getByTestId('replay-step');
  return { game: Number(await step.getAttribute('data-game')), line: Number(await step.getAttribute('data-line')) };
}

/** A download's text, read through the browser connection (a remote browser has no local path). */
async function textOf(download: Download): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** The highlighted line of the move list. */
const current = (page: Page) => page.locator('[data-testid="move-line"][aria-current="step"]');

const START_OWN = (own: readonly number[]) => [own[24], own[13], own[8], own[6]];

/** Every checker on the board, both sides. */
const checkers = (seen: Seen) => [...seen.own, ...seen.opp, seen.bar.own, seen.bar.opp, seen.off];

describe('the move list, the replay and the history', () => {
  let page: Page;
  let id = '';
  /** The analysis the replay test's player was sent, and how many lines it marks. */
  let heldAnalysis: { analysis: MatchAnalysis; marks: number } | null = null;

  it('lists the turns as they are played, shows a past turn read-only, and goes back to the live game', async () => {
    page = await newPage(await newContext(env.browser, env.server.url));
    id = await newGame(page, { opponent: 'bot', length: 3 });
    const list = page.getByRole('region', { name: 'Moves' });
    await myTurn(page);
    // A replay opened while the match is played follows it over the socket.
    const watcher = await page.context().newPage();
    await watcher.goto(`/replay/${id}`);
    await watcher.getByTestId('replay').waitFor();
    // The opening roll is in the list before anyone has played.
    await expect.poll(() => list.locator('li[data-kind="opening"]').count()).toBeGreaterThan(0);
    expect(await list.locator('li[data-kind="opening"]').first().textContent()).toMatch(/Opening roll \d-\d: /);

    // Game 1 ends at once: a single game resigned (the bot takes a point), so the match goes on.
    await resign(page, 1);
    await button(page, 'next-game');
    await page.getByTestId('game-over').waitFor({ state: 'detached' });

    await playTurns(page, 2);
    const game2 = list.locator('[data-testid="move-game"][data-game="1"]');
    await expect.poll(() => game2.locator('li[data-kind="turn"]').count()).toBeGreaterThanOrEqual(2);
    const turns = game2.locator('li[data-kind="turn"] button');
    expect(await turns.first().textContent()).toMatch(/\d-\d: \S/);
    // The live turn is the highlighted one: the last line of the game being played.
    await myTurn(page);
    const liveLine = async () => {
      const last = (await game2.getByTestId('move-line').count()) - 1;
      return (await current(page).getAttribute('data-line')) === String(last);
    };
    await expect.poll(liveLine).toBe(true);
    expect(await current(page).getAttribute('data-game')).toBe('1');
    expect(await list.locator('[data-testid="move-game"][data-game="0"] [data-testid="move-result"]').count()).toBe(1);
    // The replay opened before these turns has them all, without a reload.
    const played = '[data-testid="move-line"]:not([data-line="-1"])';
    const listed = await list.locator(played).count();
    await expect.poll(() => watcher.locator(played).count()).toBe(listed);
    await watcher.close();

    // A past turn: its position, read-only, until Back to the live game.
    const live = await look(page);
    await turns.first().click();
    await page.getByTestId('back-to-live').waitFor();
    expect(await turns.first().getAttribute('aria-current')).toBe('step');
    const past = await look(page);
    expect(past.sources).toEqual([]);
    expect(checkers(past)).not.toEqual(checkers(live));
    await shot(page, 'record-past-turn');
    await button(page, 'back-to-live');
    await page.getByTestId('back-to-live').waitFor({ state: 'detached' });
    expect(checkers(await look(page))).toEqual(checkers(live));
    // The focus goes from the Back button, now gone, to the live line of the list.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-current'))).toBe('step');
    // On a phone the list sits below the board and the buttons.
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'record-list-phone');
    await page.setViewportSize({ width: 1280, height: 800 });
    // Escape goes back too.
    await turns.first().click();
    await page.getByTestId('back-to-live').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('back-to-live').waitFor({ state: 'detached' });
    // A key acts as its button does while a past turn is shown, and brings the live board back.
    let turn = await myTurn(page);
    for (; turn === 'yourMove' || turn === 'doubled'; turn = await myTurn(page)) {
      if (turn === 'yourMove') await playMove(page);
      else await act(page, 'take');
    }
    expect(turn).toBe('yourRoll');
    await turns.first().click();
    await page.getByTestId('back-to-live').waitFor();
    const { version } = await look(page);
    await page.keyboard.press('r');
    await versionAfter(page, version);
    await page.getByTestId('back-to-live').waitFor({ state: 'detached' });

    // On until a roll could not be played (a dance on the bar, a blocked roll), the game ends,
    // or ten more plays; then the most resigned ends the match (the bot always takes it).
    for (let plays = 0; plays < 10; ) {
      if ((await list.getByText('no legal move').count()) > 0) break;
      const turn = await myTurn(page);
      if (turn === 'over') break;
      if (turn === 'yourRoll') await roll(page);
      else if (turn === 'yourMove') {
        await playMove(page);
        plays++;
      } else await act(page, turn === 'doubled' ? 'take' : 'accept');
    }
    for (;;) {
      const turn = await myTurn(page);
      if (turn === 'over') {
        if ((await page.getByTestId('next-game').count()) === 0) break;
        await button(page, 'next-game');
        await page.getByTestId('game-over').waitFor({ state: 'detached' });
      } else if (turn === 'doubled') await act(page, 'take');
      else if (turn === 'resignOffer') await act(page, 'accept');
      else await resign(page, 'most');
    }
    await page.getByTestId('new-match').waitFor();
    // The finished match's list leads to its replay.
    await page.getByTestId('open-replay').waitFor();

    // The list built from the socket's events is the record's, every roll that could not be played kept.
    const record = (await page.evaluate(
      async (game) => (await fetch(`/api/games/${game}/record`)).json(),
      id,
    )) as MatchRecordView;
    const expected = record.games.reduce((n, g) => n + linesOf(g.start, g.entries).length, 0);
    expect(await list.getByTestId('move-line').count()).toBe(expected);
    const passed = record.games
      .flatMap((g) => g.entries)
      .filter((e) => e.action.type === 'roll' && !(e.game.phase === 'move' && e.game.turn === e.action.player)).length;
    expect(await list.getByText('no legal move').count()).toBe(passed);
    console.log(`move list: ${expected} lines in ${record.games.length} games, ${passed} rolls with no legal move`);
  });

  it('replays the match from the history: buttons, arrow keys, games, downloads', async () => {
    await page.goto('/history');
    // The row, or the page's refusal (named in the failure rather than a bare timeout).
    await page.locator(`[data-testid="history-result-${id}"], [data-testid="error"]`).first().waitFor();
    expect(await page.getByTestId('error').allTextContents()).toEqual([]);
    const result = page.getByTestId(`history-result-${id}`);
    expect(['0', '1']).toContain(await result.getAttribute('data-winner'));
    expect(await result.textContent()).toMatch(/^(won|lost) · /);
    await shot(page, 'record-history');
    await page.getByTestId(`history-replay-${id}`).click();
    await page.waitForURL(new RegExp(`/replay/${id}$`));
    await page.getByTestId('replay').waitFor();

    await expect.poll(() => replayAt(page)).toEqual({ game: 0, line: -1 });
    expect(START_OWN((await look(page)).own)).toEqual([2, 5, 3, 5]);
    await button(page, 'replay-next');
    await expect.poll(() => replayAt(page)).toEqual({ game: 0, line: 0 });
    expect(await current(page).getAttribute('data-line')).toBe('0');

    // Game 2, from its start to its end and back, by the picker and the keys.
    await page.getByTestId('replay-game').selectOption('1');
    await expect.poll(() => replayAt(page)).toEqual({ game: 1, line: -1 });
    const start = await look(page);
    expect(START_OWN(start.own)).toEqual([2, 5, 3, 5]);
    // To the game's first turn (after its opening roll, and any tie before it), key by key.
    const firstTurn = Number(
      await page
        .locator('[data-testid="move-game"][data-game="1"] li[data-kind="turn"] button')
        .first()
        .getAttribute('data-line'),
    );
    for (let i = 0; i <= firstTurn; i++) await page.keyboard.press('ArrowRight');
    await expect.poll(() => replayAt(page)).toEqual({ game: 1, line: firstTurn });
    expect(await current(page).getAttribute('data-game')).toBe('1');
    expect(await current(page).getAttribute('data-line')).toBe(String(firstTurn));
    expect(checkers(await look(page))).not.toEqual(checkers(start));
    await page.keyboard.press('End');
    await expect.poll(async () => (await replayAt(page)).line).toBeGreaterThan(firstTurn);
    const end = await replayAt(page);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => replayAt(page)).toEqual({ game: 1, line: end.line - 1 });
    await page.keyboard.press('Home');
    await expect.poll(() => replayAt(page)).toEqual({ game: 1, line: -1 });
    expect(checkers(await look(page))).toEqual(checkers(start));
    // Back from a game's start goes to the end of the game before.
    await button(page, 'replay-previous');
    await expect.poll(async () => (await replayAt(page)).game).toBe(0);
    await shot(page, 'record-replay');

    // A player may ask for the analysis marks (nothing is analysed until he does).
    await page.getByTestId('replay-marks').waitFor();

    // The downloads: gnubg's .mat and the Zar JSON of every game.
    const [mat] = await Promise.all([page.waitForEvent('download'), button(page, 'download-mat')]);
    expect(mat.suggestedFilename()).toBe(`zar-${id}.mat`);
    expect(await textOf(mat)).toMatch(/^ 3 point match\n\n Game 1\n/);
    const [json] = await Promise.all([page.waitForEvent('download'), button(page, 'download-json')]);
    const file = JSON.parse(await textOf(json)) as { version: number; actions: unknown[] };
    expect(file.version).toBe(1);
    expect(file.actions.length).toBeGreaterThan(3);

    // The marks, as an analysis the server could send (the real one takes the bot seconds): a
    // decision marks the line of its action, the action at index v - 1.
    const record = (await page.evaluate(
      async (game) => (await fetch(`/api/games/${game}/record`)).json(),
      id,
    )) as MatchRecordView;
    const plays = record.games.flatMap((g, game) =>
      linesOf(g.start, g.entries).flatMap((line, at) =>
        g.entries
          .slice(line.first, line.last + 1)
          .filter((e) => e.action.type === 'play')
          .map((e) => ({ v: e.v, game, at, player: e.action.type === 'play' ? e.action.player : 0 })),
      ),
    );
    const judged = plays.slice(0, 2).map((p, i) => ({ ...p, mark: i === 0 ? 'blunder' : 'doubtful' }) as const);
    const report = {
      name: '',
      decisions: 1,
      moves: 1,
      cubeDecisions: 0,
      equityLost: 0.2,
      errorRate: 0.2,
      pr: 100,
      marks: { doubtful: 0, error: 0, blunder: 0 },
    };
    const analysis: MatchAnalysis = {
      length: 3,
      plies: 1,
      cubePlies: 1,
      players: [report, report],
      decisions: judged.map((d) => ({
        kind: 'move',
        action: d.v - 1,
        game: d.game + 1,
        player: d.player,
        positionId: '',
        matchId: '',
        loss: 0.2,
        mark: d.mark,
        dice: [6, 4],
        played: '',
        best: '',
        alternatives: [],
        equityPlayed: 0,
        equityBest: 0.2,
      })),
    };
    await page.route(`**/api/games/${id}/analysis`, (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ state: 'ready', analysis }),
      }),
    );
    await button(page, 'replay-marks');
    await page.getByTestId('replay-marks-shown').waitFor();
    const shown = await page.locator('[data-testid="move-line"]:has([data-testid="move-mark"])').evaluateAll((els) =>
      els.map((e) => ({
        game: Number(e.getAttribute('data-game')),
        at: Number(e.getAttribute('data-line')),
        mark: e.querySelector('[data-testid="move-mark"]')?.getAttribute('data-mark'),
      })),
    );
    expect(shown).toEqual(judged.map(({ game, at, mark }) => ({ game, at, mark })));
    heldAnalysis = { analysis, marks: judged.length };
  });

  it('is there for anyone with the link, and in Arabic the arrows step the way they point', async () => {
    const visitor = await newPage(await newContext(env.browser, env.server.url, { lang: 'ar' }));
    await visitor.goto(`/replay/${id}`);
    await visitor.getByTestId('replay').waitFor();
    expect(await visitor.getByTestId('download-json').count()).toBe(1);
    // Asking for an analysis is for the players: a visitor is not offered it.
    expect(await visitor.getByTestId('replay-marks').count()).toBe(0);
    expect(await visitor.getByTestId('move-mark').count()).toBe(0);
    // One the server already holds (as the previous test's player asked for it) is shown to anyone, unasked.
    const held = heldAnalysis;
    if (held === null) throw new Error('the previous test made no analysis');
    await visitor.route(`**/api/games/${id}/analysis/held`, (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ analysis: held.analysis }),
      }),
    );
    await visitor.reload();
    await visitor.getByTestId('replay-marks-shown').waitFor();
    expect(await visitor.getByTestId('move-mark').count()).toBe(held.marks);
    await expect.poll(() => replayAt(visitor)).toEqual({ game: 0, line: -1 });
    // Right to left: the next step is to the left.
    await visitor.keyboard.press('ArrowLeft');
    await expect.poll(() => replayAt(visitor)).toEqual({ game: 0, line: 0 });
    await visitor.keyboard.press('ArrowRight');
    await expect.poll(() => replayAt(visitor)).toEqual({ game: 0, line: -1 });
    await shot(visitor, 'record-replay-ar');
  });
});
