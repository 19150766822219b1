// Nothing happens unseen, and resigning is safe: against the bot, the page shows the opening
// roll and draws the dice high die first; a roll that cannot be played is said and stays; the
// Resign button asks first, says what the opponent scores, and sends nothing when cancelled.

import { createRules, formatPlay, makeZarPosition, parseZarPosition } from '@zar/engine';
import { type GameStateView, PROTOCOL_VERSION } from '@zar/protocol';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newContext, newPage, shot } from './support/browser.js';
import { look, myTurn, newGame, playMove, versionAfter } from './support/play.js';
import { suite } from './support/suite.js';

const env = suite();

const version = (page: Page) => page.getByTestId('play').getAttribute('data-version');

/** The element that has the keyboard's focus, by testid (or its tag when it has none). */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return el?.getAttribute('data-testid') ?? el?.tagName ?? '';
  });

/** Single checkers of the second side of a Zar position text (`game:side/side:extras`). */
const blotsOf = (text: string): number =>
  (text.split(':')[1]?.split('/')[1] ?? '').split(',').filter((e) => /^\d+$/.test(e)).length;

/**
 * The legal play that leaves the most blots, and whether it is the only one (runs in the test,
 * called from the page): hit often, the player soon stands on the bar before a closed board,
 * where rolls cannot be played and plays are often forced.
 */
function loosePlay(g: GameStateView): { play: string; forced: boolean } {
  const rules = createRules(g.game, g.options);
  const pos = parseZarPosition(g.position);
  if (!rules.ok || !pos.ok || g.dice === null) throw new Error('the page sent a state with no play to make');
  const plays = rules.value.legalPlays(pos.value, g.dice);
  // A play's next position has the other side on roll: the mover's checkers are its second side.
  const loosest = plays.reduce((a, b) => (blotsOf(makeZarPosition(b.next)) > blotsOf(makeZarPosition(a.next)) ? b : a));
  return { play: formatPlay(loosest.steps), forced: plays.length === 1 };
}

/** What the driver waited for: an unplayable roll (its dice), or the viewer's forced play sent by the page. */
interface Seen {
  readonly v: number;
  readonly player: number;
  readonly dice: number[];
  readonly play: string;
}

/**
 * Plays the viewer's seat over a socket of its own in the page (the page's session), as fast as
 * the server answers, while the page under test watches: until a roll of either side cannot
 * be played ('noPlay'), or until the viewer has a forced play, which it leaves to the page's
 * auto-confirm and waits to see played ('forced'). Null if the match ends first (or 2000 actions).
 */
function drive(page: Page, id: string, until: 'noPlay' | 'forced'): Promise<Seen | null> {
  return page.evaluate(
    ({ id, protocol, until, MAX_ACTS }) =>
      new Promise<Seen | null>((resolve, reject) => {
        const w = window as unknown as { zarLoosePlay: (g: unknown) => Promise<{ play: string; forced: boolean }> };
        const ws = new WebSocket(`${location.origin.replace(/^http/, 'ws')}/ws?protocol=${protocol}`);
        let seen = -1;
        let acts = 0;
        let leftToPage = false;
        const act = (v: number, action: unknown) => {
          acts++;
          ws.send(JSON.stringify({ t: 'act', game: id, v, action }));
        };
        const done = (value: Seen | null) => {
          ws.close();
          resolve(value);
        };
        ws.onopen = () => ws.send(JSON.stringify({ t: 'join', game: id }));
        ws.onerror = () => reject(new Error('the test socket failed'));
        // One message at a time, in the order they came: while the driver asks the test for its
        // play, the page's own forced play may already be answered, and must be read after.
        let queue = Promise.resolve();
        ws.onmessage = (e) => {
          queue = queue.then(() => onMessage(e)).catch(reject);
        };
        const onMessage = async (e: MessageEvent) => {
          const msg = JSON.parse(String(e.data));
          if ((msg.t !== 'state' && msg.t !== 'event') || msg.v <= seen) return;
          seen = msg.v;
          const { view, action } = msg;
          const passed = msg.t === 'event' && action.type === 'roll' && view.lastMove?.play === '';
          if (until === 'noPlay' && passed) done({ v: msg.v, player: action.player, dice: action.dice, play: '' });
          else if (
            until === 'forced' &&
            leftToPage &&
            msg.t === 'event' &&
            action.type === 'play' &&
            action.player === 0
          ) {
            done({ v: msg.v, player: action.player, dice: [], play: action.play });
          } else if (view.status === 'over' || acts > MAX_ACTS) done(null);
          else if (view.allowed.roll) act(msg.v, { type: 'roll' });
          else if (view.allowed.play) {
            const { play, forced } = await w.zarLoosePlay(view.game);
            if (until === 'forced' && forced) leftToPage = true;
            else act(msg.v, { type: 'play', play });
          } else if (view.allowed.take) act(msg.v, { type: 'take' });
          else if (view.allowed.accept) act(msg.v, { type: 'accept' });
        };
      }),
    { id, protocol: PROTOCOL_VERSION, until, MAX_ACTS: 2000 },
  );
}

describe('the table says what happens', () => {
  let page: Page;

  it('shows the opening roll, each colour’s die and who starts, and the dice high die first', async () => {
    page = await newPage(await newContext(env.browser, env.server.url));
    await newGame(page, { opponent: 'bot', length: 3 });
    const turn = await myTurn(page);
    const line = page.getByTestId('opening-line');
    await line.waitFor();
    expect(await line.textContent()).toMatch(/^Opening roll: White [1-6], Black [1-6]\. (You start|.+ starts)\.$/);
    // The viewer sits in seat 0 (White): the line says "You start" exactly when White starts.
    const starter = await line.getAttribute('data-starter');
    expect(['0', '1']).toContain(starter);
    expect((await line.textContent())?.endsWith('You start.')).toBe(starter === '0');
    if (turn === 'yourMove') {
      const dice = (await look(page)).dice;
      expect(dice).toEqual([...dice].sort((a, b) => b - a));
    }
    // The opponent's tray has a name too.
    const tray = page.getByTestId('off-opp');
    expect(await tray.getAttribute('role')).toBe('img');
    expect(await tray.getAttribute('aria-label')).toBe('Their borne-off checkers: 0');
    await shot(page, 'table-news-opening');
  });

  it('asks before resigning, says the points, and sends nothing when cancelled', async () => {
    const before = await version(page);
    await page.getByTestId('resign').click();
    const dialog = page.getByTestId('resign-dialog');
    await dialog.waitFor();
    // Keep playing has the focus: an Enter pressed by habit does not resign.
    expect(await focused(page)).toBe('resign-cancel');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    expect(await version(page)).toBe(before);

    // Escape cancels too, and Tab stays inside the dialog.
    await page.getByTestId('resign').click();
    await dialog.waitFor();
    for (let i = 0; i < 5; i++) await page.keyboard.press('Tab');
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    // A click on its text takes the focus out of it, yet the page's keys still rest: H opens no hints.
    await page.locator('#resign-note').click();
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(false);
    await page.keyboard.press('h');
    expect(await page.getByTestId('hint-list').count()).toBe(0);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await version(page)).toBe(before);
    expect(await focused(page)).toBe('resign');

    // The points are the server's: a gammon at the centred cube gives away 2.
    await page.getByTestId('resign').click();
    const gammon = page.getByTestId('resign-2');
    expect(await gammon.textContent()).toBe('Resign a gammon: your opponent scores 2 points');
    expect(await gammon.getAttribute('data-points')).toBe('2');
    await shot(page, 'table-news-resign', 'window');
    await gammon.click();
    // The bot accepts a gammon: the game ends with those points.
    const result = page.getByTestId('game-over-result');
    await result.waitFor();
    expect(await result.getAttribute('data-kind')).toBe('resign');
    expect(await page.getByTestId('score-1').textContent()).toMatch(/\b2$/);
    await page.getByTestId('next-game').click();
  });

  it('says a roll that cannot be played, on the page and in the move list', async () => {
    await page.exposeFunction('zarLoosePlay', loosePlay);
    // A long match of its own, so that the match does not end first.
    const id = await newGame(page, { opponent: 'bot', length: 15 });
    const passed = await drive(page, id, 'noPlay');
    expect(passed, 'the match ended without a roll that could not be played').not.toBeNull();
    if (!passed) return;
    await versionAfter(page, passed.v - 1);
    const [high, low] = [...passed.dice].sort((a, b) => b - a);
    // The other side's next roll may not be playable either: that line may follow this one.
    const news = page.getByTestId('news-noPlay');
    await news.first().waitFor();
    const said = await news.allTextContents();
    expect(
      said.some((line) => new RegExp(`rolled ${high}-${low}: no legal move\\.$`).test(line)),
      said.join(' | '),
    ).toBe(true);
    // The move list keeps it too.
    await page.waitForFunction(
      (said) => [...document.querySelectorAll('[data-testid="move-line"]')].some((l) => l.textContent?.includes(said)),
      `${high}-${low}: no legal move`,
    );
    await shot(page, 'table-news-no-play');
  });

  it('rolls by itself with auto-roll on, when rolling is all the player may do', async () => {
    const context = await newContext(env.browser, env.server.url);
    await context.addInitScript(() => {
      if (localStorage.getItem('zar.preferences') === null) {
        localStorage.setItem('zar.preferences', JSON.stringify({ autoRoll: true }));
      }
    });
    const auto = await newPage(context);
    // A 1-point match: the cube is of no use, so rolling is all there is to do at the turn's start.
    await newGame(auto, { opponent: 'bot', length: 1 });
    const moving = () =>
      auto.waitForFunction(
        () => document.querySelector('[data-testid="status"]')?.getAttribute('data-status') === 'yourMove',
      );
    // Twice, so that at least one of the two moves follows a roll nobody clicked.
    await moving();
    // Where no double is ever offered, no cube stands on the board, and resigning is one choice.
    expect((await look(auto)).cube).toBeNull();
    await auto.getByTestId('resign').click();
    const choices = auto.locator('[data-testid="resign-dialog"] [data-points]');
    await choices.first().waitFor();
    expect(await choices.allTextContents()).toEqual(['Resign: your opponent scores 1 point']);
    await auto.keyboard.press('Escape');
    await auto.getByTestId('resign-dialog').waitFor({ state: 'detached' });
    await playMove(auto);
    await moving();
    expect((await look(auto)).dice.length).toBeGreaterThanOrEqual(2);
    await context.close();
  });

  it('sends a forced play by itself with auto-confirm on, and says it was forced', async () => {
    const context = await newContext(env.browser, env.server.url);
    await context.addInitScript(() => {
      if (localStorage.getItem('zar.preferences') === null) {
        localStorage.setItem('zar.preferences', JSON.stringify({ autoConfirm: true }));
      }
    });
    const auto = await newPage(context);
    await auto.exposeFunction('zarLoosePlay', loosePlay);
    const id = await newGame(auto, { opponent: 'bot', length: 15 });
    // The driver leaves the viewer's first forced play alone: only the page can send it.
    const forced = await drive(auto, id, 'forced');
    expect(forced, 'the match ended without a forced play').not.toBeNull();
    if (!forced) return;
    expect(forced.player).toBe(0);
    await versionAfter(auto, forced.v - 1);
    const played = auto.getByTestId('news-played');
    await played.first().waitFor();
    const said = await played.allTextContents();
    expect(
      said.some(
        (line) => line.startsWith('You played') && line.includes(`${forced.play}. It was the only legal play.`),
      ),
      said.join(' | '),
    ).toBe(true);
    await context.close();
  });

  it('shows the opening roll again after a reload, from the record where the winner rolls again (fevga)', async () => {
    await page.goto('/');
    await page.getByTestId('new-game').selectOption('fevga');
    await page.getByTestId('new-length').selectOption('1');
    await page.getByTestId('new-opponent-bot').check();
    await page.getByTestId('new-start').click();
    await page.waitForURL(/\/play\/[A-Za-z0-9_-]+$/);
    await myTurn(page);
    const line = page.getByTestId('opening-line');
    await line.waitFor();
    const said = await line.textContent();
    // The opening's dice are not played in fevga, so no state tells them: the record does.
    await page.reload();
    await myTurn(page);
    await line.waitFor();
    expect(await line.textContent()).toBe(said);
  });
});
