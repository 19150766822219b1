import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newContext, newPage, shot } from './support/browser.js';
import { expectSameGame, inviteGame, look, playMove, roll, whoActs } from './support/play.js';
import { suite } from './support/suite.js';

const env = suite();

describe('a game with a friend through an invite link', () => {
  it('joins from a second browser context and both players see each other move', async () => {
    const host = await newPage(await newContext(env.browser, env.server.url));
    const guest = await newPage(await newContext(env.browser, env.server.url));
    await inviteGame(host, guest, 1);
    expect((await look(host)).version).toBeGreaterThanOrEqual(1);
    await expectSameGame(host, guest);
    await shot(host, 'invite-host-start');
    await shot(guest, 'invite-guest-start');

    const movers = new Set<Page>();
    let plays = 0;
    while (plays < 4) {
      const { page, other, turn } = await whoActs(host, guest);
      expect(turn === 'yourRoll' || turn === 'yourMove').toBe(true);
      if (turn === 'yourRoll') await roll(page);
      else {
        const before = await look(other);
        await playMove(page);
        plays++;
        movers.add(page);
        const version = await expectSameGame(page, other);
        expect(version).toBeGreaterThan(before.version);
        // The other player is told what was played, in the same words on both pages.
        const told = await other.getByTestId('last-move-text').textContent();
        expect(told ?? '').toMatch(/Last move/);
        expect(told).toBe(await page.getByTestId('last-move-text').textContent());
      }
    }
    expect(movers.size).toBe(2);
    await shot(host, 'invite-host-after');
    await shot(guest, 'invite-guest-after');
  });
});
