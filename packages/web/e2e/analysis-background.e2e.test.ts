import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { shot } from './support/browser.js';
import { accept, begun, player } from './support/people.js';
import { act, button, myTurn, playMove, roll, whoActs } from './support/play.js';
import { suite } from './support/suite.js';

const env = suite();

/** A casual, untimed 1-point long nardy match for a friend, made from the home page; its id and invite link. */
async function nardyForFriend(host: Page): Promise<{ id: string; link: string }> {
  await host.goto('/');
  await host.getByTestId('new-game').selectOption('long-nardy');
  await host.getByTestId('new-length').selectOption('1');
  await host.getByTestId('new-opponent-friend').check();
  await host.getByTestId('new-clock').selectOption('untimed');
  await host.getByTestId('new-casual').check();
  await host.getByTestId('new-start').click();
  await host.waitForURL(/\/play\/[A-Za-z0-9_-]+$/);
  const link = await host.getByTestId('invite-link').inputValue();
  return { id: new URL(host.url()).pathname.split('/').at(-1) as string, link };
}

describe('every match between people analysed by itself', () => {
  it('a finished long nardy match between two people: the end dialog says when its analysis is ready', async () => {
    const ana = await player(env.browser, env.server.url, 'bga_a');
    const bob = await player(env.browser, env.server.url, 'bga_b');
    const { id, link } = await nardyForFriend(ana.page);
    await accept(bob.page, link, id);
    for (const p of [ana, bob]) await begun(p.page);
    // A few plays each, so there are decisions to analyse; then the player on turn resigns.
    for (let plays = 0; plays < 6; ) {
      const { page, turn } = await whoActs(ana.page, bob.page);
      if (turn === 'yourRoll') await roll(page);
      else if (turn === 'yourMove') {
        await playMove(page);
        plays++;
      } else throw new Error(`unexpected ${turn} while playing`);
    }
    const { page: resigner, other } = await whoActs(ana.page, bob.page);
    await button(resigner, 'resign');
    const offered = resigner.locator('[data-testid="resign-dialog"] [data-points]');
    await offered.first().waitFor();
    await act(resigner, (await offered.last().getAttribute('data-testid')) ?? 'resign-1');
    // Between people a resignation is offered: the other accepts it.
    if ((await myTurn(other)) === 'resignOffer') await act(other, 'accept');
    await other.getByTestId('game-over').waitFor();
    // Nobody asked: the server analyses the match by itself, and the dialog's link says so.
    const link2 = other.locator('[data-testid="analyse-match"][data-ready="true"]');
    await link2.waitFor({ timeout: 120_000 });
    await shot(other, 'analysis-background-ready');
    await link2.click();
    await other.getByTestId('analysis-report').waitFor();
    expect(await other.locator('[data-testid^="analysis-player-"]').count()).toBe(2);
    // The server waits 30 s after its start before it reads the queue (background.ts).
  }, 240_000);
});
