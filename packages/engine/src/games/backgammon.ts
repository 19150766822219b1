import { mine, onBar, pipsOf, theirs } from '../board.js';
import { LATER_GAMES_VALUES, OPENING_ROLL_VALUES, type OptionValues } from '../options.js';
import { makePosition, swapPosition } from '../position.js';
import { err, ok } from '../result.js';
import type { Rules } from '../rules.js';
import { playExists, type TurnModel } from '../search.js';
import {
  bearOffTarget,
  borneOffOutcome,
  diceList,
  GAMMON_SCORING,
  NO_EARLY_ENDING,
  passTurn,
  playsOf,
  TRIPLE_SCORING,
  validateShared,
} from '../standard.js';
import { BAR, THEM } from '../types.js';

export interface BackgammonOptions {
  /** 'standard' counts backgammons (3); 'none' scores them as gammons (Greek, Turkish, Bulgarian). */
  readonly triple: 'standard' | 'none';
  /** Whether the doubling cube is used (the match layer reads this). */
  readonly cube: boolean;
  /** International: the opening winner plays the two opening dice; regional: he rolls again. */
  readonly openingRoll: 'play-opening-dice' | 'winner-rolls-again';
  /** Who starts the later games of a match. */
  readonly laterGames: 'opening-roll' | 'previous-winner';
}

export const BACKGAMMON_DEFAULTS: BackgammonOptions = {
  triple: 'standard',
  cube: true,
  openingRoll: 'play-opening-dice',
  laterGames: 'opening-roll',
};

/** Every value each option may take (checked when options come from outside). */
export const BACKGAMMON_OPTION_VALUES: OptionValues<BackgammonOptions> = {
  triple: ['standard', 'none'],
  cube: [true, false],
  openingRoll: OPENING_ROLL_VALUES,
  laterGames: LATER_GAMES_VALUES,
};

/** Opponent's checkers on the physical point that is my point q (1..24): his 25 − q. */
const theirsAt = (b: Int8Array, q: number): number => theirs(b, 25 - q);

export const backgammonModel: TurnModel = {
  boardLength: 52,
  target(b, from, die) {
    if (onBar(b, 'onRoll') > 0 && from !== BAR) return -1;
    const to = from - die;
    if (to >= 1) return theirsAt(b, to) >= 2 ? -1 : to;
    return bearOffTarget(b, from, die);
  },
  apply(b, from, to) {
    b[from] = (b[from] ?? 0) - 1;
    if (to === 0) {
      b[0] = (b[0] ?? 0) + 1;
      return false;
    }
    b[to] = (b[to] ?? 0) + 1;
    const their = THEM + 25 - to;
    if (b[their] === 1) {
      b[their] = 0;
      b[THEM + BAR] = (b[THEM + BAR] ?? 0) + 1;
      return true;
    }
    return false;
  },
};

/** The loser (side at `loser`) still has a checker on the bar or in the winner's home board. */
function backgammoned(b: Int8Array, loser: number): boolean {
  for (let p = 19; p <= BAR; p++) if ((b[loser + p] ?? 0) > 0) return true;
  return false;
}

export const START_LAYOUT: readonly (readonly [number, number])[] = [
  [24, 2],
  [13, 5],
  [8, 3],
  [6, 5],
];

export function createBackgammon(options: Partial<BackgammonOptions> = {}): Rules<BackgammonOptions> {
  const opts: BackgammonOptions = { ...BACKGAMMON_DEFAULTS, ...options };
  const triple = opts.triple === 'standard';
  const scoring = triple ? TRIPLE_SCORING : GAMMON_SCORING;
  return {
    game: 'backgammon',
    options: opts,
    direction: 'opposite',
    hasBar: true,
    hasCube: opts.cube,
    hasPins: false,
    openingRoll: opts.openingRoll,
    laterGames: opts.laterGames,
    scoring,
    earlyEnding: NO_EARLY_ENDING,
    maxPoints: triple ? 3 : 2,
    start() {
      const b = new Int8Array(52);
      for (const [p, n] of START_LAYOUT) {
        b[p] = n;
        b[THEM + p] = n;
      }
      return makePosition('backgammon', b);
    },
    validate(pos) {
      if (pos.game !== 'backgammon') return err('ERR_WRONG_GAME', `expected a backgammon position, got ${pos.game}`);
      const shared = validateShared(pos, 52, true);
      if (!shared.ok) return shared;
      for (let q = 1; q <= 24; q++) {
        if (mine(pos.board, q) > 0 && theirsAt(pos.board, q) > 0) {
          return err('ERR_SHARED_POINT', `both sides have checkers on point ${q}`);
        }
      }
      if (pos.run !== 0) return err('ERR_RUN', 'backgammon has no doubles run');
      return ok(pos);
    },
    legalPlays(pos, dice) {
      if (this.outcome(pos)) return [];
      return playsOf(backgammonModel, pos, diceList(dice), (raw) => passTurn(pos, raw.board));
    },
    hasPlay(pos, dice) {
      return !this.outcome(pos) && playExists(backgammonModel, pos.board, diceList(dice));
    },
    pass(pos) {
      return passTurn(pos, pos.board.slice());
    },
    outcome(pos) {
      return borneOffOutcome(pos, scoring, triple ? backgammoned : null);
    },
    swapSides(pos) {
      return swapPosition(pos);
    },
    pips(pos) {
      return [pipsOf(pos.board, 0), pipsOf(pos.board, THEM)];
    },
    theirPointToMine(p) {
      return 25 - p;
    },
    turnModel: () => backgammonModel,
  };
}
