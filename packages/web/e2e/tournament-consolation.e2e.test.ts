import { describe, expect, it } from 'vitest';
import { shot } from './support/browser.js';
import { player } from './support/people.js';
import { suite } from './support/suite.js';

// A knock-out with its optional consolation draw, among bots: the creator asks for the draw on
// the form, seats five bots and starts it. Three of them have a round-1 bye, so the consolation
// is drawn once round 2 is decided, for the round-1 loser and the bye holders who lost their
// first match in round 2; the page shows it under the main bracket, and its winner at the end.

// A server of its own: the shared one's address has used its few tournament creations an hour
// (tournament/guard.ts) on the other tournament files by the time this one runs.
const env = suite({ ownServer: true });

/** How long the bots' tournament may take to end. */
const OVER_MS = 90_000;

describe('a knock-out with a consolation draw', () => {
  it('shows the consolation bracket under the main one, played to its own winner', async () => {
    const c = await player(env.browser, env.server.url, 'consol');
    await c.page.goto('/tournaments');
    await c.page.getByTestId('tournament-name').fill(`Consolation ${c.name.slice(-6)}`);
    await c.page.getByTestId('tournament-format-knockout').check();
    await c.page.getByTestId('tournament-third-place').uncheck();
    await c.page.getByTestId('tournament-consolation').check();
    await c.page.getByTestId('tournament-length-1').selectOption('1');
    await c.page.getByTestId('tournament-clock-1').selectOption('speed');
    await c.page.getByTestId('tournament-max').fill('5');
    await c.page.getByTestId('tournament-create').click();
    await c.page.waitForURL(/\/tournaments\/[A-Za-z0-9_-]+$/);
    expect(await c.page.getByTestId('tournament-settings').textContent()).toContain('With a consolation draw');
    for (const n of [1, 2, 3, 4, 5]) {
      await c.page.getByTestId('tournament-add-bot').click();
      await expect.poll(() => c.page.locator('[data-testid="tournament-entrants"] tbody tr').count()).toBe(n);
    }
    // Not started: nothing of the consolation shows yet.
    expect(await c.page.getByTestId('consolation-draw').count()).toBe(0);
    await c.page.getByTestId('tournament-start-now').click();
    await expect
      .poll(() => c.page.getByTestId('tournament').getAttribute('data-status'), { timeout: OVER_MS })
      .toBe('over');
    const draw = c.page.getByTestId('consolation-draw');
    await expect.poll(() => draw.getAttribute('data-state')).toBe('drawn');
    // Five players: seeds 1, 2 and 3 have round-1 byes, 4 and 5 play; in round 2 seed 1 meets
    // its winner, 2 meets 3. The consolation: the round-1 loser, the loser of 2 against 3, and
    // seed 1 if he lost (his first match): a final alone, or a round with a bye and a final.
    const rounds = await c.page.locator('[data-testid="consolation"] .bracket-round').count();
    expect([1, 2]).toContain(rounds);
    if (rounds === 2) expect(await c.page.getByTestId('consolation-1-1').getAttribute('data-state')).toBe('bye');
    const finalWinner = await c.page.getByTestId(`consolation-${rounds}-1`).getAttribute('data-winner');
    expect(finalWinner).not.toBe('');
    expect(await c.page.getByTestId('consolation-winner').getAttribute('data-winner')).toBe(finalWinner);
    const champion = await c.page.getByTestId('tournament-winner').getAttribute('data-winner');
    expect(champion).not.toBe(finalWinner);
    // The consolation stands under the main bracket.
    const main = await c.page.getByTestId('bracket').boundingBox();
    const consolation = await c.page.getByTestId('consolation').boundingBox();
    expect(main && consolation && consolation.y > main.y + main.height).toBe(true);
    await shot(c.page, 'tournament-consolation-over');
  });
});
