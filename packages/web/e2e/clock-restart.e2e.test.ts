import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { shot } from './support/browser.js';
import {
  accept,
  begun,
  type ClockSeen,
  clockOf,
  friendMatch,
  nextState,
  player,
  seatOf,
  showsFrame,
} from './support/people.js';
import { look, myTurn, playMove, untilMyMove, whoActs } from './support/play.js';
import { suite } from './support/suite.js';

const env = suite({ ownServer: true });

/** How long the server stays down: a span the clock must not charge. */
const DOWN_MS = 3_000;
/** At most one heartbeat (1 s) the crash gives back to the actor, as the server documents. */
const HEARTBEAT_MS = 1_000;
/** The page redraws a running clock every 100 ms and rounds: what a reading may be off by. */
const DRAWN_MS = 300;

/** A clock read with the test's time just before and just after. */
async function timed(page: Page, seat: 0 | 1): Promise<{ clock: ClockSeen; before: number; after: number }> {
  const before = Date.now();
  const clock = await clockOf(page, seat);
  return { clock, before, after: Date.now() };
}

describe('the server is killed while a clock runs', () => {
  it('after the restart the clocks are where they were, the downtime not charged, and play goes on', async () => {
    const ana = await player(env.browser, env.server.url, 'clk_a', { guest: true });
    const bob = await player(env.browser, env.server.url, 'clk_b', { guest: true });
    // No delay and a minute a point: every second the actor takes comes off his reserve.
    const { id, link } = await friendMatch(ana.page, {
      length: 1,
      clock: { delaySeconds: 0, perPointSeconds: 60 },
      rated: false,
    });
    await accept(bob.page, link, id);
    for (const p of [ana, bob]) await begun(p.page);

    // The first player plays his opening move; then the other's clock runs while he must roll.
    const { page: first, other: second } = await whoActs(ana.page, bob.page);
    await untilMyMove(first);
    await playMove(first);
    expect(await myTurn(second)).toBe('yourRoll');
    const standing = await seatOf(first);
    const acting = await seatOf(second);
    await second.waitForFunction((seat) => {
      const el = document.querySelector(`[data-testid="clock-${seat}"]`);
      return el?.getAttribute('data-running') === 'true' && Number(el.getAttribute('data-reserve')) < 59_000;
    }, acting);

    const still = await clockOf(second, standing);
    expect(still.running).toBe(false);
    const run = await timed(second, acting);
    expect(run.clock.running).toBe(true);
    const version = (await look(second)).version;
    await shot(second, 'clock-restart-before');

    await env.server.kill();
    const killed = Date.now();
    // The pages' next sockets carry the restarted server's first reading of the match.
    const fresh = [first, second].map((page) => nextState(page, id));
    // Awaited below; should a step before fail, their later timeout is not an unhandled rejection.
    for (const f of fresh) f.catch(() => undefined);
    for (const page of [first, second]) await page.getByTestId('offline').waitFor();
    await second.waitForTimeout(Math.max(0, DOWN_MS - (Date.now() - killed)));
    const spawned = Date.now();
    await env.server.restart();
    const serving = Date.now();
    const [toFirst, toSecond] = await Promise.all(fresh);
    if (toFirst === undefined || toSecond === undefined) throw new Error('a page saw no state');
    for (const page of [first, second]) await page.getByTestId('offline').waitFor({ state: 'detached' });

    // The same match at the same version, on pages that did not reload.
    for (const seen of [toFirst, toSecond]) {
      expect(seen.version).toBe(version);
      expect(seen.clock).toMatchObject({ actor: acting, running: true });
    }
    expect(new URL(second.url()).pathname).toBe(`/play/${id}`);
    expect((await look(second)).version).toBe(version);
    expect(await myTurn(second)).toBe('yourRoll');

    // The clock that stood stands where it stood: in the server's reading and on both pages.
    expect(Math.abs((toSecond.clock?.reserve[standing] ?? 0) - still.reserve)).toBeLessThanOrEqual(DRAWN_MS);
    for (const [page, seen] of [
      [first, toFirst],
      [second, toSecond],
    ] as const) {
      const now = await showsFrame(page, standing, seen);
      expect(now.running).toBe(false);
      expect(Math.abs(now.reserve - still.reserve)).toBeLessThanOrEqual(DRAWN_MS);
    }

    // The running clock runs on from where it was: charged for the time the server was up (before
    // the kill and since the start) and never for the time it was down, give or take the
    // heartbeat the crash gives back.
    const charged = run.clock.reserve - (toSecond.clock?.reserve[acting] ?? 0);
    const upAtMost = killed - run.before + (toSecond.at - spawned);
    const upAtLeast = Math.max(0, toSecond.opened - serving);
    expect(charged).toBeLessThanOrEqual(upAtMost + DRAWN_MS);
    expect(charged).toBeGreaterThanOrEqual(upAtLeast - HEARTBEAT_MS - DRAWN_MS);
    // Had the downtime been charged, the reserve would have lost DOWN_MS more than the time up.
    expect(charged).toBeLessThan(toSecond.at - run.before - DOWN_MS + HEARTBEAT_MS + DRAWN_MS);
    // Both pages count the running clock down from that reading.
    const shown = await showsFrame(second, acting, toSecond);
    expect(shown.running).toBe(true);
    await showsFrame(first, acting, toFirst);
    await shot(second, 'clock-restart-after');

    // Play goes on: the player on turn rolls and moves, and then the other's clock runs.
    await untilMyMove(second);
    await playMove(second);
    expect(['yourRoll', 'yourMove']).toContain(await myTurn(first));
    const after = await clockOf(first, standing);
    expect(after.running).toBe(true);
    expect(after.reserve).toBeLessThanOrEqual(still.reserve);
    expect((await clockOf(first, acting)).running).toBe(false);
    await shot(first, 'clock-restart-continued');
  });
});
