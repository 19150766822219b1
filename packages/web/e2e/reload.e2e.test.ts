import { describe, expect, it } from 'vitest';
import { newContext, newPage, shot } from './support/browser.js';
import { look, myTurn, newGame, playMove, step, untilMyMove } from './support/play.js';
import { suite } from './support/suite.js';

const env = suite();

describe('reloading the page in the middle of a turn', () => {
  it('comes back to the same position with the same dice, and the turn goes on', async () => {
    const page = await newPage(await newContext(env.browser, env.server.url));
    const id = await newGame(page, { opponent: 'bot', length: 3 });
    await untilMyMove(page);
    const before = await look(page);
    expect(before.dice.length).toBeGreaterThanOrEqual(2);

    // Half a play: one step on the board, not confirmed.
    const partial = await step(page);
    expect(partial.own).not.toEqual(before.own);
    expect(partial.enabled).toContain('undo');
    await shot(page, 'reload-partial');

    await page.reload();
    expect(new URL(page.url()).pathname).toBe(`/play/${id}`);
    expect(await myTurn(page)).toBe('yourMove');
    const after = await look(page);
    // The unconfirmed step was the page's alone: the server's position and dice are back.
    expect(after.version).toBe(before.version);
    expect(after.own).toEqual(before.own);
    expect(after.opp).toEqual(before.opp);
    expect(after.bar).toEqual(before.bar);
    expect(after.dice).toEqual(before.dice);
    expect(after.sources).toEqual(before.sources);
    await shot(page, 'reload-resumed');

    // The turn continues: the play goes through and the bot answers.
    await playMove(page);
    const next = await myTurn(page);
    expect(['yourRoll', 'yourMove', 'doubled', 'over']).toContain(next);
    expect((await look(page)).version).toBeGreaterThan(before.version + 1);
    await shot(page, 'reload-continued');
  });
});
