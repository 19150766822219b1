import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_RATING_BOOK,
  kFactor,
  NEW_PLAYER,
  type PlayerRating,
  rateMatch,
  ratingIn,
  recordMatch,
  winProbability,
  withRating,
} from '../src/ratings.js';

function rated(winner: PlayerRating, loser: PlayerRating, length: number) {
  const r = rateMatch(winner, loser, length);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

const veteran = (rating: number): PlayerRating => ({ rating, experience: 1000 });

describe('FIBS formula (spec backgammon.md §14)', () => {
  it('worked check: equal ratings, 1-point match, veterans: +2.0 / -2.0', () => {
    // P = 0.5, K = 1, sqrt(1) = 1: 4 * 1 * 1 * 0.5 = 2.
    const r = rated(veteran(1500), veteran(1500), 1);
    expect(r.winner.rating).toBeCloseTo(1502, 12);
    expect(r.loser.rating).toBeCloseTo(1498, 12);
    expect(r.winner.experience).toBe(1001);
    expect(r.loser.experience).toBe(1001);
  });

  it('favourite wins a 9-point match (hand-computed)', () => {
    // D = 100, sqrt(9) = 3, D*sqrt(n)/2000 = 0.15, 10^0.15 = 1.412538,
    // P_upset = 1 / 2.412538 = 0.414501; gain = 4 * 1 * 3 * 0.414501 = 4.974016.
    const r = rated(veteran(1600), veteran(1500), 9);
    expect(r.winnerGain).toBeCloseTo(4.974016, 5);
    expect(r.loserLoss).toBeCloseTo(4.974016, 5);
    expect(r.winner.rating).toBeCloseTo(1604.974016, 5);
    expect(r.loser.rating).toBeCloseTo(1495.025984, 5);
  });

  it('underdog wins the same match (hand-computed)', () => {
    // P = 1 - P_upset = 0.585499; gain = 4 * 1 * 3 * 0.585499 = 7.025984.
    const r = rated(veteran(1500), veteran(1600), 9);
    expect(r.winnerGain).toBeCloseTo(7.025984, 5);
    expect(r.loser.rating).toBeCloseTo(1600 - 7.025984, 5);
  });

  it('is not zero-sum when K differs: a new player beats a veteran', () => {
    // Equal ratings, 1 point: P = 0.5. K_w = 5 (experience 0), K_l = 1.
    // winner + 4 * 5 * 1 * 0.5 = +10; loser - 4 * 1 * 1 * 0.5 = -2.
    const r = rated(NEW_PLAYER, veteran(1500), 1);
    expect(r.winner.rating).toBeCloseTo(1510, 12);
    expect(r.loser.rating).toBeCloseTo(1498, 12);
    expect(r.winner.experience).toBe(1);
  });

  it('uses each player its own K (hand-computed, 5-point match)', () => {
    // D = 200, sqrt(5) = 2.236068, D*sqrt(n)/2000 = 0.2236068, 10^0.2236068 = 1.673432,
    // P_upset = 1 / 2.673432 = 0.3740517 (favourite won).
    // K_w = 5 - 150/100 = 3.5: gain = 4 * 3.5 * 2.236068 * 0.3740517 = 11.709671.
    // K_l = 5 - 300/100 = 2:   loss = 4 * 2   * 2.236068 * 0.3740517 = 6.691241.
    const r = rated({ rating: 1600, experience: 150 }, { rating: 1400, experience: 300 }, 5);
    expect(r.winnerGain).toBeCloseTo(11.709671, 5);
    expect(r.loserLoss).toBeCloseTo(6.691241, 5);
    expect(r.winner.experience).toBe(155);
    expect(r.loser.experience).toBe(305);
  });

  it('K follows the server text at the experience thresholds', () => {
    // [experience, K, why]
    const rows: [number, number, string][] = [
      [0, 5, '5 - 0/100'],
      [100, 4, '5 - 100/100'],
      [399, 1.01, '5 - 399/100 = 1.01, still above the floor'],
      [400, 1, '5 - 4 = 1, the floor is reached'],
      [1000, 1, '5 - 10 = -5, floored at 1'],
    ];
    for (const [experience, k] of rows) expect(kFactor(experience)).toBeCloseTo(k, 12);
  });

  it('K comes from experience before the match (server text, not MacFIBS)', () => {
    // Experience 395 + a 9-point match would give MacFIBS K = 1; the server's K is 5 - 3.95 = 1.05.
    const r = rated({ rating: 1500, experience: 395 }, veteran(1500), 9);
    // 4 * 1.05 * 3 * 0.5 = 6.3
    expect(r.winnerGain).toBeCloseTo(6.3, 12);
  });

  it('returns error values for bad input', () => {
    const bad: [PlayerRating, PlayerRating, number, string][] = [
      [veteran(1500), veteran(1500), 0, 'ERR_RATING_MATCH_LENGTH'],
      [veteran(1500), veteran(1500), -3, 'ERR_RATING_MATCH_LENGTH'],
      [veteran(1500), veteran(1500), Number.NaN, 'ERR_RATING_MATCH_LENGTH'],
      [veteran(1500), veteran(1500), 2.5, 'ERR_RATING_MATCH_LENGTH'],
      [veteran(Number.NaN), veteran(1500), 1, 'ERR_RATING_VALUE'],
      [veteran(1500), veteran(Number.POSITIVE_INFINITY), 1, 'ERR_RATING_VALUE'],
      [{ rating: 1500, experience: -1 }, veteran(1500), 1, 'ERR_RATING_EXPERIENCE'],
      [veteran(1500), { rating: 1500, experience: Number.NaN }, 1, 'ERR_RATING_EXPERIENCE'],
    ];
    for (const [w, l, n, code] of bad) {
      const r = rateMatch(w, l, n);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.code).toBe(code);
    }
    const p = winProbability(Number.NaN, 1500, 1);
    expect(p.ok).toBe(false);
  });
});

describe('RatingBook', () => {
  it('starts every game at 1500 / 0 and keeps games apart', () => {
    expect(ratingIn(EMPTY_RATING_BOOK, 'backgammon')).toEqual(NEW_PLAYER);
    const alice = withRating(EMPTY_RATING_BOOK, 'backgammon', veteran(1700));
    const r = recordMatch(alice, EMPTY_RATING_BOOK, 'long-nardy', 1);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    // Long nardy: both new, equal ratings, K = 5 each: 4 * 5 * 1 * 0.5 = 10.
    expect(ratingIn(r.value.winner, 'long-nardy')).toEqual({ rating: 1510, experience: 1 });
    expect(ratingIn(r.value.loser, 'long-nardy')).toEqual({ rating: 1490, experience: 1 });
    expect(ratingIn(r.value.winner, 'backgammon')).toEqual(veteran(1700));
    expect(ratingIn(alice, 'long-nardy')).toEqual(NEW_PLAYER);
  });

  it('does not read inherited properties as game ids', () => {
    expect(ratingIn(EMPTY_RATING_BOOK, 'toString')).toEqual(NEW_PLAYER);
    const book = withRating(EMPTY_RATING_BOOK, '__proto__', veteran(1600));
    expect(ratingIn(book, '__proto__')).toEqual(veteran(1600));
    expect(Object.getPrototypeOf(book)).toBe(Object.prototype);
  });

  it('passes errors through', () => {
    const r = recordMatch(EMPTY_RATING_BOOK, EMPTY_RATING_BOOK, 'backgammon', 0);
    expect(r.ok).toBe(false);
  });
});

describe('properties', () => {
  const rating = fc.double({ min: 500, max: 2500, noNaN: true });
  const length = fc.integer({ min: 1, max: 25 });
  const experience = fc.integer({ min: 0, max: 5000 });

  it('the probabilities of both sides sum to 1', () => {
    fc.assert(
      fc.property(rating, rating, length, (a, b, n) => {
        const pa = winProbability(a, b, n);
        const pb = winProbability(b, a, n);
        if (!pa.ok || !pb.ok) return false;
        return Math.abs(pa.value + pb.value - 1) < 1e-12;
      }),
    );
  });

  it('the favourite winning gains less than the underdog winning would', () => {
    fc.assert(
      fc.property(rating, rating, length, experience, experience, (a, b, n, ea, eb) => {
        fc.pre(Math.abs(a - b) > 1e-6);
        const fav: PlayerRating = a > b ? { rating: a, experience: ea } : { rating: b, experience: eb };
        const dog: PlayerRating = a > b ? { rating: b, experience: eb } : { rating: a, experience: ea };
        const favWins = rated(fav, dog, n);
        const dogWins = rated(dog, fav, n);
        // Compare per unit of K so the two players' different K factors do not blur the comparison.
        return favWins.winnerGain / kFactor(fav.experience) < dogWins.winnerGain / kFactor(dog.experience);
      }),
    );
  });

  it('the winner never loses points and the loser never gains', () => {
    fc.assert(
      fc.property(rating, rating, length, experience, experience, (a, b, n, ea, eb) => {
        const r = rated({ rating: a, experience: ea }, { rating: b, experience: eb }, n);
        return r.winner.rating >= a && r.loser.rating <= b;
      }),
    );
  });
});
