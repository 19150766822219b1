// Playing through the page as a person would: read what the board offers (its data
// attributes), click or tap a checker and then where it goes, confirm, roll, answer the cube.
// Every wait is on the page's own state (data-version, data-status, the board), never a fixed sleep.

import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { STEP_MS } from './browser.js';

export type Gesture = 'click' | 'tap';

/** What the page shows, read in one go. Places use the viewer's numbering: 25 bar, 0 off. */
export interface Seen {
  readonly version: number;
  readonly phase: string;
  readonly status: string;
  readonly over: boolean;
  /** Checkers per point 1..24 (index 0 unused). */
  readonly own: readonly number[];
  readonly opp: readonly number[];
  readonly bar: { readonly own: number; readonly opp: number };
  readonly off: number;
  readonly sources: readonly number[];
  readonly destinations: readonly number[];
  readonly dice: readonly number[];
  readonly cube: { readonly value: number; readonly owner: string } | null;
  /** Buttons present and enabled, by testid. */
  readonly enabled: readonly string[];
}

export async function look(page: Page): Promise<Seen> {
  return page.evaluate(() => {
    const q = (sel: string) => document.querySelector<HTMLElement | SVGElement>(sel);
    const num = (el: Element | null, attr: string) => Number(el?.getAttribute(attr) ?? 0);
    const own = [0];
    const opp = [0];
    const sources: number[] = [];
    const destinations: number[] = [];
    for (let p = 1; p <= 24; p++) {
      const el = q(`[data-testid="point-${p}"]`);
      own.push(num(el, 'data-own'));
      opp.push(num(el, 'data-opp'));
      if (el?.getAttribute('data-source') === 'true') sources.push(p);
      if (el?.getAttribute('data-dest') === 'true') destinations.push(p);
    }
    const bar = q('[data-testid="bar"]');
    if (bar?.getAttribute('data-source') === 'true') sources.push(25);
    const off = q('[data-testid="off"]');
    if (off?.getAttribute('data-dest') === 'true') destinations.push(0);
    const cube = q('[data-testid="cube"]');
    const dice = [...document.querySelectorAll('[data-testid="dice"] [data-value]')].map((d) =>
      Number(d.getAttribute('data-value')),
    );
    const buttons = ['roll', 'double', 'take', 'pass', 'confirm', 'undo', 'resign', 'accept', 'decline', 'join'];
    const play = q('[data-testid="play"]');
    return {
      version: Number(play?.getAttribute('data-version') ?? -1),
      phase: play?.getAttribute('data-phase') ?? '',
      status: q('[data-testid="status"]')?.getAttribute('data-status') ?? '',
      over: q('[data-testid="game-over"]') !== null,
      own,
      opp,
      bar: { own: num(bar, 'data-own'), opp: num(bar, 'data-opp') },
      off: num(off, 'data-own'),
      sources,
      destinations,
      dice,
      cube: cube ? { value: num(cube, 'data-value'), owner: cube.getAttribute('data-owner') ?? '' } : null,
      enabled: buttons.filter((b) => {
        const el = q(`[data-testid="${b}"]`) as HTMLButtonElement | null;
        return el !== null && !el.disabled;
      }),
    };
  });
}

/** Where to press a place: near the board's edge, clear of the dice and the cube in the middle. */
function pressPoint(place: number, box: { width: number; height: number }): { x: number; y: number } {
  const top = place >= 13 && place <= 24;
  const y = top ? 0.15 : place === 25 ? 0.75 : 0.88;
  return { x: box.width / 2, y: box.height * y };
}

const placeId = (place: number) => (place === 25 ? 'bar' : place === 0 ? 'off' : `point-${place}`);

/** Clicks or taps one place of the board. */
export async function press(page: Page, place: number, gesture: Gesture = 'click'): Promise<void> {
  const target = page.getByTestId(placeId(place));
  const box = await target.boundingBox();
  if (box === null) throw new Error(`${placeId(place)} is not on the screen`);
  const position = pressPoint(place, box);
  if (gesture === 'tap') await target.tap({ position });
  // The mouse at the place's own coordinates, as a person clicks: the browser still finds what
  // is under it, and the step waits on the page's answer (changed), so the locator's own
  // actionability round trips before each click (about a fifth of a game's time) buy nothing.
  else await page.mouse.click(box.x + position.x, box.y + position.y);
}

/** Clicks or taps a button by its testid. */
export async function button(page: Page, testid: string, gesture: Gesture = 'click'): Promise<void> {
  const b = page.getByTestId(testid);
  if (gesture === 'tap') await b.tap();
  else await b.click();
}

const sameEntry = (a: Seen, b: Seen) =>
  a.version === b.version &&
  a.sources.join() === b.sources.join() &&
  a.destinations.join() === b.destinations.join() &&
  a.own.join() === b.own.join() &&
  a.enabled.join() === b.enabled.join();

/** Waits until the board or the buttons differ from what was seen before a gesture. */
async function changed(page: Page, before: Seen): Promise<Seen> {
  const deadline = Date.now() + STEP_MS;
  for (;;) {
    const now = await look(page);
    if (!sameEntry(now, before)) return now;
    if (Date.now() > deadline) throw new Error(`the page did not react (status ${now.status}, v${now.version})`);
    await page.waitForTimeout(20);
  }
}

/**
 * One step of a play: the checker farthest from home (the bar first), to the destination
 * farthest along (bearing off first). A checker with one destination moves on the first press.
 */
export async function step(page: Page, gesture: Gesture = 'click'): Promise<Seen> {
  const before = await look(page);
  const from = before.sources.includes(25) ? 25 : Math.max(...before.sources);
  if (!Number.isFinite(from)) throw new Error(`no checker to move (status ${before.status})`);
  await press(page, from, gesture);
  const picked = await changed(page, before);
  if (picked.destinations.length === 0) return picked;
  const to = picked.destinations.includes(0) ? 0 : Math.min(...picked.destinations);
  await press(page, to, gesture);
  return changed(page, picked);
}

/** Enters a whole play step by step, then confirms it and waits for the server's answer. */
export async function playMove(page: Page, gesture: Gesture = 'click'): Promise<void> {
  let seen = await look(page);
  expect(seen.status).toBe('yourMove');
  while (!seen.enabled.includes('confirm')) seen = await step(page, gesture);
  await button(page, 'confirm', gesture);
  await versionAfter(page, seen.version);
}

/** Waits for the page to show a version after `v`. */
export async function versionAfter(page: Page, v: number): Promise<number> {
  const handle = await page.waitForFunction(
    (before) => {
      const now = Number(document.querySelector('[data-testid="play"]')?.getAttribute('data-version') ?? -1);
      return now > before ? now : false;
    },
    v,
    { timeout: STEP_MS },
  );
  return (await handle.jsonValue()) as number;
}

/** What the viewer is asked to do now, once the page waits for him (or the game is over). */
export type Turn = 'yourRoll' | 'yourMove' | 'doubled' | 'resignOffer' | 'over';

/** Runs in the page: what its player is asked to do now, or false while he waits. */
function askedNow(): Turn | false {
  if (document.querySelector('[data-testid="game-over"]')) return 'over';
  const status = document.querySelector('[data-testid="status"]')?.getAttribute('data-status');
  const ready = (id: string) => {
    const b = document.querySelector(`[data-testid="${id}"]`) as HTMLButtonElement | null;
    return b !== null && !b.disabled;
  };
  if (status === 'yourRoll' && ready('roll')) return status;
  if (status === 'yourMove' && document.querySelector('[data-testid="confirm"]')) return status;
  if (status === 'doubled' && ready('take')) return status;
  if (status === 'resignOffer' && ready('accept')) return status;
  if (status === 'over') return 'over';
  return false;
}

export async function myTurn(page: Page, timeout = STEP_MS): Promise<Turn> {
  const handle = await page.waitForFunction(askedNow, undefined, { timeout, polling: 50 });
  return (await handle.jsonValue()) as Turn;
}

/** Rolls and waits until the roll is on the page. */
export async function roll(page: Page, gesture: Gesture = 'click'): Promise<void> {
  const { version } = await look(page);
  await button(page, 'roll', gesture);
  await versionAfter(page, version);
}

/** A button that sends one action, then the server's answer. */
export async function act(page: Page, testid: string, gesture: Gesture = 'click'): Promise<void> {
  const { version } = await look(page);
  await button(page, testid, gesture);
  await versionAfter(page, version);
}

/** Answers the page until the viewer has a play to make: rolls, and takes a double if offered. */
export async function untilMyMove(page: Page, gesture: Gesture = 'click'): Promise<void> {
  for (;;) {
    const turn = await myTurn(page);
    if (turn === 'yourMove') return;
    if (turn === 'yourRoll') await roll(page, gesture);
    else if (turn === 'doubled') await act(page, 'take', gesture);
    else throw new Error(`the page shows ${turn} where a move was expected`);
  }
}

/**
 * Plays the viewer's side until the game ends (the dialog opens): rolls, plays the first
 * legal way, takes every double, declines no resignation. Returns the number of plays made.
 */
export async function playGame(page: Page, gesture: Gesture = 'click', maxPlays = 200): Promise<number> {
  let plays = 0;
  for (;;) {
    const turn = await myTurn(page);
    if (turn === 'over') return plays;
    if (turn === 'yourRoll') await roll(page, gesture);
    else if (turn === 'yourMove') {
      await playMove(page, gesture);
      plays++;
    } else if (turn === 'doubled') await act(page, 'take', gesture);
    else await act(page, 'accept', gesture);
    if (plays > maxPlays) throw new Error(`no end after ${maxPlays} plays`);
  }
}

/** Starts a game from the home page; returns its id once the board is shown. */
export async function newGame(
  page: Page,
  options: { opponent: 'bot' | 'friend'; length: number; level?: string },
): Promise<string> {
  await page.goto('/');
  await page.getByTestId('new-length').selectOption(String(options.length));
  await page.getByTestId(`new-opponent-${options.opponent}`).check();
  if (options.opponent === 'bot') await page.getByTestId('new-level').selectOption(options.level ?? 'beginner');
  await page.getByTestId('new-start').click();
  await page.waitForURL(/\/play\/[A-Za-z0-9_-]+$/);
  await page.getByTestId('play').waitFor();
  return new URL(page.url()).pathname.split('/').at(-1) as string;
}

/**
 * A game between two people: the first page starts it for a friend and reads the invite
 * link it shows; the second opens that link and lands on the board. Returns the game's id.
 */
export async function inviteGame(host: Page, guest: Page, length: number): Promise<string> {
  const id = await newGame(host, { opponent: 'friend', length });
  const link = await host.getByTestId('invite-link').inputValue();
  expect(link).toMatch(/\/invite\/[A-Za-z0-9_-]+$/);
  await guest.goto(link);
  await guest.waitForURL(new RegExp(`/play/${id}$`));
  await guest.getByTestId('play').waitFor();
  // Both pages see the game start (the opening roll is the server's).
  for (const page of [host, guest]) {
    await page.waitForFunction(() => {
      const status = document.querySelector('[data-testid="status"]')?.getAttribute('data-status');
      return status !== undefined && status !== 'waiting' && status !== 'opening';
    });
  }
  return id;
}

/** Of two pages in one game, the one whose player is asked to act, and what for. */
export async function whoActs(a: Page, b: Page): Promise<{ page: Page; other: Page; turn: Turn }> {
  const deadline = Date.now() + STEP_MS;
  for (;;) {
    for (const [page, other] of [
      [a, b],
      [b, a],
    ] as const) {
      const turn = await page.evaluate(askedNow);
      if (turn !== false) return { page, other, turn };
    }
    if (Date.now() > deadline) throw new Error('neither player is asked to act');
    await a.waitForTimeout(50);
  }
}

/**
 * Waits until both pages show the same version, then checks they show the same board, each
 * from its own side: my point p is the other player's point 25 - p.
 */
export async function expectSameGame(a: Page, b: Page): Promise<number> {
  const target = Math.max((await look(a)).version, (await look(b)).version);
  for (const page of [a, b]) if ((await look(page)).version < target) await versionAfter(page, target - 1);
  const [x, y] = [await look(a), await look(b)];
  expect(y.version).toBe(x.version);
  for (let p = 1; p <= 24; p++) {
    expect({ point: p, own: x.own[p], opp: x.opp[p] }).toEqual({ point: p, own: y.opp[25 - p], opp: y.own[25 - p] });
  }
  expect(y.bar).toEqual({ own: x.bar.opp, opp: x.bar.own });
  return x.version;
}

/** Resigns a single game from the page on turn; the other page accepts. */
export async function resignSingle(resigner: Page, winner: Page): Promise<void> {
  await button(resigner, 'resign');
  await act(resigner, 'resign-1');
  expect(await myTurn(winner)).toBe('resignOffer');
  await act(winner, 'accept');
}
