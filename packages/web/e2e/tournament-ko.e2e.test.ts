import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newContext, newPage, shot } from './support/browser.js';
import { player } from './support/people.js';
import { act, button, myTurn } from './support/play.js';
import { suite } from './support/suite.js';

// A 4-player knock-out played to its winner: two accounts in two browser contexts
// and two bots. The creator makes a casual knock-out of 1-point matches on the speed clock,
// with a match for third place, seats two bots, the other account registers, and the creator
// starts it. Each person is sent to his match by the tournament page and then by the table;
// he resigns (the resign dialog: the fast honest way to end a match), or accepts the other's
// resignation. Bots play their matches by themselves. A visitor watches the bracket fill in
// live, and sees the podium at the end without reloading.

const env = suite();

/** How long one page may wait for its next match to start or to be asked something. */
const MATCH_MS = 60_000;

/**
 * Ends the page's current match: resigns when asked to act, accepts when the opponent resigns
 * (a person, in a match between the two accounts), until the match is over.
 */
async function concede(page: Page): Promise<void> {
  for (;;) {
    const turn = await myTurn(page, MATCH_MS);
    if (turn === 'over') return;
    if (turn === 'resignOffer') await act(page, 'accept');
    else {
      await button(page, 'resign');
      await act(page, 'resign-1');
    }
  }
}

/** Waits for the page to be sent to a match other than `after`, and returns its id. */
async function sentToMatch(page: Page, after: string | null): Promise<string> {
  await page.waitForURL((u) => /^\/play\/[A-Za-z0-9_-]+$/.test(u.pathname) && u.pathname !== `/play/${after}`, {
    timeout: MATCH_MS,
  });
  await page.getByTestId('play').waitFor();
  return new URL(page.url()).pathname.split('/').at(-1) as string;
}

/** Plays a person's part of the knock-out: his first match, and his second (a final or the match for third place). */
async function playPart(page: Page, tournament: string): Promise<void> {
  const first = await sentToMatch(page, null);
  // The table names the tournament and its round, linked.
  await expect
    .poll(() => page.getByTestId('tournament-line').locator('a').getAttribute('href'))
    .toBe(`/tournaments/${tournament}`);
  await concede(page);
  // Every person plays a second match here: the final or the one for third place. The table
  // says it has started and opens it.
  await page.getByTestId('tournament-next').waitFor({ timeout: MATCH_MS });
  await sentToMatch(page, first);
  await concede(page);
}

describe('a knock-out tournament', () => {
  it('is created, filled with bots and a second player, started, played to its winner and its podium', async () => {
    const a = await player(env.browser, env.server.url, 'ko_a');
    const b = await player(env.browser, env.server.url, 'ko_b');

    // A creates a casual knock-out of 1-point matches on the speed clock, for four.
    await a.page.goto('/tournaments');
    await a.page.getByTestId('tournament-name').fill(`Cup ${a.name.slice(-6)}`);
    await a.page.getByTestId('tournament-format-knockout').check();
    await a.page.getByTestId('tournament-third-place').check();
    await a.page.getByTestId('tournament-length-1').selectOption('1');
    await a.page.getByTestId('tournament-clock-1').selectOption('speed');
    await a.page.getByTestId('tournament-casual').check();
    await a.page.getByTestId('tournament-max').fill('4');
    await a.page.getByTestId('tournament-start-manual').check();
    await shot(a.page, 'tournament-form');
    await a.page.getByTestId('tournament-create').click();
    await a.page.waitForURL(/\/tournaments\/[A-Za-z0-9_-]+$/);
    const id = new URL(a.page.url()).pathname.split('/').at(-1) as string;
    await a.page.getByTestId('tournament-status').waitFor();
    expect(await a.page.getByTestId('tournament-status').getAttribute('data-status')).toBe('registering');

    // A registers and seats two bots of the same level; B registers from his own browser.
    await a.page.getByTestId('tournament-register').click();
    await a.page.getByTestId(`entrant-${a.name}`).waitFor();
    for (const n of [2, 3]) {
      await a.page.getByTestId('tournament-bot-level').selectOption('beginner');
      await a.page.getByTestId('tournament-add-bot').click();
      await expect.poll(() => a.page.locator('[data-testid="tournament-entrants"] tbody tr').count()).toBe(n);
    }
    await b.page.goto(`/tournaments/${id}`);
    await b.page.getByTestId('tournament-register').click();
    await b.page.getByTestId(`entrant-${b.name}`).waitFor();
    // A sees B come in live, without a reload.
    await a.page.getByTestId(`entrant-${b.name}`).waitFor();

    // A visitor watches the tournament page from a third browser, on a phone's screen.
    const watcher = await newPage(await newContext(env.browser, env.server.url));
    await watcher.setViewportSize({ width: 390, height: 844 });
    await watcher.goto(`/tournaments/${id}`);
    await watcher.getByTestId(`entrant-${b.name}`).waitFor();
    await shot(watcher, 'tournament-registering');

    await a.page.getByTestId('tournament-start-now').click();
    // Both people are sent to their matches; each plays his part, the bots theirs.
    await Promise.all([playPart(a.page, id), playPart(b.page, id)]);

    // The bracket filled in live on the visitor's page: the semi-finals decided, then the final.
    await watcher.getByTestId('bracket').waitFor();
    await expect
      .poll(() => watcher.getByTestId('tournament').getAttribute('data-status'), { timeout: MATCH_MS })
      .toBe('over');
    for (const testid of ['bracket-1-1', 'bracket-1-2', 'bracket-2-1', 'bracket-third']) {
      expect(await watcher.getByTestId(testid).getAttribute('data-winner'), testid).not.toBe('');
    }
    const champion = await watcher.getByTestId('bracket-2-1').getAttribute('data-winner');
    expect(await watcher.getByTestId('tournament-winner').getAttribute('data-winner')).toBe(champion);
    expect(await watcher.getByTestId('podium-1').textContent()).toContain(champion);
    await watcher.getByTestId('podium-3').waitFor();
    // The page fits the phone: it never scrolls sideways.
    const widths = await watcher.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      window: document.documentElement.clientWidth,
    }));
    expect(widths.page).toBeLessThanOrEqual(widths.window);
    await shot(watcher, 'tournament-over');

    // On a wide screen the bracket's rounds stand side by side.
    await a.page.goto(`/tournaments/${id}`);
    await a.page.getByTestId('podium').waitFor();
    const semi = await a.page.getByTestId('bracket-1-1').boundingBox();
    const final = await a.page.getByTestId('bracket-2-1').boundingBox();
    expect(final && semi && final.x > semi.x + semi.width).toBe(true);
    await shot(a.page, 'tournament-over-wide');

    // The list shows it finished, with its winner.
    await watcher.goto('/tournaments');
    await expect.poll(() => watcher.getByTestId(`tournament-status-${id}`).textContent()).toContain(champion ?? '');
    await shot(watcher, 'tournaments-list');
  });

  it('of the Swiss kind, among bots, shows its standings, the tie-breaks and each round’s pairings', async () => {
    const c = await player(env.browser, env.server.url, 'swiss');
    await c.page.setViewportSize({ width: 390, height: 844 });
    await c.page.goto('/tournaments');
    await c.page.getByTestId('tournament-name').fill(`Swiss ${c.name.slice(-6)}`);
    await c.page.getByTestId('tournament-format-swiss').check();
    await c.page.getByTestId('tournament-round-count').fill('2');
    await c.page.getByTestId('tournament-length-1').selectOption('1');
    await c.page.getByTestId('tournament-clock-1').selectOption('speed');
    await c.page.getByTestId('tournament-create').click();
    await c.page.waitForURL(/\/tournaments\/[A-Za-z0-9_-]+$/);
    for (const n of [1, 2, 3, 4]) {
      await c.page.getByTestId('tournament-add-bot').click();
      await expect.poll(() => c.page.locator('[data-testid="tournament-entrants"] tbody tr').count()).toBe(n);
    }
    await c.page.getByTestId('tournament-start-now').click();
    await expect
      .poll(() => c.page.getByTestId('tournament').getAttribute('data-status'), { timeout: MATCH_MS })
      .toBe('over');
    await expect.poll(() => c.page.locator('[data-testid="standings"] tbody tr').count()).toBe(4);
    await c.page.getByTestId('swiss-round-1').waitFor();
    await c.page.getByTestId('swiss-round-2').waitFor();
    expect(await c.page.locator('#tournament-tie-breaks').textContent()).toContain('Buchholz');
    // Two rounds of four: the leader won both (place, rating, score…); the podium names him first.
    const leader = c.page.locator('[data-testid="standings"] tbody tr').first();
    expect(await leader.locator('td').nth(2).textContent()).toBe('2');
    const name = (await leader.locator('th').textContent()) ?? '';
    expect(await c.page.getByTestId('podium-1').textContent()).toContain(name);
    const widths = await c.page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      window: document.documentElement.clientWidth,
    }));
    expect(widths.page).toBeLessThanOrEqual(widths.window);
    await shot(c.page, 'tournament-swiss-over');

    // In Arabic the page reads right to left, in its own words, and still fits the phone.
    await c.page.getByTestId('language').selectOption('ar');
    await expect.poll(() => c.page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await expect.poll(() => c.page.locator('#tournament-standings').textContent()).toBe('الترتيب');
    const rtl = await c.page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(rtl).toBeLessThanOrEqual(0);
    await shot(c.page, 'tournament-swiss-ar');
  });

  it('is cancelled by its creator from the keyboard, the focus kept on the question and its answers', async () => {
    const d = await player(env.browser, env.server.url, 'cancel');
    await d.page.goto('/tournaments');
    await d.page.getByTestId('tournament-name').fill(`Doomed ${d.name.slice(-6)}`);
    await d.page.getByTestId('tournament-create').click();
    await d.page.waitForURL(/\/tournaments\/[A-Za-z0-9_-]+$/);
    const focused = () => d.page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null);
    // Asked whether he means it, he is on the safe answer; declining brings him back to the button.
    await d.page.getByTestId('tournament-cancel').focus();
    await d.page.keyboard.press('Enter');
    await expect.poll(focused).toBe('tournament-cancel-no');
    await d.page.keyboard.press('Enter');
    await expect.poll(focused).toBe('tournament-cancel');
    // Asked again, he tabs back to the answer that cancels it.
    await d.page.keyboard.press('Enter');
    await expect.poll(focused).toBe('tournament-cancel-no');
    await d.page.keyboard.press('Shift+Tab');
    expect(await focused()).toBe('tournament-cancel-yes');
    await d.page.keyboard.press('Enter');
    await expect.poll(() => d.page.getByTestId('tournament').getAttribute('data-status')).toBe('cancelled');
  });
});
