import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { shot } from './support/browser.js';
import { accept, begun, clockOf, friendMatch, player, ratingChange, result, seatOf } from './support/people.js';
import { whoActs } from './support/play.js';
import { suite } from './support/suite.js';

const env = suite();

/** A rating as the pages write it in English: whole, grouped ("1,508"). */
const shown = (rating: number): string => new Intl.NumberFormat('en', { maximumFractionDigits: 0 }).format(rating);

/** The longest the flag may take to fall and be shown: the 5 s reserve and a loaded machine's slack. */
const FALL_MS = 25_000;

/** A profile's rating in backgammon, read until it shows `after` (its answer is cached a few seconds). */
async function profileShows(page: Page, name: string, after: number): Promise<string> {
  const want = shown(after);
  const deadline = Date.now() + 20_000;
  for (;;) {
    await page.goto(`/players/${name}`);
    const text = (await page.getByTestId('profile-rating-value-backgammon').textContent()) ?? '';
    if (text.includes(want) || Date.now() > deadline) return text;
    await page.waitForTimeout(1_000);
  }
}

/** The leaderboard's row of a player in backgammon, read until it is there (cached a few seconds too). */
async function leaderboardShows(page: Page, name: string): Promise<string> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    await page.goto('/leaderboard/backgammon');
    await page.locator('[data-testid="leaderboard-list"], [data-testid="leaderboard-empty"]').first().waitFor();
    const row = page.getByTestId(`leaderboard-rating-${name}`);
    if ((await row.count()) > 0 || Date.now() > deadline) return (await row.textContent()) ?? '';
    await page.waitForTimeout(1_000);
  }
}

describe('a timed rated match lost on time', () => {
  it('the player who lets his clock run out loses; both see it and both ratings change', async () => {
    const ana = await player(env.browser, env.server.url, 'flag_a');
    const bob = await player(env.browser, env.server.url, 'flag_b');
    // One point, no delay and 5 s of reserve: the first player to act has 5 s in all.
    const { id, link } = await friendMatch(ana.page, {
      length: 1,
      clock: { delaySeconds: 0, perPointSeconds: 5 },
      rated: true,
    });
    await accept(bob.page, link, id);
    for (const p of [ana, bob]) await begun(p.page);

    // Whoever must act first does nothing; the other watches the clock run on his page too.
    const { page: idle, other: watcher } = await whoActs(ana.page, bob.page);
    const loser = await seatOf(idle);
    const winner: 0 | 1 = loser === 0 ? 1 : 0;
    expect(await seatOf(watcher)).toBe(winner);
    const anaSeat = await seatOf(ana.page);
    for (const page of [idle, watcher]) {
      // A rated match shows both ratings beside the names while played.
      await page.getByTestId(`rating-${loser}`).waitFor();
      await page.getByTestId(`rating-${winner}`).waitFor();
      const running = await clockOf(page, loser);
      expect(running.running).toBe(true);
      // Under ten seconds from the start: the warning colour.
      expect(running.low).toBe(true);
      expect(running.reserve).toBeLessThanOrEqual(5_000);
      const standing = await clockOf(page, winner);
      expect(standing.running).toBe(false);
      expect(standing.reserve).toBe(5_000);
    }
    await shot(idle, 'clock-flag-running');

    // The server declares the fall; both pages show the match over on time, the other the winner.
    const seen = await result(watcher, FALL_MS);
    expect(seen).toEqual({ kind: 'timeout', winner: String(winner) });
    expect(await result(idle, FALL_MS)).toEqual(seen);
    expect(await watcher.getByTestId('game-over').textContent()).toMatch(/You win/);
    expect(await idle.getByTestId('game-over').textContent()).toMatch(/You lose/);
    // The match is lost on time, not a game's points: the dialog names none (the timeout's gammon
    // only settles the score).
    for (const page of [idle, watcher])
      expect(await page.getByTestId('game-over').textContent()).not.toMatch(/points? to/);
    const fallen = await clockOf(watcher, loser);
    expect(fallen.running).toBe(false);
    expect(fallen.reserve).toBe(0);

    // Both dialogs list both rating changes, the same on each page: the winner up, the loser down.
    const changes = [];
    for (const page of [watcher, idle]) {
      const won = await ratingChange(page, winner);
      const lost = await ratingChange(page, loser);
      expect(won.change).toBeGreaterThan(0);
      expect(lost.change).toBeLessThan(0);
      for (const r of [won, lost]) expect(r.after).toBeCloseTo(r.before + r.change, 5);
      changes.push({ won, lost });
    }
    expect(changes[1]).toEqual(changes[0]);
    await shot(watcher, 'clock-flag-won', 'window');
    await shot(idle, 'clock-flag-lost', 'window');

    // The profiles show the new ratings, and the leaderboard lists both players.
    const [first] = changes;
    if (first === undefined) throw new Error('no rating changes read');
    const nameOf = (seat: 0 | 1) => (seat === anaSeat ? ana.name : bob.name);
    expect(await profileShows(watcher, nameOf(winner), first.won.after)).toContain(shown(first.won.after));
    expect(await profileShows(watcher, nameOf(loser), first.lost.after)).toContain(shown(first.lost.after));
    await shot(watcher, 'clock-flag-profile');
    expect(await leaderboardShows(watcher, nameOf(winner))).toBe(shown(first.won.after));
    expect(await leaderboardShows(watcher, nameOf(loser))).toBe(shown(first.lost.after));
    await shot(watcher, 'clock-flag-leaderboard');
  });
});
