import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newContext, newPage, shot } from './support/browser.js';
import { accept, begun, player, result, seatOf } from './support/people.js';
import { look, playMove, whoActs } from './support/play.js';
import { suite } from './support/suite.js';

/*
 * A correspondence match between two browser contexts on a server whose days are short: a move,
 * the notification it raises on the other player's hidden pages (his game and his home page),
 * the "your turn" list and the tab's count, and the loss on time of the player who lets his
 * stretch run out.
 */

/** A day of the test server: long enough for a move and the checks between, short enough to wait out. */
const DAY_MS = 30_000;

const env = suite({ ownServer: true, env: { ZAR_CORRESPONDENCE_DAY_MS: String(DAY_MS) } });

/** The home page's refresh of the list (correspondence/matches-list.tsx REFRESH_MS). */
const REFRESH_MS = 30_000;

/**
 * Runs in every page of a context before its scripts: the browser's Notification (and the
 * service worker's showNotification) recording what is raised (the permission the player grants kept in localStorage, so it lasts across pages),
 * and the page's visibility read from localStorage, so that the test can hide the player's pages.
 */
function stubBrowser(): void {
  const hidden = () => localStorage.getItem('zar.test.hidden') === '1';
  Object.defineProperty(Document.prototype, 'hidden', { configurable: true, get: hidden });
  Object.defineProperty(Document.prototype, 'visibilityState', {
    configurable: true,
    get: () => (hidden() ? 'hidden' : 'visible'),
  });
  const notices: unknown[] = [];
  class RecordedNotification {
    static get permission(): string {
      return localStorage.getItem('zar.test.permission') ?? 'default';
    }
    static requestPermission(): Promise<string> {
      localStorage.setItem('zar.test.asked', String(Number(localStorage.getItem('zar.test.asked') ?? '0') + 1));
      localStorage.setItem('zar.test.permission', 'granted');
      return Promise.resolve('granted');
    }
    onclick: (() => void) | null = null;
    constructor(
      readonly title: string,
      readonly options: { body?: string; tag?: string } = {},
    ) {
      notices.push(this);
    }
    close(): void {}
  }
  Object.defineProperty(window, 'Notification', { configurable: true, writable: true, value: RecordedNotification });
  // Where the app's service worker controls the page, the notice is handed to it: recorded the same.
  if (typeof ServiceWorkerRegistration !== 'undefined') {
    ServiceWorkerRegistration.prototype.showNotification = (title: string, options: NotificationOptions = {}) => {
      notices.push({ title, options });
      return Promise.resolve();
    };
  }
  (window as unknown as { zarNotices: unknown[] }).zarNotices = notices;
}

async function stubbed(page: Page): Promise<void> {
  await page.context().addInitScript(stubBrowser);
}

/** How many times the page's browser was asked for notifications. */
const askedOf = (page: Page): Promise<number> =>
  page.evaluate(() => Number(localStorage.getItem('zar.test.asked') ?? '0'));

/** The notifications a page raised: title, body, tag. */
function noticesOf(page: Page): Promise<{ title: string; body: string; tag: string }[]> {
  return page.evaluate(() =>
    (
      (window as unknown as { zarNotices: { title: string; options: { body?: string; tag?: string } }[] }).zarNotices ??
      []
    ).map((n) => ({ title: n.title, body: n.options.body ?? '', tag: n.options.tag ?? '' })),
  );
}

async function waitForNotice(page: Page): Promise<void> {
  await page.waitForFunction(() => ((window as unknown as { zarNotices?: unknown[] }).zarNotices ?? []).length > 0);
}

/** Hides (or shows) every page of the context, as another tab brought forward would. */
async function setHidden(context: BrowserContext, hidden: boolean): Promise<void> {
  for (const page of context.pages()) {
    await page.evaluate((h) => {
      localStorage.setItem('zar.test.hidden', h ? '1' : '0');
      document.dispatchEvent(new Event('visibilitychange'));
    }, hidden);
  }
}

/** A correspondence match for a friend, from the home page's form: one point, a day a move, rated. */
async function correspondenceMatch(host: Page): Promise<{ id: string; link: string }> {
  await host.goto('/');
  await host.getByTestId('new-game').selectOption('backgammon');
  await host.getByTestId('new-length').selectOption('1');
  // Against the bot the form offers no days per move.
  await host.getByTestId('new-opponent-bot').check();
  expect(await host.locator('[data-testid="new-clock"] option[value="days-1"]').count()).toBe(0);
  await host.getByTestId('new-opponent-friend').check();
  await host.getByTestId('new-clock').selectOption('days-1');
  await host.getByTestId('new-rated').check();
  await host.getByTestId('new-start').click();
  await host.waitForURL(/\/play\/[A-Za-z0-9_-]+$/);
  const link = await host.getByTestId('invite-link').inputValue();
  return { id: new URL(host.url()).pathname.split('/').at(-1) as string, link };
}

describe('a correspondence match', () => {
  it('a move notifies the other player’s hidden pages, lists his turn first, and his idle stretch loses on time', async () => {
    const ana = await player(env.browser, env.server.url, 'corr_a');
    const bob = await player(env.browser, env.server.url, 'corr_b');
    for (const p of [ana, bob]) await stubbed(p.page);

    // Starting the match is the click from which the browser is asked, once.
    const { id, link } = await correspondenceMatch(ana.page);
    expect(await askedOf(ana.page)).toBe(1);
    // Bob comes by the invite: the table offers him the notifications, and his click asks the browser.
    await accept(bob.page, link, id);
    await bob.page.getByTestId('notify-offer').waitFor();
    await bob.page.getByTestId('notify-on').click();
    await bob.page.getByTestId('notify-offer').waitFor({ state: 'detached' });
    expect(await askedOf(bob.page)).toBe(1);
    for (const p of [ana, bob]) await begun(p.page);

    const { page: mover, other: waiter } = await whoActs(ana.page, bob.page);
    const moverName = mover === ana.page ? ana.name : bob.name;
    const waiterContext = waiter.context();
    // The waiter's home page, as in a second tab: signed in as he is, notifications allowed, its
    // timers in the test's hands (a context of its own, as a clock is installed for a whole
    // context). The list's first reading has the match on the mover's turn.
    const homeContext = await newContext(env.browser, env.server.url);
    await homeContext.addCookies(await waiterContext.cookies());
    await homeContext.addInitScript(stubBrowser);
    await homeContext.addInitScript(() => {
      localStorage.setItem('zar.test.permission', 'granted');
      localStorage.setItem('zar.notify', 'on');
    });
    const home = await newPage(homeContext);
    await home.clock.install();
    await home.goto('/');
    const row = home.getByTestId(`corr-${id}`);
    await row.waitFor();
    expect(await row.getAttribute('data-your-turn')).toBe('false');
    expect(await home.title()).not.toMatch(/^\(\d+\)/);

    // The waiter's pages go to the background; the mover moves.
    for (const c of [waiterContext, homeContext]) await setHidden(c, true);
    expect((await look(mover)).status).toBe('yourMove');
    await playMove(mover);

    // His game page says so in a notification: who moved, the game.
    await waitForNotice(waiter);
    expect(await noticesOf(waiter)).toEqual([
      { title: `${moverName} moved: your turn`, body: 'Backgammon', tag: `/play/${id}` },
    ]);
    // His home page finds the match in his turn at its next reading, and says so too.
    await home.clock.runFor(REFRESH_MS);
    await waitForNotice(home);
    expect(await noticesOf(home)).toEqual([
      { title: `${moverName} moved: your turn`, body: 'Backgammon', tag: `/play/${id}` },
    ]);
    await home.waitForFunction(
      (game) => document.querySelector(`[data-testid="corr-${game}"]`)?.getAttribute('data-your-turn') === 'true',
      id,
    );
    expect(await home.getByTestId('corr-list').getAttribute('data-your-turn')).toBe('1');
    expect(await home.title()).toMatch(/^\(1\) Zar/);
    await shot(home, 'correspondence-your-turn');
    // The mover's own pages raised nothing.
    expect(await noticesOf(mover)).toEqual([]);

    // The waiter does nothing: his day runs out and he loses on time, both tables say so.
    const loser = await seatOf(waiter);
    const winner = loser === 0 ? 1 : 0;
    const seen = await result(mover, DAY_MS + 30_000);
    expect(seen).toEqual({ kind: 'timeout', winner: String(winner) });
    await setHidden(waiterContext, false);
    expect(await result(waiter, 30_000)).toEqual(seen);
    await shot(mover, 'correspondence-lost-on-time', 'window');

    // The match over, the list has no turn of his left, and the title no count.
    await home.clock.runFor(REFRESH_MS);
    await home.getByTestId('corr-list').waitFor({ state: 'detached' });
    expect(await home.title()).not.toMatch(/^\(\d+\)/);

    // The rated match rates in backgammon's correspondence pool, which the leaderboard names.
    await mover.goto('/leaderboard/corr-backgammon');
    expect(await mover.getByTestId('leaderboard-pool-corr-backgammon').textContent()).toBe(
      'Backgammon · correspondence',
    );
  });
});
