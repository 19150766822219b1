import { describe, expect, it } from 'vitest';
import { shot } from './support/browser.js';
import { accept, begun, friendMatch, player, ratingChange, result, seatOf } from './support/people.js';
import { whoActs } from './support/play.js';
import { suite } from './support/suite.js';

/** This file's own server may claim an absent player's match after 3 s instead of 5 minutes. */
const env = suite({ ownServer: true, env: { ZAR_CLAIM_AFTER_SECONDS: '3' } });

describe('an abandoned untimed match', () => {
  it('the player who must act leaves; the other sees him disconnected, claims after the limit and wins', async () => {
    const ana = await player(env.browser, env.server.url, 'claim_a');
    const bob = await player(env.browser, env.server.url, 'claim_b');
    const { id, link } = await friendMatch(ana.page, { length: 3, clock: { preset: 'untimed' }, rated: true });
    await accept(bob.page, link, id);
    for (const p of [ana, bob]) await begun(p.page);
    // An untimed match shows no clocks.
    expect(await ana.page.getByTestId('clock-0').count()).toBe(0);

    const { page: leaver, other: stayer } = await whoActs(ana.page, bob.page);
    const absent = await seatOf(leaver);
    const present: 0 | 1 = absent === 0 ? 1 : 0;
    const absentName = leaver === ana.page ? ana.name : bob.name;
    // Nobody is away while both pages are open, and nobody may claim before the limit.
    expect(await stayer.getByTestId(`away-${absent}`).count()).toBe(0);
    await shot(stayer, 'claim-both-here');

    // The player on turn closes his page: the other sees him disconnected, then the claim.
    await leaver.context().close();
    await stayer.getByTestId(`away-${absent}`).waitFor();
    expect(await stayer.getByTestId(`away-${absent}`).textContent()).toMatch(/disconnected/);
    await stayer.getByTestId('claim-now').waitFor();
    await shot(stayer, 'claim-offered');
    await stayer.getByTestId('claim').click();
    await stayer.getByTestId('claim-dialog').waitFor();
    await stayer.getByTestId('claim-confirm').click();

    // The match ends for the absent player as on time: the one who stayed wins it.
    expect(await result(stayer)).toEqual({ kind: 'timeout', winner: String(present) });
    expect(await stayer.getByTestId('game-over').textContent()).toMatch(/You win/);
    // Rated: the absent player's rating goes down, the winner's up.
    expect((await ratingChange(stayer, present)).change).toBeGreaterThan(0);
    expect((await ratingChange(stayer, absent)).change).toBeLessThan(0);
    await shot(stayer, 'claim-won', 'window');

    // The absent player's profile counts the match as abandoned: 1 of 1.
    await stayer.goto(`/players/${absentName}`);
    expect(await stayer.getByTestId('profile-abandonment').textContent()).toMatch(/Abandoned 1 of 1 match/);
  });
});
