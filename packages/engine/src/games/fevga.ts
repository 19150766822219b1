import { mine, theirs } from '../board.js';
import { LATER_GAMES_VALUES, OPENING_ROLL_VALUES, type OptionValues } from '../options.js';
import type { Rules } from '../rules.js';
import { playExists, type TurnModel } from '../search.js';
import { diceList, passTurn, playsOf } from '../standard.js';
import { BOARD_LENGTH, CHECKERS, type Play } from '../types.js';
import {
  across,
  HEAD,
  hasForbiddenBlock,
  moveChecker,
  sameDirectionBasics,
  stepTarget,
  validateSameDirection,
} from './same-direction.js';

export interface FevgaOptions {
  /**
   * Six-point primes outside the start quarter: 'must-open' makes the player open a prime
   * that traps all of the opponent's checkers on one point (fevga.md §4, Zar's decisions);
   * 'long-nardy' forbids any six-block without an opposing checker ahead (Greek apps);
   * 'none' has no prime rule.
   */
  readonly prime: 'must-open' | 'long-nardy' | 'none';
  /**
   * When the start-quarter rule (and the long-nardy block rule, if chosen) is judged: after
   * every step, or on the finished play only.
   */
  readonly restrictionCheck: 'every-step' | 'final';
  /** The opening winner rolls both dice again (Tavli), or plays the two opening dice (read by the match layer). */
  readonly openingRoll: 'winner-rolls-again' | 'play-opening-dice';
  /** Who starts the later games of a match (read by the match layer). */
  readonly laterGames: 'opening-roll' | 'previous-winner';
}

export const FEVGA_DEFAULTS: FevgaOptions = {
  prime: 'must-open',
  restrictionCheck: 'every-step',
  openingRoll: 'winner-rolls-again',
  laterGames: 'previous-winner',
};

/** Every value each option may take (checked when options come from outside). */
export const FEVGA_OPTION_VALUES: OptionValues<FevgaOptions> = {
  prime: ['must-open', 'long-nardy', 'none'],
  restrictionCheck: ['every-step', 'final'],
  openingRoll: OPENING_ROLL_VALUES,
  laterGames: LATER_GAMES_VALUES,
};

/** The opponent's start point in my numbering; my first checker has passed it on my 11. */
const THEIR_START = 12;

/**
 * While my first checker has not passed the opponent's start, the only point I may move
 * from; 0 once any checker may move. The state follows from the board: checkers only move
 * forward, so "one checker left the head and stands on 12..23" holds exactly until the
 * first checker passes.
 */
function firstCheckerPoint(b: Int8Array): number {
  const onHead = mine(b, HEAD);
  if (onHead === CHECKERS) return HEAD;
  if (onHead !== CHECKERS - 1) return 0;
  for (let p = THEIR_START; p < HEAD; p++) if (mine(b, p) > 0) return p;
  return 0;
}

/** All six points of my start quarter (19..24) occupied at once. */
function startQuarterFull(b: Int8Array): boolean {
  for (let p = 19; p <= 24; p++) if (mine(b, p) === 0) return false;
  return true;
}

function fevgaModel(opts: FevgaOptions): TurnModel {
  const scratch = new Int8Array(BOARD_LENGTH);
  const block = opts.prime === 'long-nardy';
  const forbidden = (b: Int8Array): boolean => startQuarterFull(b) || (block && hasForbiddenBlock(b));
  const everyStep = opts.restrictionCheck === 'every-step';
  return {
    boardLength: BOARD_LENGTH,
    target(b, from, die) {
      const first = firstCheckerPoint(b);
      if (first > 0 && from !== first) return -1;
      const to = stepTarget(b, from, die);
      if (to < 0 || !everyStep) return to;
      scratch.set(b);
      moveChecker(scratch, from, to);
      return forbidden(scratch) ? -1 : to;
    },
    apply(b, from, to) {
      moveChecker(b, from, to);
      return false;
    },
    ...(everyStep ? {} : { acceptFinal: (b: Int8Array) => !forbidden(b) }),
  };
}

/**
 * My points forming a six-prime right in front of the opponent when all his checkers on
 * the board stand on one point behind it; empty when he is not trapped that way.
 */
function trappingPrime(b: Int8Array): number[] {
  let spot = 0;
  for (let h = 1; h <= 24; h++) {
    if (theirs(b, h) === 0) continue;
    if (spot > 0) return [];
    spot = h;
  }
  if (spot <= 6) return [];
  const prime: number[] = [];
  for (let h = spot - 1; h >= spot - 6; h--) {
    const q = across(h);
    if (mine(b, q) === 0) return [];
    prime.push(q);
  }
  return prime;
}

/** Keeps the plays that open the trapping prime, when there is one and some play opens it. */
function openThePrime(prime: readonly number[], plays: Play[]): Play[] {
  if (prime.length === 0) return plays;
  // `next` is seen from the opponent: my point p is his opponent's point p there.
  const opening = plays.filter((play) => prime.some((p) => theirs(play.next.board, p) === 0));
  return opening.length > 0 ? opening : plays;
}

export function createFevga(options: Partial<FevgaOptions> = {}): Rules<FevgaOptions> {
  const opts: FevgaOptions = { ...FEVGA_DEFAULTS, ...options };
  const model = fevgaModel(opts);
  return {
    ...sameDirectionBasics('fevga', opts),
    options: opts,
    validate: (pos) => validateSameDirection('fevga', pos),
    turnModel: () => model,
    legalPlays(pos, dice) {
      if (this.outcome(pos)) return [];
      const plays = playsOf(model, pos, diceList(dice), (raw) => passTurn(pos, raw.board));
      return opts.prime === 'must-open' ? openThePrime(trappingPrime(pos.board), plays) : plays;
    },
    // Opening the prime only chooses among the plays: it never leaves none.
    hasPlay(pos, dice) {
      return !this.outcome(pos) && playExists(model, pos.board, diceList(dice));
    },
  };
}
