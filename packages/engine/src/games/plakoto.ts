import { allHome, mine, pipsOf, theirs } from '../board.js';
import { LATER_GAMES_VALUES, OPENING_ROLL_VALUES, type OptionValues } from '../options.js';
import { makePosition, swapPosition } from '../position.js';
import { err, ok, type Result } from '../result.js';
import type { EarlyEnding, PositionErrorCode, Rules } from '../rules.js';
import { playExists, type TurnModel } from '../search.js';
import {
  bearOffTarget,
  borneOffOutcome,
  diceList,
  GAMMON_SCORING,
  passTurn,
  playsOf,
  validateShared,
} from '../standard.js';
import { type Outcome, PIN_BASE, PLAKOTO_BOARD_LENGTH, type Position, THEM } from '../types.js';

export interface PlakotoOptions {
  /**
   * On (bkgm, FIBS "The Board", gamerz): pinning a mother does not end the game while the
   * pinner still has a checker on his own 24 point. Off (Greek street rules): it always wins 2.
   */
  readonly motherException: boolean;
  /**
   * Both mothers pinned: the engine reports a draw worth 0 either way; the match layer reads
   * whether the game counts nothing or is played again (`Rules.earlyEnding.draw`).
   */
  readonly draw: 'counts-nothing' | 'replay';
  /** Tavli custom: the opening winner rolls both dice again. */
  readonly openingRoll: 'winner-rolls-again' | 'play-opening-dice';
  /** Tavli custom: the winner of the previous game starts the next. */
  readonly laterGames: 'previous-winner' | 'opening-roll';
}

export const PLAKOTO_DEFAULTS: PlakotoOptions = {
  motherException: true,
  draw: 'counts-nothing',
  openingRoll: 'winner-rolls-again',
  laterGames: 'previous-winner',
};

/** Every value each option may take (checked when options come from outside). */
export const PLAKOTO_OPTION_VALUES: OptionValues<PlakotoOptions> = {
  motherException: [true, false],
  draw: ['counts-nothing', 'replay'],
  openingRoll: OPENING_ROLL_VALUES,
  laterGames: LATER_GAMES_VALUES,
};

/** Every player starts on his own 24 point; the last checker there is the mother. */
const START = 24;
/** The opponent's start point in the mover's numbering. */
const THEIR_START = 1;
/** Pin byte: the mover's checker here is pinned by the opponent. */
const PINNED = 1;
/** Pin byte: the mover pins the opponent's checker here. */
const PINNING = -1;

/** Opponent's checkers on the physical point that is my point q (1..24): his 25 − q. */
const theirsAt = (b: Int8Array, q: number): number => theirs(b, 25 - q);
const pinAt = (b: Int8Array, q: number): number => b[PIN_BASE + q] ?? 0;

/** Some checker of the side on roll is pinned; it then may not bear off. */
function anyPinned(b: Int8Array): boolean {
  for (let q = 1; q <= 24; q++) if (b[PIN_BASE + q] === PINNED) return true;
  return false;
}

/**
 * The physical point my q is the opponent's 25 − q, and whoever pins there from my view is
 * pinned from theirs: swap the bytes of mirrored points and flip their signs.
 */
export function swapPins(b: Int8Array): void {
  for (let q = 1; q <= 12; q++) {
    const low = b[PIN_BASE + q] ?? 0;
    const high = b[PIN_BASE + 25 - q] ?? 0;
    b[PIN_BASE + q] = -high;
    b[PIN_BASE + 25 - q] = -low;
  }
}

export const plakotoModel: TurnModel = {
  boardLength: PLAKOTO_BOARD_LENGTH,
  target(b, from, die) {
    if (pinAt(b, from) === PINNED) return -1;
    const to = from - die;
    if (to >= 1) return theirsAt(b, to) >= 2 || pinAt(b, to) === PINNED ? -1 : to;
    if (!allHome(b, 0) || anyPinned(b)) return -1;
    return bearOffTarget(b, from, die);
  },
  apply(b, from, to) {
    const left = (b[from] ?? 0) - 1;
    b[from] = left;
    // Leaving releases a pin only when the last pinning checker goes, also mid-turn.
    if (left === 0 && pinAt(b, from) === PINNING) b[PIN_BASE + from] = 0;
    if (to === 0) {
      b[0] = (b[0] ?? 0) + 1;
      return false;
    }
    b[to] = (b[to] ?? 0) + 1;
    if (theirsAt(b, to) === 1 && pinAt(b, to) === 0) {
      b[PIN_BASE + to] = PINNING;
      return true;
    }
    return false;
  },
};

/** What pinning a mother wins (bkgm, FIBS "The Board": a double game). */
const MOTHER_POINTS = 2;
const MOTHER_WIN: Outcome = { winner: 'onRoll', kind: 'mother', points: MOTHER_POINTS };
const DRAW: Outcome = { winner: null, kind: 'draw', points: 0 };

/**
 * The mother rule, judged on the turn's final board from the mover's view (Zar's decision):
 * only a pin of the opponent's mother that did not already stand when the turn began counts.
 * A pin that stands at both ends of the turn counts as standing, even if the checker on top
 * changed, so that plays ending on the same board always get the same verdict.
 */
function motherVerdict(before: Int8Array, after: Int8Array, opts: PlakotoOptions): Outcome | null {
  if (pinAt(after, THEIR_START) !== PINNING || pinAt(before, THEIR_START) === PINNING) return null;
  if (pinAt(after, START) === PINNED) return DRAW;
  if (opts.motherException && mine(after, START) > 0) return null;
  return MOTHER_WIN;
}

/** Pin bytes that the counts allow: 0 or ±1, a victim stands alone, a shared point has a pin. */
function checkPins(b: Int8Array): Result<true, PositionErrorCode> {
  if (b[PIN_BASE] !== 0) return err('ERR_PIN', `pin byte ${PIN_BASE} is unused and must be 0`);
  for (let q = 1; q <= 24; q++) {
    const pin = pinAt(b, q);
    const mineHere = mine(b, q);
    const theirsHere = theirsAt(b, q);
    if (pin === 0) {
      if (mineHere > 0 && theirsHere > 0) {
        return err('ERR_SHARED_POINT', `both sides have checkers on point ${q} but no checker there is pinned`);
      }
    } else if (pin === PINNED) {
      if (mineHere !== 1 || theirsHere < 1) {
        return err(
          'ERR_PIN',
          `point ${q} marks the side on roll as pinned: needs 1 checker of it and 1+ opposing, has ${mineHere} and ${theirsHere}`,
        );
      }
    } else if (pin === PINNING) {
      if (theirsHere !== 1 || mineHere < 1) {
        return err(
          'ERR_PIN',
          `point ${q} marks the opponent as pinned: needs 1 opposing checker and 1+ of the side on roll, has ${theirsHere} and ${mineHere}`,
        );
      }
    } else {
      return err('ERR_PIN', `pin byte for point ${q} is ${pin}; it must be -1, 0 or 1`);
    }
  }
  return ok(true);
}

/** A stored early end must be a mother pin or a draw that the board shows. */
function checkEnded(pos: Position, opts: PlakotoOptions): Result<true, PositionErrorCode> {
  const e = pos.ended;
  if (e === null) return ok(true);
  const b = pos.board;
  const mineTaken = pinAt(b, START) === PINNED;
  const theirsTaken = pinAt(b, THEIR_START) === PINNING;
  if (e.kind === 'draw' && e.winner === null && e.points === 0) {
    return mineTaken && theirsTaken ? ok(true) : err('ERR_PIN', 'a draw needs both mothers pinned');
  }
  if (e.kind !== 'mother' || e.points !== MOTHER_POINTS || e.winner === null) {
    return err('ERR_PIN', 'a plakoto game ends early only by a mother pin (2 points) or a draw (0)');
  }
  const loserTaken = e.winner === 'opponent' ? mineTaken : theirsTaken;
  const winnerTaken = e.winner === 'opponent' ? theirsTaken : mineTaken;
  const winnerAtStart = e.winner === 'opponent' ? theirsAt(b, THEIR_START) : mine(b, START);
  if (!loserTaken || winnerTaken)
    return err('ERR_PIN', "a mother win needs the loser's mother pinned, not the winner's");
  if (opts.motherException && winnerAtStart > 0) {
    return err('ERR_PIN', 'the winner still has a checker on his start point, so the mother pin does not end the game');
  }
  return ok(true);
}

export function createPlakoto(options: Partial<PlakotoOptions> = {}): Rules<PlakotoOptions> {
  const opts: PlakotoOptions = { ...PLAKOTO_DEFAULTS, ...options };
  const earlyEnding: EarlyEnding = {
    kind: 'mother-pin',
    points: MOTHER_POINTS,
    exception: opts.motherException,
    draw: opts.draw,
  };
  return {
    game: 'plakoto',
    options: opts,
    direction: 'opposite',
    hasBar: false,
    hasCube: false,
    hasPins: true,
    openingRoll: opts.openingRoll,
    laterGames: opts.laterGames,
    scoring: GAMMON_SCORING,
    earlyEnding,
    maxPoints: 2,
    start() {
      const b = new Int8Array(PLAKOTO_BOARD_LENGTH);
      b[START] = 15;
      b[THEM + START] = 15;
      return makePosition('plakoto', b);
    },
    validate(pos) {
      if (pos.game !== 'plakoto') return err('ERR_WRONG_GAME', `expected a plakoto position, got ${pos.game}`);
      const shared = validateShared(pos, PLAKOTO_BOARD_LENGTH, false);
      if (!shared.ok) return shared;
      if (pos.run !== 0) return err('ERR_RUN', 'plakoto has no doubles run');
      const pins = checkPins(pos.board);
      if (!pins.ok) return pins;
      const ended = checkEnded(pos, opts);
      if (!ended.ok) return ended;
      return ok(pos);
    },
    legalPlays(pos, dice) {
      if (this.outcome(pos)) return [];
      return playsOf(plakotoModel, pos, diceList(dice), (raw) => {
        const verdict = motherVerdict(pos.board, raw.board, opts);
        const judged = makePosition(pos.game, pos.board, pos.turns, 0, verdict);
        return passTurn(judged, raw.board, swapPins);
      });
    },
    hasPlay(pos, dice) {
      return !this.outcome(pos) && playExists(plakotoModel, pos.board, diceList(dice));
    },
    pass(pos) {
      return passTurn(pos, pos.board.slice(), swapPins);
    },
    outcome(pos) {
      return borneOffOutcome(pos, GAMMON_SCORING, null);
    },
    swapSides(pos) {
      return swapPosition(pos, swapPins);
    },
    pips(pos) {
      return [pipsOf(pos.board, 0), pipsOf(pos.board, THEM)];
    },
    theirPointToMine(p) {
      return 25 - p;
    },
    turnModel: () => plakotoModel,
  };
}
