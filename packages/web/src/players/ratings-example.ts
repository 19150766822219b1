import { kFactor, type PlayerRating, rateMatch, winProbability } from '@zar/match';

/**
 * The ratings page's worked examples, computed by the match layer's own FIBS code (the code
 * that rates every match) rather than typed into the page: if the formula ever changes, the
 * example changes with it.
 */
export interface WorkedExample {
  /** The favourite's and the underdog's ratings, and the match length. */
  readonly favourite: number;
  readonly underdog: number;
  readonly length: number;
  readonly d: number;
  readonly sqrtN: number;
  /** The chance of an upset: the underdog wins. */
  readonly upset: number;
  /** The favourite wins (both experienced): the change, and the new ratings. */
  readonly expected: { readonly change: number; readonly favourite: number; readonly underdog: number };
  /** The underdog wins (both experienced). */
  readonly surprise: { readonly change: number; readonly favourite: number; readonly underdog: number };
  /** The underdog is a new player (experience 0) and wins. */
  readonly newcomer: {
    readonly k: number;
    readonly gain: number;
    readonly loss: number;
    readonly favourite: number;
    readonly underdog: number;
  };
}

/** Enough rated points that K is 1 (from 400 on). */
const EXPERIENCED = 1000;

export const EXAMPLE = { favourite: 1600, underdog: 1500, length: 5 } as const;

function rated(winner: PlayerRating, loser: PlayerRating, length: number) {
  const r = rateMatch(winner, loser, length);
  if (!r.ok) throw new Error(`the ratings page's example is not a valid match: ${r.error.message}`);
  return r.value;
}

export function workedExample(favourite: number, underdog: number, length: number): WorkedExample {
  const fav: PlayerRating = { rating: favourite, experience: EXPERIENCED };
  const dog: PlayerRating = { rating: underdog, experience: EXPERIENCED };
  const newcomer: PlayerRating = { rating: underdog, experience: 0 };
  const upset = winProbability(underdog, favourite, length);
  if (!upset.ok) throw new Error(`the ratings page's example is not a valid match: ${upset.error.message}`);
  const expected = rated(fav, dog, length);
  const surprise = rated(dog, fav, length);
  const fresh = rated(newcomer, fav, length);
  return {
    favourite,
    underdog,
    length,
    d: Math.abs(favourite - underdog),
    sqrtN: Math.sqrt(length),
    upset: upset.value,
    expected: { change: expected.winnerGain, favourite: expected.winner.rating, underdog: expected.loser.rating },
    surprise: { change: surprise.winnerGain, favourite: surprise.loser.rating, underdog: surprise.winner.rating },
    newcomer: {
      k: kFactor(newcomer.experience),
      gain: fresh.winnerGain,
      loss: fresh.loserLoss,
      favourite: fresh.loser.rating,
      underdog: fresh.winner.rating,
    },
  };
}
