import { type GameAction, newMatch } from '@zar/match';
import { describe, expect, it } from 'vitest';
import type { BotRunner } from '../src/bots/index.js';
import { diceOfRow } from '../src/dice/dice.js';
import { newFairDice } from '../src/dice/fair-seeds.js';
import { startDecision } from '../src/game/join.js';
import { GameProxy } from '../src/game/proxy.js';
import { NO_STANDING } from '../src/game/rating/ratings.js';
import { PAST_PAIR_LIMIT } from '../src/game/rating/view.js';
import type { Subscriber } from '../src/game/room-result.js';
import { humanSeat } from '../src/game/seats.js';
import type { GameRow } from '../src/store/types.js';
import { gameRowFor, ONE_POINT } from './support/game-row.js';

/*
 * What a room knows of its match (proxy.ts), built by hand with no room and no store: the reads
 * made from its values, and what it keeps once the room says the store kept a change or an
 * action. And the decision a person taking the empty seat brings (join.ts startDecision).
 */

const people = [humanSeat('ann', 'Ann'), humanSeat('bob', 'Bob')] as const;
const runner = { decide: async () => ({}), forget: () => undefined } as unknown as BotRunner;
const store = { userById: async () => null, tournamentById: async () => null } as never;
const log = { error: () => undefined, warn: () => undefined };

function proxyOf(row: GameRow): GameProxy {
  return new GameProxy(
    row,
    newMatch(ONE_POINT),
    [],
    diceOfRow(row, []),
    runner,
    { store, log, now: () => 0 },
    undefined,
  );
}

const watcher = (userId: string | null): Subscriber => ({ userId, send: () => undefined });
const OPENING: GameAction = { type: 'opening', dice: [3, 1] };

describe('a GameProxy', () => {
  it('reads its version from its actions, and keeps an action the store kept', () => {
    const game = proxyOf(gameRowFor({ seats: [...people] }));
    expect(game.version).toBe(0);
    expect(game.status).toBe('playing');
    expect(game.flagged(0)).toBeNull(); // untimed
    const before = game.row;
    const next = game.match;
    game.applied(OPENING, { ...next, score: [0, 0] }, undefined, 500, undefined, {});
    expect(game.version).toBe(1);
    expect(game.actions).toEqual([OPENING]);
    expect(game.row).not.toBe(before);
    expect(game.row.updatedAt).toBe(500);
    expect(before.updatedAt).toBe(0);
  });

  it('keeps the row the store kept beside the match, moving its updatedAt only when asked', () => {
    const game = proxyOf(gameRowFor({ seats: [...people] }));
    game.changed({ noSpectators: [true, false] }, 700, false);
    expect(game.row).toMatchObject({ noSpectators: [true, false], updatedAt: 0 });
    game.changed({ open: false }, 800, true);
    expect(game.row).toMatchObject({ open: false, updatedAt: 800 });
  });

  it('shows a match stored as not rated so, and the ratings read', () => {
    const game = proxyOf(gameRowFor({ seats: [...people], rated: true }));
    expect(game.rating.rated).toBe(true);
    game.changed(PAST_PAIR_LIMIT, 900, true);
    expect(game.rating).toMatchObject({ rated: false, unrated: 'pair-limit' });
    game.ratingsRead({ standing: NO_STANDING, next: 'game02' });
    expect(game.rating.rematch).toEqual({ offered: [true, true], next: 'game02' });
  });

  it('draws a fair match’s dice from the seeds once the store kept them complete', () => {
    const fair = newFairDice([...people]);
    const game = proxyOf(gameRowFor({ seats: [...people], fair }));
    expect(game.company.fair.dice.ready).toBe(false);
    game.changed({ fair: { ...fair, clientSeeds: ['a'.repeat(32), 'b'.repeat(32)] } }, 100, false);
    expect(game.company.fair.dice.ready).toBe(true);
  });

  it('senses who is connected and how many watch, and admits as the company says', () => {
    const game = proxyOf(gameRowFor({ seats: [...people] }));
    const subs = new Set([watcher('ann')]);
    expect(game.sensed(subs)).toBe(true);
    expect(game.present).toEqual([true, false]);
    expect(game.sensed(subs)).toBe(false);
    subs.add(watcher('eve'));
    expect(game.sensed(subs)).toBe(true);
    expect(game.company.watching.spectators).toBe(1);
    expect(game.admits('eve')).toBe(true);
    game.changed({ noSpectators: [true, false] }, 0, false);
    expect(game.admits('eve')).toBe(false);
    expect(game.admits('ann')).toBe(true);
  });

  it('gives the frames its values as they are when read', () => {
    const game = proxyOf(gameRowFor({ seats: [...people] }));
    const s = game.frameSource(1234);
    expect(s).toMatchObject({ id: 'game01', version: 0, row: game.row, match: game.match, now: 1234 });
    expect(s.clockPresence(0, 1234)).toMatchObject({ clock: null });
  });
});

describe('a person taking the empty seat', () => {
  const waiting = gameRowFor({ seats: [people[0], humanSeat(null, '')], status: 'waiting', open: true });
  const change = { seats: [...people] as GameRow['seats'], status: 'playing' as const, open: false };

  it('stores the change that starts the game, tells everyone and starts what is due', () => {
    expect(startDecision(waiting, change)).toEqual({
      store: change,
      starts: true,
      sendAway: false,
      tell: 'all',
      opening: false,
    });
  });

  it('sends away those who came to the link when the player forbade spectators', () => {
    expect(startDecision({ ...waiting, noSpectators: [true, false] }, change).sendAway).toBe(true);
  });
});
