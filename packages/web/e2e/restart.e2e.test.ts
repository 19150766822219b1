import { describe, expect, it } from 'vitest';
import { newContext, newPage, shot } from './support/browser.js';
import { look, myTurn, newGame, playMove, untilMyMove } from './support/play.js';
import { suite } from './support/suite.js';

const env = suite({ ownServer: true });

describe('the server is killed in the middle of a match', () => {
  it('the page reconnects by itself after the restart and play goes on', async () => {
    const page = await newPage(await newContext(env.browser, env.server.url));
    const id = await newGame(page, { opponent: 'bot', length: 3 });
    await untilMyMove(page);
    await playMove(page);
    await untilMyMove(page);
    const before = await look(page);

    await env.server.kill();
    await page.getByTestId('offline').waitFor();
    await shot(page, 'restart-offline');
    await env.server.restart();

    // No reload: the page finds the server again and joins the game at the same version.
    await page.getByTestId('offline').waitFor({ state: 'detached', timeout: 30_000 });
    expect(new URL(page.url()).pathname).toBe(`/play/${id}`);
    expect(await myTurn(page)).toBe('yourMove');
    const after = await look(page);
    expect(after.version).toBe(before.version);
    expect(after.own).toEqual(before.own);
    expect(after.opp).toEqual(before.opp);
    expect(after.dice).toEqual(before.dice);
    await shot(page, 'restart-reconnected');

    // The recovered game takes the play, and the bot (restored with it) answers.
    await playMove(page);
    const next = await myTurn(page);
    expect(['yourRoll', 'yourMove', 'doubled', 'over']).toContain(next);
    expect((await look(page)).version).toBeGreaterThan(before.version + 1);
    await shot(page, 'restart-continued');
  });
});
