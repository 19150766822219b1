import { parseMatchSettings } from '@zar/match';
import type { LiveGame } from '@zar/protocol';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bestLive, compareLive } from '../src/lobby/live-games.js';

/*
 * The live list's order (live-games.ts): games between people first, rated ones by their best
 * rating, then unrated; games against a bot after them; ties by spectators, then the latest
 * action, then the id.
 */

type Seat = LiveGame['players'][0];

const SETTINGS: LiveGame['settings'] = (() => {
  const s = parseMatchSettings({ length: 5, cycle: [{ game: 'backgammon' }] });
  if (!s.ok) throw new Error(s.error.message);
  return s.value;
})();

const person = (rating: number | null): Seat => ({ name: 'p', kind: 'human', rating });
const BOT: Seat = { name: 'Bot (club)', kind: 'bot', rating: null };

function game(id: string, players: [Seat, Seat], spectators = 0, updatedAt = 0): LiveGame {
  return {
    id,
    settings: SETTINGS,
    players,
    score: [0, 0],
    rated: false,
    clock: null,
    spectators,
    tournament: null,
    updatedAt,
  };
}

const seat = fc.oneof(
  fc.constant(BOT),
  fc.constant(person(null)),
  fc.integer({ min: 800, max: 2400 }).map((r) => person(r)),
);
const games = fc.uniqueArray(
  fc.record({
    id: fc.stringMatching(/^[a-z0-9]{6,8}$/),
    players: fc.tuple(seat, seat),
    spectators: fc.nat(20),
    updatedAt: fc.nat(1_000),
  }),
  { selector: (g) => g.id, maxLength: 30 },
);
const live = games.map((gs) => gs.map((g) => game(g.id, g.players, g.spectators, g.updatedAt)));

/** 0: between people with a rating, 1: between people without, 2-3: against a bot (rated person, not). */
const tier = (g: LiveGame): number => {
  const people = g.players.filter((p) => p.kind === 'human');
  return (people.length < 2 ? 2 : 0) + (people.some((p) => p.rating !== null) ? 0 : 1);
};
const best = (g: LiveGame): number => Math.max(0, ...g.players.map((p) => p.rating ?? 0));

describe('the live list order', () => {
  it('puts people before bots, rated before unrated, the higher rating first, then spectators, then the latest', () => {
    const list = [
      game('bot-rated', [person(2300), BOT], 50),
      game('people-unrated-watched', [person(null), person(null)], 3),
      game('people-unrated', [person(null), person(null)], 0, 9),
      game('people-unrated-older', [person(null), person(null)], 0, 1),
      game('people-1500', [person(1500), person(1400)]),
      game('people-1900', [person(1200), person(1900)]),
      game('bot-unrated', [BOT, person(null)], 80),
      game('people-1500-watched', [person(1500), person(null)], 2),
    ];
    expect(bestLive(list, 50).map((g) => g.id)).toEqual([
      'people-1900',
      'people-1500-watched',
      'people-1500',
      'people-unrated-watched',
      'people-unrated',
      'people-unrated-older',
      'bot-rated',
      'bot-unrated',
    ]);
    expect(bestLive(list, 2).map((g) => g.id)).toEqual(['people-1900', 'people-1500-watched']);
  });

  it('is a total order: the same list whatever order the games were read in', () => {
    const twice = live.chain((list) =>
      fc.tuple(fc.constant(list), fc.shuffledSubarray(list, { minLength: list.length, maxLength: list.length })),
    );
    fc.assert(
      fc.property(twice, ([list, shuffled]) => {
        expect(bestLive(shuffled, 100)).toEqual(bestLive(list, 100));
      }),
    );
  });

  it('keeps every game once, each no better than the one before it', () => {
    fc.assert(
      fc.property(live, (list) => {
        const sorted = bestLive(list, 100);
        expect(sorted.map((g) => g.id).sort()).toEqual(list.map((g) => g.id).sort());
        for (let i = 1; i < sorted.length; i++) {
          const [a, b] = [sorted[i - 1] as LiveGame, sorted[i] as LiveGame];
          expect(compareLive(a, b)).toBeLessThan(0);
          expect(tier(a)).toBeLessThanOrEqual(tier(b));
          if (tier(a) === tier(b)) expect(best(a)).toBeGreaterThanOrEqual(best(b));
          if (tier(a) === tier(b) && best(a) === best(b)) expect(a.spectators).toBeGreaterThanOrEqual(b.spectators);
        }
      }),
    );
  });

  it('keeps the best `limit` games', () => {
    fc.assert(
      fc.property(live, fc.nat(40), (list, limit) => {
        expect(bestLive(list, limit)).toEqual(bestLive(list, 100).slice(0, limit));
      }),
    );
  });
});
