// People playing people through the page: accounts made with a context's own
// cookie, a friend's match set up with its clock and rating from the home page's form, and
// what the table shows about the players (seat, clocks, the end dialog's ratings). Every wait
// is on the page's own state, never a fixed sleep.

import type { Browser, Page, WebSocket } from 'playwright-core';
import { expect } from 'vitest';
import { newContext, newPage } from './browser.js';

export const PASSWORD = 'correct horse battery';

/** A name no other test or run has taken: a prefix, the time and a little chance (3 to 24 of [A-Za-z0-9_-]). */
export function uniqueName(prefix: string): string {
  const stamp = (Date.now() % 36 ** 6).toString(36);
  const chance = Math.floor(Math.random() * 36 ** 3).toString(36);
  return `${prefix}_${stamp}${chance}`.slice(0, 24);
}

/** Registers `name` from the page (its context keeps the session's cookie), as the account form does. */
export async function register(page: Page, name: string): Promise<void> {
  if (page.url() === 'about:blank') await page.goto('/account');
  const reply = await page.evaluate(
    async (credentials) => {
      const r = await fetch('/api/register', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(credentials),
      });
      return { status: r.status, body: (await r.json()) as { name?: string; guest?: boolean } };
    },
    { name, password: PASSWORD },
  );
  expect(reply).toMatchObject({ status: 200, body: { name, guest: false } });
}

/** A player: a fresh browser context and page, registered under a new name unless `guest`. */
export async function player(
  browser: Browser,
  url: string,
  prefix: string,
  options: { guest?: boolean } = {},
): Promise<{ page: Page; name: string }> {
  const page = await newPage(await newContext(browser, url));
  const name = uniqueName(prefix);
  if (!options.guest) await register(page, name);
  return { page, name };
}

/** The clock a test asks for: a preset, untimed, or a custom delay and reserve per point. */
export type ClockAsked =
  | { readonly preset: 'speed' | 'normal' | 'tournament' | 'casual' | 'untimed' }
  | { readonly delaySeconds: number; readonly perPointSeconds: number };

/**
 * Sets up a match for a friend from the home page's form (backgammon), with its clock and
 * rating, and returns the game's id and the invite link it shows.
 */
export async function friendMatch(
  host: Page,
  options: { length: number; clock: ClockAsked; rated: boolean },
): Promise<{ id: string; link: string }> {
  await host.goto('/');
  await host.getByTestId('new-game').selectOption('backgammon');
  await host.getByTestId('new-length').selectOption(String(options.length));
  await host.getByTestId('new-opponent-friend').check();
  const clock = options.clock;
  if ('preset' in clock) await host.getByTestId('new-clock').selectOption(clock.preset);
  else {
    await host.getByTestId('new-clock').selectOption('custom');
    await host.getByTestId('new-clock-delay').fill(String(clock.delaySeconds));
    // The form takes the reserve in minutes; 5 s is 0.0833… and rounds back to 5,000 ms.
    await host.getByTestId('new-clock-perPoint').fill(String(clock.perPointSeconds / 60));
  }
  // The rated choice is enabled once the page has read that the visitor has an account.
  await host.getByTestId(options.rated ? 'new-rated' : 'new-casual').check();
  await host.getByTestId('new-start').click();
  await host.waitForURL(/\/play\/[A-Za-z0-9_-]+$/);
  const link = await host.getByTestId('invite-link').inputValue();
  expect(link).toMatch(/\/invite\/[A-Za-z0-9_-]+$/);
  return { id: new URL(host.url()).pathname.split('/').at(-1) as string, link };
}

/** Opens an invite link and waits until the page shows the match's board. */
export async function accept(guest: Page, link: string, id: string): Promise<void> {
  await guest.goto(link);
  await guest.waitForURL(new RegExp(`/play/${id}$`));
  await guest.getByTestId('play').waitFor();
}

/** Waits until the page shows the match begun: past waiting for the opponent and the opening roll. */
export async function begun(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const status = document.querySelector('[data-testid="status"]')?.getAttribute('data-status');
    return status !== undefined && status !== 'waiting' && status !== 'opening';
  });
}

/** The viewer's seat, as the score bar marks it ("(you)" beside his name). */
export async function seatOf(page: Page): Promise<0 | 1> {
  await page.getByTestId('player-0').waitFor();
  const seat = await page.evaluate(() =>
    [0, 1].find((s) => document.querySelector(`[data-testid="player-${s}"] .you`) !== null),
  );
  if (seat !== 0 && seat !== 1) throw new Error('the page marks neither seat as the viewer’s');
  return seat;
}

/** One seat's clock as the page shows it now. */
export interface ClockSeen {
  /** The reserve shown, in ms (the page's local countdown, rounded). */
  readonly reserve: number;
  readonly running: boolean;
  /** Under ten seconds to the flag: the warning colour. */
  readonly low: boolean;
  /** The text shown ("0:04.3", "2:00 +10"). */
  readonly text: string;
}

export async function clockOf(page: Page, seat: 0 | 1): Promise<ClockSeen> {
  const clock = page.getByTestId(`clock-${seat}`);
  await clock.waitFor();
  return clock.evaluate((el) => ({
    reserve: Number(el.getAttribute('data-reserve')),
    running: el.getAttribute('data-running') === 'true',
    low: el.getAttribute('data-low') === 'true',
    text: el.querySelector('.digits')?.textContent ?? '',
  }));
}

/** What the end-of-match dialog says: how the last game ended, who won it. */
export async function result(page: Page, timeout?: number): Promise<{ kind: string; winner: string }> {
  const line = page.getByTestId('game-over-result');
  await line.waitFor(timeout === undefined ? {} : { timeout });
  return line.evaluate((el) => ({
    kind: el.getAttribute('data-kind') ?? '',
    winner: el.getAttribute('data-winner') ?? '',
  }));
}

/** A seat's rating change as the end dialog lists it: before, after and the change, whole as ratings are shown. */
export interface RatingSeen {
  readonly before: number;
  readonly after: number;
  readonly change: number;
  readonly text: string;
}

/** The numbers of a rating line ("ana: 1,500 → 1,508 (+8)"), read in English. */
export async function ratingChange(page: Page, seat: 0 | 1): Promise<RatingSeen> {
  const line = page.getByTestId(`rating-change-${seat}`);
  await line.waitFor();
  const text = (await line.textContent()) ?? '';
  const change = Number(await line.getAttribute('data-change'));
  // The numbers after the name (a name may hold digits too).
  const rest = await line.evaluate((el) => {
    const copy = el.cloneNode(true) as Element;
    copy.querySelector('bdi')?.remove();
    return copy.textContent ?? '';
  });
  const numbers = [...rest.replace(/\u2212/g, '-').matchAll(/[+-]?\d[\d,]*/g)].map((m) =>
    Number(m[0].replace(/,/g, '')),
  );
  if (numbers.length < 3) throw new Error(`a rating line without before, after and change: ${text}`);
  const [before = 0, after = 0] = numbers;
  return { before, after, change, text };
}

/** A game's clock as a frame of the server carries it (protocol ClockView). */
export interface ClockFrame {
  readonly reserve: readonly [number, number];
  readonly delay: number;
  readonly actor: 0 | 1 | null;
  readonly running: boolean;
}

/** The first full state of a game a page receives on a socket opened after the call, and when it came. */
export interface StateSeen {
  readonly version: number;
  readonly clock: ClockFrame | null;
  /** The test's time when the frame arrived. */
  readonly at: number;
  /** The test's time when the socket that carried it was opened (the frame was written after). */
  readonly opened: number;
}

/**
 * Watches the page's next sockets (the reconnects after a restart) for the game's first
 * `state` frame. The page hides its offline banner as soon as a socket opens, before the state
 * comes: this tells when the page holds the server's fresh reading, and what it was.
 */
export function nextState(page: Page, game: string, timeout = 45_000): Promise<StateSeen> {
  return new Promise((resolve, reject) => {
    const done = () => {
      clearTimeout(timer);
      page.off('websocket', onSocket);
    };
    const timer = setTimeout(() => {
      done();
      reject(new Error(`no state of game ${game} within ${timeout} ms`));
    }, timeout);
    const onSocket = (ws: WebSocket) => {
      const opened = Date.now();
      ws.on('framereceived', ({ payload }) => {
        if (typeof payload !== 'string' || !payload.includes('"state"')) return;
        const frame = JSON.parse(payload) as { t: string; game: string; v: number; view: { clock: ClockFrame | null } };
        if (frame.t !== 'state' || frame.game !== game) return;
        done();
        resolve({ version: frame.v, clock: frame.view.clock, at: Date.now(), opened });
      });
    };
    page.on('websocket', onSocket);
  });
}

/**
 * Waits until the page shows a seat's clock as a frame read it: the same reserve when it stands,
 * counted down from the frame's arrival when it runs (within `slack` ms either way). For a
 * clock without delay, whose actor's reserve runs from the start of his turn.
 */
export async function showsFrame(page: Page, seat: 0 | 1, seen: StateSeen, slack = 500): Promise<ClockSeen> {
  const clock = seen.clock;
  if (clock === null) throw new Error('the frame has no clock');
  const running = clock.running && clock.actor === seat;
  await page.waitForFunction(
    ({ seat, reserve, running, at, slack }) => {
      const el = document.querySelector(`[data-testid="clock-${seat}"]`);
      if (el === null) return false;
      const want = running ? reserve - (Date.now() - at) : reserve;
      return Math.abs(Number(el.getAttribute('data-reserve')) - want) <= slack;
    },
    { seat, reserve: clock.reserve[seat], running, at: seen.at, slack },
  );
  return clockOf(page, seat);
}
