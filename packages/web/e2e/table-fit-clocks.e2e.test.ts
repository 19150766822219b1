// The table fits the screen with everything a match between people adds beside the names: both
// clocks running with their delay, both ratings, the away mark, the longest names. The board,
// every action button and both clocks lie inside the window at a desktop's, a phone's and a
// turned phone's size, with no sideways scroll (support/fit.ts's rule, clocks included), in
// English and in Arabic (right to left).

import { describe, expect, it } from 'vitest';
import { shot } from './support/browser.js';
import { inView } from './support/fit.js';
import { accept, begun, friendMatch, player } from './support/people.js';
import { whoActs } from './support/play.js';
import { suite } from './support/suite.js';

const env = suite();

const SIZES = [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
  { width: 844, height: 390 },
  { width: 360, height: 640 },
] as const;

describe('the table fits the screen in a timed rated match', () => {
  it('keeps the board, the buttons and both clocks in the window, the opponent away too', async () => {
    // The longest names an account may have, a long match on the slowest preset: the widest clocks.
    const ana = await player(env.browser, env.server.url, 'fit_aaaaaaaaaaaaaaaaaaaa');
    const bob = await player(env.browser, env.server.url, 'fit_bbbbbbbbbbbbbbbbbbbb');
    // One of the two reads the table right to left.
    await ana.page.evaluate(() => localStorage.setItem('zar.lang', 'ar'));
    const { id, link } = await friendMatch(ana.page, { length: 15, clock: { preset: 'casual' }, rated: true });
    await accept(bob.page, link, id);
    for (const p of [ana, bob]) await begun(p.page);
    const { page: actor, other: waiter, turn } = await whoActs(ana.page, bob.page);
    const buttons = turn === 'yourRoll' ? ['roll', 'double', 'resign'] : ['confirm', 'undo', 'resign'];
    const always = ['board', 'status', 'clock-0', 'clock-1', 'rating-0', 'rating-1'];
    for (const size of SIZES) {
      await inView(actor, size, [...always, ...buttons], false);
      await shot(actor, `table-fit-clocks-actor-${size.width}x${size.height}`);
      await inView(waiter, size, always, false);
      await shot(waiter, `table-fit-clocks-waiter-${size.width}x${size.height}`);
    }
    // While the clock runs, only the clocks are redrawn: ten redraws of the running delay bar
    // change nothing else on the page (no re-render of the board, the buttons or the news).
    const outside = await waiter.evaluate(
      () =>
        new Promise<string[]>((done) => {
          const score = document.querySelector('[data-testid="score"]');
          const elsewhere: string[] = [];
          let ticks = 0;
          const seen = new MutationObserver((records) => {
            for (const r of records) {
              const el = r.target instanceof Element ? r.target : r.target.parentElement;
              if (el?.closest('.seat-clock')) {
                if (el.closest('.delay-bar')) ticks++;
              } else elsewhere.push(`${r.type} ${el?.outerHTML.slice(0, 80) ?? ''}`);
            }
            if (ticks >= 10) {
              seen.disconnect();
              done(elsewhere);
            }
          });
          seen.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
          if (!score) done(['no score bar']);
        }),
    );
    expect(outside).toEqual([]);

    // The actor's page closes: the waiter sees him away, the clock still running.
    await actor.context().close();
    const seat = await waiter.evaluate(() =>
      [0, 1].find((s) => document.querySelector(`[data-testid="player-${s}"] .you`) === null),
    );
    await waiter.getByTestId(`away-${seat}`).waitFor();
    for (const size of SIZES) {
      await inView(waiter, size, [...always, `away-${seat}`], false);
      await shot(waiter, `table-fit-clocks-away-${size.width}x${size.height}`);
    }
    await waiter.context().close();
  });
});
